"""An account's profile: its games by ruleset, its results, its games under way and its
reliability (docs/api.md, People).

Only what every spectator may know: games under way show who sits where and whose turn it is,
never a hand, a vault or a score. A handful of queries whatever the number of games.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Prefetch

from games.models import Game, GameEvent, Seat
from games.read import people, ratings

from .reliability import reliability_of

RESULTS = 20  # the latest finished games shown
CURRENT = 50  # the games under way shown


def profile_of(user: Any, viewer: Any = None) -> dict[str, Any]:
    """The profile of `user`, as `viewer` (an account, or None) sees it."""
    seats = list(
        Seat.objects.filter(user=user, game__status__in=[Game.Status.ACTIVE, Game.Status.FINISHED])
        .select_related("game")
        .only(*_SEAT_FIELDS)
    )
    finished = [s for s in seats if s.game.status == Game.Status.FINISHED]
    ends = _ends(user)
    you = viewer is not None and viewer.is_authenticated
    return {
        "username": user.get_username(),
        "joined": user.date_joined,
        "rulesets": _rulesets(seats, ends),
        "ratings": ratings.ratings_of(user),
        "results": _results(finished, ends),
        "current": _current(user),
        "reliability": {
            **reliability_of(user.pk).as_dict(),
            "finished": len(finished),
            "abandoned": sum(s.bot_standing_in and not s.resigned for s in finished),
            "resigned": sum(s.resigned for s in finished),
        },
        "you": you and viewer.pk == user.pk,
        "blocked": you and viewer.pk != user.pk and _blocks(viewer, user),
    }


_SEAT_FIELDS = (
    "position",
    "resigned",
    "bot_standing_in",
    "game__id",
    "game__version",
    "game__players",
    "game__status",
    "game__finished",
)


def _blocks(viewer: Any, user: Any) -> bool:
    return any(b.blocked_id == user.pk for b in people.blocks_of(viewer.pk))


def _ends(user: Any) -> dict[int, dict[str, Any]]:
    """Each finished game's end (reason, winners, scores), as its `game_over` event tells it."""
    rows = GameEvent.objects.filter(
        type="game_over",
        game__in=Seat.objects.filter(user=user, game__status=Game.Status.FINISHED).values(
            "game_id"
        ),
    ).values_list("game_id", "public")
    return {game_id: public for game_id, public in rows}


def _outcome(seat: Seat, end: dict[str, Any] | None) -> dict[str, Any]:
    """Won or not, the place and the points. The winners come first, whatever their points (a
    surrender); then the more points, the better the place."""
    end = end or {}
    winners = end.get("winners") or []
    scores = end.get("scores") or []
    own = next((r for r in scores if r.get("seat") == seat.position), None)

    def rank(row: dict[str, Any]) -> tuple[bool, int]:
        return row["seat"] in winners, row["total"]

    place = None if own is None else 1 + sum(rank(r) > rank(own) for r in scores)
    return {
        "won": seat.position in winners,
        "place": place,
        "points": own["total"] if own else None,
        "reason": end.get("reason"),
    }


def _rulesets(seats: list[Seat], ends: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    counts: dict[str, dict[str, Any]] = defaultdict(lambda: {"played": 0, "finished": 0, "won": 0})
    for seat in seats:
        row = counts[seat.game.version]
        row["played"] += 1
        if seat.game.status == Game.Status.FINISHED:
            row["finished"] += 1
            row["won"] += _outcome(seat, ends.get(seat.game_id))["won"]
    return [{"version": v, **counts[v]} for v in Game.Version.values if v in counts]


def _results(finished: list[Seat], ends: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    latest = sorted(
        finished, key=lambda s: (s.game.finished is None, s.game.finished), reverse=True
    )
    return [
        {
            "game": s.game_id,
            "version": s.game.version,
            "players": s.game.players,
            "finished": s.game.finished,
            "seat": s.position,
            **_outcome(s, ends.get(s.game_id)),
        }
        for s in latest[:RESULTS]
    ]


def _current(user: Any) -> list[dict[str, Any]]:
    """The games the account sits at, open or in play: public facts alone."""
    games = (
        Game.objects.filter(seats__user=user, status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
        .defer("state", "setup", "run", "options")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-id")[:CURRENT]
    )
    return [_current_row(g, user) for g in games]


def _current_row(game: Game, user: Any) -> dict[str, Any]:
    seats = list(game.seats.all())
    active = game.status == Game.Status.ACTIVE
    return {
        "game": game.pk,
        "status": game.status,
        "version": game.version,
        "players": game.players,
        "started": game.started,
        "seq": game.seq,
        "seat": next(s.position for s in seats if s.user_id == user.pk),
        "to_act": game.to_act if active else None,
        "seats": [
            {
                "position": s.position,
                "kind": s.kind,
                "player": s.user.get_username() if s.user is not None else None,
            }
            for s in seats
        ],
    }
