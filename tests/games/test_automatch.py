"""Automatch (games.services.seeks): tables formed of compatible seeks, nobody at two tables, and
nobody left waiting who could have been seated (docs/community.md)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from django.contrib.auth.models import User

from games.models import Game, Seat, Seek
from games.services import seeks
from games.services.clocks import ClockSpec

VERSIONS = ("republic", "imperium")
CLOCKS = (ClockSpec(), ClockSpec("fixed", 86400))


def _range(rng: random.Random) -> tuple[int, int]:
    low = rng.randint(2, 5)
    return low, rng.randint(low, 5)


def test_plan_tables_leaves_no_table_unformed() -> None:
    rng = random.Random(32)
    for _ in range(200):
        pending = []
        for i in range(rng.randint(0, 12)):
            low, high = _range(rng)
            pending.append(Seek(id=i, user_id=i, players_min=low, players_max=high))
        tables = seeks.plan_tables(pending)
        seated = [s for _, group in tables for s in group]
        assert len(seated) == len(set(seated))
        assert all(len(group) == n and all(seeks.fits(s, n) for s in group) for n, group in tables)
        left = [s for s in pending if s not in seated]
        assert seeks.plan_tables(left) == []


def test_two_hundred_seeks_pair_into_tables(db: Any) -> None:
    rng = random.Random(200)
    users = [User.objects.create_user(f"seeker{i}") for i in range(200)]
    for user in users:
        low, high = _range(rng)
        seeks.seek_create(
            user=user,
            version=rng.choice(VERSIONS),
            players_min=low,
            players_max=high,
            clock=rng.choice(CLOCKS),
        )
    seated = Counter(
        Seat.objects.filter(user__isnull=False, game__in=Game.objects.all()).values_list(
            "user_id", flat=True
        )
    )
    assert max(seated.values()) == 1  # nobody at two tables
    matched = Seek.objects.filter(status="matched")
    assert matched.count() == sum(seated.values())
    for game in Game.objects.all():
        assert game.seats.filter(kind="player").count() == game.players
        assert game.status == "active"
    by_key: dict[str, list[Seek]] = {}
    for seek in Seek.objects.filter(status="open").order_by("id"):
        by_key.setdefault(seek.key, []).append(seek)
    assert all(seeks.plan_tables(left) == [] for left in by_key.values())
    assert matched.count() > 150
