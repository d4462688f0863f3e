"""Celery tasks, and the receiver that schedules them after each commit.

The tasks are adapters: they take ids and call a service (games.services.automatic,
games.live.deliveries). The app connects `on_committed` to `games.events.commit.committed`.

A game's task names the game and the `seq` it was scheduled for. The service does nothing if
the game has moved on. So late, duplicate or concurrent delivery is harmless. With `acks_late`, a
task whose worker dies is delivered again. Database hiccups are retried with exponential backoff.

The test suite runs with `task_always_eager` (GTR_CELERY_EAGER=1). Then the server's moves are
played in-process right after the commit. No deadline task is scheduled: the sweep, or a test,
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
from games.services import automatic, challenges, pauses, ratings, rematch, seeks

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

FALLBACK_BOT = automatic.FALLBACK_BOT


@task(
    **RETRY,
    soft_time_limit=settings.GTR_BOT_SOFT_TIME_LIMIT,
    time_limit=settings.GTR_BOT_SOFT_TIME_LIMIT + settings.GTR_BOT_HARD_MARGIN,
)
def play_automatic_turn(game_id: int, seq: int) -> bool:
    """Plays the server's move at `seq`.

    The mover is a bot, a resigned seat, or a bot standing in. If a bot overruns the soft time
    limit, the greedy bot plays this move instead. A prefork worker enforces the limit. The
    overrun is logged. A game never waits on a stuck search."""
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
    """Applies the seat's timeout policy, once, at the deadline of the decision at `seq`.

    A deadline beyond the horizon makes the task arrive early. It then schedules itself again."""
    outcome = automatic.deadline_expire(game_id=game_id, seq=seq)
    if outcome == "early":
        deadline = selectors.deadline_of(game_id, seq)
        if deadline is not None:
            deadline_schedule(game_id, seq, deadline)
    return outcome


@task(**RETRY)
def sweep() -> int:
    """Celery beat's periodic safety net, so a lost message cannot stall a game.

    It queues a task for every overdue deadline. It queues one for every automatic decision left
    waiting, whose task was lost. Returns how many were queued."""
    pauses.proposals_expire()  # tidying: proposals to pause that nobody answered in time
    pauses.pauses_end()  # pauses whose end passed: the tables hear that they run again
    people_sweep()
    ratings.ratings_sweep()  # rated games whose rating failed at their end
    late, stuck = selectors.games_due()
    for game_id, seq in late:
        expire_deadline.delay(game_id, seq)
    for game_id, seq in stuck:
        play_automatic_turn.delay(game_id, seq)
    health.record(health.SWEEP, queued=len(late) + len(stuck))
    return len(late) + len(stuck)


def people_sweep() -> None:
    """Challenges, seeks and rematch offers whose time is up; seeks due for their bots; seeks
    that a lost pairing left open (docs/community.md)."""
    challenges.challenges_expire()
    seeks.seeks_sweep()
    rematch.rematches_expire()


@task(**RETRY)
def deliver_webhook(delivery_id: int) -> str:
    """One attempt of a webhook delivery.

    Nothing happens unless it is due and no other attempt holds it."""
    return deliveries.delivery_attempt(delivery_id)


@task(**RETRY)
def webhooks_sweep() -> int:
    """Beat's safety net for webhook deliveries whose task is late or lost."""
    return deliveries.webhooks_sweep()


@beat_init.connect
def sweep_at_start(**_: Any) -> None:
    """Sweeps as soon as beat starts, to catch up after downtime.

    Otherwise the first sweep would wait a whole interval."""
    for attempt in range(3):
        try:
            sweep.delay()
            return
        except Exception as exc:  # The broker may not be up yet. The schedule sends it later.
            log.warning("Could not send the first sweep (%s)", exc)
            time.sleep(2**attempt)


def on_committed(sender: Any, *, event: Event, **_: Any) -> None:
    """Schedules what a commit calls for.

    When an automatic seat's decision began, that is the server's move. When a person's decision
    with a clock began, it is a deadline task. So is a deadline that time off moved (a pause,
    a vacation, playing hours): a task already queued for the old one arrives early or late, and
    does nothing but schedule itself again, or see the game moved on."""
    if event.clock_moved and not event.automatic and event.deadline is not None:
        deadline_schedule(event.game_id, event.seq, event.deadline)
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
    """Schedules a task at the deadline, or at the horizon if that is sooner.

    A task at the horizon reschedules itself. Redis redelivers a message held longer than its
    visibility timeout. So no message is held that long."""
    if _eager():
        return
    horizon = timezone.now() + timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
    expire_deadline.apply_async((game_id, seq), eta=min(deadline, horizon))
