"""What a tournament does after a game's commit (connected in TournamentsConfig.ready).

A tournament game that ended may end its round; a timeout may remove its entrant. Receivers
never raise: a failure is logged, the committed move stands, and the beat sweep tries again."""

from __future__ import annotations

import logging
from typing import Any

from games.events import commit
from games.models import Move

from .models import Table
from .services import entries, rounds

log = logging.getLogger(__name__)


def on_committed(sender: Any, *, event: commit.Event, **_: Any) -> None:
    if event.kind != commit.MOVED or not (event.finished or event.actor == Move.Actor.TIMEOUT):
        return
    table = Table.objects.filter(game_id=event.game_id).values_list("round__tournament_id")
    found = table.first()
    if found is None:
        return
    try:
        if event.actor == Move.Actor.TIMEOUT:
            entries.timeouts_check(event.game_id)
        if event.finished:
            rounds.round_next(found[0])
    except Exception:
        log.exception("tournament %s: after %s", found[0], event)
