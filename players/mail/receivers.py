"""Signal receivers connected in `PlayersConfig.ready`: the game service's `committed` events
(games.events.commit) send invitations and schedule notification tasks; anymail's `inbound` signal
(its inbound webhooks, any ESP) schedules reading the reply. Receivers never raise: a failure is
logged and must not turn a committed move into an error."""

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
    """What the e-mail side does after a committed write of a game, each part on its own (one
    that fails is logged and does not keep the others from happening)."""
    for react in (_invite, _tell_timeout, _tell_turn, _tell_final):
        try:
            react(event)
        except Exception:
            log.exception("%s failed for %s", react.__name__, event)


def _invite(event: commit.Event) -> None:
    """A new game: each invited seat gets its invitation."""
    if event.kind != commit.CREATED:
        return
    invited = Seat.objects.select_related("game").filter(
        game_id=event.game_id, kind=Seat.Kind.INVITED
    )
    for seat in invited:
        invitations.invitation_send(seat=seat)


def _tell_timeout(event: commit.Event) -> None:
    """The server moved for a person whose time ran out: tell that person."""
    if event.kind == commit.MOVED and event.actor == Move.Actor.TIMEOUT and event.seat is not None:
        tasks.notify_timeout.delay(event.game_id, event.seq, event.seat)


def _tell_turn(event: commit.Event) -> None:
    """A person's decision began: tell that person, and schedule the reminder before its
    deadline. A task is never held longer than the deadline horizon (a broker such as Redis would
    deliver it again): a later reminder is sent by the beat sweep when due."""
    if not event.turn_began or event.automatic or event.to_act is None:
        return
    game_id, seq, seat, deadline = event.game_id, event.seq, event.to_act, event.deadline
    mailable = event.to_act_mailable
    if not (_has_address(game_id, seat) if mailable is None else mailable):
        return  # nobody to write to: no task at all
    tasks.notify_turn.delay(game_id, seq, seat)
    if deadline is None:
        return
    game = Game.objects.filter(pk=game_id).only("deadline", "decision_started", "started").first()
    due = notify.reminder_due(game) if game is not None else None
    horizon = timezone.now() + dt.timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
    if due is not None and due < deadline and due <= horizon:
        tasks.remind.apply_async(
            (game_id, seq, seat),
            eta=max(due, timezone.now()),
            task_id=f"remind-{game_id}-{seq}-{seat}",
        )


def _has_address(game_id: int, position: int) -> bool:
    """Whether the seat has somewhere for its mail to go (mail.seat_address), in one small
    query."""
    found = Seat.objects.filter(game_id=game_id, position=position).order_by()  # no join
    return any(any(pair) for pair in found.values_list("email", "user__email"))


def _tell_final(event: commit.Event) -> None:
    """The game ended: everyone gets the final scores."""
    if event.kind == commit.MOVED and event.finished:
        tasks.notify_final.delay(event.game_id, event.seq)


def on_inbound(sender: Any, event: Any, esp_name: str = "", **_: Any) -> None:
    """anymail's inbound signal: one received message, normalised by anymail."""
    message = event.message
    recipients = [r for r in [getattr(message, "envelope_recipient", None)] if r]
    tasks.read_reply.delay(base64.b64encode(message.as_bytes()).decode(), recipients)
