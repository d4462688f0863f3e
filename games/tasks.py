"""Celery tasks: adapters that take ids and call a service (games.services). Each names the game
and the `seq` it was scheduled for, and the service does nothing if the game has moved on, so
late, duplicate or concurrent delivery is harmless. `acks_late`: a task whose worker dies is
delivered again; database hiccups are retried with exponential backoff."""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import shared_task
from celery.signals import beat_init
from django.db import InterfaceError, OperationalError

from . import health, services

log = logging.getLogger(__name__)
RETRY = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError, InterfaceError, ConnectionError),
    "retry_backoff": 1,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
    "ignore_result": True,
}


@shared_task(**RETRY)
def play_automatic_turn(game_id: int, seq: int) -> bool:
    """The move of the bot (or resigned seat, or bot standing in) to act at `seq`."""
    return services.automatic_move_play(game_id=game_id, seq=seq)


@shared_task(**RETRY)
def expire_deadline(game_id: int, seq: int) -> str:
    """The deadline of the decision at `seq`: the seat's timeout policy, once."""
    return services.deadline_expire(game_id=game_id, seq=seq)


@shared_task(**RETRY)
def sweep() -> int:
    """Celery beat's periodic safety net: queue every overdue deadline and automatic move."""
    queued = services.games_sweep()
    health.record(health.SWEEP, queued=queued)
    return queued


@beat_init.connect
def sweep_at_start(**_: Any) -> None:
    """Beat starts: sweep at once (catching up after downtime), not only after an interval."""
    for attempt in range(3):
        try:
            sweep.delay()
            return
        except Exception as exc:  # the broker may not be up yet: the schedule sends it later
            log.warning("Could not send the first sweep (%s)", exc)
            time.sleep(2**attempt)
