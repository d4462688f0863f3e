"""Bacchanalia (Black Box rulebook, Appendix III): "When you complete Bacchanalia, add its
3-Influence Site to your Influence and then tally your Influence. Flip over that many cards from the
top of the deck. One at a time, you may do any subset of the following actions (in any order): add
one of the cards to your Stockpile; add one of the cards to your Clientele; add one of the cards to
your Vault; start one of the cards as a new building on an in-town Site; add one of the cards to a
building in progress, as Material. Afterwards, any remaining revealed cards are added to your hand.
If you have more Influence than the total number of cards remaining in the deck, then the game ends
immediately and you do not perform any of the bonus effects from Bacchanalia. You may not choose to
reveal fewer cards than your Influence total." """

from __future__ import annotations

import engine
from tests.engine.buildings.geek import geek_table
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    gather,
    hire,
    in_hand,
    lay,
    lead,
    pending,
    sell,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, follow, is_legal

REVEALED = ["Scriptorium", "Plebian Council", "Sewer", "Castra", "Road"]


def bacchanalia_table(deck: list[str], deck_rest: bool = True) -> engine.State:
    """Hannibal (seat 0), with 2 Influence, completes a Bacchanalia with a Temple (Marble)."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Temple"],
                "buildings": [{"name": "Bacchanalia", "materials": ["Palace"] * 2}],
            },
            {"hand": ["Dock"]},
        ],
        deck=deck,
        deck_rest=deck_rest,
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, follow(in_hand(state, 1, "Dock")))  # (thinking would draw the top cards)
    return act(state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Bacchanalia")))


def revealed(state: engine.State, name: str) -> int:
    prompt = engine.prompt(state)
    return next(c["id"] for c in prompt["revealed"] if c["name"] == name)


def test_bacchanalia_example_five_cards_to_five_places() -> None:
    """Black Box rulebook, Appendix III, Bacchanalia, example: "Hannibal has 2 Influence and
    completes a Bacchanalia. He reveals 5 cards from the deck - Scriptorium, Plebian Council, Sewer,
    Castra, Road. He starts the road as a new building, and then completes it by using the Castra
    as Material. He puts the Scriptorium into his Clientele as a Merchant Client and the Sewer into
    his Vault. He declines to put the Plebian Council into his Stockpile, so it instead goes to his
    hand." """
    state = bacchanalia_table(REVEALED)
    assert zones(state, 0)["influence"] == 5
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"]) == (0, "bacchanalia")
    assert [c["name"] for c in prompt["revealed"]] == REVEALED  # the deck's top card first
    deck = len(state.deck)
    state = act(state, lay(revealed(state, "Road"), "rubble"))
    state = act(state, build(revealed(state, "Castra"), site_of(state, 0, "Road")))
    assert zones(state, 0)["buildings"]["Road"] == (["Castra"], True)
    state = act(state, hire(revealed(state, "Scriptorium")))
    state = act(state, sell(revealed(state, "Sewer")))
    council = revealed(state, "Plebian Council")
    assert is_legal(state, gather(council))
    state = act(state, SKIP)  # declines the Stockpile
    hannibal = zones(state, 0)
    assert hannibal["clientele"] == ["Scriptorium"] and hannibal["vault"] == ["Sewer"]
    assert hannibal["hand"] == ["Plebian Council"] and hannibal["stockpile"] == []
    assert len(state.deck) == deck - 5
    assert pending(state) == (1, "lead")


def test_bacchanalia_each_use_once() -> None:
    """Black Box rulebook, Appendix III, Bacchanalia: "any subset of the following actions": one
    card to the Stockpile, not two; once every use is taken or refused, the rest go to hand."""
    state = bacchanalia_table(REVEALED)
    state = act(state, gather(revealed(state, "Sewer")))
    expect_illegal(state, gather(revealed(state, "Road")), "already_used")
    assert not is_legal(state, gather(revealed(state, "Road")))


def test_bacchanalia_more_influence_than_cards_ends_the_game() -> None:
    """Black Box rulebook, Appendix III, Bacchanalia: "If you have more Influence than the total
    number of cards remaining in the deck, then the game ends immediately and you do not perform
    any of the bonus effects"."""
    state = bacchanalia_table(["Road", "Sewer", "Castra", "Domus"], deck_rest=False)
    assert state.end is not None and state.end["reason"] == "bacchanalia"
    assert zones(state, 0)["hand"] == [] and len(state.deck) == 4


def test_bacchanalia_the_whole_deck_then_the_game_ends() -> None:
    """Ruling "Bacchanalia: the last card": Influence equal to the deck turns it all up; once the
    rest has gone to the hand the deck has run out and the game ends (Black Box rulebook, Ending
    the Game)."""
    state = bacchanalia_table(REVEALED, deck_rest=False)
    assert pending(state) == (0, "bacchanalia") and state.end is None
    state = act(state, gather(revealed(state, "Road")))
    state = act(state, SKIP)
    assert state.end is not None and state.end["reason"] == "deck"
    assert len(zones(state, 0)["hand"]) == 4
