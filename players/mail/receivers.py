"""Signal receivers, connected in `PlayersConfig.ready`.

The game service's `committed` events (games.events.commit) send invitations. They also schedule
notification tasks. The `inbound` signal comes from anymail's inbound webhooks, for any ESP. It
schedules reading the reply.

Receivers never raise. A failure is logged. It must not turn a committed move into an error.
"""

from __future__ import annotations

import base64
import datetime as dt
import logging
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.events import commit
from games.models import Game, Move, Seat

from . import invitations, notify, tasks

log = logging.getLogger(__name__)


def on_committed(sender: Any, *, event: commit.Event, **_: Any) -> None:
    """Does the e-mail side's part after a committed write of a game.

    Each part runs on its own. One that fails is logged and does not stop the others.
    """
    reactions = (_invite, _tell_timeout, _tell_turn, _tell_final, _tell_time_off)
    for react in (*reactions, _ask_takeback, _challenged, _tournament_round):
        try:
            react(event)
        except Exception:
            log.exception("%s failed for %s", react.__name__, event)


def _invite(event: commit.Event) -> None:
    """Sends each invited seat of a new game its invitation."""
    if event.kind != commit.CREATED:
        return
    invited = Seat.objects.select_related("game").filter(
        game_id=event.game_id, kind=Seat.Kind.INVITED
    )
    for seat in invited:
        invitations.invitation_send(seat=seat)


def _tell_timeout(event: commit.Event) -> None:
    """Schedules a mail to a person whose time ran out: the server moved for them."""
    if event.kind == commit.MOVED and event.actor == Move.Actor.TIMEOUT and event.seat is not None:
        tasks.notify_timeout.delay(event.game_id, event.seq, event.seat)


def _tell_turn(event: commit.Event) -> None:
    """Schedules a turn mail to the person whose decision began, and its reminder.

    A task is never held longer than the deadline horizon. A broker such as Redis would deliver
    it again. So the beat sweep sends a later reminder when it is due.
    """
    if not event.turn_began or event.automatic or event.to_act is None:
        return
    game_id, seq, seat, deadline = event.game_id, event.seq, event.to_act, event.deadline
    mailable = event.to_act_mailable
    if not (_has_address(game_id, seat) if mailable is None else mailable):
        return  # Nobody to write to, so no task at all.
    tasks.notify_turn.delay(game_id, seq, seat)
    if deadline is not None:
        _schedule_reminder(game_id, seq, seat, deadline)


def _schedule_reminder(game_id: int, seq: int, seat: int, deadline: dt.datetime) -> None:
    fields = ("deadline", "decision_started", "started", "clock_calendar")
    game = Game.objects.filter(pk=game_id).only(*fields).first()
    due = notify.reminder_due(game) if game is not None else None
    horizon = timezone.now() + dt.timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
    if due is not None and due < deadline and due <= horizon:
        tasks.remind.apply_async(
            (game_id, seq, seat),
            eta=max(due, timezone.now()),
            task_id=f"remind-{game_id}-{seq}-{seat}",
        )


def _tell_time_off(event: commit.Event) -> None:
    """Time off: a proposal to pause is mailed to the other people at the table; a vacation day
    spent automatically is told to its player; a deadline moved moves its reminder."""
    if event.kind == commit.PAUSE_PROPOSED and event.subject_id is not None:
        tasks.notify_pause.delay(event.game_id, event.subject_id)
    if event.kind == commit.VACATION and event.actor == "automatic" and event.subject_id:
        tasks.notify_vacation.delay(event.subject_id, event.game_id)
    moved = event.clock_moved and not event.turn_began and not event.automatic
    if not moved or event.to_act is None or event.deadline is None:
        return
    mailable = event.to_act_mailable
    if mailable or (mailable is None and _has_address(event.game_id, event.to_act)):
        _schedule_reminder(event.game_id, event.seq, event.to_act, event.deadline)


def _ask_takeback(event: commit.Event) -> None:
    """A takeback request (or an answer that leaves it waiting): the people whose answer it
    waits for get its mail, once each (players.mail.takebacks)."""
    if event.kind == commit.TAKEBACK:
        tasks.notify_takeback.delay(event.game_id, event.seq)


def _challenged(event: commit.Event) -> None:
    """Mails each new challenge to the challenged (issue 32)."""
    for row in event.feed_rows:
        if row.type == "challenged":
            tasks.notify_challenge.delay(row.data["challenge"])


def _tournament_round(event: commit.Event) -> None:
    """Mails each entrant the game (or the bye) of a tournament round that began (issue 33)."""
    for row in event.feed_rows:
        if row.type == "tournament_round":
            tasks.notify_tournament_round.delay(row.pk)


def _has_address(game_id: int, position: int) -> bool:
    """Whether the seat has somewhere for its mail to go, in one small query.

    It follows the rule of players.mail.texts.seat_address.
    """
    found = Seat.objects.filter(game_id=game_id, position=position).order_by()  # No join.
    return any(any(pair) for pair in found.values_list("email", "user__email"))


def _tell_final(event: commit.Event) -> None:
    """Schedules the final scores for everyone when the game ends."""
    if event.kind == commit.MOVED and event.finished:
        tasks.notify_final.delay(event.game_id, event.seq)


def on_inbound(sender: Any, event: Any, esp_name: str = "", **_: Any) -> None:
    """Schedules reading one received message, as anymail's inbound signal gives it."""
    message = event.message
    recipients = [r for r in [getattr(message, "envelope_recipient", None)] if r]
    tasks.read_reply.delay(base64.b64encode(message.as_bytes()).decode(), recipients)
