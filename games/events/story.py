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
(`games.events.commit.publish_on_commit` takes them with `drain`); the game's `last_event` is saved
with the game's own update where the service saves the game after recording (`turns.turn_next`), and
by `drain` otherwise. What a write recorded rides on the event the service publishes (as numbers: no
card, and the rows themselves for the receivers in this process), and after the commit
games.live.fanout hands the rows to the hub (games.live.hub) and the deliveries to the webhook tasks
(games.live.deliveries).
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils import timezone

import engine
from games.events import feeds, recorded
from games.models import Game, GameEvent, Seat
from games.words import cardnames

log = logging.getLogger(__name__)

# The game events a person's seat hears about in its account feed, by game event type.
FEED_OF = {"started": "game_started", "cancelled": "game_cancelled", "game_over": "game_finished"}


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
    rec = recorded.of(game)
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
    detail = {"kind": prompt.get("kind"), "deadline": feeds.iso(game.deadline)}
    if "role" in prompt:
        detail["role"] = prompt["role"]
    record(game, "decision", seat=seat.position, automatic=game.automatic, **detail)
    if not game.automatic and seat.user_id is not None:
        feeds.notify([seat.user_id], game, "your_turn", seq=game.seq, seat=seat.position, **detail)


def timeout(game: Game, seat: Seat) -> None:
    """A seat's time ran out (the server's safe move follows)."""
    detail = {"seat": seat.position, "timeouts": seat.timeouts}
    record(game, "timeout", bot_standing_in=seat.bot_standing_in, **detail)
    if seat.user_id is not None:
        timed_out = {"seq": game.seq, "bot_standing_in": seat.bot_standing_in, **detail}
        feeds.notify([seat.user_id], game, "timed_out", **timed_out)


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
        "time": feeds.iso(event.created),
        **cardnames.localized(payload or event.public, language),
    }


# Account feeds ----------------------------------------------------------------------------------


def _people(game: Game) -> dict[int, int]:
    """Registered players seated at the game: position -> user id."""
    return {
        s.position: s.user_id
        for s in Seat.objects.filter(game=game, user__isnull=False).only("position", "user_id")
        if s.user_id is not None  # as filtered: says so to the type checker
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
        feeds.notify(people.values(), game, kind, seq=row.seq, **extra)


# Messages for the hub ---------------------------------------------------------------------------
