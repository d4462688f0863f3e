"""The Celery app, configured from the Django settings (`CELERY_*`).

With REDIS_URL the broker is Redis, as in production. Without it, the broker is the embedded one
(gtr_api.broker, registered here as `embedded://`). It keeps message files under var/celery/. It
needs no broker server, yet `make run` still runs a real worker.

Tasks run eagerly in-process only with GTR_CELERY_EAGER=1 or `task_always_eager`. The tests set it
in tests/conftest.py, except for tests/async_play.
"""

import os

from celery import Celery

import gtr_api.broker  # noqa: F401  (registers the embedded:// transport)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")

app = Celery("gtr_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
