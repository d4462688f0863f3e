"""Celery tasks: adapters that take ids and call a service (games.services.automatic), and the
receiver that schedules them after each commit (`on_committed`, connected to
`games.events.commit.committed` by the app).

Each task names the game and the `seq` it was scheduled for, and the service does nothing if the
game has moved on, so late, duplicate or concurrent delivery is harmless. `acks_late`: a task
whose worker dies is delivered again; database hiccups are retried with exponential backoff.
With `task_always_eager` (the test suite, GTR_CELERY_EAGER=1) the server's moves are played
in-process right after the commit, and no deadline task is scheduled: the sweep, or a test,
calls the service."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from celery import Task, current_app, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from celery.signals import beat_init
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from games.events.commit import Event
from games.live import deliveries, health
from games.read import selectors
from games.services import automatic

log = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")


def task(**options: Any) -> Callable[[Callable[P, R]], Task[P, R]]:
    """Celery's `shared_task`, typed: each task keeps its function's signature."""
    decorator: Callable[[Callable[P, R]], Task[P, R]] = shared_task(**options)
    return decorator


RETRY: dict[str, Any] = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError, InterfaceError, ConnectionError),
    "retry_backoff": 1,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
    "ignore_result": True,
}

FALLBACK_BOT = "greedy"  # a millisecond a move


@task(
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
        log.warning(
            "bot move of game %s at seq %s overran its soft time limit (%ss): %s plays it",
            game_id,
            seq,
            settings.GTR_BOT_SOFT_TIME_LIMIT,
            FALLBACK_BOT,
        )
        return automatic.automatic_move_play(game_id=game_id, seq=seq, bot=FALLBACK_BOT)


@task(**RETRY)
def expire_deadline(game_id: int, seq: int) -> str:
    """The deadline of the decision at `seq`: the seat's timeout policy, once. Arriving before
    the deadline (a deadline beyond the horizon), it schedules itself again."""
    outcome = automatic.deadline_expire(game_id=game_id, seq=seq)
    if outcome == "early":
        deadline = selectors.deadline_of(game_id, seq)
        if deadline is not None:
            deadline_schedule(game_id, seq, deadline)
    return outcome


@task(**RETRY)
def sweep() -> int:
    """Celery beat's periodic safety net: queue a task for every overdue deadline and every
    automatic decision left waiting (its task was lost), so a lost message cannot stall a game.
    Returns how many were queued."""
    late, stuck = selectors.games_due()
    for game_id, seq in late:
        expire_deadline.delay(game_id, seq)
    for game_id, seq in stuck:
        play_automatic_turn.delay(game_id, seq)
    health.record(health.SWEEP, queued=len(late) + len(stuck))
    return len(late) + len(stuck)


@task(**RETRY)
def deliver_webhook(delivery_id: int) -> str:
    """One attempt of a webhook delivery (if it is due and no other attempt holds it)."""
    return deliveries.delivery_attempt(delivery_id)


@task(**RETRY)
def webhooks_sweep() -> int:
    """Beat's safety net for webhook deliveries whose task is late or lost."""
    return deliveries.webhooks_sweep()


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


def on_committed(sender: Any, *, event: Event, **_: Any) -> None:
    """After a commit: the server's move when an automatic seat's decision began, a deadline task
    when a person's decision with a clock began."""
    if not event.turn_began:
        return
    if event.automatic:
        automatic_turn_schedule(event.game_id, event.seq)
    elif event.deadline is not None:
        deadline_schedule(event.game_id, event.seq, event.deadline)


def _eager() -> bool:
    return bool(current_app.conf.task_always_eager)


def automatic_turn_schedule(game_id: int, seq: int) -> None:
    if _eager():  # in-process: a loop, not one nested task per move
        automatic.automatic_turns_play(game_id=game_id, seq=seq)
    else:
        play_automatic_turn.delay(game_id, seq)


def deadline_schedule(game_id: int, seq: int, deadline: datetime) -> None:
    """A task at the deadline, or at the horizon when that is sooner (it reschedules itself):
    Redis redelivers a message held longer than its visibility timeout, so none is held that
    long."""
    if _eager():
        return
    horizon = timezone.now() + timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
    expire_deadline.apply_async((game_id, seq), eta=min(deadline, horizon))
