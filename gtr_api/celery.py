"""The Celery app, configured from the Django settings (`CELERY_*`). With REDIS_URL the broker is
Redis (production); without it, the embedded broker (gtr_api.broker, registered here as
`embedded://`): message files under var/celery/, so the embedded default needs no broker server
and still runs a real worker (`make run`). Tasks run eagerly in-process only with
GTR_CELERY_EAGER=1, or where `task_always_eager` is set (tests/conftest.py sets it for every test
but tests/async_play's)."""

import os

from celery import Celery

import gtr_api.broker  # noqa: F401  (registers the embedded:// transport)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")

app = Celery("gtr_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
