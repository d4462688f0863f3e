"""Time controls (docs/async.md).

A decision's clock runs from `game.decision_started` to the move.
Only people's decisions have a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from games import codes
from games.errors import BadRequest, Refused
from games.models import Game, Move, Seat
from games.read import calendars
from games.read.clock_time import Calendar


@dataclass(frozen=True)
class ClockSpec:
    """A game's time control.

    - `none`: no clock.
    - `fixed`: `seconds` per decision.
    - `bank`: each seat starts with `seconds`, and its decisions spend them.
      Each move adds `increment`. The bank never exceeds `cap` (default: `seconds`).
    """

    kind: str = "none"
    seconds: int = 0
    increment: int = 0
    cap: int | None = None

    def check(self) -> None:
        if self.kind not in Game.Clock.values:
            raise BadRequest(f"Unknown time control {self.kind!r}.", codes.BAD_CLOCK)
        if self.kind != Game.Clock.NONE and self.seconds <= 0:
            raise Refused("Say how many seconds the clock gives.", codes.BAD_CLOCK)
        if self.kind == Game.Clock.BANK and self.cap is not None and self.cap < self.seconds:
            raise Refused("The bank's cap is below its starting time.", codes.BAD_CLOCK)


def clock_charge(game: Game, seat: Seat, actor: str, now: datetime) -> list[str]:
    """Charges a bank clock for the decision just made.

    The mover's bank loses the time the decision took, and a timeout empties it.
    Only the time that counted is taken: not a pause, a vacation, nor outside playing hours
    (the decision's calendar, games.read.calendars).
    Then it gains the increment, up to the cap.
    Only decisions that had a clock are charged: a deadline, or one that waits for a resume.
    Returns the seat's changed fields, unsaved.
    """
    if game.clock != Game.Clock.BANK or game.automatic:
        return []
    if game.deadline is None and game.clock_calendar is None:
        return []
    bank = seat.bank if seat.bank is not None else float(game.clock_seconds)
    started = game.decision_started
    spent = calendars.counted(game, started, now) if started is not None else 0.0
    left = 0.0 if actor == Move.Actor.TIMEOUT else max(0.0, bank - spent)
    seat.bank = min(float(game.clock_cap), left + game.clock_increment)
    return ["bank"]


def clock_budget(game: Game, seat: Seat) -> float | None:
    """The clock seconds a decision of `seat` may take: the fixed time, or the seat's bank."""
    if game.clock == Game.Clock.FIXED:
        return float(game.clock_seconds)
    if game.clock == Game.Clock.BANK:
        return seat.bank if seat.bank is not None else float(game.clock_seconds)
    return None


def deadline_for(
    game: Game, seat: Seat, since: datetime, calendar: Calendar | None = None
) -> datetime | None:
    """Returns when a decision of `seat` that started at `since` times out.

    Its clock runs only when `calendar` says (None: every second counts).
    None without a time control, or when the clock waits until someone resumes the game.
    """
    budget = clock_budget(game, seat)
    if budget is None:
        return None
    if calendar is None:
        return since + timedelta(seconds=budget)
    return calendar.deadline(since, budget)
