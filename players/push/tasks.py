"""The Celery task that sends "your turn" to an account's browsers (players.push.services)."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings

from games.tasks import task

from . import services

log = logging.getLogger(__name__)


@task(name="players.push_turn", bind=True, acks_late=True, ignore_result=True)
def push_turn(
    self: Any, user_id: int, game_id: int, seq: int, position: int, only: list[int] | None = None
) -> int:
    """Pushes to every browser of the account; those that failed are tried again, alone,
    with a growing delay, GTR_PUSH_ATTEMPTS times in all. Returns how many are left failing."""
    failed = services.turn_push(
        user_id=user_id, game_id=game_id, seq=seq, position=position, only=only
    )
    if failed and self.request.retries + 1 < settings.GTR_PUSH_ATTEMPTS:
        countdown = 10 * 3**self.request.retries
        kwargs = {"user_id": user_id, "game_id": game_id, "seq": seq, "position": position}
        raise self.retry(kwargs={**kwargs, "only": failed}, args=(), countdown=countdown)
    if failed:
        log.error("push to subscriptions %s for game %s given up", failed, game_id)
    return len(failed)
