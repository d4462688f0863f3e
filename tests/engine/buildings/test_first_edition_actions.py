"""The 2005 first edition's building functions that change a role's actions: where a Laborer,
Patron or Merchant takes his cards from (Atrium, Bar, Dock, Foundry), what a new client does
(Bath), and what a Legionary takes (Wall, Coliseum, Bridge) (First edition rulebook (2005),
Appendix - Building Functions; docs/rules.md, section The 2005 first edition). One test per card,
each citing the passage it checks; the turn's order is test_first_edition_turn.py's, the
structures' own rules test_first_edition_structures.py's."""

from __future__ import annotations

import engine
from tests.engine.buildings.first_edition import owns, table
from tests.engine.buildings.steps import (
    SKIP,
    act,
    demand,
    follow,
    gather,
    hire,
    in_hand,
    in_pool,
    in_stockpile,
    lead,
    pending,
    pool,
    sell,
    think,
    zones,
)
from tests.engine.helpers import canon, expect_illegal, legal_set
from tests.engine.helpers import table as bb_table


def test_wall_gives_points_but_no_protection() -> None:
    """First edition rulebook (2005), Appendix, Wall: "You gain a Victory Point at the end of the
    game for each two materials in your Stockpile, rounded down"; it says nothing of Legionaries,
    and a player with a Wall must give (Legionary Role)."""
    state = table(
        [
            {"hand": ["Archway", "Temple"]},
            {
                "hand": ["Palace"],
                "stockpile": ["Insula"] * 5,
                "buildings": [owns("Wall (2005)")],
            },
        ]
    )
    assert engine.scores(state)[1]["buildings"] == 2
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, think())
    state = act(state, demand(in_hand(state, 0, "Temple")))
    if pending(state)[1] == "claim":
        state = act(state, SKIP)
    assert "Palace" in zones(state, 0)["stockpile"]


