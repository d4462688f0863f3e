"""A game view asked for again with nothing changed, answered from this process's cache.

A client polling `GET /api/games/{id}/` asks that way.
One small query finds the game's revision and the caller's seat.
The game's row, seats and snapshot are not loaded, and no view is built.

An entry is the whole view of one seat, or a spectator, in one language.
The key holds the position, so one seat's entry never answers another.
The key holds the language.
The key holds the revision and the game's story (`last_event`).
So a write makes a new key.
Anything a view shows changes the revision, as the ETag promises too.
The key also holds the game's creation time.
So a reused id never finds another game's entry.
Some values change with the time alone: the running bank, whether the server is late.
Every answer computes them again from the game's stored columns.
It never uses rows read earlier.

A view not in the cache is built from a kept game.
That is the game the last view in this process was built from, kept under its id.
It must stand at the game's revision and story.
It may come from a move's answer or another seat's view.
After a move every other seat looks at the game.
Only the first of them reads the game's row, seats and snapshot.
None does when the move was made through this process.
No one changes the kept game, as no one changes a kept view.
Where no game of that id is kept, no view of it is kept either.
The cache may have dropped one, though.
So the first look reads the whole game at once, without reading its key first.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from games import codes
from games.errors import Forbidden, NotFound
from games.models import Game, Seat
from games.store import caches, rows

from . import calendars, selectors, undoable


def look(
    game_id: int, *, user: Any, token_seat: Seat | None
) -> tuple[Game, int | None, Game | None]:
    """Returns the game now, the caller's position, and a kept game to build from.

    The game now has at least its key columns.
    The key, the ETag and `_as_of_now` read them.
    The position is as `selectors.seat_for` finds it.
    That is the seat of the token, else the user's first seat, else None (a spectator).
    The kept game comes with its seats and snapshot, if it stands at the game's revision.
    None means the caller must read it.

    With no kept game of this id, this process has built no view of it either.
    Or it has dropped the view.
    Then one statement reads the whole game, its seats and snapshot with its key.
    Otherwise `probe` reads the key alone.
    The kept game answers if it stands at that revision.
    That happens after another seat's view, or after this process's move.
    """
    kept: Game | None = caches.views().get(caches.game_key(game_id))
    if kept is None:
        game = selectors.game_get(game_id)
        seat = selectors.seat_for(game, user=user, token_seat=token_seat)
        return game, None if seat is None else seat.position, game
    game, position = probe(game_id, user=user, token_seat=token_seat)
    return game, position, kept if caches.game_at(kept) == caches.game_at(game) else None


def probe(game_id: int, *, user: Any, token_seat: Seat | None) -> tuple[Game, int | None]:
    """Returns the game's key columns and the caller's position.

    The game is a `Game` with every other column deferred.
    The position is as `selectors.seat_for` finds it.
    """
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
    """Returns the kept view of `position` in `language`, as of now.

    None unless this process built it at the game's revision.
    """
    view: dict[str, Any] | None = caches.views().get(caches.view_key(game, position, language))
    return None if view is None else _as_of_now(view, game)


def built(game: Game, position: int | None, language: str) -> dict[str, Any]:
    """Returns the view of `position` in `language`, built and kept.

    The game must be loaded with its seats and snapshot.
    It is kept too, for the other seats' views.
    """
    view = selectors.game_view_at(game, position, language)
    kept = caches.views()
    # The seats' vacations are kept beside the view: who is away changes with the time alone.
    away = {s.position: s for s in rows.seats_of(game) if s.away}
    kept.set(caches.view_key(game, position, language), {**view, AWAY: away} if away else view)
    kept.set(caches.game_key(game.pk), game)
    return view


AWAY = "_away"  # in a kept view: the seats whose players have vacations, by position


def _as_of_now(view: dict[str, Any], game: Game) -> dict[str, Any]:
    """Returns a view built earlier, brought up to now.

    What changes with the time alone is computed again from the game's stored columns.
    That is the running bank of the seat to act (as `selectors.bank_left`).
    It is also whether the server is late, and with time off whether the clock runs (from the
    decision's calendar, a column the probe reads), a pause or a proposal whose time is up, and
    which players are on vacation (from the seats kept beside the view).
    """
    now = timezone.now()
    out = {**view, "server_delayed": selectors.server_delayed(game, now)}
    out["takeback_request"] = undoable.standing(view["takeback_request"])
    away: dict[int, Seat] = out.pop(AWAY, None) or {}
    bank = game.clock == Game.Clock.BANK and game.deadline is not None
    if bank or away:
        out["seats"] = [_seat_as_of_now(s, game, away, now, bank) for s in view["seats"]]
    if game.clock != Game.Clock.NONE:
        out["clock"] = selectors.clock_as_of(view["clock"], game, now)
    return out


def _seat_as_of_now(
    seat: dict[str, Any], game: Game, away: dict[int, Seat], now: datetime, bank: bool
) -> dict[str, Any]:
    position = seat["position"]
    if bank and position == game.to_act and seat["bank"] is not None:
        seat = {**seat, "bank": selectors.time_left(game, now)}
    if position in away:
        seat = {**seat, "away_until": calendars.away_until(away[position], now)}
    return seat
