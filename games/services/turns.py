"""The pending decision, set after every change to a game.

It says whose decision it is, whether the server plays it, and when it times out.
"""

from __future__ import annotations

from django.utils import timezone

import engine
from games.events import recorded, story
from games.models import Game, Seat
from games.read import calendars
from games.store import rows

from .clocks import deadline_for

# The game's columns `turn_next` sets. `updated` changes with every save.
# `last_event` belongs to the story, but is saved here to spare a statement.
TURN_FIELDS = (
    "to_act",
    "decision_started",
    "automatic",
    "deadline",
    "clock_calendar",
    "last_event",
    "updated",
)


def turn_next(
    game: Game,
    state: engine.State,
    seats: list[Seat] | None = None,
    *,
    moved: bool = True,
    changed: tuple[str, ...] | None = None,
    answered: bool = False,
    continued: bool = False,
) -> bool:
    """Save the game with its pending decision and that decision's clock.

    Returns whether a decision began, to be announced, played by the server, or timed.

    With `moved=False` (another seat resigned), a person's decision under way keeps its clock.
    It does not begin again.
    `changed` names the other columns the caller changed.
    Only those and the decision's columns are written (None: every column).
    With `answered`, a standing order answers the decision at once (games.services.orders):
    the server plays it, so it has no deadline and is not announced.
    With `continued` (an undo), the decision of the seat that was deciding goes on if it is that
    seat's again: its start, calendar and deadline stay (an undo gives no time back).
    """
    fields = None if changed is None else [*changed, *TURN_FIELDS]
    now = timezone.now()
    position = engine.to_act(state) if game.status == Game.Status.ACTIVE else None
    seat = None if position is None else (seats or rows.seats_of(game))[position]
    ongoing = game.to_act == position and not game.automatic
    began = moved or seat is None or seat.plays_automatically or not ongoing
    if began:
        # An undo at the seat's own decision: that decision goes on, its clock as it was.
        goes_on = continued and ongoing and seat is not None and not seat.plays_automatically
        game.to_act = position
        if not goes_on:
            game.decision_started = now if seat is not None else None
            # A decision a standing order answers is played at once: no deadline, no calendar.
            game.automatic = seat is not None and (seat.plays_automatically or answered)
            game.deadline, game.clock_calendar = None, None
            if seat is not None and not game.automatic and game.clock != Game.Clock.NONE:
                calendar = calendars.calendar_for(game, seat, now)  # time off: the seat's
                game.clock_calendar = calendars.to_json(calendar)
                game.deadline = deadline_for(
                    game, seat, now, calendar if game.clock_calendar else None
                )
        if seat is not None:
            stopped = calendars.clock_status(game, now)["stopped"] if game.clock_calendar else None
            story.decision(game, state, seat, stopped)  # numbered now, saved with the game below
    if fields is None:
        game.save()
    else:
        rows.update(game, fields)
    recorded.last_event_saved(game)
    return began and seat is not None and not answered
