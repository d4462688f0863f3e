"""Pairing for tables of 2 to 5 players: round-robin and Swiss (docs/tournaments.md).

Pure Python: no Django, no I/O, no clock, no global random (a seeded `random.Random` only).
Every Swiss library we found pairs two players per game (FIDE Dutch, MTG pods of two), so
tables of 3 to 5 are formed here, by one method for both formats:

1. Byes: when the players do not divide into tables of `size`, the remainder sit out. They
   are those with the fewest byes so far; among them the last in `order` (the lowest ranked
   in Swiss), so byes rotate: nobody has a second bye before everyone has had one.
2. Tables top-down: the first unseated player in `order` opens a table, and the cheapest
   players join it one by one (`_cost`).
3. Local search: swaps of two players between tables, kept when they lower the round's cost,
   until none does (or a bound on the passes).

The cost of a round is, over every pair that shares a table, REPEAT times the square of how
often they met before (so a second meeting is avoided first, a third even more), plus APART for
a pair kept apart (a block between them), plus in Swiss the spread of points at each table (so
players meet others of their score). Round-robin has no spread: it only spreads meetings as
evenly as it can over its rounds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

REPEAT = 1000  # the cost of one repeated meeting, above any spread of points
APART = 100 * REPEAT  # a pair kept apart: above the repeats of any tournament
MAX_PASSES = 50  # local search: passes over all swaps, at most

Pair = frozenset[int]


@dataclass(frozen=True)
class History:
    """What earlier rounds did: how often each pair met, and each player's byes; and the pairs
    to keep apart where the players allow it."""

    meetings: Mapping[Pair, int]
    byes: Mapping[int, int]
    apart: frozenset[Pair] = frozenset()

    @staticmethod
    def of(rounds: Sequence[tuple[Sequence[Sequence[int]], Sequence[int]]]) -> History:
        """From earlier rounds given as (tables, byes)."""
        meetings: dict[Pair, int] = {}
        byes: dict[int, int] = {}
        for tables, sat_out in rounds:
            for table in tables:
                for a, b in combinations(table, 2):
                    pair = frozenset((a, b))
                    meetings[pair] = meetings.get(pair, 0) + 1
            for player in sat_out:
                byes[player] = byes.get(player, 0) + 1
        return History(meetings, byes)


@dataclass(frozen=True)
class Round:
    tables: list[list[int]]
    byes: list[int]


def rounds_for_round_robin(players: int, size: int) -> int:
    """Rounds enough for each player to be able to meet every other once: ceil((n-1)/(k-1))."""
    return max(1, -(-(players - 1) // (size - 1)))


def pair_round_robin(players: Sequence[int], size: int, history: History, seed: int = 0) -> Round:
    """The next round of a round-robin: meetings spread as evenly as possible.

    `players` in any fixed order (e.g. by entry): it decides only who sits out among equals."""
    return _pair(list(players), size, history, None, seed)


def pair_swiss(
    standings: Sequence[int],
    points: Mapping[int, float],
    size: int,
    history: History,
    seed: int = 0,
) -> Round:
    """The next Swiss round: `standings` best first, grouped by `points`, no repeat if avoidable."""
    return _pair(list(standings), size, history, points, seed)


def _pair(
    order: list[int],
    size: int,
    history: History,
    points: Mapping[int, float] | None,
    seed: int,
) -> Round:
    if not 2 <= size <= 5:
        raise ValueError("tables seat 2 to 5 players")
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    if len(order) < size:
        raise ValueError("fewer players than a table seats")
    byes = _byes(order, len(order) % size, history)
    seated = [p for p in order if p not in byes]
    tables = _top_down(seated, size, history, points)
    tables = _improve(tables, history, points, random.Random(seed))
    rank = {p: i for i, p in enumerate(order)}
    tables = [sorted(t, key=rank.__getitem__) for t in tables]
    tables.sort(key=lambda t: rank[t[0]])
    return Round(tables, sorted(byes, key=rank.__getitem__))


def _byes(order: list[int], count: int, history: History) -> list[int]:
    """The fewest byes first; among equals the last in `order`."""
    last_first = list(reversed(order))
    return sorted(last_first, key=lambda p: history.byes.get(p, 0))[:count]


def _pair_cost(a: int, b: int, history: History) -> int:
    pair = frozenset((a, b))
    met = history.meetings.get(pair, 0)
    return REPEAT * met * met + (APART if pair in history.apart else 0)


def _table_cost(
    table: Sequence[int], history: History, points: Mapping[int, float] | None
) -> float:
    cost: float = sum(_pair_cost(a, b, history) for a, b in combinations(table, 2))
    if points is not None:
        scores = [points.get(p, 0.0) for p in table]
        cost += max(scores) - min(scores)
    return cost


def _top_down(
    seated: list[int], size: int, history: History, points: Mapping[int, float] | None
) -> list[list[int]]:
    left = list(seated)
    tables: list[list[int]] = []
    while left:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(
                range(len(left)),
                key=lambda i: (_table_cost([*table, left[i]], history, points), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    return tables


def _improve(
    tables: list[list[int]],
    history: History,
    points: Mapping[int, float] | None,
    rnd: random.Random,
) -> list[list[int]]:
    """Swaps two players of two tables while a swap lowers the cost (first improvement)."""
    tables = [list(t) for t in tables]
    slots = [(t, s) for t in range(len(tables)) for s in range(len(tables[t]))]
    for _ in range(MAX_PASSES):
        rnd.shuffle(slots)
        improved = False
        for (t1, s1), (t2, s2) in combinations(slots, 2):
            if t1 == t2:
                continue
            a, b = tables[t1], tables[t2]
            before = _table_cost(a, history, points) + _table_cost(b, history, points)
            a[s1], b[s2] = b[s2], a[s1]
            if _table_cost(a, history, points) + _table_cost(b, history, points) < before:
                improved = True
            else:
                a[s1], b[s2] = b[s2], a[s1]
        if not improved:
            break
    return tables


def repeats(history: History) -> int:
    """Meetings beyond the first of each pair: what pairing minimises."""
    return sum(m - 1 for m in history.meetings.values() if m > 1)
