"""The tournaments app.

`ready` connects its receiver to what the game service publishes after each commit: a
tournament's round moves on when its last game ends, and an entrant is removed after too many
timeouts (tournaments.receivers)."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from games.events.commit import committed

        from . import receivers

        committed.connect(receivers.on_committed, dispatch_uid="tournaments.committed")
