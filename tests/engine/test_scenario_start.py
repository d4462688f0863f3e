"""Scenarios that start within a turn (docs/scenarios.md, "Starting within a turn"): the role led,
the cards on the camps, and a pending follow, role action, Pool claim or Legionary give."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.helpers import SKIP, actions_left, find, follow, hand, kind, names, table, think


def legionary_turn(start: dict[str, Any], **top: Any) -> engine.State:
    """Three players. Seat 0 led Legionary with a Brick and has a Legionary client; seat 1 and
    seat 2 hold Bricks."""
    return table(
        [
            {"hand": ["Shrine", "Temple"], "camp": ["Academy"], "clientele": ["Legionary"]},
            {"hand": ["Bath", "Gate", "Road"]},
            {"hand": ["Foundry", "Road"]},
        ],
        role="legionary",
        start=start,
        **top,
    )


def test_start_at_a_follow() -> None:
    """Black Box rulebook, Game Play, step 2: after the lead each other player, clockwise, follows
    or thinks. The leader's card is on his camp and earns his action (step 3)."""
    state = legionary_turn({"decision": "follow", "seat": 1})
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"], prompt["role"]) == (1, "follow", "legionary")
    assert engine.view(state, None)["role"] == "legionary"
    assert names(state, state.players[0].camp) == ["Academy"]
    state = engine.apply(state, follow(find(state, hand(state, 1), "Bath")))
    state = engine.apply(state, think("jack"))
    assert (engine.to_act(state), kind(state)) == (0, "act")
    assert actions_left(state) == 2  # leading and one Legionary client


def test_start_at_a_later_follow_after_one_who_followed() -> None:
    """Black Box rulebook, Game Play, step 2: seat 1 already followed with a Jack (on his camp),
    so seat 2 is asked; seat 1 then has his one action."""
    state = table(
        [{"camp": ["Temple"]}, {"camp": ["Jack"]}, {"hand": ["Statue"]}],
        role="patron",
        start={"decision": "follow", "seat": 2},
        pool=["Road", "Wall"],
    )
    assert (engine.to_act(state), kind(state)) == (2, "follow")
    state = engine.apply(state, think("cards"))
    state = engine.apply(state, {"type": "hire", "card": state.pool[0]})
    assert (engine.to_act(state), kind(state), actions_left(state)) == (1, "act", 1)


def test_start_at_a_role_action_with_some_used() -> None:
    """Black Box rulebook, Game Play, step 4: seat 1 followed Craftsman and has a Craftsman
    client, two actions, one already used; the leader's actions are over."""
    state = table(
        [{"camp": ["Dock"]}, {"hand": ["Insula"], "camp": ["Market"], "clientele": ["Crane"]}],
        role="craftsman",
        start={"decision": "act", "seat": 1, "used": 1},
    )
    assert (engine.to_act(state), kind(state), actions_left(state)) == (1, "act", 1)
    state = engine.apply(
        state, {"type": "lay", "card": hand(state, 1)[0], "site": "rubble", "out_of_town": False}
    )
    # The turn ends: the played cards go to the Pool and the Leader card passes.
    assert (engine.to_act(state), kind(state), state.turn) == (1, "lead", 2)
    assert sorted(names(state, state.pool)) == ["Dock", "Market"]


def test_start_at_the_demanders_pool_claim() -> None:
    """Black Box rulebook, Demanding Materials, step 3: the demander may take one matching card
    from the Pool per demand; his revealed card is shown to all."""
    state = legionary_turn({"decision": "claim", "revealed": ["Brick"]}, pool=["Atrium", "Road"])
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"]) == (0, "claim")
    assert [c["name"] for c in prompt["revealed"]] == ["Shrine"]
    assert state.players[0].acted == ["legionary"]


def test_start_at_a_victims_give() -> None:
    """Black Box rulebook, Demanding Materials, step 4: the victim on the leader's left chooses
    which of his two Bricks to give."""
    state = legionary_turn({"decision": "give", "seat": 1, "revealed": ["Shrine"]})
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"], prompt["to"]) == (1, "give", 0)
    assert len(engine.legal_actions(state)) == 2
    gate = find(state, hand(state, 1), "Gate")
    state = engine.apply(state, {"type": "give", "cards": [gate]})
    # The right neighbour has one Brick: nothing to choose, he gives it.
    assert names(state, state.players[0].stockpile) == ["Gate", "Foundry"]
    # Neither victim followed nor has a Legionary client: the turn is over.
    assert (engine.to_act(state), kind(state), state.turn) == (1, "lead", 2)


