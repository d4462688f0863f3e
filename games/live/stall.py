"""A worker that takes no task while tasks wait for it reconnects to the broker.

kombu's Redis transport can lose its consumer's place in the worker's event loop when Redis
restarts twice within seconds (celery/celery#8030, celery/kombu#2629): the worker lives, writes
its heartbeat, logs nothing, and never takes a task again while beat and the web processes go on
queueing. The heartbeat thread (health.py) calls `check` every heartbeat. When the worker runs
no task, has taken none for GTR_WORKER_STALL_SECONDS, and the broker holds tasks, it logs an
error and raises a connection error inside the worker's event loop: the consumer reconnects as
after any outage, and takes the waiting tasks.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import current_app
from celery.signals import task_received, worker_ready
from celery.worker import state
from django.conf import settings

log = logging.getLogger(__name__)

_consumer: list[Any] = []  # this worker's consumer, once it is ready
_last_taken = [time.monotonic()]


@worker_ready.connect
def _ready(sender: Any, **_: Any) -> None:
    _consumer[:] = [sender]
    _last_taken[0] = time.monotonic()


@task_received.connect
def _taken(**_: Any) -> None:
    _last_taken[0] = time.monotonic()


def queued(conn: Any, queue: str) -> int:
    """Returns the number of tasks waiting in the broker, not yet taken by a worker."""
    try:
        return int(conn.default_channel.queue_declare(queue=queue, passive=True).message_count)
    except conn.channel_errors:
        return 0  # Redis: an empty queue does not exist


def waiting_tasks() -> int:
    """The tasks waiting in the broker for a worker."""
    with current_app.connection_for_read() as conn:
        return queued(conn, current_app.conf.task_default_queue)


def check() -> bool:
    """Reconnects this worker's consumer if it has stopped taking tasks; returns whether it did.
    Only on Redis: the embedded broker polls its folder and has no such failure."""
    if not settings.REDIS_URL or not _consumer or state.active_requests:
        return False
    idle = time.monotonic() - _last_taken[0]
    if idle < settings.GTR_WORKER_STALL_SECONDS:
        return False
    waiting = waiting_tasks()
    if not waiting:
        return False
    hub = getattr(_consumer[0], "hub", None)
    if hub is None:
        return False
    log.error(
        "this worker has taken no task for %.0f s while %d wait in the broker: reconnecting",
        idle,
        waiting,
    )
    _last_taken[0] = time.monotonic()  # give the reconnection its time
    hub.call_soon(_reconnect)
    return True


def _reconnect() -> None:
    """Run in the worker's event loop: Celery's consumer takes it for a lost connection."""
    raise ConnectionError("no task taken while tasks waited: reconnecting to the broker")
