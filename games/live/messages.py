"""Hub messages: a write's events as the hub carries them (games.live.hub).

Also the database listener's reads of the rows added since it last looked.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from games.events.feeds import account_rendered
from games.models import AccountEvent, GameEvent


def stored(event: GameEvent) -> dict[str, Any]:
    """Returns a game event as the hub carries it.

    It holds every viewer's rendering. Subscribers render it for their viewer.
    """
    return {
        "number": event.number,
        "game": event.game_id,
        "seq": event.seq,
        "type": event.type,
        "public": event.public,
        "private": event.private,
        "created": event.created.isoformat(),
    }


def from_stored(data: dict[str, Any]) -> GameEvent:

    return GameEvent(
        number=data["number"],
        game_id=data["game"],
        seq=data["seq"],
        type=data["type"],
        public=data["public"],
        private=data["private"],
        created=datetime.fromisoformat(data["created"]),
    )


def hub_messages(
    game_rows: list[GameEvent], feed_rows: list[AccountEvent]
) -> list[tuple[str, dict[str, Any]]]:
    """Returns one message per game and per account touched, with its new events in order."""
    games: dict[int, list[dict[str, Any]]] = {}
    for event in sorted(game_rows, key=lambda e: (e.game_id, e.number)):
        games.setdefault(event.game_id, []).append(stored(event))
    users: dict[int, list[dict[str, Any]]] = {}
    for feed in sorted(feed_rows, key=lambda e: (e.user_id, e.number)):
        users.setdefault(feed.user_id, []).append(
            {"number": feed.number, "event": account_rendered(feed)}
        )
    return [(f"game:{g}", {"events": events}) for g, events in games.items()] + [
        (f"user:{u}", {"events": events}) for u, events in users.items()
    ]


def latest_ids() -> tuple[int, int]:
    """Returns the ids of the newest game and feed event rows.

    The database listener (games.live.hub) starts there.
    """
    game = GameEvent.objects.order_by("-id").values_list("id", flat=True).first()
    feed = AccountEvent.objects.order_by("-id").values_list("id", flat=True).first()
    return game or 0, feed or 0


POLL_BATCH = 1000


def since_ids(
    cursors: tuple[int, int],
) -> tuple[tuple[int, int], list[tuple[str, dict[str, Any]]]]:
    """Returns the new cursors, and hub messages of the rows added since `cursors`.

    `cursors` are as `latest_ids` returns them.
    On SQLite rows are added in commit order: there is one writer at a time.
    """
    game_rows = list(GameEvent.objects.filter(id__gt=cursors[0]).order_by("id")[:POLL_BATCH])
    feed_rows = list(AccountEvent.objects.filter(id__gt=cursors[1]).order_by("id")[:POLL_BATCH])
    new = (
        game_rows[-1].pk if game_rows else cursors[0],
        feed_rows[-1].pk if feed_rows else cursors[1],
    )
    return new, hub_messages(game_rows, feed_rows)
