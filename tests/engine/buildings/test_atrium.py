"""Atrium (Black Box rulebook, Appendix I): "When executing a Merchant action, you may take an Order
card from the deck instead of your Stockpile and place it in your Vault without looking at it. If
you execute more than one action in a turn you may take from either or both as you see fit." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    everyone,
    expected,
    follow,
    in_hand,
    in_stockpile,
    lead,
    left,
    pending,
    pool,
    sell,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def atrium_table(atrium: bool = True) -> engine.State:
    """Seat 0 (right) leads Merchant with a Villa and has a Concrete (Wall) in her Stockpile;
    seat 1 ("you") owns an Atrium (or not) and a Merchant client, has a Stone (Catacomb) in the
    Stockpile and follows with a Jack; seat 2 (left) thinks, and has a Merchant client of its
    own (so the turn is still going on when you are done). A Temple is on top of the deck."""
    me = {"hand": ["Jack"], "clientele": ["Prison"], "stockpile": ["Catacomb"]}
    if atrium:
        me["buildings"] = [{"name": "Atrium", "materials": ["Bath", "Bath"], "complete": True}]
    state = table(
        [
            {"hand": ["Villa"], "stockpile": ["Wall"]},
            me,
            {"hand": ["Road"], "clientele": ["Garden"], "stockpile": ["Insula"]},
        ],
        deck=["Temple"],
    )
    state = act(state, lead("merchant", in_hand(state, 0, "Villa")))
    state = act(state, follow(in_hand(state, 1, "Jack")))
    return act(state, think("jack"))


def test_atrium_example_stockpile_stone_and_an_unseen_deck_card() -> None:
    """Black Box rulebook, Appendix I, Atrium, example: "You own an Atrium and have a Merchant
    Client. You have Stone in your Stockpile. The player to your right leads as Merchant. You follow
    with a Jack. She takes a Concrete from her Stockpile and puts it into her Vault. You decide to
    take the Stone from your Stockpile and an unknown card from the deck and place them in your
    Vault." """
    state = atrium_table()
    deck = len(state.deck)
    assert pending(state) == (0, "act")
    state = act(state, sell(in_stockpile(state, 0, "Wall")))
    assert zones(state, 0)["vault"] == ["Wall"] and zones(state, 0)["stockpile"] == []
    assert pending(state) == (1, "act") and left(state) == 2
    # Stockpile and deck together in one action is refused: the deck card comes "instead".
    catacomb = in_stockpile(state, 1, "Catacomb")
    expect_illegal(state, sell(catacomb, from_deck=True), "not_allowed")
    state = act(state, sell(catacomb))
    assert left(state) == 1
    state = act(state, sell(from_deck=True))
    you = zones(state, 1)
    assert you["vault"] == ["Catacomb", "Temple"] and you["stockpile"] == []
    assert you["hand"] == [] and you["clientele"] == ["Prison"]
    assert len(state.deck) == deck - 1
    # Seen by no one, the owner included ("without looking at it"); the Stone was sold openly
    # and is public for the rest of this turn (Black Box rulebook, Selling Materials).
    assert pending(state) == (2, "act")
    for viewer in (0, 1, 2, None):
        seen = engine.view(state, viewer)["players"][1]["vault_visible"]
        assert [c["name"] for c in seen] == ["Catacomb"]
    assert engine.view(state, 1)["players"][1]["vault_count"] == 2
    # The whole table, zone by zone.
    # Mid-turn (the left player's Merchant client is still to act): the camps are still full.
    assert everyone(state) == [
        expected(camp=["Villa"], vault=["Wall"]),
        expected(
            camp=["Jack"],
            clientele=["Prison"],
            vault=["Catacomb", "Temple"],
            influence=4,
            buildings={"Atrium": (["Bath", "Bath"], True)},
        ),
        expected(hand=["Jack", "Road"], clientele=["Garden"], stockpile=["Insula"]),
    ]
    assert pool(state) == []


def test_atrium_deck_sale_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Atrium: selling the deck's top card is the Atrium's function;
    without one it is refused (not_allowed), nothing changes, and it is not offered."""
    state = atrium_table(atrium=False)
    state = act(state, sell(in_stockpile(state, 0, "Wall")))
    assert pending(state) == (1, "act") and left(state) == 2
    expect_illegal(state, sell(from_deck=True), "not_allowed")
    assert not any(a.get("from_deck") for a in engine.legal_actions(state))
