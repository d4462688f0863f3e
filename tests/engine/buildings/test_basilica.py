"""Basilica (Black Box rulebook, Appendix I): "Each time you execute a Merchant action, you may
choose to take an additional card from your hand as a Material into your Vault. You do not need to
move a Material from your Stockpile into your Vault in order to filch the additional Material from
your hand. Do not reveal the identity of the additional filched card to your opponents." """

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
    zones,
)
from tests.engine.helpers import expect_illegal, is_legal, table


def basilica_table(basilica: bool = True) -> engine.State:
    """Seat 0 ("you") owns a Basilica (or not) and a Merchant client (a Prison), has a Brick
    (Academy) in the Stockpile and two Concrete (Wall, Tower) and a Jack in hand, and leads the
    Jack as Merchant; the others follow. Seat 2 has a Stockpile card to sell, so the turn is still
    going on when you are done."""
    me = {"hand": ["Wall", "Tower", "Jack"], "clientele": ["Prison"], "stockpile": ["Academy"]}
    if basilica:
        me["buildings"] = [
            {"name": "Basilica", "materials": ["Statue", "Statue", "Statue"], "complete": True}
        ]
    state = table([me, {"hand": ["Villa"]}, {"hand": ["Garden"], "stockpile": ["Bar"]}])
    state = act(state, lead("merchant", in_hand(state, 0, "Jack")))
    state = act(state, follow(in_hand(state, 1, "Villa")))
    return act(state, follow(in_hand(state, 2, "Garden")))


def test_basilica_example_filches_two_concrete_from_hand() -> None:
    """Black Box rulebook, Appendix I, Basilica, example: "You own a Basilica. You have a Merchant
    Client. You have a Brick in your Stockpile. You have two Concrete and a Jack in your hand. You
    lead the Jack as the Merchant Role, and the other players follow. As your first action, you move
    the Brick from the Stockpile into your Vault and a Concrete from your hand into your Vault. As
    your second action, you move the second Concrete from your hand into your Vault." """
    state = basilica_table()
    assert pending(state) == (0, "act") and left(state) == 2
    state = act(state, sell(in_stockpile(state, 0, "Academy"), from_hand=in_hand(state, 0, "Wall")))
    assert left(state) == 1
    state = act(state, sell(from_hand=in_hand(state, 0, "Tower")))
    you = zones(state, 0)
    assert you["vault"] == ["Academy", "Tower", "Wall"]  # three more cards in the Vault
    assert you["stockpile"] == [] and you["hand"] == [] and you["camp"] == ["Jack"]
    # Seat 1 has nothing to sell; seat 2 is still to act, so this turn's sales are on show:
    # the Brick from the Stockpile to all, the filched Concrete to you alone.
    assert pending(state) == (2, "act")
    for viewer in (1, 2, None):
        seen = engine.view(state, viewer)["players"][0]["vault_visible"]
        assert [c["name"] for c in seen] == ["Academy"]
    assert engine.view(state, 1)["players"][0]["vault_count"] == 3
    own = engine.view(state, 0)["players"][0]["vault_visible"]
    assert sorted(c["name"] for c in own) == ["Academy", "Tower", "Wall"]
    # The whole table, zone by zone.
    # Mid-turn (seat 2 is still to act): the camps are still full.
    assert everyone(state) == [
        expected(
            camp=["Jack"],
            clientele=["Prison"],
            vault=["Academy", "Tower", "Wall"],
            influence=5,
            buildings={"Basilica": (["Statue", "Statue", "Statue"], True)},
        ),
        expected(camp=["Villa"]),
        expected(camp=["Garden"], stockpile=["Bar"]),
    ]
    assert pool(state) == []


def test_basilica_sale_from_hand_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Basilica: filching from hand is the Basilica's function;
    without one it is refused (not_allowed), nothing changes, and it is not offered."""
    state = basilica_table(basilica=False)
    assert pending(state) == (0, "act") and left(state) == 2
    wall = in_hand(state, 0, "Wall")
    expect_illegal(state, sell(from_hand=wall), "not_allowed")
    expect_illegal(state, sell(in_stockpile(state, 0, "Academy"), from_hand=wall), "not_allowed")
    assert not any(a.get("from_hand") is not None for a in engine.legal_actions(state))


def test_basilica_cannot_filch_a_jack() -> None:
    """Black Box rulebook, Jacks: "Jacks cannot be taken or played as Materials or Clients": the
    Basilica takes "a card from your hand as a Material", so a Jack is refused (not_an_order) and
    nothing changes."""
    me = {
        "hand": ["Villa", "Jack"],
        "stockpile": ["Road"],
        "buildings": [
            {"name": "Basilica", "materials": ["Statue", "Statue", "Statue"], "complete": True}
        ],
    }
    state = table([me, {"hand": ["Bar"]}])
    state = act(state, lead("merchant", in_hand(state, 0, "Villa")))
    state = act(state, {"type": "think", "take": "jack"})
    assert pending(state) == (0, "act")
    jack = in_hand(state, 0, "Jack")
    expect_illegal(state, sell(from_hand=jack), "not_an_order")
    expect_illegal(state, sell(in_stockpile(state, 0, "Road"), from_hand=jack), "not_an_order")


def test_basilica_filched_card_hidden_in_the_move_history() -> None:
    """Black Box rulebook, Appendix I, Basilica: "Do not reveal the identity of the additional
    filched card to your opponents": in a logged action (engine.public_action) opponents and
    spectators see the card from hand as null, its owner sees it; the Stockpile card stays
    public."""
    state = basilica_table()
    action = sell(in_stockpile(state, 0, "Academy"), from_hand=in_hand(state, 0, "Wall"))
    assert engine.public_action(action, 0, 0) == action
    for viewer in (1, 2, None):
        seen = engine.public_action(action, 0, viewer)
        assert seen["from_hand"] is None and seen["card"] == action["card"]


def test_basilica_filched_card_needs_vault_room() -> None:
    """Black Box rulebook, Selling Materials: "Space in your Vault is limited by your current
    Influence"; the filched card is a card "into your Vault" (Black Box rulebook, Appendix I,
    Basilica) and needs room too: with one place left, the Stockpile card and a hand card together
    are refused (vault_full), either alone is allowed."""
    state = basilica_table()
    data = engine.to_json(state)
    bars = [c for c in data["deck"] if state.names[c] == "Bar"][:4]
    for c in bars:  # four cards already in the Vault (Influence 5)
        data["deck"].remove(c)
        data["players"][0]["vault"].append(c)
    state = engine.from_json(data)
    academy, wall = in_stockpile(state, 0, "Academy"), in_hand(state, 0, "Wall")
    expect_illegal(state, sell(academy, from_hand=wall), "vault_full")
    assert not is_legal(state, sell(academy, from_hand=wall))
    state = act(state, sell(from_hand=wall))
    assert len(state.players[0].vault) == 5
