"""What the lobby and a game's seat list show a visitor.

The lobby shows open tables, the visitor's games and finished games. The games waiting for him
come first. The seat list shows who sits where, and whether he may join or start.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.models import Game, Seat
from games.read import selectors
from games.store import rows

from .table import seat_name

LIST_LENGTH = 30


def _row(game: Game, user: Any) -> dict[str, Any]:
    seats = rows.seats_of(game)
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    your_turn = (
        mine is not None
        and game.status == Game.Status.ACTIVE
        and game.to_act == mine.position
        and not mine.plays_automatically
    )
    return {
        "game": game,
        "seats": [seat_name(s) for s in seats],
        "open_seats": sum(s.kind == Seat.Kind.OPEN for s in seats),
        "mine": mine,
        "your_turn": your_turn,
        "to_act": next((seat_name(s) for s in seats if s.position == game.to_act), ""),
        "result": result(game, mine),
    }


def result(game: Game, mine: Seat | None) -> dict[str, Any] | None:
    """A finished game's outcome for the visitor's seat (issue 30, L3): won or not, the place
    and points (none after a surrender: nobody scores), the winners' names."""
    if game.status != Game.Status.FINISHED or mine is None:
        return None
    end = (game.state or {}).get("end") or {}
    scores = sorted(end.get("scores") or [], key=lambda r: -r["total"])
    own = next((r for r in scores if r["seat"] == mine.position), None)
    return {
        "won": mine.position in (end.get("winners") or []),
        "place": 1 + sum(r["total"] > own["total"] for r in scores) if own else None,
        "points": own["total"] if own else None,
        "of": len(scores),
        "when": game.finished,
    }


def lobby_context(user: Any) -> dict[str, Any]:
    open_games = [_row(g, user) for g in selectors.game_list(user=user, scope="open")]
    mine: list[dict[str, Any]] = []
    finished: list[dict[str, Any]] = []
    if user.is_authenticated:
        for game in selectors.game_list(user=user, scope="mine")[: LIST_LENGTH * 2]:
            (finished if game.status == Game.Status.FINISHED else mine).append(_row(game, user))
    mine.sort(key=lambda r: (not r["your_turn"], r["game"].status != Game.Status.ACTIVE))
    watch = [_row(g, user) for g in selectors.game_list(user=user, scope="active")[:LIST_LENGTH]]
    return {
        "open_games": [r for r in open_games if r["mine"] is None][:LIST_LENGTH],
        "my_games": mine[:LIST_LENGTH],
        "finished": finished[:LIST_LENGTH],
        "watch": [r for r in watch if r["mine"] is None][:10],
    }


def seat_rows(game: Game, seat: Seat | None, user: Any) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "name": seat_name(s),
            "you": seat is not None and s.pk == seat.pk,
            "open": s.kind == Seat.Kind.OPEN,
        }
        for s in rows.seats_of(game)
    ]


def can_join(game: Game, seat: Seat | None, user: Any) -> bool:
    open_seat = any(s.kind == Seat.Kind.OPEN for s in rows.seats_of(game))
    return game.status == Game.Status.OPEN and seat is None and open_seat


def can_start(game: Game, user: Any) -> bool:
    filled = all(s.kind != Seat.Kind.OPEN for s in rows.seats_of(game))
    return (
        game.status == Game.Status.OPEN
        and user.is_authenticated
        and game.creator_id == user.pk
        and filled
    )


def events_url(game: Game) -> str:
    """Returns the URL of the game's event stream, for the table script's EventSource.

    It resumes after the last event the page was drawn with (`?after=`). So nothing that happens
    while the page loads is missed. A reconnect sends `Last-Event-ID` instead.
    """
    return f"{reverse('game-events', args=[game.pk])}?after={game.last_event}"
