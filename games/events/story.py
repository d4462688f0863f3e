"""The game's story and the accounts' feeds (docs/events.md): recorded inside the transaction that
changes the game, published after its commit.

A game's events are what its moves did, as each viewer may see them (`engine.event_view`), and
the service's own: a decision begins, a seat joins or leaves, the game starts, a clock runs out, a
player resigns, surrenders or comes back. They are numbered per game without gaps under the game's
row lock (`Game.last_event`), so a client resumes exactly after the last one it saw. An account's
feed (your turn, an invitation, a game of yours started or finished) is numbered per account, and
each feed event makes a delivery for each of the account's webhooks that wants it.

Nothing here decides anything: the services say what happened and this module writes it down. Game
events are numbered when recorded and written in one statement when the service publishes
(`games.events.commit.publish` takes them with `drain`); the game's `last_event` is saved with the
game's own update where the service saves the game after recording (`turns.turn_next`), and by
`drain` otherwise. What a write recorded rides on the event the service publishes (as numbers: no
card, and the rows themselves for the receivers in this process), and after the commit
games.live.fanout hands the rows to the hub (games.live.hub) and the deliveries to the webhook tasks
(games.live.deliveries).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

import engine
from games.models import AccountEvent, Game, GameEvent, Seat, Webhook, WebhookDelivery
from games.store.rows import insert
from games.words import cardnames

log = logging.getLogger(__name__)

# The game events a person's seat hears about in its account feed, by game event type.
FEED_OF = {"started": "game_started", "cancelled": "game_cancelled", "game_over": "game_finished"}


@dataclass
class Recorded:
    """What a write recorded since the game's events were last published: its game events
    (numbered `first` to the game's `last_event`), its feed events and webhook deliveries."""

    first: int | None = None
    events: list[GameEvent] = field(default_factory=list)  # written by `drain`
    feed: list[AccountEvent] = field(default_factory=list)
    deliveries: list[int] = field(default_factory=list)  # WebhookDelivery ids
    last_event_saved: bool = True  # the game's row has its `last_event`


def _recorded(game: Game) -> Recorded:
    rec: Recorded | None = getattr(game, "_story", None)
    if rec is None:
        rec = game._story = Recorded()  # type: ignore[attr-defined]
    return rec


def drain(game: Game) -> Recorded:
    """What was recorded for `game` since the last call, its game events written (one statement) and
    the game's `last_event` saved if the game's own save did not (games.events.commit.publish takes
    it, inside the transaction)."""
    rec = _recorded(game)
    game._story = Recorded()  # type: ignore[attr-defined]
    if rec.events:
        insert(rec.events)
    if not rec.last_event_saved:
        Game.objects.filter(pk=game.pk).update(last_event=game.last_event)
    return rec


def last_event_saved(game: Game) -> None:
    """The game was just saved with its `last_event` (no statement of its own is needed)."""
    _recorded(game).last_event_saved = True


# Game events ------------------------------------------------------------------------------------


def _append(game: Game, items: list[tuple[str, dict[str, Any], dict[str, Any]]]) -> None:
    """Number and store game events: (type, public payload, private payloads by seat)."""
    if not items:
        return
    now = timezone.now()
    rows = [
        GameEvent(
            game=game,
            number=game.last_event + i,
            seq=game.seq,
            type=kind,
            public=public,
            private=private,
            created=now,
        )
        for i, (kind, public, private) in enumerate(items, start=1)
    ]
    rec = _recorded(game)
    rec.first = game.last_event + 1 if rec.first is None else rec.first
    rec.events += rows
    rec.last_event_saved = False
    game.last_event += len(rows)
    _feed_game_events(game, rows)


def record(game: Game, kind: str, /, **payload: Any) -> None:
    """A service event everyone may see in full (the caller holds the game's row lock)."""
    _append(game, [(kind, {"type": kind, **payload}, {})])


def record_apply(game: Game, state: engine.State, actor: str) -> None:
    """What the apply that made `state` did (engine.events_of), as each viewer sees it: the
    spectator's rendering in `public`, a seat's own where it differs (its draws, its filched
    card). The action event carries who played it (`actor`)."""
    items = []
    for event in engine.events_of(state):
        public = engine.event_view(state, event, None)
        private = {}
        for seat in range(state.n):
            mine = engine.event_view(state, event, seat)
            if mine != public:
                private[str(seat)] = mine
        if event["type"] == "action":
            public = {**public, "actor": actor}
            private = {s: {**p, "actor": actor} for s, p in private.items()}
        items.append((event["type"], public, private))
    _append(game, items)


def decision(game: Game, state: engine.State, seat: Seat) -> None:
    """A decision begins: whose, of what kind, until when; "your turn" in a person's feed."""
    prompt = engine.prompt(state) or {}
    detail = {"kind": prompt.get("kind"), "deadline": _iso(game.deadline)}
    if "role" in prompt:
        detail["role"] = prompt["role"]
    record(game, "decision", seat=seat.position, automatic=game.automatic, **detail)
    if not game.automatic and seat.user_id is not None:
        notify([seat.user_id], game, "your_turn", seq=game.seq, seat=seat.position, **detail)


def timeout(game: Game, seat: Seat) -> None:
    """A seat's time ran out (the server's safe move follows)."""
    detail = {"seat": seat.position, "timeouts": seat.timeouts}
    record(game, "timeout", bot_standing_in=seat.bot_standing_in, **detail)
    if seat.user_id is not None:
        timed_out = {"seq": game.seq, "bot_standing_in": seat.bot_standing_in, **detail}
        notify([seat.user_id], game, "timed_out", **timed_out)


def invitations(game: Game) -> None:
    """An invited seat whose address belongs to an account is in that account's feed too."""
    by = game.creator.get_username() if game.creator is not None else None
    User = get_user_model()
    for seat in Seat.objects.filter(game=game, kind=Seat.Kind.INVITED):
        invited = User.objects.filter(email__iexact=seat.email).values_list("pk", flat=True)
        notify(invited, game, "invited", seat=seat.position, by=by)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


def rendered(
    event: GameEvent, position: int | None, language: str = cardnames.ENGLISH
) -> dict[str, Any]:
    """A stored game event as the seat at `position` (None: a spectator) sees it: the envelope
    (`id`, `game`, `seq`, `time`) and the payload (`type` and the fields of that type), its
    cards named in `language`."""
    payload = event.private.get(str(position), event.public) if position is not None else None
    return {
        "id": event.number,
        "game": event.game_id,
        "seq": event.seq,
        "time": _iso(event.created),
        **cardnames.localized(payload or event.public, language),
    }


# Account feeds ----------------------------------------------------------------------------------


def notify(user_ids: Iterable[int], game: Game | None, kind: str, /, **data: Any) -> None:
    """Add an event to each account's feed (numbered per account; the feed row is locked in
    account order, after the game's row, so two transactions never wait on each other in a
    circle), with a delivery for each of the account's active webhooks that wants it."""
    users = sorted(set(user_ids))
    if not users:
        return
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
        rec = _recorded(game)
        rec.feed += rows
        rec.deliveries += deliveries


def _next_number(user_id: int) -> tuple[int, bool]:
    """The next number of an account's feed (an upsert that locks the feed's row until commit),
    and whether the account has an active webhook (asked in the same statement: most have none,
    and then no webhook is looked up)."""
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
    """A delivery of each row for each of its account's active webhooks that wants it."""
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
    """A feed event as its account (and its webhooks) receive it."""
    return {
        "id": event.number,
        "time": _iso(event.created),
        **event.data,
    }


def _people(game: Game) -> dict[int, int]:
    """Registered players seated at the game: position -> user id."""
    return {
        s.position: s.user_id
        for s in Seat.objects.filter(game=game, user__isnull=False).only("position", "user_id")
    }


def _feed_game_events(game: Game, rows: list[GameEvent]) -> None:
    """The game events that matter to the seated accounts: start, cancellation, the end."""
    for row in rows:
        kind = FEED_OF.get(row.type)
        if kind is None:
            continue
        people = _people(game)
        extra = {}
        if row.type == "game_over":
            extra = {"reason": row.public["reason"], "winners": row.public["winners"]}
        notify(people.values(), game, kind, seq=row.seq, **extra)


# Messages for the hub ---------------------------------------------------------------------------


def stored(event: GameEvent) -> dict[str, Any]:
    """A game event as the hub carries it: every viewer's rendering, rendered by subscribers."""
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
    from datetime import datetime

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
    """One message per game and per account touched: its new events, in order."""
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
    """Where the database listener (games.live.hub) starts: the newest game and feed event rows."""
    game = GameEvent.objects.order_by("-id").values_list("id", flat=True).first()
    feed = AccountEvent.objects.order_by("-id").values_list("id", flat=True).first()
    return game or 0, feed or 0


POLL_BATCH = 1000


def since_ids(
    cursors: tuple[int, int],
) -> tuple[tuple[int, int], list[tuple[str, dict[str, Any]]]]:
    """The hub messages of the rows added since `cursors` (as `latest_ids` returns them), and
    the new cursors. On SQLite rows are added in commit order (one writer at a time)."""
    game_rows = list(GameEvent.objects.filter(id__gt=cursors[0]).order_by("id")[:POLL_BATCH])
    feed_rows = list(AccountEvent.objects.filter(id__gt=cursors[1]).order_by("id")[:POLL_BATCH])
    new = (
        game_rows[-1].pk if game_rows else cursors[0],
        feed_rows[-1].pk if feed_rows else cursors[1],
    )
    return new, hub_messages(game_rows, feed_rows)
