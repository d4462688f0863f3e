"""The Celery app the worker tests start: the project's own app (`gtr_api.celery`), and, when
GTR_TEST_PAUSE_FILE names a file holding "<game id> <seq>", a bot move that would become that seq
stops inside its transaction (after the lock and the engine, before the move is written) and
touches "<file>.reached", so a test can kill the worker in the middle of the move."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from celery.signals import worker_init

from gtr_api.celery import app

__all__ = ["app"]


@worker_init.connect
def _pause_hook(**_: Any) -> None:
    pause = os.environ.get("GTR_TEST_PAUSE_FILE")
    if not pause:
        return
    import django

    django.setup()
    from games.services import moves

    original = moves.move_append

    def move_append(
        game: Any, state: Any, seat: Any, action: Any, actor: str, seats: Any, **more: Any
    ) -> Any:
        target = Path(pause)
        wanted = target.read_text().split() if target.exists() else []
        if actor == "bot" and wanted == [str(game.pk), str(game.seq + 1)]:
            Path(f"{pause}.reached").touch()
            time.sleep(600)  # the test kills the worker now
        return original(game, state, seat, action, actor, seats, **more)

    moves.move_append = move_append
