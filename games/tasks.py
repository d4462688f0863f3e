"""Celery tasks: adapters that take ids and call a service. Each names the game and the `seq` it
was scheduled for and does nothing if the game has moved on, so late or duplicate delivery is
harmless."""

from celery import shared_task

from . import services


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def play_automatic_turns(game_id: int, seq: int) -> int:
    return services.automatic_turns_play(game_id=game_id, seq=seq)
