"""Archway (Black Box rulebook, Appendix I): "When executing an Architect action you may take cards
from the Pool (instead of your Stockpile) as Materials to place into Structure Foundations. If you
execute more than one action in a turn you may take from either or both places as you see fit. You
cannot use cards from the Pool as Structure Foundations." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    everyone,
    expected,
    follow,
    in_hand,
    in_pool,
    in_stockpile,
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
from tests.engine.helpers import expect_illegal, is_legal, table


def archway_table(archway: bool = True) -> engine.State:
    """Seat 0 owns an Archway (or not) and an Architect client, has a Gate foundation, a Brick
    (Bath) in its Stockpile and leads Architect with a Wall; a Brick (Shrine) is in the Pool; the
    other players follow."""
    me = {
        "hand": ["Wall"],
        "clientele": ["Storeroom"],
        "stockpile": ["Bath"],
        "buildings": [{"name": "Gate"}],
    }
    if archway:
        me["buildings"].insert(
            0, {"name": "Archway", "materials": ["Atrium", "Atrium"], "complete": True}
        )
    state = table([me, {"hand": ["Tribunal"]}, {"hand": ["Vomitorium"]}], pool=["Shrine"])
    state = act(state, lead("architect", in_hand(state, 0, "Wall")))
    state = act(state, follow(in_hand(state, 1, "Tribunal")))
    return act(state, follow(in_hand(state, 2, "Vomitorium")))


def test_archway_example_pool_brick_then_stockpile_brick_complete_the_gate() -> None:
    """Black Box rulebook, Appendix I, Archway, example: "You own an Archway and have an Architect
    Client. You have the Foundation for a Gate. You have a Brick in your Stockpile and there is also
    a Brick in the Pool. You lead as an Architect and the other players all follow. You take the
    Brick from the Pool and place it underneath your Gate Foundation. Next you take the Brick from
    your Stockpile and place it underneath the Foundation as well, completing the Gate." """
    state = archway_table()
    assert pending(state) == (0, "act") and left(state) == 2
    gate = site_of(state, 0, "Gate")
    # A Pool card is a material only, never a foundation.
    expect_illegal(state, lay(in_pool(state, "Shrine"), "brick"), "card_not_held")
    state = act(state, build(in_pool(state, "Shrine"), gate))
    assert zones(state, 0)["buildings"]["Gate"] == (["Shrine"], False)
    assert left(state) == 1
    state = act(state, build(in_stockpile(state, 0, "Bath"), gate))
    you = zones(state, 0)
    assert you["buildings"] == {
        "Archway": (["Atrium", "Atrium"], True),
        "Gate": (["Bath", "Shrine"], True),
    }
    assert you["stockpile"] == [] and you["hand"] == [] and you["influence"] == 6
    # The followers had nothing to build; the role cards went to the Pool.
    assert sorted(state.names[c] for c in state.pool) == ["Tribunal", "Vomitorium", "Wall"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            clientele=["Storeroom"],
            influence=6,
            buildings={
                "Archway": (["Atrium", "Atrium"], True),
                "Gate": (["Bath", "Shrine"], True),
            },
        ),
        expected(),
        expected(),
    ]
    assert pool(state) == ["Tribunal", "Vomitorium", "Wall"]


def test_archway_pool_material_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Archway: without an Archway an Architect takes materials from
    the Stockpile only: a Pool Brick is refused and nothing changes."""
    state = archway_table(archway=False)
    assert pending(state) == (0, "act") and left(state) == 2
    gate = site_of(state, 0, "Gate")
    expect_illegal(state, build(in_pool(state, "Shrine"), gate), "card_not_in_stockpile")
    assert not any(a.get("card") == in_pool(state, "Shrine") for a in engine.legal_actions(state))
    state = act(state, build(in_stockpile(state, 0, "Bath"), gate))
    assert zones(state, 0)["buildings"]["Gate"] == (["Bath"], False)


def test_archway_works_on_the_turn_it_is_completed() -> None:
    """Black Box rulebook, Benefits of Completing a Structure: the function works "immediately - you
    may benefit from them on the turn the Structure is completed". Your first Architect action
    completes the Archway from the Stockpile; your second takes a Brick from the Pool into a
    Gate."""
    state = table(
        [
            {
                "hand": ["Wall"],
                "clientele": ["Storeroom"],
                "stockpile": ["Bath"],
                "buildings": [{"name": "Archway", "materials": ["Atrium"]}, {"name": "Gate"}],
            },
            {"hand": ["Road"]},
        ],
        pool=["Shrine"],
    )
    state = play(state, lead("architect", in_hand(state, 0, "Wall")), think("jack"))
    shrine = in_pool(state, "Shrine")
    assert not is_legal(state, build(shrine, site_of(state, 0, "Gate")))
    state = act(state, build(in_stockpile(state, 0, "Bath"), site_of(state, 0, "Archway")))
    assert zones(state, 0)["buildings"]["Archway"] == (["Atrium", "Bath"], True)
    state = act(state, build(shrine, site_of(state, 0, "Gate")))
    assert zones(state, 0)["buildings"]["Gate"] == (["Shrine"], False)
