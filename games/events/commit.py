"""What happened to a game, told after the commit.

This is the one point where a write's consequences are decided, by whoever listens.
Listeners play the server's moves, set deadline tasks, send e-mail and feed live streams.

A service calls `publish_on_commit(game, kind, ...)` inside its transaction, after saving the game.
The `Event` is built from the game as it is then.
After the commit, `committed` is sent with it.
A write that rolled back sends nothing.
The services do not know who listens.
Receivers connect to `committed` in their app's `ready()`:

- `games.tasks.on_committed`: the server's move when an automatic seat is to act.
  A deadline task when a person's decision with a clock began.
- `games.live.fanout.on_committed`: the write's game and feed events to the event hub.
  Its webhook deliveries to their tasks.
- `players.mail.receivers.on_committed`: invitations, your-turn mails and reminders.
  Timeout notices and final scores.

Receivers run in the order they connected: games before players, as in INSTALLED_APPS.
Each runs with `send_robust`.
One that raises is logged, the others still run, and the committed write stands.

Every receiver sees a thread's events in the order of their commits.
A receiver may commit while at work, as one that plays the server's moves in-process does.
Its event waits until the receivers are done.

An event holds only what every player may know: no card, no secret.
What the write recorded in the game's story (games.events.story) rides on it as numbers.
The receivers in this process also get the rows themselves.
So the hub gets them without reading them back.
The rows are kept out of the event's repr and comparisons, since they hold the seats' cards.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from django.db import transaction
from django.dispatch import Signal

from games.events import feeds, recorded
from games.models import AccountEvent, Game, GameEvent, Seat

log = logging.getLogger(__name__)

# What the write was.
CREATED = "created"  # a game was created; invited seats get their invitation now
JOINED = "joined"  # `seat` took an open seat
LEFT = "left"  # `seat` gave its seat up before the start; the game may be cancelled
STARTED = "started"  # the cards were dealt
MOVED = "moved"  # `seat` (None: a table event, such as a surrender) moved, by `actor`
RESIGNED = "resigned"  # `seat` resigned
SURRENDERED = "surrendered"  # `seat` surrendered to another seat, or withdrew its surrender
RETURNED = "returned"  # `seat`'s player came back after timeouts
# Time off (docs/async.md): when one moves the deadline of the decision under way, `clock_moved`.
PAUSE_PROPOSED = "pause_proposed"  # `seat` proposed a pause (`subject_id`: the proposal)
PAUSE_ANSWERED = "pause_answered"  # `seat` accepted or declined it, or it expired
PAUSED = "paused"  # every person agreed: the clocks stop
RESUMED = "resumed"  # `seat` resumed the game, or the pause's end came
VACATION = "vacation"  # `seat`'s player's vacations changed (`subject_id`: the vacation)
CLOCK = "clock"  # the clock of the decision under way changed for another reason
TAKEBACK = "takeback"  # `seat` asked for a takeback, or answered one (an accepted one MOVED)
FEED = "feed"  # account feed events alone, of no game (`game_id` 0)
STOOD_IN = "stood_in"  # a bot stands in for `seat`: its player's account was suspended
CHAT = "chat"  # a line said at the table, or hidden by staff (`subject_id`: the line)
KINDS = (
    CREATED,
    JOINED,
    LEFT,
    STARTED,
    MOVED,
    RESIGNED,
    SURRENDERED,
    RETURNED,
    PAUSE_PROPOSED,
    PAUSE_ANSWERED,
    PAUSED,
    RESUMED,
    VACATION,
    CLOCK,
    TAKEBACK,
    FEED,
    STOOD_IN,
    CHAT,
)

# Sent after the commit with sender=Game and event=Event.
committed = Signal()
_dispatch = threading.local()  # this thread's events waiting while receivers are at work


@dataclass(frozen=True)
class Event:
    """One committed write to a game: what it was, and where it left the game."""

    kind: str  # one of KINDS
    game_id: int
    seq: int  # moves applied
    revision: int  # the game's revision (its ETag changes with it)
    status: str  # Game.Status
    seat: int | None = None  # the seat the write was about
    actor: str | None = None  # MOVED: Move.Actor (human, bot, timeout, email)
    to_act: int | None = None  # the seat whose decision is pending
    automatic: bool = False  # the pending decision is the server's to play
    deadline: datetime | None = None  # when the pending decision times out
    turn_began: bool = False  # the pending decision began with this write: announce it
    # The deadline of the decision under way moved (time off): schedule its task again.
    clock_moved: bool = False
    # The row the write was about, for the receivers: a pause proposal, a vacation.
    subject_id: int | None = None
    # Whether the seat to act has an e-mail address, its own or its player's.
    # None: not known, and a receiver that needs it looks it up.
    to_act_mailable: bool | None = None
    # What the write recorded (games.events.story).
    # `story`: the numbers of its first and last game events.
    # `feed`, `deliveries`: the ids of its feed events and webhook deliveries.
    story: tuple[int, int] | None = None
    feed: tuple[int, ...] = ()
    deliveries: tuple[int, ...] = ()
    # `channels`: the feed events to tell an account's other channels, as (channel, feed event
    # id): a browser's push subscription (games.events.feeds.CHANNELS).
    channels: tuple[tuple[str, int], ...] = ()
    # The rows written, for the receivers in this process. Never logged.
    game_rows: tuple[GameEvent, ...] = field(default=(), repr=False, compare=False)
    feed_rows: tuple[AccountEvent, ...] = field(default=(), repr=False, compare=False)

    @property
    def finished(self) -> bool:
        return self.status == Game.Status.FINISHED


def publish_on_commit(
    game: Game,
    kind: str,
    *,
    seat: int | None = None,
    actor: str | None = None,
    turn_began: bool = False,
    seats: list[Seat] | None = None,
    clock_moved: bool = False,
    subject_id: int | None = None,
) -> Event:
    """Tell the receivers about this write of `game` once the transaction commits.

    Pass `seats`, with their players, if the write loaded them.
    Then receivers need not load them again.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown event kind {kind!r}")
    rec = recorded.drain(game)
    mailable = None
    if seats is not None and game.to_act is not None:
        acting = seats[game.to_act]
        mailable = bool(acting.email or (acting.user is not None and acting.user.email))
    event = Event(
        kind=kind,
        game_id=game.pk,
        seq=game.seq,
        revision=game.revision,
        status=game.status,
        seat=seat,
        actor=actor,
        to_act=game.to_act,
        automatic=game.automatic,
        deadline=game.deadline,
        turn_began=turn_began,
        clock_moved=clock_moved,
        subject_id=subject_id,
        to_act_mailable=mailable,
        story=None if rec.first is None else (rec.first, game.last_event),
        feed=tuple(row.pk for row in rec.feed),
        deliveries=tuple(rec.deliveries),
        channels=tuple(rec.channels),
        game_rows=tuple(rec.events),
        feed_rows=tuple(rec.feed),
    )
    transaction.on_commit(partial(_send, event))
    return event


def publish_feed_on_commit(told: feeds.Told) -> Event | None:
    """Tells the receivers about account feed events of no game, once the transaction commits.

    A vacation is the account's, not a game's: its feed event comes this way (kind `feed`).
    """
    if not told.rows:
        return None
    event = Event(
        kind=FEED,
        game_id=0,
        seq=0,
        revision=0,
        status="",
        feed=tuple(row.pk for row in told.rows),
        deliveries=tuple(told.deliveries),
        channels=tuple(told.channels),
        feed_rows=tuple(told.rows),
    )
    transaction.on_commit(partial(_send, event))
    return event


def _send(event: Event) -> None:
    waiting: list[Event] | None = getattr(_dispatch, "waiting", None)
    if waiting is not None:  # a receiver at work committed this: it waits its turn
        waiting.append(event)
        return
    _dispatch.waiting = waiting = [event]
    try:
        while waiting:
            current = waiting.pop(0)
            for receiver, result in committed.send_robust(sender=Game, event=current):
                if isinstance(result, Exception):
                    log.error("%s failed for %s", receiver, current, exc_info=result)
    finally:
        _dispatch.waiting = None
