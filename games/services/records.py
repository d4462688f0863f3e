"""Export and import of games as records by card names (engine/record.py, docs/records.md).

Export: a finished or cancelled game's record is complete.
It has the whole deal, every action by card names, and the result.
It replays anywhere. Staff get the complete record of any game.
A game still in play is exported as its caller may see it.
The deal is as that seat saw it: its own hand, the others' counts.
The history is as `GET .../moves/` shows it, by names.
Such a record cannot be replayed.

Import: `POST /api/games/` with a `record` starts a new game at a point of the record.
`upto` says how many of its actions to replay.
As with a scenario, only staff may import, unless the server allows scenarios.
The new game's log starts there.
Its setup keeps the record to rebuild the table.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings

import engine
from engine import record as records
from games import codes
from games.errors import Conflict, Forbidden, Refused
from games.models import Game, Seat
from games.store.rows import seats_of

from .moves import initial_state

MAX_UPTO = 100_000


def game_record(game: Game, seat: Seat | None, user: Any) -> dict[str, Any]:
    """Returns the record of `game` for a caller at `seat` (None: a spectator)."""
    if game.state is None:
        raise Conflict(
            "The game has not started: there is nothing to export yet.", codes.GAME_NOT_STARTED
        )
    first = initial_state(game)
    log = [(m.seat, m.action) for m in game.moves.order_by("seq")]
    players = [
        {"seat": s.position, "player": s.user.get_username() if s.user else None, "kind": s.kind}
        for s in seats_of(game)
    ]
    over = game.status in (Game.Status.FINISHED, Game.Status.CANCELLED)
    if over or getattr(user, "is_staff", False):
        return {**records.record(first, log, players=players), "complete": True}
    viewer = None if seat is None else seat.position
    return {
        "format": records.FORMAT,
        "ruleset": records.ruleset(first),
        "players": players,
        "deal": _deal_seen(first, viewer),
        "actions": [
            {"seat": actor, "action": _action_seen(first, action, actor, viewer)}
            for actor, action in log
        ],
        "result": None,
        "complete": False,
    }


def _deal_seen(first: engine.State, viewer: int | None) -> dict[str, Any]:
    """Returns the deal as `viewer` saw it.

    Public cards, its own hand, and the others' hands as counts.
    """
    view = engine.view(first, viewer)
    return {
        "version": first.version,
        "rules_revision": first.rules_revision,
        "options": dict(first.options),
        "leader": first.leader,
        "players": [
            {"hand": [c["name"] for c in p["hand"]]}
            if p["hand"] is not None
            else {"hand_count": p["hand_count"]}
            for p in view["players"]
        ],
        "pool": [c["name"] for c in view["pool"]],
        "deck_count": view["deck_count"],
        "jacks": view["jacks_count"],
        "sites": view["sites"],
    }


def _action_seen(
    first: engine.State, action: dict[str, Any], actor: int | None, viewer: int | None
) -> Any:
    if actor is None:  # a table event: a surrender
        return action
    return records.named(first, engine.public_action(action, actor, viewer))


def record_setup(user: Any, record: Any, upto: int | None) -> tuple[str, int, dict[str, Any], Any]:
    """Returns version, players, options and setup for a game imported from a record.

    The record is replayed now to `upto` actions (all by default), which checks it.
    """
    if not (user.is_staff or settings.GTR_ALLOW_SCENARIOS):
        raise Forbidden("Only staff may import a game.", codes.SCENARIO_FORBIDDEN)
    if upto is not None and not 0 <= upto <= MAX_UPTO:
        raise Refused(f"'upto' is 0 to {MAX_UPTO} actions.", codes.BAD_RECORD)
    setup = {"record": record, "upto": upto, "seed": secrets.randbits(63)}
    state, _ = records.replay(record, upto, setup["seed"])  # SetupError or IllegalAction: 422
    # The game keeps the record's rules revision (the current one if it names none).
    setup["record"] = {**record, "deal": {**record["deal"], "rules_revision": state.rules_revision}}
    if engine.is_over(state):
        raise Refused(
            "The game is over at that point: import fewer actions ('upto').", codes.RECORD_OVER
        )
    return state.version, state.n, dict(state.options), setup
