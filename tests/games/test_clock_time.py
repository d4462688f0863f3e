"""What counts on a clock (games.read.clock_time): playing hours, pauses and vacations."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta

import pytest

from games.read import clock_time
from games.read.clock_time import HOURS, PAUSE, VACATION, BadHours, Calendar, Hours, Stop


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def test_doctests() -> None:
    assert doctest.testmod(clock_time).failed == 0


def test_without_hours_or_stops_every_second_counts() -> None:
    cal = Calendar()
    assert cal.deadline(at(2, 10), 3600) == at(2, 11)
    assert cal.counted(at(2, 10), at(3, 10)) == 86400
    assert cal.stopped(at(2, 10)) is None


def test_time_outside_playing_hours_does_not_count() -> None:
    cal = Calendar(Hours.parse({"start": "08:00", "end": "22:00", "zone": "UTC"}))
    assert cal.counted(at(2, 0), at(3, 0)) == 14 * 3600
    assert cal.deadline(at(2, 7), 1800) == at(2, 8, 30)  # starts at the window's opening
    assert cal.deadline(at(2, 21), 3 * 3600) == at(3, 10)
    assert cal.stopped(at(2, 23)) == (HOURS, at(3, 8))
    assert cal.stopped(at(2, 12)) is None


def test_hours_across_midnight_and_in_a_zone_with_daylight_saving() -> None:
    night = Calendar(Hours.parse({"start": "22:00", "end": "02:00", "zone": "UTC"}))
    assert night.counted(at(2, 0), at(3, 0)) == 4 * 3600
    # Warsaw moves to summer time on 2026-03-29: 08:00 there is 07:00 UTC before, 06:00 after.
    warsaw = Calendar(Hours.parse({"start": "08:00", "end": "09:00", "zone": "Europe/Warsaw"}))
    assert warsaw.deadline(at(28, 0), 60) == at(28, 7, 1)
    assert warsaw.deadline(at(30, 0), 60) == at(30, 6, 1)


def test_a_players_own_zone_replaces_the_tables() -> None:
    spec = {"start": "09:00", "end": "17:00", "zone": "player"}
    assert Hours.parse(spec, "America/New_York").zone.key == "America/New_York"
    assert Hours.parse(spec, None).zone.key == "UTC"


@pytest.mark.parametrize(
    "spec",
    [
        {"start": "8", "end": "22:00"},
        {"start": "08:00"},
        {"start": "08:00", "end": "08:00"},
        {"start": "08:00", "end": "22:00", "zone": "Mars/Olympus"},
    ],
)
def test_bad_hours_are_refused(spec: dict[str, str]) -> None:
    with pytest.raises(BadHours):
        Hours.parse(spec)


def test_a_pause_and_a_vacation_stop_the_clock() -> None:
    stops = (Stop(at(2, 12), at(2, 14), PAUSE), Stop(at(3, 0), at(5, 0), VACATION))
    cal = Calendar(None, stops)
    assert cal.deadline(at(2, 11), 2 * 3600) == at(2, 15)
    assert cal.counted(at(2, 0), at(6, 0)) == (4 * 24 - 2 - 48) * 3600
    assert cal.stopped(at(2, 13)) == (PAUSE, at(2, 14))
    assert cal.stopped(at(4, 0)) == (VACATION, at(5, 0))


def test_a_pause_until_further_notice_stops_the_clock_for_good() -> None:
    cal = Calendar(None, (Stop(at(2, 12), None, PAUSE),))
    assert cal.deadline(at(2, 11), 1800) == at(2, 11, 30)
    assert cal.deadline(at(2, 11), 3600) is None  # it would run out as the pause begins
    assert cal.deadline(at(2, 11), 2 * 3600) is None
    assert cal.counted(at(2, 11), at(9, 0)) == 3600
    assert cal.stopped(at(8, 0)) == (PAUSE, None)


def test_stops_overlapping_and_inside_playing_hours() -> None:
    hours = Hours.parse({"start": "08:00", "end": "12:00", "zone": "UTC"})
    stops = (Stop(at(2, 9), at(2, 10), PAUSE), Stop(at(2, 9, 30), at(3, 9), VACATION))
    cal = Calendar(hours, stops)
    assert cal.counted(at(2, 8), at(3, 12)) == 3600 + 3 * 3600
    assert cal.deadline(at(2, 8), 2 * 3600) == at(3, 10)


def test_counted_and_deadline_agree() -> None:
    hours = Hours.parse({"start": "07:30", "end": "23:15", "zone": "Asia/Kolkata"})
    stops = (Stop(at(3, 5), at(4, 1), VACATION), Stop(at(6, 0), at(6, 8), PAUSE))
    cal = Calendar(hours, stops)
    for seconds in (1, 59, 3600, 7 * 3600 + 13, 86400, 3 * 86400):
        end = cal.deadline(at(2, 17), seconds)
        assert end is not None
        assert abs(cal.counted(at(2, 17), end) - seconds) < 1e-6
        assert cal.counted(at(2, 17), end - timedelta(seconds=1)) < seconds


def test_a_deadline_never_falls_as_the_clock_stops() -> None:
    """A clock that runs out as a window closes or a stop begins times out when it runs again:
    a deadline that passed, and a vacation day that starts there, moves past the day."""
    hours = Hours.parse({"start": "08:00", "end": "22:00", "zone": "UTC"})
    assert Calendar(hours).deadline(at(2, 8), 14 * 3600) == at(3, 8)
    assert Calendar(hours).deadline(at(2, 8), 14 * 3600 - 1) == at(2, 22) - timedelta(seconds=1)
    day = Calendar(None, (Stop(at(2, 12), at(3, 12), VACATION),))
    assert day.deadline(at(2, 11), 3600) == at(3, 12)