def test_coliseum_slays_matching_clients_into_the_vault() -> None:
    """First edition rulebook (2005), Appendix, Coliseum: "You may take cards from the Clienteles of
    every opponent from which you demand materials. The slain clients you take go into your
    Vault"; "Palisades protect against an opponent's Coliseum"."""
    state = table(
        [
            {"hand": ["Archway", "Gate"], "buildings": [owns("Coliseum (2005)")]},
            {"hand": ["Temple"], "clientele": ["Shrine"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, think())
    state = act(state, demand(in_hand(state, 0, "Gate")))
    while pending(state)[1] in ("claim", "give"):
        state = act(state, SKIP if pending(state)[1] == "claim" else {"type": "give", "cards": []})
    assert pending(state)[1] == "slay"
    state = act(state, {"type": "claim", "cards": list(state.players[1].clientele)})
    assert zones(state, 0)["vault"] == ["Shrine"] and zones(state, 1)["clientele"] == []


def test_atrium_a_card_from_hand_instead_of_the_stockpile() -> None:
    """First edition rulebook (2005), Appendix, Atrium: "you may take an Orders cards from your hand
    instead of your Stockpile and place it in your Vault without showing other players"; with
    several Merchant roles "from either or both"."""
    state = table(
        [
            {
                "hand": ["Villa", "Garden"],
                "stockpile": ["Temple"],
                "buildings": [owns("Atrium (2005)")],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("merchant", in_hand(state, 0, "Villa")))
    state = act(state, think())
    garden, temple = in_hand(state, 0, "Garden"), in_stockpile(state, 0, "Temple")
    expect_illegal(state, sell(temple, from_hand=garden), "not_allowed")
    state = act(state, sell(from_hand=garden))
    assert zones(state, 0)["vault"] == ["Garden"]
    assert engine.view(state, 1)["players"][0]["vault_visible"] == []  # unseen by the others


def test_bar_a_client_from_hand_instead_of_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Bar: "you may take clients from your hand instead of
    from the Pool"; example: with two Patron roles, one from the Pool and one from hand."""
    state = table(
        [
            {
                "hand": ["Temple", "Insula"],
                "clientele": ["Patron"],
                "buildings": [owns("Bar (2005)")],
            },
            {"hand": ["Road"]},
        ],
        pool=["Amphitheatre"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, SKIP)  # not out of turn order (the Bar's early offer): wait
    state = act(state, think())
    pool_card, hand_card = in_pool(state, "Amphitheatre"), in_hand(state, 0, "Insula")
    expect_illegal(state, hire(pool_card, from_hand=hand_card), "not_allowed")
    state = act(state, hire(pool_card))
    state = act(state, hire(from_hand=in_hand(state, 0, "Insula")))
    clients = zones(state, 0)["clientele"]
    assert "Amphitheatre" in clients and "Insula" in clients and len(clients) == 3


def test_dock_a_card_from_hand_instead_of_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Dock, example: "You take Wood from the Pool and
    Stone (Merchant) from your hand and place them in your Stockpile" (two Laborer roles)."""
    state = table(
        [
            {
                "hand": ["Road", "Villa"],
                "clientele": ["Laborer"],
                "buildings": [owns("Dock (2005)")],
            },
            {"hand": ["Temple"]},
        ],
        pool=["Market", "Market"],
    )
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, SKIP)  # not out of turn order (the Dock's early offer): wait
    state = act(state, think())
    market, villa = in_pool(state, "Market"), in_hand(state, 0, "Villa")
    expect_illegal(state, gather(market, from_hand=villa), "not_allowed")
    state = act(state, gather(market))
    state = act(state, gather(from_hand=in_hand(state, 0, "Villa")))
    assert zones(state, 0)["stockpile"] == ["Market", "Villa"]


def test_bridge_demands_from_every_opponent_past_palisades() -> None:
    """First edition rulebook (2005), Appendix, Bridge: "you demand materials from all opponents'
    hands, even if they own Palisades or are not sitting next to you"."""
    state = table(
        [
            {"hand": ["Archway", "Temple"], "buildings": [owns("Bridge (2005)")]},
            {"hand": ["Marble"]},
            {"hand": ["Marble"], "buildings": [owns("Palisade")]},
            {"hand": ["Marble"], "stockpile": ["Palace"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, SKIP)  # not out of turn order (the Bridge's early offer): wait
    for _ in (1, 2, 3):
        state = act(state, think("jack") if state.jacks else think())
    state = act(state, demand(in_hand(state, 0, "Temple")))
    if pending(state)[1] == "claim":
        state = act(state, SKIP)
    assert len(state.players[0].stockpile) == 3
    assert all(
        not any(state.material(c) == "marble" for c in state.players[s].hand) for s in (1, 2, 3)
    )
    assert zones(state, 3)["stockpile"] == ["Palace"]  # hands only, not Stockpiles


def test_bath_a_new_client_acts_at_once() -> None:
    """First edition rulebook (2005), Appendix, Bath: "When you gain a new client, you execute that
    client's role."; and Clients: a client does not act in the round he is hired "(exception:
    Bath)"."""
    state = table(
        [
            {"hand": ["Temple"], "buildings": [owns("Bath (2005)")]},
            {"hand": ["Insula"]},
        ],
        pool=["Road", "Villa"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    state = act(state, hire(in_pool(state, "Road")))
    assert pending(state) == (0, "bath")
    state = act(state, gather(in_pool(state, "Villa")))
    assert zones(state, 0)["stockpile"] == ["Villa"]


def foundry_table(pool_cards: list[str]) -> engine.State:
    """You (seat 0) own a Foundry (2005) and lead Laborer with a Road; the other player follows.
    The deck's top card is a Palace (Marble)."""
    state = table(
        [
            {"hand": ["Road"], "buildings": [owns("Foundry (2005)")]},
            {"hand": ["Insula"]},
        ],
        pool=pool_cards,
        deck=["Palace"],
    )
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    return act(state, follow(in_hand(state, 1, "Insula")))


def test_foundry_example_the_draw_first_then_the_decision_about_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Foundry, example: "You own a Foundry. There are two
    Stone and two Marble in the Pool. You lead as a Laborer and the other players follow. When you
    execute your Laborer role you first draw a material from the deck, a Marble, and place it into
    your Stockpile. You then decide to take a Marble from the Pool." The Pool's card is not named
    before the deck's is seen: "you draw from the deck before taking from the Pool"."""
    state = foundry_table(["Stone", "Stone", "Marble", "Marble"])
    marble = in_pool(state, "Marble")
    expect_illegal(state, {"type": "gather", "card": marble, "from_deck": True}, "not_allowed")
    state = act(state, {"type": "gather", "from_deck": True})
    assert zones(state, 0)["stockpile"] == ["Palace"]
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"]) == (0, "foundry")
    assert state.names[prompt["drawn"]] == "Palace"
    assert legal_set(state) == canon(SKIP, *(gather(c) for c in state.pool))
    state = act(state, gather(in_pool(state, "Marble")))
    assert zones(state, 0)["stockpile"] == sorted(["Palace", state.names[marble]])
    assert pending(state) == (1, "act")  # one Laborer action: the follower's turn


def test_foundry_the_pool_card_may_be_declined_once_the_draw_is_seen() -> None:
    """First edition rulebook (2005), Appendix, Foundry, example: "You then decide to take a Marble
    from the Pool": taking it is a decision, made after the draw."""
    state = foundry_table(["Temple"])
    state = act(state, {"type": "gather", "from_deck": True})
    state = act(state, SKIP)
    assert zones(state, 0)["stockpile"] == ["Palace"]
    assert pool(state) == ["Temple"] and pending(state) == (1, "act")


def test_foundry_draws_even_with_nothing_in_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Foundry: "You may take material from the deck even
    if there is no material in the Pool to take"; with nothing to take after the draw, nothing is
    asked."""
    state = foundry_table([])
    assert legal_set(state) == canon(SKIP, {"type": "gather", "from_deck": True})
    state = act(state, {"type": "gather", "from_deck": True})
    assert zones(state, 0)["stockpile"] == ["Palace"]
    assert pending(state) == (1, "lead")  # the follower has nothing to gather: the turn is over


def test_foundry_the_drawn_card_is_public_in_the_stockpile() -> None:
    """The card drawn goes to the Stockpile, which every player sees (Black Box rulebook, Your
    Camp); the decision's prompt names it to all."""
    state = act(foundry_table(["Temple"]), {"type": "gather", "from_deck": True})
    drawn = engine.prompt(state)["drawn"]
    for viewer in (None, 0, 1):
        view = engine.view(state, viewer)
        assert view["prompt"]["drawn"] == drawn
        assert drawn in [c["id"] for c in view["players"][0]["stockpile"]]


def test_without_a_foundry_no_card_from_the_deck() -> None:
    """The Black Box Laborer takes from the Pool only (Black Box rulebook, Laborer)."""
    state = table([{"hand": ["Road"]}, {"hand": ["Temple"]}], pool=["Villa"], version="republic")
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, think())
    expect_illegal(state, {"type": "gather", "from_deck": True}, "not_allowed")


def test_bath_replaces_a_client_who_goes_to_the_pool_at_once() -> None:
    """First edition rulebook (2005), Appendix, Bath, second example: "You own a Bath and have two
    Merchants and an Architect in your Clientele. There is a Laborer in the Pool. You lead as a
    Patron and execute the role to take the Laborer as a client, replace one of your Merchant
    clients which you put back into the Pool. Because of your Bath, you now get to execute a free
    Laborer role which you use to take the Stone (Merchant) from the Pool into your Stockpile." """
    state = table(
        [
            {
                "hand": ["Temple"],
                "clientele": ["Villa", "Garden", "Tower (2005)"],
                "buildings": [owns("Bath (2005)")],
            },
            {"hand": ["Insula"]},
        ],
        pool=["Road"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    villa = next(c for c in state.players[0].clientele if state.names[c] == "Villa")
    state = act(state, {"type": "hire", "card": in_pool(state, "Road"), "replace": villa})
    assert pending(state) == (0, "bath") and villa in state.pool
    state = act(state, gather(villa))
    assert zones(state, 0)["clientele"] == ["Garden", "Road", "Tower (2005)"]
    assert zones(state, 0)["stockpile"] == ["Villa"]


def test_without_the_first_editions_bath_no_client_is_replaced() -> None:
    """The Black Box Bath has no replacing (Black Box rulebook, Appendix I, Bath)."""
    state = bb_table(
        [
            {"hand": ["Temple"], "clientele": ["Villa"], "buildings": [owns("Bath")]},
            {"hand": ["Insula"]},
        ],
        pool=["Road"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    villa = state.players[0].clientele[0]
    expect_illegal(
        state, {"type": "hire", "card": in_pool(state, "Road"), "replace": villa}, "not_allowed"
    )
