"""What happened to a game, told after the commit: the one point where the consequences of a
write are decided by whoever listens (the server's moves and deadline tasks, e-mail, live streams).

A service calls `publish_on_commit(game, kind, ...)` inside its transaction, once the game is saved;
the `Event` is built from the game as it is then, and `committed` is sent with it after the commit
(never for a write that rolled back). The services do not know who listens: receivers connect to
`committed` in their app's `ready()`:

- `games.tasks.on_committed`: the server's move when an automatic seat is to act, a deadline task
  when a person's decision with a clock began;
- `games.events.story.on_committed`: the write's game events and feed events to the event hub (live
  streams, long polls), its webhook deliveries to their tasks;
- `players.mail.receivers.on_committed`: invitations, your-turn mails and reminders, timeout
  notices, final scores.

Receivers run in the order they connected (games before players, as in INSTALLED_APPS), each with
`send_robust`: one that raises is logged, the others still run, and the committed write stands.
Every receiver sees a thread's events in the order of their commits: an event committed while
receivers are still at work (in-process, a receiver that plays the server's moves) waits until
they are done. An event holds only what every player may know (no card, no secret): what the
write recorded in the game's story (games.events.story) rides on it as numbers, and as the rows
themselves for the receivers in this process (kept out of its repr and comparisons: they hold
the seats' cards), so that the hub gets them without reading them back."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from django.db import transaction
from django.dispatch import Signal

from games.events import recorded
from games.models import AccountEvent, Game, GameEvent, Seat

log = logging.getLogger(__name__)

# What the write was.
CREATED = "created"  # a game was created (invited seats get their invitation now)
JOINED = "joined"  # `seat` took an open seat
LEFT = "left"  # `seat` gave its seat up before the start (the game may be cancelled)
STARTED = "started"  # the cards were dealt
MOVED = "moved"  # a move was logged: `seat` (None for a table event such as a surrender), `actor`
RESIGNED = "resigned"  # `seat` resigned
SURRENDERED = "surrendered"  # `seat` surrendered to another seat, or withdrew its surrender
RETURNED = "returned"  # `seat`'s player came back after timeouts
KINDS = (CREATED, JOINED, LEFT, STARTED, MOVED, RESIGNED, SURRENDERED, RETURNED)

# Sent after the commit with sender=Game and event=Event.
committed = Signal()
_dispatch = threading.local()  # the events waiting while receivers are at work, in this thread


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
    # Whether the seat to act has an e-mail address (its own or its player's), as the write found
    # its seats; None: not known (a receiver that needs it looks it up).
    to_act_mailable: bool | None = None
    # What the write recorded (games.events.story): the numbers of its game events (first, last),
    # and the ids of its account feed events and webhook deliveries.
    story: tuple[int, int] | None = None
    feed: tuple[int, ...] = ()
    deliveries: tuple[int, ...] = ()
    # The rows written (as numbered above), for the receivers in this process: never logged.
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
) -> Event:
    """Tell the receivers about this write of `game` once the transaction commits. `seats`: the
    game's seats (with their players) if the write loaded them, so that receivers need not."""
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
        to_act_mailable=mailable,
        story=None if rec.first is None else (rec.first, game.last_event),
        feed=tuple(row.pk for row in rec.feed),
        deliveries=tuple(rec.deliveries),
        game_rows=tuple(rec.events),
        feed_rows=tuple(rec.feed),
    )
    transaction.on_commit(partial(_send, event))
    return event


def _send(event: Event) -> None:
    waiting: list[Event] | None = getattr(_dispatch, "waiting", None)
    if waiting is not None:  # committed by a receiver at work: after the event it is handling
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
