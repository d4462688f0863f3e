"""Signal receivers connected in `PlayersConfig.ready`: the game service's `turn_started` and
`game_finished` (sent after commit) schedule notification tasks; anymail's `inbound` signal (its
inbound webhooks, any ESP) schedules reading the reply. Receivers never raise: a failure is logged
and must not turn a committed move into an error."""

from __future__ import annotations

import base64
import datetime as dt
import logging
from typing import Any

from django.conf import settings
from django.utils import timezone

log = logging.getLogger(__name__)


def on_turn_started(
    sender: Any, *, game_id: int, seq: int, seat: int, deadline: dt.datetime | None = None, **_: Any
) -> None:
    from . import notifications, tasks

    try:
        tasks.notify_turn.delay(game_id, seq, seat)
        if deadline is not None:
            from games.models import Game

            game = Game.objects.filter(pk=game_id).first()
            due = notifications.reminder_due(game) if game is not None else None
            # A task is never held longer than the deadline horizon (a broker such as Redis
            # would deliver it again): a later reminder is sent by the beat sweep when due.
            horizon = timezone.now() + dt.timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
            if due is not None and due < deadline and due <= horizon:
                tasks.remind.apply_async(
                    (game_id, seq, seat),
                    eta=max(due, timezone.now()),
                    task_id=f"remind-{game_id}-{seq}-{seat}",
                )
    except Exception:
        log.exception("could not schedule the notifications of game %s at %s", game_id, seq)


def on_game_finished(sender: Any, *, game_id: int, seq: int, **_: Any) -> None:
    from . import tasks

    try:
        tasks.notify_final.delay(game_id, seq)
    except Exception:
        log.exception("could not schedule the final scores of game %s", game_id)


def on_move_saved(sender: Any, instance: Any, created: bool = False, **_: Any) -> None:
    """A move the server played for a person whose time ran out: tell that person, after the
    commit (the deadline service appends it with actor `timeout`)."""
    from django.db import transaction

    from games.models import Move

    if not created or instance.actor != Move.Actor.TIMEOUT or instance.seat is None:
        return
    from . import tasks

    game_id, seq, position = instance.game_id, instance.seq, instance.seat

    def schedule() -> None:
        try:
            tasks.notify_timeout.delay(game_id, seq, position)
        except Exception:
            log.exception("could not schedule the timeout notice of game %s at %s", game_id, seq)

    transaction.on_commit(schedule)


def on_inbound(sender: Any, event: Any, esp_name: str = "", **_: Any) -> None:
    """anymail's inbound signal: one received message, normalised by anymail."""
    from . import tasks

    message = event.message
    recipients = [r for r in [getattr(message, "envelope_recipient", None)] if r]
    tasks.read_reply.delay(base64.b64encode(message.as_bytes()).decode(), recipients)
