"""Foundry (Black Box rulebook, Appendix I): "When you complete a Foundry, at this time once only,
you may perform one Laborer action for each point of Influence you have, including the Influence you
gain from finishing the Foundry." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    everyone,
    expected,
    follow,
    gather,
    in_hand,
    in_pool,
    lead,
    left,
    pending,
    pool,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def foundry_table(name: str = "Foundry") -> engine.State:
    """The Pool holds a Wood (Crane), two Brick (Baths) and two Marble (Temples). Seat 0 ("you")
    has a `name` foundation (Brick) with one Brick in it and a Brick (Gate) in hand, leads
    Craftsman with a Dock and completes it as its first structure; the others follow."""
    state = table(
        [
            {"hand": ["Dock", "Gate"], "buildings": [{"name": name, "materials": ["Academy"]}]},
            {"hand": ["Market"]},
            {"hand": ["Palisade"]},
        ],
        pool=["Crane", "Bath", "Bath", "Temple", "Temple"],
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Dock")))
    state = act(state, follow(in_hand(state, 1, "Market")))
    state = act(state, follow(in_hand(state, 2, "Palisade")))
    return act(state, build(in_hand(state, 0, "Gate"), site_of(state, 0, name)))


def test_foundry_example_four_laborer_actions() -> None:
    """Black Box rulebook, Appendix I, Foundry, example: "In the Pool are a Wood, two Brick, and two
    Marble. You lead as a Craftsman, and the other players follow. You complete a Foundry as your
    first Structure. You now have four Influence. You now have the one-time option to perform the
    Laborer action up to four times. You take the two Brick and two Marble from the Pool into your
    Stockpile." """
    state = foundry_table()
    assert zones(state, 0)["influence"] == 4
    prompt = engine.prompt(state)
    assert prompt["seat"] == 0 and prompt["role"] == "laborer" and prompt["actions_left"] == 4
    assert {"type": "skip"} in engine.legal_actions(state)  # "may"
    for n, name in enumerate(["Bath", "Bath", "Temple", "Temple"]):
        assert left(state) == 4 - n
        state = act(state, gather(in_pool(state, name)))
    you = zones(state, 0)
    assert you["stockpile"] == ["Bath", "Bath", "Temple", "Temple"]
    assert you["buildings"] == {"Foundry": (["Academy", "Gate"], True)}
    assert you["hand"] == []
    # The followers have nothing to build with; the Wood stays; the role cards join it.
    assert pool(state) == ["Crane", "Dock", "Market", "Palisade"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            stockpile=["Bath", "Bath", "Temple", "Temple"],
            influence=4,
            buildings={"Foundry": (["Academy", "Gate"], True)},
        ),
        expected(),
        expected(),
    ]


def test_foundry_no_laborer_actions_for_another_structure() -> None:
    """Black Box rulebook, Appendix I, Foundry, counter-case: completing a Shrine the same way gives
    no Laborer action; a gather is refused and the Pool keeps its cards."""
    state = foundry_table("Shrine")
    assert zones(state, 0)["buildings"] == {"Shrine": (["Academy", "Gate"], True)}
    assert pending(state) == (1, "lead")
    expect_illegal(state, gather(in_pool(state, "Bath")), "not_your_turn", seat=0)
    assert zones(state, 0)["stockpile"] == []
