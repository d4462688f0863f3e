"""Merchant: sell a material into the Vault (Black Box rulebook, Selling Materials)."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.helpers import (
    SKIP,
    expect_illegal,
    find,
    hand,
    ids_in,
    kind,
    lead,
    table,
    think,
)


def sell(card: int) -> dict[str, Any]:
    return {"type": "sell", "card": card}


def merchant_turn(me: dict[str, Any], **top: Any) -> engine.State:
    """Seat 0 leads Merchant with its "Villa"; seat 1 thinks; seat 0's actions are pending."""
    state = table([me, {"hand": ["Rubble"]}], **top)
    state = engine.apply(state, lead("merchant", find(state, hand(state, 0), "Villa")))
    state = engine.apply(state, think())
    assert engine.to_act(state) == 0 and kind(state) == "act"
    return state


def test_sell_moves_a_stockpile_material_to_the_vault() -> None:
    """Black Box rulebook, Selling Materials: "taking one Material card from your Stockpile and
    tucking it face-down underneath the right edge of your Camp - into your Vault"."""
    state = merchant_turn({"hand": ["Villa", "Temple"], "stockpile": ["Wall", "Road"]})
    wall = find(state, state.players[0].stockpile, "Wall")
    temple = find(state, hand(state, 0), "Temple")
    expect_illegal(state, sell(temple), "card_not_in_stockpile")
    sells = {a["card"] for a in engine.legal_actions(state) if a["type"] == "sell"}
    assert sells == set(state.players[0].stockpile)
    after = engine.apply(state, sell(wall))
    assert after.players[0].vault == [wall]
    assert wall not in after.players[0].stockpile


def test_the_vault_is_limited_by_influence() -> None:
    """Black Box rulebook, Selling Materials: "Space in your Vault is limited by your current
    Influence. You start the game with two Influence"."""
    state = merchant_turn(
        {
            "hand": ["Villa"],
            "stockpile": ["Wall", "Road", "Bath"],
            "vault": ["Stone"],
            "clientele": ["Merchant", "Merchant"],
        }
    )
    assert engine.prompt(state)["actions_left"] == 3
    assert engine.view(state, 0)["players"][0]["vault_limit"] == 2
    state = engine.apply(state, sell(state.players[0].stockpile[0]))
    # The Vault holds 2 = Influence: the two remaining actions have nothing to do.
    assert len(state.players[0].vault) == 2
    assert kind(state) == "lead"
    assert len(state.players[0].stockpile) == 2


def test_a_sale_over_the_vault_limit_is_refused() -> None:
    """Black Box rulebook, Selling Materials: the Vault limit. The pending Merchant decision is
    loaded from JSON with the Vault already full (play never asks it: a full Vault leaves nothing to
    do, see the test above): the sale is refused with "vault_full" and nothing changes."""
    state = merchant_turn(
        {"hand": ["Villa"], "stockpile": ["Wall", "Road"], "vault": ["Stone"]},
    )
    data = engine.to_json(state)
    data["players"][0]["vault"].append(data["players"][0]["stockpile"].pop())
    full = engine.from_json(data)
    expect_illegal(full, sell(full.players[0].stockpile[0]), "vault_full")
    assert all(a["type"] != "sell" for a in engine.legal_actions(full))


def test_more_influence_more_vault() -> None:
    """Black Box rulebook, Benefits of Completing a Structure: Influence allows you to "store more
    Materials in your Vault"."""
    state = merchant_turn(
        {
            "hand": ["Villa"],
            "stockpile": ["Wall", "Road"],
            "vault": ["Stone", "Marble"],
            "influence": ["rubble"],
        }
    )
    state = engine.apply(state, sell(state.players[0].stockpile[0]))
    assert len(state.players[0].vault) == 3


def test_vault_card_is_public_on_its_turn_and_hidden_after() -> None:
    """Black Box rulebook, Selling Materials: "The number of cards in your Vault is public
    information, as is the identity of a card in your Vault on the turn that you put it in; however,
    after the turn that it is put in no player may inspect the identity of a card in your Vault -
    not even you!"
    """
    state = merchant_turn(
        {
            "hand": ["Villa"],
            "stockpile": ["Wall", "Road"],
            "vault": ["Stone"],
            "clientele": ["Merchant"],
            "influence": ["rubble"],
        }
    )
    old = state.players[0].vault[0]
    wall = find(state, state.players[0].stockpile, "Wall")
    state = engine.apply(state, sell(wall))
    assert engine.to_act(state) == 0 and kind(state) == "act"  # still seat 0's turn
    for viewer in (0, 1, None):
        me = engine.view(state, viewer)["players"][0]
        assert [(c["id"], c["name"]) for c in me["vault_visible"]] == [(wall, "Wall")]
        assert me["vault_count"] == 2
        assert old not in ids_in(engine.view(state, viewer))
    state = engine.apply(state, SKIP)
    assert kind(state) == "lead"  # the turn is over
    for viewer in (0, 1, None):
        v = engine.view(state, viewer)
        assert v["players"][0]["vault_visible"] == []
        assert v["players"][0]["vault_count"] == 2
        assert wall not in ids_in(v) and old not in ids_in(v)
