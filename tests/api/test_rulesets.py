"""Every ruleset is offered: the lobby creates a game of each, the catalog lists each ruleset's
cards, and a game records its ruleset and rules revision (docs/rules.md, Rules revisions)."""

from __future__ import annotations

import pytest

import engine
from engine.cards import VERSIONS, order_types
from tests.conftest import play_http_game, private_state, start_game


@pytest.mark.parametrize("version", VERSIONS)
def test_the_catalog_lists_each_rulesets_cards(anon, version: str) -> None:
    r = anon.get(f"/api/cards/?version={version}")
    assert r.status_code == 200, r.content
    names = [card["name"] for card in r.json()]
    assert names == [t.name for t in order_types(version)] and len(names) == 40
    assert sum(card["copies"] for card in r.json()) == 144


def test_a_first_edition_game_is_created_played_and_pinned(alice, bob, carol) -> None:
    """The 2005 first edition through the lobby: five cards in hand (four orders and a Jack),
    the game's ruleset and revision on its page, and moves played over HTTP (First edition
    rulebook (2005), Set-Up)."""
    game_id = start_game(alice, [bob, carol], version="first_edition")
    game = alice.game(game_id)
    assert game["version"] == "first_edition"
    assert game["rules_revision"] == engine.current_revision("first_edition")
    state = private_state(game_id)
    for p in state.players:
        assert len(p.hand) == 5 and [state.names[c] for c in p.hand].count("Jack") == 1
    assert state.jacks == [] and not any(state.out_of_town.values())
    play_http_game(game_id, {0: alice, 1: bob, 2: carol}, max_moves=60)
    assert alice.game(game_id)["seq"] > 0
