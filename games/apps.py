"""The game service. `ready` connects the Celery side (`games.tasks.on_committed`: the server's
moves and deadline tasks) to the events the services publish after each commit."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from . import events, tasks

        events.committed.connect(tasks.on_committed, dispatch_uid="games.tasks")
