"""The buildings that change limits: Insula, Market, Shrine, Temple, Villa (Black Box rulebook,
Appendix I). Each example completes the structure as the first one and reads the new limits off the
view."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import build, in_hand, in_stockpile, mine, site_of
from tests.engine.helpers import find, lead, table, think


def limits(state: engine.State) -> tuple[int, int, int]:
    """Seat 0's Influence, Clientele limit and Vault limit."""
    me = mine(state)
    return me["influence"], me["clientele_limit"], me["vault_limit"]


def complete_by_craftsman(building: str, material: str) -> engine.State:
    """Seat 0 leads Craftsman and adds the last material to its only foundation."""
    state = table(
        [{"hand": ["Dock", material], "buildings": [{"name": building, "materials": []}]}, {}]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    return engine.apply(state, think())


def test_insula_example_first_structure() -> None:
    """Black Box rulebook, Appendix I, Insula, example: "You complete an Insula as your first
    Structure. You now have three Influence / Victory Points and room for five Clients but only room
    for three cards in your Vault.\""""
    state = complete_by_craftsman("Insula", "Rubble")
    state = engine.apply(state, build(in_hand(state, 0, "Rubble"), site_of(state, 0, "Insula")))
    assert limits(state) == (3, 5, 3)
    assert engine.scores(state)[0]["total"] == 3


def test_market_example_first_structure() -> None:
    """Black Box rulebook, Appendix I, Market, example: "You now have three Influence / Victory
    Points, room enough for three Clients, and room for five cards in your Vault.\""""
    state = complete_by_craftsman("Market", "Wood")
    state = engine.apply(state, build(in_hand(state, 0, "Wood"), site_of(state, 0, "Market")))
    assert limits(state) == (3, 3, 5)


def test_shrine_example_first_structure() -> None:
    """Black Box rulebook, Appendix I, Shrine, example: "You complete a Shrine as your first
    Structure. Your hand refill size is now seven." (The Shrine needs two Brick: one is already in
    it.)"""
    state = table(
        [{"hand": ["Dock", "Brick"], "buildings": [{"name": "Shrine", "materials": ["Brick"]}]}, {}]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think())
    assert mine(state)["hand_size"] == 5
    state = engine.apply(state, build(in_hand(state, 0, "Brick"), site_of(state, 0, "Shrine")))
    assert mine(state)["hand_size"] == 7


def test_temple_example_first_structure() -> None:
    """Black Box rulebook, Appendix I, Temple, example: "You complete a Temple as your first
    Structure, increasing your hand refill size to nine.\""""
    state = table(
        [
            {
                "hand": ["Dock", "Marble"],
                "buildings": [{"name": "Temple", "materials": ["Marble", "Marble"]}],
            },
            {},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think())
    state = engine.apply(state, build(in_hand(state, 0, "Marble"), site_of(state, 0, "Temple")))
    assert mine(state)["hand_size"] == 9
    assert mine(state)["influence"] == 5


def test_villa_example_one_architect_action_completes_it() -> None:
    """Black Box rulebook, Appendix I, Villa, example: "You have a Villa Foundation with no
    Materials in it and no completed Structures. You have a Stone in your Stockpile. You lead as an
    Architect ... You take Stone from your Stockpile and put it into your Villa, completing it. You
    gain three Influence (reaching five) and now have five Victory Points, room for up to five
    Clients, and room for up to five cards in your Vault.\""""
    state = table(
        [
            {"hand": ["Tower"], "stockpile": ["Stone"], "buildings": [{"name": "Villa"}]},
            {"hand": ["Wall"]},
        ]
    )
    state = engine.apply(state, lead("architect", find(state, state.players[0].hand, "Tower")))
    state = engine.apply(state, {"type": "follow", "cards": state.players[1].hand[:1]})
    state = engine.apply(state, build(in_stockpile(state, 0, "Stone"), site_of(state, 0, "Villa")))
    villa = next(b for b in state.players[0].buildings if state.names[b.foundation] == "Villa")
    assert villa.complete and len(villa.materials) == 1
    assert limits(state) == (5, 5, 5)
    assert engine.scores(state)[0]["total"] == 5


def test_villa_needs_an_architect_action() -> None:
    """Black Box rulebook, Appendix I, Villa completes "whenever you use an Architect action"; a
    Craftsman adding a Stone from hand only adds one of its three materials."""
    state = table([{"hand": ["Dock", "Stone"], "buildings": [{"name": "Villa"}]}, {}])
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think())
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Villa")))
    villa = next(b for b in state.players[0].buildings if state.names[b.foundation] == "Villa")
    assert not villa.complete and mine(state)["influence"] == 2
