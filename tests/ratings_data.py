"""Synthetic finished rated games for the ratings tests: the rating reads a game's end (winners,
scores, cards in hand) and its seats, so a game dealt and given an end stands for one played."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

import engine
from games.models import Game, Seat


@dataclass
class At:
    """One seat of a synthetic game: an account or a bot, and how it ended."""

    who: Any  # a User, a bot's name, or None: a seat invited by e-mail
    total: int = 0
    hand: int = 0
    resigned: bool = False
    bot_standing_in: bool = False
    suspended: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def finished(
    seats: Sequence[At],
    *,
    winners: Sequence[int] | None = None,
    reason: str = "deck",
    version: str = "republic",
    rated: bool = True,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
    when: datetime | None = None,
) -> Game:
    """A finished game with these seats and this end, not yet rated."""
    return many(
        [
            (
                seats,
                dict(
                    winners=winners,
                    reason=reason,
                    version=version,
                    rated=rated,
                    options=options,
                    setup=setup,
                    when=when,
                ),
            )
        ]
    )[0]


def many(tables: Sequence[tuple[Sequence[At], dict[str, Any]]]) -> list[Game]:
    """`finished` for each (seats, keywords), in two statements."""
    games = [_game(seats, **kw) for seats, kw in tables]
    Game.objects.bulk_create(games)
    Seat.objects.bulk_create(
        [
            _seat(game, p, at)
            for game, (seats, _) in zip(games, tables, strict=True)
            for p, at in enumerate(seats)
        ]
    )
    return games


def _game(
    seats: Sequence[At],
    *,
    winners: Sequence[int] | None = None,
    reason: str = "deck",
    version: str = "republic",
    rated: bool = True,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
    when: datetime | None = None,
) -> Game:
    n = len(seats)
    state = engine.new_game(version, n, 1, options or {})
    scores = [{"seat": p, "total": s.total, "hand": s.hand} for p, s in enumerate(seats)]
    if winners is None:
        best = max((s.total, s.hand) for s in seats)
        winners = [p for p, s in enumerate(seats) if (s.total, s.hand) == best]
    state.end = {"reason": reason, "winners": list(winners), "scores": scores}
    now = timezone.now()
    return Game(
        version=version,
        players=n,
        options=dict(state.options),
        status=Game.Status.FINISHED,
        rated=rated,
        setup=setup or {"seed": 1},
        state=engine.to_json(state),
        created=now,
        updated=now,
        started=(when or now) - timedelta(hours=1),
        finished=when or now,
    )


def _seat(game: Game, position: int, at: At) -> Seat:
    bot = isinstance(at.who, str)
    kind = Seat.Kind.BOT if bot else Seat.Kind.PLAYER if at.who else Seat.Kind.INVITED
    return Seat(
        game=game,
        position=position,
        kind=kind,
        user=None if bot else at.who,
        email="" if at.who else "guest@example.com",
        bot=at.who if bot else Seat.Bot.GREEDY,
        token_hash=secrets.token_hex(32),
        resigned=at.resigned,
        bot_standing_in=at.bot_standing_in,
        suspended=at.suspended,
        **at.extra,
    )
