"""The game's story and the accounts' feeds (docs/events.md).

They are recorded inside the transaction that changes the game, and published after its commit.

A game's events are what its moves did, as each viewer may see them (`engine.event_view`).
The service adds its own: a decision begins, a seat joins or leaves, the game starts.
A clock runs out, or a player resigns, surrenders or comes back.
Events are numbered per game without gaps, under the game's row lock (`Game.last_event`).
So a client resumes exactly after the last one it saw.
An account's feed is numbered per account (games.events.feeds).

Nothing here decides anything.
The services say what happened, and this module writes it down.
Game events are numbered when recorded.
They are written in one statement when the service publishes.
`games.events.commit.publish_on_commit` takes them with `recorded.drain`.
The game's `last_event` is saved with the game's own update, if the service saves after recording.
`games.services.turns.turn_next` does so. Otherwise `drain` saves it.
What a write recorded rides on the published event, as numbers and as rows.
After the commit, games.live.fanout hands the rows to the hub (games.live.hub).
It hands the deliveries to the webhook tasks (games.live.deliveries).
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
    """Number and store game events, given as (type, public payload, private payloads by seat)."""
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
    """Records a service event that everyone may see in full.

    The caller holds the game's row lock.
    """
    _append(game, [(kind, {"type": kind, **payload}, {})])


def record_apply(game: Game, state: engine.State, actor: str) -> None:
    """Records what the apply that made `state` did (engine.events_of), for each viewer.

    The spectator's rendering goes in `public`.
    A seat's own goes in `private` where it differs.
    It differs for the seat's own draws, or a card it filched.
    The action event carries who played it (`actor`).
    """
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


def decision(
    game: Game, state: engine.State, seat: Seat, stopped: dict[str, Any] | None = None
) -> None:
    """Records that a decision begins: whose, of what kind, until when.

    `stopped`: why its clock does not run as it begins, and until when (time off).
    A person also gets "your turn" in their feed.
    """
    prompt = engine.prompt(state) or {}
    detail: dict[str, Any] = {"kind": prompt.get("kind"), "deadline": feeds.iso(game.deadline)}
    if "role" in prompt:
        detail["role"] = prompt["role"]
    if stopped is not None:
        detail["stopped"] = {"why": stopped["why"], "until": feeds.iso(stopped["until"])}
    record(game, "decision", seat=seat.position, automatic=game.automatic, **detail)
    if not game.automatic and seat.user_id is not None:
        feeds.notify([seat.user_id], game, "your_turn", seq=game.seq, seat=seat.position, **detail)


def timeout(game: Game, seat: Seat) -> None:
    """Records that a seat's time ran out. The server's safe move follows."""
    detail = {"seat": seat.position, "timeouts": seat.timeouts}
    record(game, "timeout", bot_standing_in=seat.bot_standing_in, **detail)
    if seat.user_id is not None:
        timed_out = {"seq": game.seq, "bot_standing_in": seat.bot_standing_in, **detail}
        feeds.notify([seat.user_id], game, "timed_out", **timed_out)


def takeback_asked(game: Game, seat: int, to: int, expires: str, asked: list[Seat]) -> None:
    """Records a takeback request; the people `asked` hear of it in their feeds."""
    record(game, "takeback_requested", seat=seat, to=to, expires=expires)
    people = [s.user_id for s in asked if s.user_id is not None]
    feeds.notify(people, game, "takeback_asked", seq=game.seq, seat=seat, to=to)


def takeback_answered(game: Game, seat: int, accepted: bool, requester: Seat) -> None:
    """Records an answer to a takeback request; the requester hears of it in the feed."""
    record(game, "takeback_answered", seat=seat, accepted=accepted)
    if requester.user_id is not None:
        feeds.notify([requester.user_id], game, "takeback_answer", seat=seat, accepted=accepted)


def rendered(
    event: GameEvent, position: int | None, language: str = cardnames.ENGLISH
) -> dict[str, Any]:
    """Returns a stored game event as the seat at `position` sees it.

    `position` None is a spectator.
    The envelope is `id`, `game`, `seq` and `time`.
    The payload is `type` and the fields of that type.
    Cards are named in `language`.
    """
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
    """Returns the registered players seated at the game: position -> user id."""
    return {
        s.position: s.user_id
        for s in Seat.objects.filter(game=game, user__isnull=False).only("position", "user_id")
        if s.user_id is not None  # as filtered; tells the type checker
    }


def _feed_game_events(game: Game, rows: list[GameEvent]) -> None:
    """Copies to the seated accounts' feeds the game events they care about.

    Those are the start, the cancellation and the end.
    """
    for row in rows:
        kind = FEED_OF.get(row.type)
        if kind is None:
            continue
        people = _people(game)
        extra = {}
        if row.type == "game_over":
            extra = {"reason": row.public["reason"], "winners": row.public["winners"]}
        feeds.notify(people.values(), game, kind, seq=row.seq, **extra)
