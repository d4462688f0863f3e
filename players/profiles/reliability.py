"""Reliability as Rally the Troops shows it, from the move log: timeouts, abandoned games, and
the median time a player takes to move.

One query per profile, whatever the number of games: the move log of the account's games, each
move with the time of the move before it (a window function), kept for the account's own seats.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection
from django.utils.dateparse import parse_datetime

from games.models import Move, Seat

PEOPLE = (Move.Actor.HUMAN, Move.Actor.EMAIL)  # moves the player chose, not a server's


@dataclass(frozen=True)
class Reliability:
    decisions: int  # the account's decisions: its own moves and its timeouts
    timeouts: int
    median_seconds: float | None  # to move, from the move before (None: no move yet)

    def as_dict(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "timeouts": self.timeouts,
            "median_seconds_to_move": self.median_seconds,
        }


def _sql() -> str:
    move, seat = Move._meta.db_table, Seat._meta.db_table
    actors = ", ".join(f"'{a}'" for a in (*PEOPLE, Move.Actor.TIMEOUT))
    # The window runs over every move of the account's games (the move before may be anyone's);
    # only then are the account's own seats kept.
    return f"""
        SELECT timed.actor, timed.created, timed.prior FROM (
            SELECT m.game_id, m.seat, m.actor, m.created,
                   LAG(m.created) OVER (PARTITION BY m.game_id ORDER BY m.seq) AS prior
            FROM {move} m
            WHERE m.game_id IN (SELECT game_id FROM {seat} WHERE user_id = %s)
        ) timed
        JOIN {seat} s ON s.game_id = timed.game_id AND s.position = timed.seat AND s.user_id = %s
        WHERE timed.actor IN ({actors})
    """


def _when(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return parse_datetime(str(value))  # SQLite gives text for a window's column


def reliability_of(user_id: int) -> Reliability:
    with connection.cursor() as cursor:
        cursor.execute(_sql(), [user_id, user_id])
        rows = cursor.fetchall()
    timeouts = 0
    waits: list[float] = []
    for actor, created, before in rows:
        if actor == Move.Actor.TIMEOUT:
            timeouts += 1
            continue
        start, end = _when(before), _when(created)
        if start is not None and end is not None:
            waits.append(max(0.0, (end - start).total_seconds()))
    median = round(statistics.median(waits), 1) if waits else None
    return Reliability(decisions=len(rows), timeouts=timeouts, median_seconds=median)
