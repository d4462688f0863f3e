"""The story on the table (web/table.py `story`, worded by games.words.story): told from the
game's events as the reader sees them, so the cards drawn, a Legionary's forced give and other
players' zones read right; a spectator reads no card drawn into a hand."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

import engine
from games.models import Game
from games.read.selectors import Caller
from games.services import lobby, moves

pytestmark = pytest.mark.django_db


def play(game_id: int, position: int, action: dict[str, Any]) -> None:
    game = Game.objects.get(pk=game_id)
    moves.move_submit(
        game_id=game_id, caller=Caller(position=position), seq=game.seq, action=action
    )


def card(game_id: int, position: int, name: str) -> int:
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    return next(c for c in state.players[position].hand if state.names[c] == name)


def story(client: Client, game_id: int) -> list[str]:
    page = client.get(f"/games/{game_id}/table/").content.decode()
    section = page[page.index('class="story"') :]
    return [
        html.unescape(re.sub(r"<[^>]+>", "", item)).strip()
        for item in re.findall(r"<li[^>]*>(.*?)</li>", section, re.S)
    ]


@pytest.fixture
def table(django_user_model: Any, settings: Any) -> tuple[int, Client, Client, Client]:
    """ann (seat 1) and bob (seat 2); bob leads and has Road in his stockpile; ann holds one
    rubble card (Insula)."""
    settings.GTR_ALLOW_SCENARIOS = True
    ann = django_user_model.objects.create_user("ann", email="ann@example.org", password="x")
    bob = django_user_model.objects.create_user("bob", email="bob@example.org", password="x")
    scenario = {
        "version": "republic",
        "leader": 1,
        "players": [
            {"hand": ["Bath", "Shrine", "Insula"]},
            {"hand": ["Prison", "Archway", "Temple", "Insula"], "stockpile": ["Road"]},
        ],
    }
    game = lobby.game_create(user=ann, version="republic", scenario=scenario)
    lobby.seat_join(game_id=game.pk, user=bob)
    clients = []
    for user in (ann, bob, None):
        c = Client()
        if user is not None:
            c.force_login(user)
        clients.append(c)
    return game.pk, clients[0], clients[1], clients[2]


def test_another_players_sale_is_from_their_stockpile_into_their_vault(table: Any) -> None:
    """W3: the story said "Bob: Sell Road from your stockpile into your vault" to Ann."""
    game_id, ann, bob, watcher = table
    play(game_id, 1, {"type": "lead", "role": "merchant", "cards": [card(game_id, 1, "Prison")]})
    play(game_id, 0, {"type": "think", "take": "jack"})
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    road = state.players[1].stockpile[0]
    play(game_id, 1, {"type": "sell", "card": road})
    assert "bob sells Road (rubble) from their stockpile into their vault." in story(ann, game_id)
    assert "You sell Road (rubble) from your stockpile into your vault." in story(bob, game_id)
    said = " ".join(story(ann, game_id) + story(watcher, game_id))
    assert "your stockpile" not in said and "your vault" not in said


def test_draws_and_a_forced_give_are_told(table: Any) -> None:
    """W2: what the server decided (Ann's only brick card given to Bob's Legionary) and the
    cards drawn appear; Ann's draw is named to Ann only."""
    game_id, ann, bob, watcher = table
    play(game_id, 1, {"type": "think", "take": "cards"})  # bob draws; ann leads
    play(game_id, 0, {"type": "think", "take": "jack"})  # bob leads again
    lines = story(ann, game_id)
    assert any(re.fullmatch(r"bob thinks and draws: \d cards?\.", line) for line in lines), lines
    mine = [line for line in story(bob, game_id) if line.startswith("You think and draw: ")]
    assert mine and not re.search(r": \d cards?\.", mine[0])
    assert not any(line.startswith("You") for line in story(watcher, game_id))
    play(game_id, 1, {"type": "lead", "role": "legionary", "cards": [card(game_id, 1, "Archway")]})
    play(game_id, 0, {"type": "think", "take": "jack"})
    play(game_id, 1, {"type": "demand", "cards": [card(game_id, 1, "Insula")]})
    said = story(bob, game_id)
    forced = "(Nothing else was possible: the server played it.)"
    assert "ann gives you Insula (rubble). " + forced in said, said
    assert "You give Insula (rubble) to bob. " + forced in story(ann, game_id)
