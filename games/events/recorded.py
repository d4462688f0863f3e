"""What a write recorded, held on the game until the service publishes it.

The service publishes with games.events.commit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.models import AccountEvent, Game, GameEvent
from games.store.rows import insert


@dataclass
class Recorded:
    """What a write recorded since the game's events were last published.

    Its game events are numbered from `first` to the game's `last_event`.
    It also holds feed events and webhook deliveries.
    """

    first: int | None = None
    events: list[GameEvent] = field(default_factory=list)  # written by `drain`
    feed: list[AccountEvent] = field(default_factory=list)
    deliveries: list[int] = field(default_factory=list)  # WebhookDelivery ids
    # Feed events for an account's other channels (games.events.feeds.CHANNELS): (name, id).
    channels: list[tuple[str, int]] = field(default_factory=list)
    last_event_saved: bool = True  # the game's row has its `last_event`


def of(game: Game) -> Recorded:
    rec: Recorded | None = getattr(game, "_story", None)
    if rec is None:
        rec = game._story = Recorded()  # type: ignore[attr-defined]  # ours, not a field
    return rec


def drain(game: Game) -> Recorded:
    """Returns what was recorded for `game` since the last call.

    Its game events are written in one statement.
    The game's `last_event` is saved, unless the game's own save did that.
    `games.events.commit.publish_on_commit` calls this inside the transaction.
    """
    rec = of(game)
    game._story = Recorded()  # type: ignore[attr-defined]  # ours, not a field of Game's
    if rec.events:
        insert(rec.events)
    if not rec.last_event_saved:
        Game.objects.filter(pk=game.pk).update(last_event=game.last_event)
    return rec


def last_event_saved(game: Game) -> None:
    """Notes that the game was just saved with its `last_event`.

    So no statement of its own is needed.
    """
    of(game).last_event_saved = True
