"""The Celery app. Without REDIS_URL tasks run eagerly in-process (settings), so the embedded
default needs no broker; production points REDIS_URL at Redis and runs workers."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")

app = Celery("gtr_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
