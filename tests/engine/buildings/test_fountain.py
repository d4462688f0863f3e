"""Fountain (Black Box rulebook, Appendix I): "When executing a Craftsman action, you may take a
card from the draw deck instead of from your hand. Upon inspecting the drawn card, you may either
lay it as a Foundation, spend a second action to lay it as a Foundation on an out of town Site,
place the card as a Material into one of his existing Foundations, or take the card into his hand.
The function of the Fountain is available as soon as it is completed." """

from __future__ import annotations

from typing import Any

import engine
from tests.engine.buildings.steps import (
    FOUNTAIN,
    SKIP,
    act,
    build,
    everyone,
    expected,
    follow,
    in_hand,
    lay,
    lead,
    left,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, table

FOUNTAIN_BUILDING = {"name": "Fountain", "materials": ["Basilica"] * 3, "complete": True}


def fountain_table(me: dict[str, Any], deck: list[str]) -> engine.State:
    """Seat 0 ("you") leads Craftsman with a Dock; the other two follow with a Market each."""
    state = table([{"hand": ["Dock"], **me}, {"hand": ["Market"]}, {"hand": ["Market"]}], deck=deck)
    state = act(state, lead("craftsman", in_hand(state, 0, "Dock")))
    state = act(state, follow(in_hand(state, 1, "Market")))
    return act(state, follow(in_hand(state, 2, "Market")))


def test_fountain_example_three_palisades() -> None:
    """Black Box rulebook, Appendix I, Fountain, example: "You have two Craftsman Clients. You have
    a Fountain. You lead as Craftsman. The other players follow. With your first action you use the
    Fountain's Function to draw a card from the draw deck, a Palisade. You place the Palisade on an
    available Wood Site. With your second action, you draw another Palisade card, which you place
    into your Palisade Foundation as Wood, completing it. With your third action, you draw yet
    another Palisade, which you place into your hand." """
    state = fountain_table(
        {"clientele": ["Crane", "Crane"], "buildings": [FOUNTAIN_BUILDING]},
        ["Palisade", "Palisade", "Palisade"],
    )
    deck = len(state.deck)
    assert pending(state) == (0, "act") and left(state) == 3
    state = act(state, FOUNTAIN)
    assert pending(state) == (0, "fountain")
    state = act(state, lay(in_hand(state, 0, "Palisade"), "wood"))
    assert zones(state, 0)["buildings"]["Palisade"] == ([], False)
    assert pending(state) == (0, "act") and left(state) == 2
    state = act(state, FOUNTAIN)
    state = act(state, build(in_hand(state, 0, "Palisade"), site_of(state, 0, "Palisade")))
    assert zones(state, 0)["buildings"]["Palisade"] == (["Palisade"], True)
    assert pending(state) == (0, "act") and left(state) == 1
    state = act(state, FOUNTAIN)
    assert pending(state) == (0, "fountain")
    state = act(state, SKIP)  # keep it in hand
    you = zones(state, 0)
    assert you["hand"] == ["Palisade"]
    assert you["buildings"] == {
        "Fountain": (["Basilica", "Basilica", "Basilica"], True),
        "Palisade": (["Palisade"], True),
    }
    assert you["influence"] == 2 + 3 + 1
    assert len(state.deck) == deck - 3
    assert sorted(state.names[c] for c in state.pool) == ["Dock", "Market", "Market"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            hand=["Palisade"],
            clientele=["Crane", "Crane"],
            influence=6,
            buildings={
                "Fountain": (["Basilica", "Basilica", "Basilica"], True),
                "Palisade": (["Palisade"], True),
            },
        ),
        expected(),
        expected(),
    ]


def test_fountain_out_of_town_takes_a_second_action() -> None:
    """Black Box rulebook, Appendix I, Fountain: "spend a second action to lay it as a Foundation on
    an out of town Site": with two actions the drawn card goes out of town and uses both; with one
    action only it cannot."""
    state = fountain_table(
        {"clientele": ["Crane"], "buildings": [FOUNTAIN_BUILDING]}, ["Temple", "Temple"]
    )
    state = act(state, FOUNTAIN)
    temple = in_hand(state, 0, "Temple")
    state = act(state, lay(temple, "marble", out_of_town=True))
    assert zones(state, 0)["buildings"]["Temple"] == ([], False)
    assert pending(state) == (1, "lead")  # both actions spent; the followers have none

    one = fountain_table({"buildings": [FOUNTAIN_BUILDING]}, ["Temple"])
    assert left(one) == 1
    one = act(one, FOUNTAIN)
    expect_illegal(one, lay(in_hand(one, 0, "Temple"), "marble", True), "not_enough_actions")
    one = act(one, lay(in_hand(one, 0, "Temple"), "marble"))
    assert zones(one, 0)["buildings"]["Temple"] == ([], False)


def test_fountain_works_as_soon_as_it_is_completed() -> None:
    """Black Box rulebook, Appendix I, Fountain: "The function of the Fountain is available as soon
    as it is completed": completing it with the first Craftsman action, the second may draw."""
    state = fountain_table(
        {
            "hand": ["Dock", "Statue"],
            "clientele": ["Crane"],
            "buildings": [{"name": "Fountain", "materials": ["Temple", "Temple"]}],
        },
        ["Insula"],
    )
    state = act(state, build(in_hand(state, 0, "Statue"), site_of(state, 0, "Fountain")))
    assert FOUNTAIN in engine.legal_actions(state)
    state = act(state, FOUNTAIN)
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    assert zones(state, 0)["buildings"] == {
        "Fountain": (["Statue", "Temple", "Temple"], True),
        "Insula": ([], False),
    }


def test_fountain_draw_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Fountain: drawing the Craftsman's card from the deck is the
    Fountain's function; without one it is refused (not_allowed), nothing changes, and it is not
    offered."""
    state = fountain_table({"hand": ["Dock", "Insula"]}, ["Temple"])
    assert pending(state) == (0, "act")
    expect_illegal(state, FOUNTAIN, "not_allowed")
    assert FOUNTAIN not in engine.legal_actions(state)


def test_fountain_drawn_card_must_match_the_foundation() -> None:
    """Black Box rulebook, Appendix I, Fountain: the drawn card goes "as a Material into one of his
    existing Foundations" under the usual rule that materials match (Black Box rulebook, Adding
    Materials to a Building): a drawn Temple does not fit a Palisade (wrong_material, nothing
    changes)."""
    state = fountain_table({"buildings": [FOUNTAIN_BUILDING, {"name": "Palisade"}]}, ["Temple"])
    state = act(state, FOUNTAIN)
    temple = in_hand(state, 0, "Temple")
    expect_illegal(state, build(temple, site_of(state, 0, "Palisade")), "wrong_material")
    assert build(temple, site_of(state, 0, "Palisade")) not in engine.legal_actions(state)
