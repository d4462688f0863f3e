"""The game view asked again with nothing changed (a client polling `GET /api/games/{id}/`),
answered from this process's cache: one small query finds the game's revision and the caller's
seat, and neither the game's row, its seats nor its snapshot are loaded, nor the view built.

An entry is the whole view of one seat (or of a spectator) at one revision of one game in one
language: the key holds the position, so an entry built for one seat never answers another, the
language, and the revision and the game's story (`last_event`), so a write makes a new key
(anything a view shows changes the revision: the ETag makes the same promise). The key holds the
game's creation time too, so that a reused id never finds another game's entry. What changes
with the time alone (the running bank's time left, whether the server is late) is computed again
at every answer from the game's stored columns, never from rows read earlier.

A view not in the cache is built from the game the last view of it in this process was built
from (a move's answer, another seat's view), kept under the game's id, if it stands at the
game's revision and story: after a move every other seat looks at the game, and only the first
of them (or none, when the move was made through this process) reads the game's row, its seats
and its snapshot. The game kept is never changed by whoever gets it, as for a view. Where no
game of that id is kept, no view of it can be either (but one the cache dropped): the first look
reads the game whole at once, without first reading its key."""

from __future__ import annotations

from typing import Any

from games import codes
from games.errors import Forbidden, NotFound
from games.models import Game, Seat
from games.store import caches, rows

from . import selectors


def look(
    game_id: int, *, user: Any, token_seat: Seat | None
) -> tuple[Game, int | None, Game | None]:
    """The game as it is now (at least its key columns: the key, the ETag and `_as_of_now` read
    them), the caller's position at it as `selectors.seat_for` finds it (the seat of its token,
    else the user's first seat, else None: a spectator), and the game to build a view from, with
    its seats and snapshot, if this process has it at the game's revision (None: read it).

    Where this process keeps no game of this id, it has built no view of it either (or has
    dropped it): the game is read whole at once, its seats and snapshot with its key, in one
    statement. Otherwise `probe` reads the key alone, and the game kept answers if it stands at
    that revision (a view's build after another seat's, or after this process's move)."""
    kept: Game | None = caches.views().get(caches.game_key(game_id))
    if kept is None:
        game = selectors.game_get(game_id)
        seat = selectors.seat_for(game, user=user, token_seat=token_seat)
        return game, None if seat is None else seat.position, game
    game, position = probe(game_id, user=user, token_seat=token_seat)
    return game, position, kept if caches.game_at(kept) == caches.game_at(game) else None


def probe(game_id: int, *, user: Any, token_seat: Seat | None) -> tuple[Game, int | None]:
    """The game's key columns (a `Game` with every other column deferred) and the caller's
    position at it as `selectors.seat_for` finds it."""
    user_id = user.pk if token_seat is None and user is not None else None
    found = rows.probe(game_id, user_id)
    if found is None:
        raise NotFound("No such game.")
    game, position = found
    if token_seat is not None:
        if token_seat.game_id != game.pk:
            raise Forbidden("This seat token belongs to another game.", codes.WRONG_GAME)
        return game, token_seat.position
    return game, position


def cached(game: Game, position: int | None, language: str) -> dict[str, Any] | None:
    """The view of `position` in `language` at the game's revision if this process built it,
    as of now."""
    view: dict[str, Any] | None = caches.views().get(caches.view_key(game, position, language))
    return None if view is None else _as_of_now(view, game)


def built(game: Game, position: int | None, language: str) -> dict[str, Any]:
    """The view of `position` in `language` built from the game (loaded with its seats and
    snapshot), kept, and the game kept for the other seats' views."""
    view = selectors.game_view_at(game, position, language)
    kept = caches.views()
    kept.set(caches.view_key(game, position, language), view)
    kept.set(caches.game_key(game.pk), game)
    return view


def _as_of_now(view: dict[str, Any], game: Game) -> dict[str, Any]:
    """A view built earlier at the game's revision, with what changes with the time alone
    computed again from the game's stored columns: the running bank's time left (of the seat to
    act, as `selectors.bank_left`), whether the server is late."""
    out = {**view, "server_delayed": selectors.server_delayed(game)}
    if game.clock == Game.Clock.BANK and game.deadline is not None:
        out["seats"] = [
            {**s, "bank": selectors.time_left(game)}
            if s["position"] == game.to_act and s["bank"] is not None
            else s
            for s in view["seats"]
        ]
    return out
