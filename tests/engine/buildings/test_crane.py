"""Crane, Republic only (Black Box rulebook, Appendix I): "You may use any card from your hand to
lead or follow Architect, as if it were a gray card." Ruling "Crane: any order card"
(docs/rules.md): "any card" means any Order card; a Jack plays as any role anyway."""

from __future__ import annotations

import pytest

import engine
from tests.engine.buildings.steps import (
    act,
    everyone,
    expected,
    follow,
    in_hand,
    lay,
    lead,
    left,
    pending,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table

CRANE = {"name": "Crane", "materials": ["Dock"], "complete": True}


def crane_table(crane: bool = True) -> engine.State:
    """Seat 0 (right) leads a Jack as Architect, holding a Shrine to lay; seat 1 ("you") owns a
    Crane (or not) and holds a Laborer card (Insula) and a Temple; seat 2 (left) thinks."""
    me: dict[str, object] = {"hand": ["Insula", "Temple"]}
    if crane:
        me["buildings"] = [CRANE]
    state = table([{"hand": ["Jack", "Shrine"]}, me, {"hand": ["Road"]}])
    return act(state, lead("architect", in_hand(state, 0, "Jack")))


def test_crane_example_laborer_follows_architect() -> None:
    """Black Box rulebook, Appendix I, Crane, example: "You own a Crane. The player to your right
    leads a Jack and declares it to be an Architect. You play a Laborer and declare it to also be an
    Architect. Resolve the Roles as if both had been actual gray cards." """
    state = crane_table()
    state = act(state, follow(in_hand(state, 1, "Insula")))
    assert zones(state, 1)["camp"] == ["Insula"]
    state = act(state, think("jack"))
    # Each has one Architect action, as for a gray card.
    assert pending(state) == (0, "act") and left(state) == 1
    state = act(state, lay(in_hand(state, 0, "Shrine"), "brick"))
    assert pending(state) == (1, "act") and left(state) == 1
    assert engine.prompt(state)["role"] == "architect"
    state = act(state, lay(in_hand(state, 1, "Temple"), "marble"))
    you = zones(state, 1)
    assert you["buildings"] == {"Crane": (["Dock"], True), "Temple": ([], False)}
    assert you["hand"] == [] and you["camp"] == []
    # At the end of the turn the Laborer card goes to the Pool, the Jack to its pile.
    assert [state.names[c] for c in state.pool] == ["Insula"]
    assert zones(state, 0)["camp"] == [] and zones(state, 0)["hand"] == []
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(buildings={"Shrine": ([], False)}),
        expected(influence=3, buildings={"Crane": (["Dock"], True), "Temple": ([], False)}),
        expected(hand=["Jack", "Road"]),
    ]


def test_crane_leader_leads_architect_with_any_card() -> None:
    """Black Box rulebook, Appendix I, Crane: "any card from your hand to lead ... Architect"."""
    state = table([{"hand": ["Insula", "Temple"], "buildings": [CRANE]}, {"hand": ["Road"]}])
    state = act(state, lead("architect", in_hand(state, 0, "Temple")))
    assert state.role == "architect" and zones(state, 0)["camp"] == ["Temple"]


def test_crane_architect_follow_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Crane, counter-case: without a Crane a Laborer card cannot
    follow Architect (wrong_role), and nothing changes."""
    state = crane_table(crane=False)
    expect_illegal(state, follow(in_hand(state, 1, "Insula")), "wrong_role")
    assert not any(a["type"] == "follow" for a in engine.legal_actions(state))


def test_crane_is_for_architect_only() -> None:
    """Black Box rulebook, Appendix I, Crane: "to lead or follow Architect": a Laborer card still
    cannot lead Craftsman with a Crane."""
    state = table([{"hand": ["Insula", "Temple"], "buildings": [CRANE]}, {"hand": ["Road"]}])
    expect_illegal(state, lead("craftsman", in_hand(state, 0, "Temple")), "wrong_role")


def test_crane_is_not_in_the_imperium_deck() -> None:
    """Black Box rulebook, Appendix I, Crane: "Republic version only"; an Imperium table cannot hold
    one."""
    with pytest.raises(engine.SetupError) as info:
        table([{"buildings": [CRANE]}, {}], version="imperium")
    assert info.value.code == "not_enough_cards"
