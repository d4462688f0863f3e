"""The Celery app. Its broker is Redis when REDIS_URL is set, otherwise the embedded broker
(gtr_api.broker, registered here as `embedded://`): message files under var/celery/."""

import os

from celery import Celery

import gtr_api.broker  # noqa: F401  (registers the embedded:// transport)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")

app = Celery("gtr_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
