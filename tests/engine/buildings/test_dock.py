"""Dock (Black Box rulebook, Appendix I): "Each time you execute a Laborer action you may choose to
take an additional card from your hand and place it into your Stockpile as a Material. You do not
need to take a Material from the Pool in order to take this additional Material from your hand." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    everyone,
    expected,
    follow,
    gather,
    in_hand,
    in_pool,
    lead,
    left,
    pending,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def dock_table(dock: bool = True) -> engine.State:
    """Seat 0 (right) leads Laborer with a Road; seat 1 ("you") owns a Dock (or not) and a Laborer
    client, and follows with an Insula, holding two Brick (Academy, Archway); seat 2 thinks. Two
    Wood (Palisades) are in the Pool."""
    me: dict[str, object] = {"hand": ["Insula", "Academy", "Archway"], "clientele": ["Bar"]}
    if dock:
        me["buildings"] = [{"name": "Dock", "materials": ["Market"], "complete": True}]
    state = table([{"hand": ["Road"]}, me, {"hand": ["Latrine"]}], pool=["Palisade", "Palisade"])
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, follow(in_hand(state, 1, "Insula")))
    state = act(state, think("jack"))
    return act(state, gather(in_pool(state, "Palisade")))  # the leader takes a Wood


def test_dock_example_pool_wood_and_two_bricks_from_hand() -> None:
    """Black Box rulebook, Appendix I, Dock, example: "You own a Dock and have a Laborer Client.
    There are two Wood in the Pool. The player to your right leads as Laborer, and you follow. The
    player to your right takes one of the Wood into his Stockpile. You take the Wood from the Pool
    and a Brick from your hand into your Stockpile as your first action. As your second action, you
    put another Brick from your hand into your Stockpile." """
    state = dock_table()
    assert zones(state, 0)["stockpile"] == ["Palisade"]
    assert pending(state) == (1, "act") and left(state) == 2
    state = act(state, gather(in_pool(state, "Palisade"), from_hand=in_hand(state, 1, "Academy")))
    assert left(state) == 1
    # The Pool is empty now; the hand alone is enough.
    state = act(state, gather(from_hand=in_hand(state, 1, "Archway")))
    you = zones(state, 1)
    assert you["stockpile"] == ["Academy", "Archway", "Palisade"]
    assert you["hand"] == [] and you["clientele"] == ["Bar"]
    assert sorted(state.names[c] for c in state.pool) == ["Insula", "Road"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(stockpile=["Palisade"]),
        expected(
            clientele=["Bar"],
            stockpile=["Academy", "Archway", "Palisade"],
            influence=3,
            buildings={"Dock": (["Market"], True)},
        ),
        expected(hand=["Jack", "Latrine"]),
    ]


def test_dock_gather_from_hand_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Dock: taking from hand is the Dock's function; without one it
    is refused (not_allowed), nothing changes, and it is not offered."""
    state = dock_table(dock=False)
    assert pending(state) == (1, "act") and left(state) == 2
    academy = in_hand(state, 1, "Academy")
    expect_illegal(state, gather(from_hand=academy), "not_allowed")
    expect_illegal(state, gather(in_pool(state, "Palisade"), from_hand=academy), "not_allowed")
    assert not any(a.get("from_hand") is not None for a in engine.legal_actions(state))


def test_dock_cannot_gather_a_jack() -> None:
    """Black Box rulebook, Jacks: "Jacks cannot be taken or played as Materials": a Jack from hand
    is refused by the Dock (not_an_order) and nothing changes."""
    me = {"hand": ["Road", "Jack"], "buildings": [{"name": "Dock", "materials": ["Market"]}]}
    me["buildings"][0]["complete"] = True
    state = table([me, {"hand": ["Latrine"]}], pool=["Palisade"])
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, think("jack"))
    assert pending(state) == (0, "act")
    expect_illegal(state, gather(from_hand=in_hand(state, 0, "Jack")), "not_an_order")
