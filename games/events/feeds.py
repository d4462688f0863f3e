"""The accounts' feeds: your turn, an invitation, a game of yours started or finished.

Feed events are numbered per account.
Each event gets a delivery for each of the account's webhooks that wants it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from games.events import recorded
from games.models import AccountEvent, Game, Seat, Webhook, WebhookDelivery
from games.store.rows import insert


def invitations(game: Game) -> None:
    """Puts each invitation in the feed of the account that owns the invited address."""
    by = game.creator.get_username() if game.creator is not None else None
    User = get_user_model()
    for seat in Seat.objects.filter(game=game, kind=Seat.Kind.INVITED):
        invited = User.objects.filter(email__iexact=seat.email).values_list("pk", flat=True)
        notify(invited, game, "invited", seat=seat.position, by=by)


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


@dataclass(frozen=True)
class Told:
    """What `notify` wrote: the feed rows, their webhook deliveries' ids, and the other
    channels to tell, as (channel, feed event id)."""

    rows: list[AccountEvent]
    deliveries: list[int]
    channels: list[tuple[str, int]]


def notify(user_ids: Iterable[int], game: Game | None, kind: str, /, **data: Any) -> Told:
    """Add an event to each account's feed.

    Events are numbered per account.
    The feed rows are locked in account order, after the game's row.
    So two transactions never wait on each other in a circle.
    Each event gets a delivery for each active webhook of the account that wants it.
    With a game they ride on the game's next published event.
    Without one the caller publishes them (games.events.commit.publish_feed_on_commit).
    """
    users = sorted(set(user_ids))
    if not users:
        return Told([], [], [])
    now = timezone.now()
    payload = {"type": kind, **({"game": game.pk} if game else {}), **data}
    rows, hooked = [], []
    told: list[tuple[str, AccountEvent]] = []
    for u in users:
        number, has_hooks, other_channels = _next_number(u)
        row = AccountEvent(
            user_id=u, number=number, game=game, type=kind, data=dict(payload), created=now
        )
        rows.append(row)
        if has_hooks:
            hooked.append(row)
        told += [(channel, row) for channel in sorted(other_channels)]
    insert(rows)
    channels = [(channel, row.pk) for channel, row in told]
    deliveries = _deliveries(hooked) if hooked else []
    if game is not None:
        rec = recorded.of(game)
        rec.feed += rows
        rec.deliveries += deliveries
        rec.channels += channels
    return Told(rows, deliveries, channels)


# Other ways an account hears of its feed, kept by the apps above this one: a name, and the
# SQL that says whether an account has one (`SELECT 1 FROM ... WHERE user_id = %s`). The
# players app registers its browsers' push subscriptions (players/push). The feed's own
# statement asks, so a move costs no statement more.
CHANNELS: dict[str, str] = {}


def register_channel(name: str, exists_sql: str) -> None:
    CHANNELS[name] = exists_sql


def _next_number(user_id: int) -> tuple[int, bool, set[str]]:
    """Returns the next number of an account's feed, whether it has an active webhook, and the
    other channels it has (`CHANNELS`).

    The upsert locks the feed's row until commit.
    The same statement asks about webhooks and the channels.
    Most accounts have none, and then no webhook is looked up.
    """
    table = "games_accountfeed"
    hooks = "SELECT 1 FROM games_webhook WHERE games_webhook.user_id = %s AND games_webhook.active"
    names = sorted(CHANNELS)
    extra = "".join(f", EXISTS ({CHANNELS[name]})" for name in names)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (user_id, last) VALUES (%s, 1) "
            f"ON CONFLICT (user_id) DO UPDATE SET last = {table}.last + 1 "
            f"RETURNING last, EXISTS ({hooks}){extra}",
            [user_id, user_id] + [user_id] * len(names),
        )
        last, has_hooks, *has = cursor.fetchone()
        return (
            int(last),
            bool(has_hooks),
            {name for name, yes in zip(names, has, strict=True) if yes},
        )


def _deliveries(rows: list[AccountEvent]) -> list[int]:
    """Creates a delivery of each row for each active webhook that wants it.

    Returns the ids of the deliveries.
    """
    by_user: dict[int, list[AccountEvent]] = {}
    for row in rows:
        by_user.setdefault(row.user_id, []).append(row)
    hooks = Webhook.objects.filter(user_id__in=list(by_user), active=True)
    new = [
        WebhookDelivery(hook=hook, event=row)
        for hook in hooks
        for row in by_user[hook.user_id]
        if hook.game_id is None or hook.game_id == row.game_id
    ]
    return [d.pk for d in WebhookDelivery.objects.bulk_create(new)]


def account_rendered(event: AccountEvent) -> dict[str, Any]:
    """Returns a feed event as its account and its webhooks receive it."""
    return {
        "id": event.number,
        "time": iso(event.created),
        **event.data,
    }
