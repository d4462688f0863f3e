from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from . import health  # noqa: F401  (the worker's heartbeat and beat's first sweep)
