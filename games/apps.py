"""The game service's app config.

`ready` connects two receivers to what the services publish after each commit. The live side,
`games.live.fanout.on_committed`, feeds event streams and webhooks. The Celery side,
`games.tasks.on_committed`, schedules the server's moves and deadline tasks."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from games.events import commit
        from games.live import fanout

        from . import tasks

        # The story first. Streams then hear of a move before in-process bots play the next ones.
        commit.committed.connect(fanout.on_committed, dispatch_uid="games.live.fanout")
        commit.committed.connect(tasks.on_committed, dispatch_uid="games.tasks")
