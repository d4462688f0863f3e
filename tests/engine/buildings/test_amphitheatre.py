"""Amphitheatre (Black Box rulebook, Appendix I): "When you complete an Amphitheatre, you may
immediately execute one Craftsman action for every point of Influence you have, including the
Influence you get from finishing the Amphitheatre." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    everyone,
    expected,
    in_hand,
    lay,
    lead,
    left,
    pending,
    play,
    pool,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def first_structure(name: str) -> engine.State:
    """Seat 0 leads Craftsman and its Concrete foundation `name` (one Concrete in it) waits for
    its second Concrete, a Tower in hand; the hand also holds a Shrine, a Brick (Academy) and a
    Latrine it could still lay."""
    state = table(
        [
            {
                "hand": ["Dock", "Tower", "Shrine", "Academy", "Latrine"],
                "buildings": [{"name": name, "materials": ["Wall"]}],
            },
            {"hand": ["Road"]},
        ]
    )
    state = play(state, lead("craftsman", in_hand(state, 0, "Dock")), think("jack"))
    return act(state, build(in_hand(state, 0, "Tower"), site_of(state, 0, name)))


def test_amphitheatre_example_two_of_four_craftsman_actions() -> None:
    """Black Box rulebook, Appendix I, Amphitheatre, example: "You complete an Amphitheatre as your
    first Structure. You now have four Influence. You now have a one-time option to execute up to
    four Craftsman actions. You decide to execute two by playing the Foundation for a Shrine from
    your hand, and then put one Brick Material into it from your hand." """
    state = first_structure("Amphitheatre")
    assert zones(state, 0)["influence"] == 4
    assert pending(state) == (0, "act") and left(state) == 4
    state = act(state, lay(in_hand(state, 0, "Shrine"), "brick"))
    assert left(state) == 3
    state = act(state, build(in_hand(state, 0, "Academy"), site_of(state, 0, "Shrine")))
    assert pending(state) == (0, "act") and left(state) == 2
    assert {"type": "skip"} in engine.legal_actions(state)
    state = act(state, SKIP)  # the other two actions are declined
    you = zones(state, 0)
    assert you["hand"] == ["Latrine"]
    assert you["buildings"] == {
        "Amphitheatre": (["Tower", "Wall"], True),
        "Shrine": (["Academy"], False),
    }
    assert you["influence"] == 4 and you["stockpile"] == [] and you["clientele"] == []
    # The led Dock went to the Pool; the next turn begins.
    assert [state.names[c] for c in state.pool] == ["Dock"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            hand=["Latrine"],
            influence=4,
            buildings={
                "Amphitheatre": (["Tower", "Wall"], True),
                "Shrine": (["Academy"], False),
            },
        ),
        expected(hand=["Jack", "Road"]),
    ]
    assert pool(state) == ["Dock"]


def test_amphitheatre_no_craftsman_actions_for_another_structure() -> None:
    """Black Box rulebook, Appendix I, Amphitheatre: the actions come from the Amphitheatre only;
    completing a Storeroom the same way gives none: the turn ends and a further lay is refused."""
    state = first_structure("Storeroom")
    assert zones(state, 0)["buildings"] == {"Storeroom": (["Tower", "Wall"], True)}
    assert pending(state) == (1, "lead")
    expect_illegal(state, lay(in_hand(state, 0, "Shrine"), "brick"), "not_your_turn", seat=0)
