"""Decisions: one pending decision at a time, with a prompt; `legal_actions` is finite and
complete - every well-formed action that `apply` accepts is listed, and every listed action is
accepted (Black Box rulebook, Game Play for the order of decisions)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import engine
from engine.cards import ROLES
from tests.engine.helpers import (
    accepted_actions,
    canonical,
    expect_illegal,
    find,
    hand,
    kind,
    lead,
    table,
    think,
)


def positions() -> dict[str, Callable[[], engine.State]]:
    """Small tables at each kind of decision."""

    def lead_r() -> engine.State:
        return table(
            [{"hand": ["Temple", "Statue", "Insula", "Jack"]}, {"hand": ["Road"]}],
            pool=["Wall"],
        )

    def lead_i() -> engine.State:
        return table(
            [{"hand": ["Temple", "Statue", "Palace", "Road", "Jack"]}, {"hand": ["Road"]}],
            version="imperium",
        )

    def follow_() -> engine.State:
        s = table(
            [{"hand": ["Insula"]}, {"hand": ["Road", "Latrine", "Temple", "Statue", "Jack"]}],
            pool=["Wall"],
        )
        return engine.apply(s, lead("laborer", hand(s, 0)[0]))

    def role(role_name: str, leader: str, me: dict[str, object]) -> Callable[[], engine.State]:
        def make() -> engine.State:
            s = table(
                [me, {"hand": ["Rubble"]}],
                pool=["Wall", "Bath", "Temple"],
                sites={"stone": {"in_town": 0, "out_of_town": 1}},
            )
            s = engine.apply(s, lead(role_name, find(s, hand(s, 0), leader)))
            return engine.apply(s, think())

        return make

    def claim_() -> engine.State:
        s = table(
            [
                {"hand": ["Academy", "Temple", "Shrine"], "clientele": ["Legionary"]},
                {"hand": ["Statue", "Palace", "Gate"]},
                {"hand": ["Bath"]},
            ],
            pool=["Basilica", "Forum Romanum", "Archway", "Road"],
        )
        s = engine.apply(s, lead("legionary", find(s, hand(s, 0), "Academy")))
        s = engine.apply(s, think("jack"))
        s = engine.apply(s, think("jack"))
        cards = [find(s, hand(s, 0), n) for n in ("Temple", "Shrine")]
        return engine.apply(s, {"type": "demand", "cards": cards})

    def give_() -> engine.State:
        s = claim_()
        return engine.apply(s, {"type": "skip"})

    return {
        "lead republic": lead_r,
        "lead imperium": lead_i,
        "follow": follow_,
        "patron": role("patron", "Statue", {"hand": ["Statue", "Temple"], "clientele": ["Patron"]}),
        "laborer": role("laborer", "Insula", {"hand": ["Insula", "Temple"]}),
        "architect": role(
            "architect",
            "Wall",
            {
                "hand": ["Wall", "Temple", "Villa", "Insula"],
                "clientele": ["Architect"],
                "stockpile": ["Palace", "Road", "Academy"],
                "buildings": [{"name": "Statue"}, {"name": "Latrine"}],
            },
        ),
        "craftsman": role(
            "craftsman",
            "Dock",
            {
                "hand": ["Dock", "Temple", "Palace", "Villa", "Road"],
                "stockpile": ["Statue"],
                "buildings": [{"name": "Stairway"}],
            },
        ),
        "legionary": role(
            "legionary",
            "Academy",
            {"hand": ["Academy", "Temple", "Road", "Jack"], "clientele": ["Legionary"]},
        ),
        "merchant": role(
            "merchant",
            "Villa",
            {"hand": ["Villa"], "stockpile": ["Wall", "Road"], "clientele": ["Merchant"]},
        ),
        "claim": claim_,
        "give": give_,
    }


POSITIONS = positions()


@pytest.mark.parametrize("name", list(POSITIONS))
def test_legal_actions_are_complete(name: str) -> None:
    state = POSITIONS[name]()
    legal = engine.legal_actions(state)
    assert legal, "a pending decision always has an option"
    listed = [canonical(a) for a in legal]
    assert len(listed) == len(set(listed)), "no action is listed twice"
    widest = max([len(a.get("cards", [])) for a in legal] + [3])
    assert accepted_actions(state, widest) == set(listed)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_one_pending_decision_with_a_prompt(name: str) -> None:
    state = POSITIONS[name]()
    prompt = engine.prompt(state)
    assert prompt is not None
    assert prompt["seat"] == engine.to_act(state)
    if name in ROLES:
        assert (prompt["kind"], prompt["role"]) == ("act", name)
        assert prompt["actions_left"] >= 1
    else:
        assert prompt["kind"] == name.split()[0]
    assert isinstance(prompt["text"], str) and prompt["text"]
    assert engine.view(state, None)["prompt"] == prompt


@pytest.mark.parametrize("seed", range(4))
def test_random_walks_keep_legal_actions_complete(seed: int) -> None:
    """Random play from small tables: at every decision the listed actions are exactly those
    accepted, and the decision belongs to one seat."""
    r = random.Random(seed)
    state = table(
        [
            {"hand": ["Temple", "Insula", "Academy"], "clientele": ["Legionary"]},
            {"hand": ["Statue", "Road", "Jack"], "stockpile": ["Wall"]},
            {"hand": ["Palace", "Shrine"], "clientele": ["Architect"]},
        ],
        pool=["Bath", "Villa", "Forum Romanum"],
        seed=seed,
        options={"training": True},
    )
    for _ in range(25):
        if engine.is_over(state):
            break
        legal = engine.legal_actions(state)
        widest = max([len(a.get("cards", [])) for a in legal] + [2])
        if widest <= 3:
            assert accepted_actions(state, widest) == {canonical(a) for a in legal}, kind(state)
        choice = r.choice(legal)
        seat = engine.to_act(state)
        assert seat is not None and engine.prompt(state)["seat"] == seat
        for other in range(state.n):
            if other != seat:  # one decision, one seat: nobody else may answer it
                expect_illegal(state, choice, "not_your_turn", seat=other)
        state = engine.apply(state, choice, seat=seat)
