"""Whose time counts, and when: each seat's calendar, from the game's row and the seat's.

A seat's clock runs inside the game's playing hours (a zone of "player" is the seat's own time
zone), outside the game's pause and outside its player's vacations (docs/async.md, Time off).
`calendar_for` builds that `games.read.clock_time.Calendar` from the two rows alone: the
vacations are copied onto each seat of the player (`Seat.away`), so no query is needed.

The decision under way keeps its calendar on the game (`Game.clock_calendar`, in the JSON of
`to_json`): its hours and every stop that touched it, past ones included, so that the time a
decision took can be counted (a bank's charge), and the view's time left needs no query. None
when nothing stops the clock: then every second counts, and the deadline alone says it all.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from games.models import Game, Seat

from .clock_time import HOURS, PAUSE, VACATION, Calendar, Hours, Stop

__all__ = ["HOURS", "PAUSE", "VACATION", "Calendar", "Stop"]


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


def moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


# What a seat's calendar is made of ----------------------------------------------------------------


def pause_stop(game: Game) -> Stop | None:
    """The game's pause, as a stop: from when it began, until its end or until resumed."""
    if game.paused_since is None:
        return None
    return Stop(game.paused_since, game.paused_until, PAUSE)


def paused_at(game: Game, now: datetime) -> bool:
    """Whether a pause is in effect at `now` (a pause with an end is over once it passed)."""
    stop = pause_stop(game)
    return stop is not None and (stop.until is None or now < stop.until)


def away_stops(seat: Seat) -> list[Stop]:
    """The seat's player's vacations under way and to come (`Seat.away`), as stops."""
    stops = []
    for since, until in seat.away or []:
        start, end = moment(since), moment(until)
        assert start is not None and end is not None  # both are always written
        stops.append(Stop(start, end, VACATION))
    return stops


def away_until(seat: Seat, now: datetime) -> datetime | None:
    """The end of the seat's player's vacation under way at `now` (None: not on vacation).

    Vacations that follow one another without a gap (automatic days) make one.
    """
    stops = sorted(away_stops(seat), key=lambda s: s.since)
    end = None
    for stop in stops:
        if end is None and stop.holds(now):
            end = stop.until
        elif end is not None and stop.since <= end:
            end = max(end, stop.until or end)
    return end


def hours_of(game: Game, seat: Seat | None) -> Hours | None:
    """The game's playing hours, a zone of "player" resolved to the seat's (UTC if none)."""
    if not game.playing_hours:
        return None
    return Hours.parse(game.playing_hours, (seat.time_zone if seat is not None else "") or "UTC")


def calendar_for(game: Game, seat: Seat, since: datetime | None = None) -> Calendar:
    """The seat's calendar: the game's playing hours minus its pause and the player's vacations.

    Stops that ended before `since` are left out.
    """
    stops = [s for s in [pause_stop(game), *away_stops(seat)] if s is not None]
    if since is not None:
        stops = [s for s in stops if s.until is None or s.until > since]
    return Calendar(hours_of(game, seat), tuple(sorted(stops, key=lambda s: s.since)))


def recalculated(game: Game, seat: Seat, now: datetime) -> Calendar:
    """The calendar of the decision under way, once one of its stops changed at `now`.

    What is past stays as it was counted (the decision's stored stops, cut at `now`): a pause
    resumed or a vacation cancelled stops the clock no longer from now on. What is in effect now
    or to come is the seat's calendar as the rows say.
    """
    fresh = calendar_for(game, seat, game.decision_started)
    past = [
        Stop(s.since, now if s.until is None else min(s.until, now), s.why)
        for s in stored_stops(game)
        if s.since < now
    ]
    stops = [s for s in [*past, *fresh.stops] if s.until is None or s.since < s.until]
    return Calendar(fresh.hours, tuple(sorted(set(stops), key=lambda s: (s.since, s.why))))


# The decision's calendar, stored on the game ---------------------------------------------------


def to_json(calendar: Calendar) -> dict[str, Any] | None:
    """The calendar as `Game.clock_calendar` keeps it; None when nothing stops the clock."""
    if calendar.hours is None and not calendar.stops:
        return None
    hours = None
    if calendar.hours is not None:
        h = calendar.hours
        hours = {
            "start": h.start.isoformat("minutes"),
            "end": h.end.isoformat("minutes"),
            "zone": h.zone.key,
        }
    stops = [{"since": iso(s.since), "until": iso(s.until), "why": s.why} for s in calendar.stops]
    return {"hours": hours, "stops": stops}


def from_json(data: dict[str, Any] | None) -> Calendar | None:
    if not data:
        return None
    hours = Hours.parse(data["hours"]) if data.get("hours") else None
    return Calendar(hours, tuple(_stops(data.get("stops") or [])))


def _stops(items: Iterable[dict[str, Any]]) -> Iterable[Stop]:
    for item in items:
        since = moment(item["since"])
        assert since is not None
        yield Stop(since, moment(item.get("until")), str(item["why"]))


def stored(game: Game) -> Calendar | None:
    """The calendar of the decision under way (None: every second counts)."""
    return from_json(game.clock_calendar)


def stored_stops(game: Game) -> tuple[Stop, ...]:
    calendar = stored(game)
    return () if calendar is None else calendar.stops


def timed(game: Game) -> bool:
    """Whether a person's decision is under way on the clock (a game in play, with a clock, whose
    decision is not the server's)."""
    return (
        game.status == Game.Status.ACTIVE
        and game.clock != Game.Clock.NONE
        and not game.automatic
        and game.to_act is not None
        and game.decision_started is not None
    )


def clock_status(game: Game, now: datetime) -> dict[str, Any]:
    """Whether the clock of the decision under way runs at `now`; if not, why and until when.

    `running` is false when no person's decision is timed (no clock, the server's move, a game
    not in play); `stopped` says why a timed decision's clock waits: `vacation`, `pause` or
    `playing_hours`, with `until` (None: until someone resumes the game).
    """
    if not timed(game):
        return {"running": False, "stopped": None}
    calendar = stored(game)
    why = None if calendar is None else calendar.stopped(now)
    if why is None:
        return {"running": True, "stopped": None}
    return {"running": False, "stopped": {"why": why[0], "until": why[1]}}


def seconds_left(game: Game, now: datetime) -> float | None:
    """The clock seconds between `now` and the deadline of the decision under way."""
    if game.deadline is None:
        return None
    calendar = stored(game)
    if calendar is None:
        return max(0.0, (game.deadline - now).total_seconds())
    return calendar.counted(now, game.deadline)


def counted(game: Game, since: datetime, until: datetime) -> float:
    """The clock seconds of the decision under way between two moments."""
    calendar = stored(game)
    if calendar is None:
        return (until - since).total_seconds()
    return calendar.counted(since, until)
