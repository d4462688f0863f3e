"""Celery tasks: adapters that take ids and call a service (games.services). Each names the game
and the `seq` it was scheduled for, and the service does nothing if the game has moved on, so
late, duplicate or concurrent delivery is harmless. `acks_late`: a task whose worker dies is
delivered again; database hiccups are retried with exponential backoff."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError

from .services import automatic, scheduling

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


logger = logging.getLogger(__name__)
FALLBACK_BOT = "greedy"  # a millisecond a move


@shared_task(
    **RETRY,
    soft_time_limit=settings.GTR_BOT_SOFT_TIME_LIMIT,
    time_limit=settings.GTR_BOT_SOFT_TIME_LIMIT + settings.GTR_BOT_HARD_MARGIN,
)
def play_automatic_turn(game_id: int, seq: int) -> bool:
    """The move of the bot (or resigned seat, or bot standing in) to act at `seq`. A bot that
    overruns the soft time limit (a prefork worker enforces it) is replaced for this move by the
    greedy bot, and the overrun is logged: a game never waits on a stuck search."""
    try:
        return automatic.automatic_move_play(game_id=game_id, seq=seq)
    except SoftTimeLimitExceeded:
        logger.warning(
            "bot move of game %s at seq %s overran its soft time limit (%ss): %s plays it",
            game_id,
            seq,
            settings.GTR_BOT_SOFT_TIME_LIMIT,
            FALLBACK_BOT,
        )
        return automatic.automatic_move_play(game_id=game_id, seq=seq, bot=FALLBACK_BOT)


@shared_task(**RETRY)
def expire_deadline(game_id: int, seq: int) -> str:
    """The deadline of the decision at `seq`: the seat's timeout policy, once."""
    return automatic.deadline_expire(game_id=game_id, seq=seq)


@shared_task(**RETRY)
def sweep() -> int:
    """Celery beat's periodic safety net: queue every overdue deadline and automatic move."""
    return scheduling.games_sweep()
