"""Which time counts on a clock: inside playing hours, outside pauses and vacations.

A decision's clock counts only its seat's free time (docs/async.md, Time off). Time outside the
game's playing hours does not count, nor a pause of the game, nor the player's vacation. This
module is the arithmetic: pure functions of a `Calendar`, no database.

>>> from datetime import datetime, timezone
>>> utc = timezone.utc
>>> hours = Hours.parse({"start": "08:00", "end": "22:00", "zone": "UTC"})
>>> night = datetime(2026, 1, 5, 21, 0, tzinfo=utc)
>>> Calendar(hours).deadline(night, 2 * 3600)  # one hour tonight, one tomorrow morning
datetime.datetime(2026, 1, 6, 9, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# How far ahead a deadline is looked for. A clock stopped longer than this has no deadline.
HORIZON = timedelta(days=800)

PAUSE, VACATION, HOURS = "pause", "vacation", "playing_hours"


class BadHours(ValueError):
    """Playing hours that cannot be read."""


@dataclass(frozen=True)
class Hours:
    """The daily window when a clock runs, from `start` to `end` in `zone`.

    An `end` before `start` runs across midnight (22:00 to 06:00).
    """

    start: time
    end: time
    zone: ZoneInfo

    @classmethod
    def parse(cls, spec: dict[str, Any], zone: str | None = None) -> Hours:
        """Playing hours from their JSON form; `zone` replaces the spec's "player" zone."""
        try:
            start = time.fromisoformat(str(spec["start"]))
            end = time.fromisoformat(str(spec["end"]))
            name = zone if spec.get("zone", "UTC") == "player" else str(spec.get("zone", "UTC"))
            tz = ZoneInfo(name or "UTC")
        except (KeyError, ValueError, ZoneInfoNotFoundError) as exc:
            raise BadHours(f"Playing hours need a start, an end and a time zone: {exc}") from exc
        if start == end:
            raise BadHours("Playing hours need a window: start and end are the same.")
        if start.tzinfo or end.tzinfo or start.second or end.second:
            raise BadHours("Playing hours are local times in whole minutes, like 08:00.")
        return cls(start, end, tz)

    def windows(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The windows in UTC, in order, from the one that holds or follows `since`."""
        day = since.astimezone(self.zone).date() - timedelta(days=1)
        while True:
            opens = datetime.combine(day, self.start, self.zone).astimezone(UTC)
            closing_day = day if self.end > self.start else day + timedelta(days=1)
            closes = datetime.combine(closing_day, self.end, self.zone).astimezone(UTC)
            if closes > since:
                yield opens, closes
            day += timedelta(days=1)


@dataclass(frozen=True)
class Stop:
    """A time the clock does not run, and why. `until` None: until further notice."""

    since: datetime
    until: datetime | None
    why: str

    def holds(self, moment: datetime) -> bool:
        return self.since <= moment and (self.until is None or moment < self.until)


@dataclass(frozen=True)
class Calendar:
    """When one seat's clock runs: its playing hours (None: always), minus its stops."""

    hours: Hours | None = None
    stops: tuple[Stop, ...] = field(default_factory=tuple)

    def free(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The spans when the clock runs, in order, from `since` up to the horizon."""
        end = since + HORIZON
        windows = self.hours.windows(since) if self.hours else iter([(since, end)])
        for opens, closes in windows:
            if opens >= end:
                return
            yield from self._minus_stops(max(opens, since), min(closes, end))

    def _minus_stops(self, start: datetime, end: datetime) -> Iterator[tuple[datetime, datetime]]:
        for stop in sorted(self.stops, key=lambda s: s.since):
            if stop.until is not None and stop.until <= start:
                continue
            if stop.since >= end:
                break
            if stop.since > start:
                yield start, stop.since
            if stop.until is None:
                return
            start = max(start, stop.until)
            if start >= end:
                return
        if start < end:
            yield start, end

    def counted(self, since: datetime, until: datetime) -> float:
        """The seconds the clock runs between two moments."""
        total = 0.0
        for start, end in self.free(since):
            if start >= until:
                break
            total += (min(end, until) - start).total_seconds()
        return total

    def deadline(self, since: datetime, seconds: float) -> datetime | None:
        """When a clock started at `since` has run `seconds`; None if it never will.

        A deadline falls while the clock runs: one that would fall as a stop begins or a window
        closes (each holds from its first instant) falls when the clock runs again. So a deadline
        that passes and a vacation day that starts there move it past the day.
        """
        left = seconds
        for start, end in self.free(since):
            span = (end - start).total_seconds()
            if span > left:
                return start + timedelta(seconds=left)
            left -= span
        return None

    def stopped(self, moment: datetime) -> tuple[str, datetime | None] | None:
        """Why the clock is not running at `moment`, and until when (None: not known)."""
        holding = [s for s in self.stops if s.holds(moment)]
        if holding:
            stop = max(holding, key=lambda s: (s.until is None, s.until or moment))
            return stop.why, stop.until
        if self.hours is not None:
            opens, _ = next(self.hours.windows(moment))
            if moment < opens:
                return HOURS, opens
        return None
