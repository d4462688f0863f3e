"""After a commit, what the write recorded goes to the live side.

The events go to the hub's streams and long polls (games.live.hub).
The deliveries go to their tasks (games.live.deliveries).
`on_committed` receives games.events.commit.committed, connected in games.apps.
"""

from __future__ import annotations

import logging
from typing import Any

from games.events.commit import LEFT
from games.live import messages
from games.models import AccountEvent, GameEvent, Seat

from . import deliveries, hub

log = logging.getLogger(__name__)


def on_committed(sender: Any, *, event: Any, **_: Any) -> None:
    """Sends the write's events to the hub, and queues its webhook deliveries.

    A seat given up closes the streams of its old token.
    Never raises.
    Subscribers make good a lost message from the database.
    The sweep finds a delivery that was not queued.
    """
    try:
        for channel, message in messages.hub_messages(*_rows(event)):
            hub.publish(channel, message)
        if event.kind == LEFT:
            seat = Seat.objects.filter(game_id=event.game_id, position=event.seat).first()
            if seat is not None:
                hub.revoke(seat.pk)
        deliveries.deliveries_schedule(list(event.deliveries))
    except Exception:
        log.exception("could not publish the events of %s", event)


def _rows(event: Any) -> tuple[list[GameEvent], list[AccountEvent]]:
    """Returns the write's game and feed events.

    In this process they are the rows carried on the event.
    An event built elsewhere carries none, so they are read back by their numbers.
    """
    game_rows = list(event.game_rows)
    if event.story is not None and not game_rows:
        first, last = event.story
        game_rows = list(
            GameEvent.objects.filter(game_id=event.game_id, number__range=(first, last))
        )
    feed_rows = list(event.feed_rows)
    if event.feed and not feed_rows:
        feed_rows = list(AccountEvent.objects.filter(pk__in=event.feed))
    return game_rows, feed_rows
