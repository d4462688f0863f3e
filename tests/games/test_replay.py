"""The replay (games/services/replay.py, GET /api/games/{id}/replay/): the table after move k is
the engine's own view of the state after k moves, for that seat (or a spectator), and so never
shows a hand but the viewer's own at k nor a card that was still in the deck at k (drawn later).
The states are rebuilt here independently, by the engine alone from the deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from games.models import Game
from games.read.selectors import Caller
from games.services import lobby, replay, resignation
from games.services.lobby import SeatSpec
from games.services.moves import move_submit
from games.words import cardnames

pytestmark = pytest.mark.django_db


def card_ids(data: Any) -> set[int]:
    """Every card named anywhere in a JSON view ({id, name} objects)."""
    found: set[int] = set()
    if isinstance(data, dict):
        if isinstance(data.get("id"), int) and "name" in data:
            found.add(data["id"])
        for value in data.values():
            found |= card_ids(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_ids(value)
    return found


def played_game(django_user_model: Any, moves: int, finish: bool) -> tuple[Game, list[Any]]:
    """A three-player game of people, `moves` random legal moves into it; the states after each
    move, as the engine alone computes them from the deal."""
    users = [django_user_model.objects.create_user(n, password="x") for n in ("a", "b", "c")]
    game = lobby.game_create(
        user=users[0],
        version="republic",
        players=3,
        seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("open")],
    )
    for user in users[1:]:
        lobby.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    state = engine.new_game(
        game.version, game.players, game.setup["seed"], game.options, game.rules_revision
    )
    states = [state]
    rng = random.Random(7)
    for seq in range(moves):
        seat = engine.to_act(state)
        action = rng.choice(engine.legal_actions(state))
        move_submit(game_id=game.pk, caller=Caller(position=seat), seq=seq, action=action)
        state = engine.apply(state, action, seat=seat)
        states.append(state)
    if finish:
        resignation.game_resign(game_id=game.pk, position=1)
        resignation.game_resign(game_id=game.pk, position=2)
    game.refresh_from_db()
    return game, states


@pytest.mark.parametrize("finish", [False, True])
def test_a_replayed_table_is_the_seats_view_then_and_shows_nothing_hidden(
    django_user_model: Any, finish: bool
) -> None:
    game, states = played_game(django_user_model, 40, finish)
    assert game.status == (Game.Status.FINISHED if finish else Game.Status.ACTIVE)
    for k in (0, 1, 7, 20, 40):
        state = states[k]
        for position in (0, 1, 2, None):
            shown = replay.replay_view(game, position, k)
            assert shown["seq"] == k and shown["to_act"] == engine.to_act(state)
            expected = cardnames.localized(engine.view(state, position))
            assert shown["table"]["players"] == expected["players"], (k, position)
            assert shown["table"]["pool"] == expected["pool"]
            named = card_ids(shown)
            hidden = set(state.deck)  # every card drawn after k was in the deck at k
            for p, player in enumerate(state.players):
                if p != position:
                    hidden |= set(player.hand) - revealed(state)
            assert named and not named & hidden, (k, position, named & hidden)
            if position is not None:
                assert set(state.players[position].hand) <= named  # its own hand then


def revealed(state: Any) -> set[int]:
    """Cards a Legionary's demander has revealed from his hand: public while the demand lasts."""
    return {c["id"] for c in (engine.prompt(state) or {}).get("revealed", [])}


def test_the_replay_endpoint_answers_as_the_callers_seat_and_not_beyond_now(
    django_user_model: Any, client: Any
) -> None:
    game, states = played_game(django_user_model, 6, finish=False)
    client.force_login(django_user_model.objects.get(username="b"))
    r = client.get(f"/api/games/{game.pk}/replay/?seq=3")
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["my_seat"] == 1 and body["seq"] == 3 and body["last"] == 6
    assert body["move"]["seq"] == 3
    mine = next(p for p in body["table"]["players"] if p["seat"] == 1)
    assert {c["id"] for c in mine["hand"]} == set(states[3].players[1].hand)
    assert all(p["hand"] is None for p in body["table"]["players"] if p["seat"] != 1)
    assert client.get(f"/api/games/{game.pk}/replay/").json()["seq"] == 6  # now, by default
    ahead = client.get(f"/api/games/{game.pk}/replay/?seq=7")
    assert ahead.status_code == 422 and ahead.json()["code"] == "replay_ahead"
    client.logout()
    watched = client.get(f"/api/games/{game.pk}/replay/?seq=0").json()
    assert watched["my_seat"] is None and watched["move"] is None
    assert all(p["hand"] is None for p in watched["table"]["players"])