def test_start_at_a_give_of_a_later_victim() -> None:
    """The left neighbour's answer is taken as given (the zones are as described); the right
    neighbour's is asked."""
    state = table(
        [
            {"hand": ["Shrine"], "camp": ["Academy"]},
            {"hand": ["Road"]},
            {"hand": ["Foundry", "Gate", "Road"]},
        ],
        role="legionary",
        start={"decision": "give", "seat": 2, "revealed": ["Legionary"]},
    )
    assert (engine.to_act(state), kind(state)) == (2, "give")
    assert SKIP not in engine.legal_actions(state)


BAD: list[tuple[dict[str, Any], str]] = [
    ({"role": "laborer"}, "'role' without a start"),
    ({"start": {"decision": "follow"}}, "a follow without the role led"),
    ({"role": "laborer", "start": {"decision": "think"}}, "no such decision"),
    ({"role": "laborer", "start": {"decision": "follow", "seat": 0}}, "the leader follows"),
    ({"role": "laborer", "start": {"decision": "follow", "turbo": 1}}, "an unknown key"),
    ({"role": "laborer", "start": {"decision": "act", "used": -1}}, "negative used"),
    ({"role": "laborer", "start": {"decision": "act", "seat": 3}}, "no such seat"),
    ({"role": "laborer", "start": {"decision": "give", "revealed": ["Road"]}}, "no victim named"),
    ({"start": {"decision": "lead", "seat": 1}}, "a lead by another than the leader"),
]


@pytest.mark.parametrize(("top", "why"), BAD, ids=[w for _, w in BAD])
def test_bad_starts(top: dict[str, Any], why: str) -> None:
    players = [{"camp": ["Road"], "hand": ["Road"]}, {"hand": ["Road"]}, {}]
    if top.get("role") is None:
        players[0].pop("camp")
    with pytest.raises(engine.SetupError) as info:
        table(players, **top)
    assert info.value.code == "bad_scenario"


@pytest.mark.parametrize(
    ("players", "top", "message"),
    [
        (
            [{"camp": ["Road"]}, {}],
            {},
            "player 0's camp: no role is led yet.",
        ),
        (
            [{}, {"camp": ["Road"]}],
            {"role": "laborer", "start": {"decision": "follow"}},
            "player 0's camp: the leader's cards must be on it.",
        ),
        (
            [{"camp": ["Road"]}, {"camp": ["Road"]}, {}],
            {"role": "laborer", "start": {"decision": "follow", "seat": 1}},
            "player 1's camp: this player has not followed yet.",
        ),
        (
            [{"camp": ["Temple"]}, {}],
            {"role": "laborer", "start": {"decision": "follow"}},
            "player 0's camp: Temple is not a laborer card.",
        ),
        (
            [{"camp": ["Road"]}, {}],
            {"role": "laborer", "start": {"decision": "act", "seat": 1}},
            "start: seat 1's act needs no decision",
        ),
        (
            [{"camp": ["Academy"], "hand": ["Road"]}, {}],
            {"role": "legionary", "start": {"decision": "claim", "revealed": ["Brick"]}},
            "start: player 0's hand holds no Brick to reveal.",
        ),
        (
            [{"camp": ["Academy"], "hand": ["Road", "Road"]}, {}],
            {"role": "legionary", "start": {"decision": "claim", "revealed": ["Road", "Road"]}},
            "start: the demand: You have 1 Legionary action.",
        ),
        (
            [{"camp": ["Academy"], "hand": ["Road"]}, {}, {}, {"hand": ["Road"]}],
            {"role": "legionary", "start": {"decision": "give", "seat": 2, "revealed": ["Road"]}},
            "start: seat 2 has no give decision at this point.",
        ),
    ],
)
def test_bad_starts_say_what_is_wrong(
    players: list[dict[str, Any]], top: dict[str, Any], message: str
) -> None:
    with pytest.raises(engine.SetupError) as info:
        table(players, **top)
    assert info.value.code == "bad_scenario"
    assert info.value.detail.startswith(message), info.value.detail
