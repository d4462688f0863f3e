"""The table's chat panel on the game page (docs/web.md, Table chat and private note): what each
visitor is offered; the lines themselves come from the API and are set as text by chat.js."""

from __future__ import annotations

from typing import Any

from django.test import Client

from games.models import Game
from games.services import lobby


def logged_in(django_user_model: Any, name: str) -> tuple[Client, Any]:
    user = django_user_model.objects.create_user(name, email=f"{name}@example.org", password="x")
    client = Client()
    client.force_login(user)
    return client, user


def test_each_visitor_gets_the_panel_that_fits(django_user_model: Any) -> None:
    ann, ann_user = logged_in(django_user_model, "ann")
    ben, ben_user = logged_in(django_user_model, "ben")
    cid, _ = logged_in(django_user_model, "cid")
    game = lobby.game_create(user=ann_user, version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=ben_user)
    path = f"/games/{game.pk}/"

    player = ann.get(path).content.decode()
    assert 'id="chat"' in player and "web/chat.js" in player
    assert 'id="chat-tab-spectators"' not in player  # players do not read it during the game
    assert 'id="note"' in player and 'data-author="seat:' in player

    spectator = cid.get(path).content.decode()
    assert 'id="chat-tab-spectators"' in spectator and 'id="chat-say"' in spectator
    assert 'id="note"' not in spectator

    anonymous = Client().get(path).content.decode()
    assert 'id="chat"' in anonymous and 'id="chat-say"' not in anonymous
    assert "to chat with the other spectators" in anonymous

    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert 'id="chat-tab-spectators"' in ann.get(path).content.decode()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.CANCELLED)
    assert 'id="chat"' not in ben.get(path).content.decode()
