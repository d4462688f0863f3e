"""Is the whole server working? The checks behind `GET /api/health/`.

The background processes write heartbeats, and the checks read them.
See docs/async.md, "Seeing it".

- database: a query answers.
- broker: a connection to the Celery broker opens.
  Staff also see how many tasks wait in it.
- worker: a worker wrote its heartbeat less than 3 times GTR_HEARTBEAT_SECONDS ago.
  A thread in each worker's main process writes `worker:<hostname>`.
  It writes every GTR_HEARTBEAT_SECONDS, from the moment the worker is ready.
  It writes even while the broker is away, which shows as the broker being down.
- beat: the sweep ran less than 2 times GTR_SWEEP_SECONDS + 30 s ago.
  games.tasks.sweep records it.
  Beat sends the sweep and a worker runs it.
  So this proves the whole loop that catches up on overdue bot moves, deadlines and mails.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery import current_app
from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from games.models import Heartbeat

from . import stall

log = logging.getLogger(__name__)
CHECKS = ("database", "broker", "worker", "beat")
SWEEP = "sweep"
WORKER = "worker:"
# A worker with an older last heartbeat is no longer listed: renamed or retired.
FORGET_AFTER = timedelta(days=1)


def record(name: str, **info: Any) -> None:
    Heartbeat.objects.update_or_create(name=name, defaults={"at": timezone.now(), "info": info})


# The checks ------------------------------------------------------------------------------------


def check_database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        return {"up": False, "error": str(exc)[:300]}
    return {"up": True, "vendor": connection.vendor}


def check_broker() -> dict[str, Any]:
    app = current_app  # the project's Celery app
    try:
        with app.connection_for_read() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=3)
            queued = stall.queued(conn, app.conf.task_default_queue)
            return {"up": True, "transport": conn.transport_cls, "queued": queued}
    except Exception as exc:  # any failure is "down", with the reason for staff
        return {"up": False, "error": f"{type(exc).__name__}: {exc}"[:300]}


def check_worker(db: dict[str, Any]) -> dict[str, Any]:
    if not db["up"]:
        return {"up": False, "error": "the database is down: heartbeats cannot be read"}
    now = timezone.now()
    fresh = timedelta(seconds=3 * settings.GTR_HEARTBEAT_SECONDS)
    workers = [
        {
            "name": b.name.removeprefix(WORKER),
            "age_seconds": round((now - b.at).total_seconds(), 1),
            "up": now - b.at < fresh and not b.info.get("stopped"),
            **b.info,
        }
        for b in Heartbeat.objects.filter(name__startswith=WORKER, at__gte=now - FORGET_AFTER)
    ]
    return {"up": any(w["up"] for w in workers), "workers": workers}


def check_beat(db: dict[str, Any]) -> dict[str, Any]:
    if not db["up"]:
        return {"up": False, "error": "the database is down: heartbeats cannot be read"}
    sweep = Heartbeat.objects.filter(name=SWEEP).first()
    if sweep is None:
        return {"up": False, "error": "the sweep has never run"}
    age = (timezone.now() - sweep.at).total_seconds()
    limit = 2 * settings.GTR_SWEEP_SECONDS + 30
    return {"up": age < limit, "sweep_ran": sweep.at, "age_seconds": round(age, 1), **sweep.info}


def health(only: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Runs each check named in `only` (default: all).

    Each result has `up` and its details.
    """
    wanted = only or list(CHECKS)
    db = check_database()
    run: dict[str, Callable[[], dict[str, Any]]] = {
        "database": lambda: db,
        "broker": check_broker,
        "worker": lambda: check_worker(db),
        "beat": lambda: check_beat(db),
    }
    return {name: run[name]() for name in CHECKS if name in wanted}


# The worker's heartbeat ---------------------------------------------------------------------------

_stop = threading.Event()
_name: list[str] = []  # this worker's heartbeat name, once it is ready


def _heartbeat_forever(name: str, info: dict[str, Any]) -> None:
    while True:
        try:
            record(name, **info)
        except DatabaseError as exc:
            log.warning("Cannot write the worker heartbeat (%s); trying again", exc)
            connection.close()  # the database may have restarted: reconnect next time
        try:
            stall.check()
        except Exception as exc:  # the broker away: the consumer reconnects by itself then
            log.warning("Cannot see whether this worker takes tasks (%s)", exc)
        if _stop.wait(settings.GTR_HEARTBEAT_SECONDS):
            return


@worker_ready.connect
def _start_heartbeat(sender: Any, **_: Any) -> None:
    info = {"pid": os.getpid(), "started": timezone.now()}
    name = f"{WORKER}{sender.hostname}"
    _name[:] = [name]
    _stop.clear()
    threading.Thread(
        target=_heartbeat_forever, args=(name, info), name="heartbeat", daemon=True
    ).start()


@worker_shutdown.connect
def _stop_heartbeat(**_: Any) -> None:
    """A worker that stops cleanly says so.

    Then the health check need not wait for its heartbeat to go stale.
    """
    _stop.set()
    if not _name:
        return
    try:
        beat = Heartbeat.objects.filter(name=_name[0]).first()
        if beat is not None:
            record(_name[0], **{**beat.info, "stopped": timezone.now()})
    except DatabaseError:
        pass  # the heartbeat simply goes stale
    finally:
        connection.close()
