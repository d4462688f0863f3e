"""Buildings that change how many actions a role gives or what they may do: Ludus Magna, Palace,
Storeroom, Road, Scriptorium, Tower (Black Box rulebook, Appendix I)."""

from __future__ import annotations

import engine
from engine.powers import material_fits
from tests.engine.buildings.steps import (
    build,
    claim,
    in_hand,
    in_stockpile,
    lay,
    materials_of,
    mine,
    site_of,
    structure,
)
from tests.engine.helpers import (
    SKIP,
    actions_left,
    find,
    find_all,
    follow,
    kind,
    lead,
    names,
    table,
)


def test_ludus_magna_example_merchant_client_acts_as_craftsman_at_once() -> None:
    """Black Box rulebook, Appendix I, Ludus Magna, example: "You have a Craftsman Client and a
    Merchant Client ... a Ludus Magna Foundation with two Marble ... You lead as a Craftsman. The
    other players follow. You get two Craftsman actions ... you place a Marble from your hand into
    the Ludus Magna Foundation, completing the Structure. Your Merchant Client becomes every Client
    type including Craftsman and grants you an additional Craftsman action this turn. With your two
    remaining Craftsman actions you play an Insula Foundation from your hand and then place a Rubble
    Material into it from your hand, completing the Insula.\""""
    state = table(
        [
            {
                "hand": ["Market", "Temple", "Insula", "Bar"],
                "clientele": ["Craftsman", "Merchant"],
                "buildings": [{"name": "Ludus Magna", "materials": ["Marble", "Marble"]}],
            },
            {"hand": ["Dock"]},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Market")))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    assert actions_left(state) == 2
    state = engine.apply(
        state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Ludus Magna"))
    )
    assert structure(state, 0, "Ludus Magna").complete
    assert actions_left(state) == 2  # three in all now, one used
    state = engine.apply(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    state = engine.apply(state, build(in_hand(state, 0, "Bar"), site_of(state, 0, "Insula")))
    assert structure(state, 0, "Insula").complete
    assert mine(state)["influence"] == 2 + 3 + 1


def test_palace_example_five_merchant_actions() -> None:
    """Black Box rulebook, Appendix I, Palace, example: "You own a Palace. You have three Merchants,
    a Laborer, and a Jack in your hand. You have a Merchant Client. You lead the three Merchants and
    the Jack as a Merchant. The other players follow. You execute five Merchant actions and move
    five Materials from your Stockpile into your Vault." (Influence 2 + 3 = 5 makes room for
    five.)"""
    state = table(
        [
            {
                "hand": ["Merchant", "Merchant", "Merchant", "Laborer", "Jack"],
                "clientele": ["Merchant"],
                "stockpile": ["Rubble", "Wood", "Brick", "Concrete", "Stone"],
                "buildings": [{"name": "Palace", "complete": True}],
            },
            {"hand": ["Stone"]},
        ]
    )
    hand = state.players[0].hand
    played = [*find_all(state, hand, "Merchant"), find(state, hand, "Jack")]
    assert lead("merchant", *played) in engine.legal_actions(state) or any(
        a["type"] == "lead" and a["role"] == "merchant" and len(a["cards"]) == 4
        for a in engine.legal_actions(state)
    )
    state = engine.apply(state, lead("merchant", *played))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    assert actions_left(state) == 5
    for card in list(state.players[0].stockpile):
        state = engine.apply(state, {"type": "sell", "card": card})
    assert len(state.players[0].vault) == 5 and state.players[0].stockpile == []
    assert names(state, state.players[0].hand) == ["Laborer"] or len(state.players[0].hand) == 1


def test_storeroom_example_every_client_gathers() -> None:
    """Black Box rulebook, Appendix I, Storeroom, example: "In the Pool are a Stone and four Brick.
    You have a Storeroom. You have a Laborer, Craftsman, and Patron in your Clientele. You lead as
    Laborer and the other players do not follow. You treat your Craftsman and Patron Clients as
    Laborers and take four Laborer actions. You take the Stone and three of the Bricks.\""""
    state = table(
        [
            {
                "hand": ["Road"],
                "clientele": ["Laborer", "Craftsman", "Patron"],
                "buildings": [{"name": "Storeroom", "complete": True}],
            },
            {},
        ],
        pool=["Stone", "Brick", "Brick", "Brick", "Brick"],
    )
    state = engine.apply(state, lead("laborer", find(state, state.players[0].hand, "Road")))
    state = engine.apply(state, {"type": "think", "take": "jack"})
    assert actions_left(state) == 4
    for name in ("Stone", "Brick", "Brick", "Brick"):
        state = engine.apply(state, {"type": "gather", "card": find(state, state.pool, name)})
    assert materials_of(state, state.players[0].stockpile) == ["brick", "brick", "brick", "stone"]
    # One Brick is left, and the turn is over: the Road that led is back in the Pool.
    assert sorted(names(state, state.pool)) == sorted([state.names[state.pool[0]], "Road"])
    assert materials_of(state, state.pool) == ["brick", "rubble"]


def test_road_example_any_material_into_stone_structures() -> None:
    """Black Box rulebook, Appendix I, Road, example: "You have a Road Foundation with no Material
    in it and a Catacomb Foundation with one Stone Material ... an Architect Client and a Rubble and
    two Wood in your Stockpile. An opponent leads as Architect and you follow ... with the first
    action you move the Rubble card from your Stockpile into the Road, completing it and activating
    its Function. With the second action you move a Wood card from your Stockpile into the Catacomb.
    The Catacomb now needs only one more Material of any type to be complete.\""""
    state = table(
        [
            {"hand": ["Tower"]},
            {
                "hand": ["Wall"],
                "clientele": ["Architect"],
                "stockpile": ["Rubble", "Wood", "Wood"],
                "buildings": [{"name": "Road"}, {"name": "Catacomb", "materials": ["Stone"]}],
            },
        ]
    )
    state = engine.apply(state, lead("architect", state.players[0].hand[0]))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    # The leader has nothing to build: the engine skips for him.
    state = engine.apply(state, build(in_stockpile(state, 1, "Rubble"), site_of(state, 1, "Road")))
    assert structure(state, 1, "Road").complete
    state = engine.apply(
        state, build(in_stockpile(state, 1, "Wood"), site_of(state, 1, "Catacomb"))
    )
    catacomb = structure(state, 1, "Catacomb")
    assert materials_of(state, catacomb.materials) == ["stone", "wood"] and not catacomb.complete
    assert material_fits(state, 1, catacomb, "brick")  # "one more Material of any type"


def test_scriptorium_example_marble_completes_any_structure() -> None:
    """Black Box rulebook, Appendix I, Scriptorium, example: "You have two Craftsman Clients and a
    Wood, a Stone, and two Marble in your hand. You have a Scriptorium with two Stone in it, a Wall
    with no Materials in it and a Temple with one Marble in it. You lead as a Craftsman ... With the
    first action, you complete the Scriptorium with Stone from your hand, activating its Function.
    With your second action, you add a Marble to the Wall, completing it. With your third action,
    you add a second Marble to the Temple, completing it.\""""
    state = table(
        [
            {
                "hand": ["Wood", "Stone", "Marble", "Marble"],
                "clientele": ["Craftsman", "Craftsman"],
                "buildings": [
                    {"name": "Scriptorium", "materials": ["Stone", "Stone"]},
                    {"name": "Wall"},
                    {"name": "Temple", "materials": ["Marble"]},
                ],
            },
            {"hand": ["Dock"]},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Wood")))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Scriptorium")))
    # "You may complete": each Marble asks whether it completes the structure.
    for name in ("Wall", "Temple"):
        state = engine.apply(state, build(in_hand(state, 0, "Marble"), site_of(state, 0, name)))
        assert kind(state) == "complete" and SKIP in engine.legal_actions(state)
        state = engine.apply(state, claim(site_of(state, 0, name)))
    for name in ("Scriptorium", "Wall", "Temple"):
        assert structure(state, 0, name).complete
    assert mine(state)["influence"] == 2 + 3 + 2 + 3


def test_scriptorium_with_a_road_a_marble_need_not_complete_a_catacomb() -> None:
    """Black Box rulebook, Appendix I, Scriptorium: "You may complete any of your Structures by
    using a Craftsman or Architect action to add a Marble Material to it": a choice. With a Road
    ("You may use any Material towards the completion of Stone Structures") a Marble goes into a
    Catacomb as one of its three materials, without completing it (and ending the game)."""
    state = table(
        [
            {
                "hand": ["Dock", "Marble", "Stone"],
                "clientele": ["Craftsman"],
                "buildings": [
                    {"name": "Scriptorium", "complete": True},
                    {"name": "Road", "complete": True},
                    {"name": "Catacomb", "materials": ["Stone"]},
                ],
            },
            {"hand": ["Market"]},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    state = engine.apply(state, build(in_hand(state, 0, "Marble"), site_of(state, 0, "Catacomb")))
    catacomb = structure(state, 0, "Catacomb")
    assert kind(state) == "complete" and not catacomb.complete
    state = engine.apply(state, SKIP)
    catacomb = structure(state, 0, "Catacomb")
    assert not catacomb.complete and not engine.is_over(state)
    assert materials_of(state, catacomb.materials) == ["marble", "stone"]
    # The Catacomb now needs one more material, and the turn goes on.
    assert (engine.to_act(state), kind(state), actions_left(state)) == (0, "act", 1)
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Catacomb")))
    assert engine.is_over(state) and state.end is not None and state.end["reason"] == "catacomb"


def test_scriptorium_a_marble_that_completes_by_count_asks_nothing() -> None:
    """Black Box rulebook, Completing a Structure: a structure with all its materials is complete;
    the Scriptorium's choice is only for a Marble that completes it early."""
    state = table(
        [
            {
                "hand": ["Dock", "Marble"],
                "buildings": [
                    {"name": "Scriptorium", "complete": True},
                    {"name": "Temple", "materials": ["Marble", "Marble"]},
                ],
            },
            {"hand": ["Market"]},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    state = engine.apply(state, build(in_hand(state, 0, "Marble"), site_of(state, 0, "Temple")))
    assert structure(state, 0, "Temple").complete and kind(state) != "complete"


def test_tower_example_rubble_anywhere_and_out_of_town_for_one_action() -> None:
    """Black Box rulebook, Appendix I, Tower, example: "You have a Tower Foundation with a Concrete
    Material in it. You have two Architect Clients. There are no Stone Sites remaining. You have a
    Concrete and a Rubble in your Stockpile. You lead as an Architect. With your first Architect
    action you move a Concrete card from your Stockpile into the Tower, completing it ... With the
    second action you start a Sewer on an out of town Stone Site. With the third action you move the
    Rubble card from your Stockpile into the Sewer. The Sewer still requires two more Stone or
    Rubble.\""""
    state = table(
        [
            {
                "hand": ["Wall", "Sewer"],
                "clientele": ["Architect", "Architect"],
                "stockpile": ["Concrete", "Rubble"],
                "buildings": [{"name": "Tower", "materials": ["Concrete"]}],
            },
            {},
        ],
        sites={"stone": {"in_town": 0, "out_of_town": 4}},
    )
    state = engine.apply(state, lead("architect", find(state, state.players[0].hand, "Wall")))
    state = engine.apply(state, {"type": "think", "take": "jack"})
    state = engine.apply(
        state, build(in_stockpile(state, 0, "Concrete"), site_of(state, 0, "Tower"))
    )
    assert structure(state, 0, "Tower").complete and actions_left(state) == 2
    state = engine.apply(state, lay(in_hand(state, 0, "Sewer"), "stone", out_of_town=True))
    assert actions_left(state) == 1 and state.out_of_town["stone"].__len__() == 3
    state = engine.apply(state, build(in_stockpile(state, 0, "Rubble"), site_of(state, 0, "Sewer")))
    sewer = structure(state, 0, "Sewer")
    assert not sewer.complete and len(sewer.materials) == 1
    assert material_fits(state, 0, sewer, "rubble") and material_fits(state, 0, sewer, "stone")
    assert not material_fits(state, 0, sewer, "wood")
