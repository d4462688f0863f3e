"""The Celery app, configured from the Django settings (`CELERY_*`).

With REDIS_URL the broker is Redis, as in production. Without it, the broker is the embedded one
(gtr_api.broker, registered here as `embedded://`). It keeps message files under var/celery/. It
needs no broker server, yet `make run` still runs a real worker.

Tasks run eagerly in-process only with GTR_CELERY_EAGER=1 or `task_always_eager`. The tests set it
in tests/conftest.py, except for tests/async_play.
"""

import os
from typing import Any

from celery import Celery, Task, signals
from django import db

import gtr_api.broker  # noqa: F401  (registers the embedded:// transport)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")

app = Celery("gtr_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _connections_kept(task: Task, **_: Any) -> None:
    """A worker keeps its database connection from task to task, as long as Django keeps a
    request's (CONN_MAX_AGE), and drops it after an error that left it unusable.

    Celery's Django fix-up would close it before and after every task (unless
    CELERY_DB_REUSE_MAX, set in the settings): a new PostgreSQL connection for every bot move,
    a fifth of a worker process's time. Eager tasks run inside the caller's transaction: left
    alone."""
    if not task.request.is_eager:
        db.close_old_connections()
