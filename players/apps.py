"""Accounts use Django's own user admin; API tokens (django-rest-knox) are listed by its admin.
`ready` connects the e-mail side to the events the game service publishes after each commit
(games.events.commit) and to anymail's inbound signal."""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self) -> None:
        from anymail.signals import inbound

        from games.events.commit import committed
        from games.words import language
        from players.mail import preferences, receivers

        language.register(preferences.stored_language)

        committed.connect(receivers.on_committed, dispatch_uid="players.committed")
        inbound.connect(receivers.on_inbound, dispatch_uid="players.inbound")
