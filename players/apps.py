"""The players app: accounts and the e-mail side.

`ready` connects the e-mail side to two signals. One is the events the game service publishes
after each commit (games.events.commit). The other is anymail's inbound signal.
"""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self) -> None:
        from anymail.signals import inbound

        from games.events import feeds
        from games.events.commit import committed
        from games.services import botseats
        from games.words import language
        from players.bots import services as bots
        from players.mail import preferences, receivers, webhooks  # noqa: F401 (its check)
        from players.push import receivers as push

        language.register(preferences.stored_language)
        botseats.register(bots.is_bot, bots.refusal, bots.connected)
        feeds.register_channel(push.CHANNEL, push.EXISTS)

        committed.connect(receivers.on_committed, dispatch_uid="players.committed")
        committed.connect(push.on_committed, dispatch_uid="players.push")
        inbound.connect(receivers.on_inbound, dispatch_uid="players.inbound")
