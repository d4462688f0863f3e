"""The row lock every write to a game starts with, and the status check after it."""

from __future__ import annotations

from games import codes
from games.errors import Conflict, NotFound
from games.models import Game, Seat
from games.store import rows


def game_locked(game_id: int) -> Game:
    """Returns the game, its row locked until the caller's transaction ends.

    Its creator, seats and players come in the same statement (games.store.rows).
    """
    game = rows.game_with_seats(game_id, lock=True)
    if game is None:
        raise NotFound("No such game.")
    return game


def require_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise Conflict("The game has already started.", codes.GAME_STARTED)


def game_in_play(game_id: int) -> tuple[Game, list[Seat]]:
    """Returns the game, its row locked, and its seats in order.

    Raises 409 unless the game is in play.
    """
    game = game_locked(game_id)
    if game.status != Game.Status.ACTIVE:
        raise Conflict("The game is not in play.", codes.GAME_NOT_ACTIVE)
    return game, rows.seats_of(game)
