"""The Celery app the worker tests start: the project's own app (`gtr_api.celery`), and, when
GTR_TEST_PAUSE_FILE names a file holding "<game id> <seq>", a bot move that would become that seq
stops inside its transaction (after the lock and the engine, before the move is written) and
touches "<file>.reached", so a test can kill the worker in the middle of the move. With
GTR_TEST_LOSE_BROKER_READER set, the worker stops reading its tasks 3 s after it is ready."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Any

from celery.signals import worker_init, worker_ready

from gtr_api.celery import app

__all__ = ["app"]


@worker_ready.connect
def _lose_the_broker_reader(sender: Any, **_: Any) -> None:
    """With GTR_TEST_LOSE_BROKER_READER set, 3 s after it is ready the worker's event loop
    forgets the socket it reads tasks from, while kombu still counts it as registered: the
    fault of celery/kombu#2629. The worker then takes no task until it reconnects."""
    if not os.environ.get("GTR_TEST_LOSE_BROKER_READER"):
        return
    hub = sender.hub

    def lose() -> None:
        cycle = sender.connection.transport.cycle
        for fd in list(cycle._fd_to_chan):
            del cycle._fd_to_chan[fd]
            hub.remove_reader(fd)
        logging.getLogger(__name__).warning("test: the broker reader is forgotten")

    hub.call_later(3, lose)


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
