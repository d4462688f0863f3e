"""Celery tasks: adapters that take ids and call a service (games.services). Each names the game
and the `seq` it was scheduled for, and the service does nothing if the game has moved on, so
late, duplicate or concurrent delivery is harmless. `acks_late`: a task whose worker dies is
delivered again; database hiccups are retried with exponential backoff."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from . import services, webhooks

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
    return services.games_sweep()


@shared_task(**RETRY)
def deliver_webhook(delivery_id: int) -> str:
    """One attempt of a webhook delivery (if it is due and no other attempt holds it)."""
    return webhooks.delivery_attempt(delivery_id)


@shared_task(**RETRY)
def webhooks_sweep() -> int:
    """Beat's safety net for webhook deliveries whose task is late or lost."""
    return webhooks.webhooks_sweep()
