"""The game service. `ready` connects to the events the services publish after each commit the
live side (`games.live.fanout.on_committed`: event streams, webhooks) and the Celery side
(`games.tasks.on_committed`: the server's moves and deadline tasks)."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from games.events import commit
        from games.live import fanout

        from . import tasks

        # The story first: streams hear of a move before in-process bots play the next ones.
        commit.committed.connect(fanout.on_committed, dispatch_uid="games.live.fanout")
        commit.committed.connect(tasks.on_committed, dispatch_uid="games.tasks")
