"""After a soak (bench/soak.py --time-off-games N): no clock fired while it was stopped.

For every game with a clock, each timeout (a `Move` with actor `timeout`) and each vacation day
spent automatically (a `vacation` event with change `automatic`) is a clock that fired. Its moment
is checked against what stopped that seat's clock, rebuilt from the game's own story: the game's
playing hours (in the seat's time zone for "player"), its pauses (`paused` to `resumed`, or to the
pause's end) and the player's vacations (`vacation` events: taken or automatic, then cancelled).
Prints one JSON line: the counts and any clock that fired while stopped. Run in the soak's
environment (GTR_VAR_DIR): `python bench/time_off_check.py`.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")

import django

django.setup()

from games.models import Game, GameEvent, Move, Seat  # noqa: E402
from games.read.clock_time import PAUSE, VACATION, Calendar, Hours, Stop  # noqa: E402


def moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


def stops_of(events: list[GameEvent], seat: int) -> list[Stop]:
    """The pauses of the game and the vacations of the seat's player, from the story."""
    stops: list[Stop] = []
    paused: tuple[datetime, datetime | None] | None = None
    vacations: dict[datetime, datetime] = {}  # since -> until, the last word on each
    for event in events:
        data = event.public
        if event.type == "paused":
            paused = (event.created, moment(data["until"]))
        elif event.type == "resumed" and paused is not None:
            stops.append(Stop(paused[0], event.created, PAUSE))
            paused = None
        elif event.type == "vacation" and data["seat"] == seat:
            since, until = moment(data["since"]), moment(data["until"])
            assert since is not None and until is not None
            if data["change"] == "cancelled":  # ended then, or never began
                until = min(until, event.created)
            vacations[since] = until
    if paused is not None:
        stops.append(Stop(paused[0], paused[1], PAUSE))
    stops += [Stop(since, until, VACATION) for since, until in vacations.items() if since < until]
    return stops


def fired(game: Game, events: list[GameEvent]) -> list[tuple[int, datetime, str]]:
    """Every clock that fired: (seat, when, what)."""
    found = [
        (m.seat, m.created, "timeout")
        for m in Move.objects.filter(game=game, actor=Move.Actor.TIMEOUT)
        if m.seat is not None
    ]
    found += [
        (e.public["seat"], e.created, "vacation_day")
        for e in events
        if e.type == "vacation" and e.public.get("change") == "automatic"
    ]
    return found


def main() -> int:
    games = Game.objects.exclude(clock=Game.Clock.NONE)  # every game with a clock
    report: dict[str, Any] = {"games": 0, "timeouts": 0, "vacation_days": 0, "pauses": 0}
    problems = []
    for game in games:
        report["games"] += 1
        events = list(GameEvent.objects.filter(game=game).order_by("number"))
        report["pauses"] += sum(e.type == "paused" for e in events)
        zones = {s.position: s.time_zone for s in Seat.objects.filter(game=game)}
        for seat, when, what in fired(game, events):
            report["timeouts" if what == "timeout" else "vacation_days"] += 1
            hours = None
            if game.playing_hours:
                hours = Hours.parse(game.playing_hours, zones.get(seat) or "UTC")
            stops = stops_of(events, seat)
            if what == "vacation_day":  # the day it spent holds from then: only hours and pauses
                stops = [s for s in stops if s.why != VACATION]
            why = Calendar(hours, tuple(stops)).stopped(when)
            if why is not None:
                problems.append(f"game {game.pk} seat {seat}: a {what} at {when} ({why[0]})")
    report["problems"] = problems
    print(json.dumps(report, default=str))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
