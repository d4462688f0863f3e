"""Illegal and malformed actions: each raises the right code and
leaves the state - and its hash - unchanged. The rule each refusal enforces is cited per case."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import engine
from tests.engine.helpers import (
    expect_illegal,
    expect_malformed,
    find,
    follow,
    hand,
    is_legal,
    lead,
    table,
    think,
)


def at_lead() -> engine.State:
    return table(
        [{"hand": ["Temple", "Insula", "Jack"]}, {"hand": ["Road", "Statue"]}],
        pool=["Wall", "Bath"],
    )


def at_follow() -> engine.State:
    state = at_lead()
    return engine.apply(state, lead("laborer", find(state, hand(state, 0), "Insula")))


def architect_turn() -> engine.State:
    """Seat 0 leads Architect and has two actions; it already owns a Temple foundation; the
    Brick Sites are all gone; seat 0's actions are pending."""
    state = table(
        [
            {
                "hand": ["Wall", "Temple", "Shrine", "Insula", "Palace"],
                "clientele": ["Architect"],
                "stockpile": ["Academy", "Statue"],
                "buildings": [{"name": "Temple"}],
            },
            {"hand": ["Road"]},
        ],
        sites={"brick": {"in_town": 0, "out_of_town": 0}},
    )
    state = engine.apply(state, lead("architect", find(state, hand(state, 0), "Wall")))
    return engine.apply(state, think())


def craftsman_turn() -> engine.State:
    """Seat 0 leads Craftsman holding a Jack and a Brick card, and owns a Shrine foundation."""
    state = table(
        [
            {"hand": ["Dock", "Jack", "Academy"], "buildings": [{"name": "Shrine"}]},
            {"hand": ["Road"]},
        ],
    )
    state = engine.apply(state, lead("craftsman", find(state, hand(state, 0), "Dock")))
    return engine.apply(state, think())


def laborer_turn() -> engine.State:
    state = at_follow()
    return engine.apply(state, think())


def opponent_card(state: engine.State) -> int:
    return hand(state, 1)[0]


def temple_foundation(state: engine.State) -> int:
    return state.players[0].buildings[0].foundation


