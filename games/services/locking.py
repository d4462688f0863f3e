"""The row lock every write to a game starts with, and the checks of the game's status that
follow it."""

from __future__ import annotations

from ..errors import Conflict, NotFound
from ..models import Game


def game_locked(game_id: int) -> Game:
    """The game, its row locked until the caller's transaction ends."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("creator")
        .filter(pk=game_id)
        .first()
    )
    if game is None:
        raise NotFound("No such game.")
    return game


def require_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise Conflict("The game has already started.", "game_started")


def require_active(game: Game) -> None:
    if game.status != Game.Status.ACTIVE:
        raise Conflict("The game is not in play.", "game_not_active")
