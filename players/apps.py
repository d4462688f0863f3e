"""Accounts use Django's own user admin; API tokens (django-rest-knox) are listed by its admin.
`ready` connects the e-mail side to the game service's signals and to anymail's inbound signal."""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self) -> None:
        from anymail.signals import inbound
        from django.db.models.signals import post_save

        from games.models import Move
        from games.signals import game_finished, turn_started

        from . import receivers

        turn_started.connect(receivers.on_turn_started, dispatch_uid="players.turn_started")
        game_finished.connect(receivers.on_game_finished, dispatch_uid="players.game_finished")
        inbound.connect(receivers.on_inbound, dispatch_uid="players.inbound")
        post_save.connect(receivers.on_move_saved, sender=Move, dispatch_uid="players.timeout")