CASES: list[tuple[str, Callable[[], engine.State], Callable[[engine.State], Any], str]] = [
    # Black Box rulebook, Game Play: "playing an Order card from her hand" - a card not held.
    (
        "lead a card not held",
        at_lead,
        lambda s: lead("laborer", opponent_card(s)),
        "card_not_held",
    ),
    ("lead a pool card", at_lead, lambda s: lead("patron", s.pool[0]), "card_not_held"),
    # Black Box rulebook, Game Play: the Role is the card's; a Temple leads only Patron.
    (
        "lead the wrong role",
        at_lead,
        lambda s: lead("laborer", find(s, hand(s, 0), "Temple")),
        "wrong_role",
    ),
    # Black Box rulebook, Game Play, step 2: follow "an Order card of the same Role as the Leader".
    (
        "follow the wrong role",
        at_follow,
        lambda s: follow(find(s, hand(s, 1), "Statue")),
        "wrong_role",
    ),
    # Black Box rulebook, Petitioning: two cards of the same role; never with a Jack.
    (
        "mixed petition",
        at_lead,
        lambda s: lead("merchant", *[find(s, hand(s, 0), n) for n in ("Temple", "Insula")]),
        "petition_mixed",
    ),
    (
        "jack in a petition",
        at_lead,
        lambda s: lead("merchant", *[find(s, hand(s, 0), n) for n in ("Jack", "Insula")]),
        "jack_in_petition",
    ),
    ("no cards", at_lead, lambda s: lead("merchant"), "no_cards"),
    # The decision pending is the leader's lead-or-think: a role action is not possible now.
    (
        "a role action at the lead",
        at_lead,
        lambda s: {"type": "gather", "card": s.pool[0]},
        "wrong_action",
    ),
    # Black Box rulebook, Laborer: only from the Pool; a Patron action in a Laborer turn is the
    # wrong role.
    (
        "gather a card not in the pool",
        laborer_turn,
        lambda s: {"type": "gather", "card": find(s, hand(s, 0), "Temple")},
        "card_not_in_pool",
    ),
    (
        "hire in a laborer turn",
        laborer_turn,
        lambda s: {"type": "hire", "card": s.pool[0]},
        "wrong_role",
    ),
    # Black Box rulebook, Laying a Foundation: 1. no Site of the material left; 2. same name in
    # play.
    (
        "a site that is gone",
        architect_turn,
        lambda s: {
            "type": "lay",
            "card": find(s, hand(s, 0), "Shrine"),
            "site": "brick",
            "out_of_town": False,
        },
        "no_site",
    ),
    (
        "a second foundation of the same name",
        architect_turn,
        lambda s: {
            "type": "lay",
            "card": find(s, hand(s, 0), "Temple"),
            "site": "marble",
            "out_of_town": False,
        },
        "duplicate_building",
    ),
    # Black Box rulebook, Adding Materials to a Building: Architect takes from the Stockpile,
    # matching the foundation.
    (
        "architect material from hand",
        architect_turn,
        lambda s: {
            "type": "build",
            "card": find(s, hand(s, 0), "Palace"),
            "building": temple_foundation(s),
        },
        "card_not_in_stockpile",
    ),
    (
        "wrong material",
        architect_turn,
        lambda s: {
            "type": "build",
            "card": find(s, s.players[0].stockpile, "Academy"),
            "building": temple_foundation(s),
        },
        "wrong_material",
    ),
    # Black Box rulebook, Jacks: "Jacks cannot be ... played as Materials"; a foundation is an Order
    # card.
    (
        "a jack as a material",
        craftsman_turn,
        lambda s: {
            "type": "build",
            "card": find(s, hand(s, 0), "Jack"),
            "building": s.players[0].buildings[0].foundation,
        },
        "not_an_order",
    ),
    (
        "a jack as a foundation",
        craftsman_turn,
        lambda s: {"type": "lay", "card": find(s, hand(s, 0), "Jack"), "site": "brick"},
        "not_an_order",
    ),
    # Black Box rulebook, Thinking: a Jack only "if available".
    (
        "no jacks",
        lambda: table([{"hand": []}, {"hand": []}], jacks=0),
        lambda s: think("jack"),
        "no_jacks",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "code"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_illegal_action_changes_nothing(
    make: Callable[[], engine.State], action: Callable[[engine.State], Any], code: str
) -> None:
    state = make()
    expect_illegal(state, action(state), code)
    assert not is_legal(state, action(state))


@pytest.mark.parametrize("make", [at_lead, at_follow, architect_turn, laborer_turn])
def test_wrong_seat(make: Callable[[], engine.State]) -> None:
    """Black Box rulebook, Game Play: decisions are taken in turn; a legal action sent by another
    seat is refused with "not_your_turn"."""
    state = make()
    seat = engine.to_act(state)
    assert seat is not None
    legal = engine.legal_actions(state)[-1]
    for other in range(state.n):
        if other != seat:
            expect_illegal(state, legal, "not_your_turn", seat=other)
    engine.apply(state, legal, seat=seat)  # the right seat may play it


MALFORMED: list[tuple[Any, str]] = [
    ({"type": "dance"}, "unknown_action"),
    ({"cards": [1]}, "unknown_action"),
    ({"type": 3}, "unknown_action"),
    ({"type": "lead", "cards": [1]}, "missing_field"),
    ({"type": "think"}, "missing_field"),
    ({"type": "lay", "card": 1}, "missing_field"),
    ({"type": "build", "card": 1}, "missing_field"),
    ({"type": "think", "take": "everything"}, "bad_field"),
    ({"type": "lead", "role": "thinker", "cards": [1]}, "bad_field"),
    ({"type": "lead", "role": "patron", "cards": "1"}, "bad_field"),
    ({"type": "lead", "role": "patron", "cards": [True]}, "bad_field"),
    ({"type": "lead", "role": "patron", "cards": [-1]}, "bad_field"),
    ({"type": "gather", "card": "7"}, "bad_field"),
    ({"type": "lay", "card": 1, "site": "marble", "out_of_town": "yes"}, "bad_field"),
    ({"type": "lay", "card": 1, "site": "gold"}, "bad_field"),
    ({"type": "lead", "role": "patron", "cards": [1, 1]}, "duplicate_card"),
    ({"type": "skip", "extra": 1}, "unknown_field"),
    (["think"], "not_an_object"),
    ("think", "not_an_object"),
]


@pytest.mark.parametrize(("action", "code"), MALFORMED, ids=[str(a) for a, _ in MALFORMED])
def test_malformed_actions(action: Any, code: str) -> None:
    """Actions that cannot be read raise MalformedAction (not IllegalAction) and change nothing."""
    expect_malformed(at_lead(), action, code)


def test_a_legal_action_does_not_change_the_given_state() -> None:
    """apply returns a new state; the one passed in is left as it was (the engine
    is pure: `apply` returns a new state and never changes its argument)."""
    state = at_lead()
    before = engine.state_hash(state)
    for action in engine.legal_actions(state):
        engine.apply(state, action)
        assert engine.state_hash(state) == before
