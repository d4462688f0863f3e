"""After a committed write: push "your turn" to the browsers of the account whose decision began.

The account feed's own statement said which accounts have a push subscription
(games.events.feeds.CHANNELS, registered in `PlayersConfig.ready`), so a move costs no query
more here, and no task goes when nobody subscribed.
"""

from __future__ import annotations

import logging
from typing import Any

from games.events import commit

from . import tasks

log = logging.getLogger(__name__)

CHANNEL = "push"
# The SQL that says whether an account has a subscription (players.models.PushSubscription).
EXISTS = "SELECT 1 FROM players_pushsubscription WHERE players_pushsubscription.user_id = %s"


def on_committed(sender: Any, *, event: commit.Event, **_: Any) -> None:
    """Queues a push for each "your turn" feed event of an account with a subscription."""
    wanted = {pk for channel, pk in event.channels if channel == CHANNEL}
    for row in event.feed_rows:
        if row.pk not in wanted or row.type != "your_turn" or row.game_id is None:
            continue
        try:
            args = (row.user_id, row.game_id, row.data["seq"], row.data["seat"])
            tasks.push_turn.apply_async(args=args)  # the task is bound: `delay` types `self`
        except Exception:
            log.exception("queueing the push of %s failed", row.pk)
