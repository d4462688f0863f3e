"""What the lobby and a game's seat list show a visitor.

The lobby shows open tables, the visitor's games and finished games. The games waiting for him
come first. The seat list shows who sits where, and whether he may join or start.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import FAMILY_OF, Challenge, Game, Seat, Seek
from games.read import ratings, selectors
from games.services import seeks
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
        "seats": [rated_name(s) for s in seats],
        "open_seats": sum(s.kind == Seat.Kind.OPEN for s in seats),
        "mine": mine,
        "your_turn": your_turn,
        "to_act": next((seat_name(s) for s in seats if s.position == game.to_act), ""),
        "result": result(game, mine),
    }


def rated_name(seat: Seat) -> str:
    """A seat's name with its rating, as the lobby lists it: "alice (1042)"."""
    name = seat_name(seat)
    return name if seat.rating is None else f"{name} ({seat.rating})"


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
        **match_context(user),
    }


# Challenges and seeks (issue 32, docs/community.md) -------------------------------------------

DECLINE_LABELS = {
    "generic": _("Not now, thanks"),
    "later": _("Later, please"),
    "too_fast": _("Too fast for me"),
    "too_slow": _("Too slow for me"),
    "ruleset": _("Another ruleset, please"),
    "players": _("Another number of players"),
    "options": _("Other options, please"),
    "no_bots": _("No bots, please"),
}
PACE_LABELS = {
    "none": _("no time limit"),
    "day": _("a day a move"),
    "three_days": _("three days a move"),
}


def pace_label(clock: dict[str, Any]) -> str:
    kind, seconds = clock.get("kind", "none"), clock.get("seconds", 0)
    if kind == "fixed" and seconds == 86400:
        return str(PACE_LABELS["day"])
    if kind == "fixed" and seconds == 3 * 86400:
        return str(PACE_LABELS["three_days"])
    if kind == "none":
        return str(PACE_LABELS["none"])
    return str(_("%(hours)s hours") % {"hours": round(seconds / 3600, 1)})


def match_context(user: Any) -> dict[str, Any]:
    """The challenges waiting for the visitor and those they sent, and the open seeks."""
    listed = list(seeks.seeks_open()[:LIST_LENGTH])
    shown = seek_ratings(listed)
    open_seeks = [
        {
            "seek": s,
            "pace": pace_label(s.clock),
            "mine": s.user_id == user.pk,
            "rating": shown.get(s.pk),
        }
        for s in listed
    ]
    context: dict[str, Any] = {
        "seeks": open_seeks,
        "my_seek": next((r["seek"] for r in open_seeks if r["mine"]), None),
        "versions": Game.Version.choices,
        "paces": list(PACE_LABELS.items()),
        "decline_reasons": list(DECLINE_LABELS.items()),
    }
    if user.is_authenticated:
        pending = Challenge.objects.filter(
            status=Challenge.Status.PENDING, expires__gt=timezone.now()
        ).select_related("challenger", "challenged")
        context["challenges_in"] = [
            {"challenge": c, "pace": pace_label(c.clock)} for c in pending.filter(challenged=user)
        ]
        context["challenges_out"] = [
            {"challenge": c, "pace": pace_label(c.clock)} for c in pending.filter(challenger=user)
        ]
    return context


def seek_ratings(listed: list[Seek]) -> dict[int, int]:
    """Each seeker's rating in the seek's family, by seek: a query per family listed."""
    out: dict[int, int] = {}
    for family in {FAMILY_OF[Game.Version(s.version)] for s in listed}:
        mine = [s for s in listed if FAMILY_OF[Game.Version(s.version)] == family]
        shown = ratings.shown_of([s.user_id for s in mine], family)
        out.update({s.pk: shown[s.user_id] for s in mine})
    return out


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
