"""Reliability from the move log (players.profiles.reliability): timeouts and the median time
to move, from the move before (anyone's) to the player's own, in one query."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Move, Seat
from players.profiles.reliability import reliability_of

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def game_with(users: list[Any], log: list[tuple[int, str, int]]) -> Game:
    """A game whose move log is `log`: (seat, actor, seconds after T0) in order."""
    game = Game.objects.create(version="republic", players=len(users), status="active")
    for position, user in enumerate(users):
        Seat.objects.create(
            game=game,
            position=position,
            kind="player",
            user=user,
            token_hash=f"{game.pk}-{position}",
        )
    for seq, (seat, actor, at) in enumerate(log, start=1):
        with mock.patch("django.utils.timezone.now", return_value=T0 + timedelta(seconds=at)):
            Move.objects.create(
                game=game, seq=seq, seat=seat, action={}, actor=actor, state_hash="x"
            )
    return game


def test_timeouts_and_the_median_time_to_move(db: Any, django_user_model: Any) -> None:
    alice, bob = (django_user_model.objects.create_user(n) for n in ("alice", "bob"))
    game_with(
        [alice, bob],
        [
            (0, "human", 5),  # alice's first move: nothing before it, no time counted
            (1, "human", 65),  # bob: 60 s
            (0, "human", 75),  # alice: 10 s after bob's
            (0, "order", 76),  # a standing order: not alice's decision
            (1, "timeout", 1000),  # bob timed out
            (0, "email", 1030),  # alice: 30 s
            (1, "bot", 1031),  # a bot for bob: nothing of bob's
        ],
    )
    game_with([bob, alice], [(1, "human", 0), (0, "human", 100), (1, "human", 120)])  # alice: 20 s
    with CaptureQueriesContext(connection) as captured:
        mine = reliability_of(alice.pk)
    assert len(captured) == 1
    assert (mine.decisions, mine.timeouts, mine.median_seconds) == (5, 0, 20.0)  # 10, 20, 30
    theirs = reliability_of(bob.pk)
    assert (theirs.decisions, theirs.timeouts, theirs.median_seconds) == (3, 1, 80.0)  # 60, 100
