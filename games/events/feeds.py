"""The accounts' feeds: your turn, an invitation, a game of yours started or finished.

Feed events are numbered per account.
Each event gets a delivery for each of the account's webhooks that wants it.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def notify(
    user_ids: Iterable[int], game: Game | None, kind: str, /, **data: Any
) -> tuple[list[AccountEvent], list[int]]:
    """Add an event to each account's feed.

    Events are numbered per account.
    The feed rows are locked in account order, after the game's row.
    So two transactions never wait on each other in a circle.
    Each event gets a delivery for each active webhook of the account that wants it.
    Returns the rows and the deliveries' ids.
    With a game they ride on the game's next published event.
    Without one the caller publishes them (games.events.commit.publish_feed_on_commit).
    """
    users = sorted(set(user_ids))
    if not users:
        return [], []
    now = timezone.now()
    payload = {"type": kind, **({"game": game.pk} if game else {}), **data}
    rows, hooked = [], []
    for u in users:
        number, has_hooks = _next_number(u)
        row = AccountEvent(
            user_id=u, number=number, game=game, type=kind, data=dict(payload), created=now
        )
        rows.append(row)
        if has_hooks:
            hooked.append(row)
    insert(rows)
    deliveries = _deliveries(hooked) if hooked else []
    if game is not None:
        rec = recorded.of(game)
        rec.feed += rows
        rec.deliveries += deliveries
    return rows, deliveries


def _next_number(user_id: int) -> tuple[int, bool]:
    """Returns the next number of an account's feed, and whether it has an active webhook.

    The upsert locks the feed's row until commit.
    The same statement asks about webhooks.
    Most accounts have none, and then no webhook is looked up.
    """
    table = "games_accountfeed"
    hooks = "SELECT 1 FROM games_webhook WHERE games_webhook.user_id = %s AND games_webhook.active"
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (user_id, last) VALUES (%s, 1) "
            f"ON CONFLICT (user_id) DO UPDATE SET last = {table}.last + 1 "
            f"RETURNING last, EXISTS ({hooks})",
            [user_id, user_id],
        )
        last, has_hooks = cursor.fetchone()
        return int(last), bool(has_hooks)


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
