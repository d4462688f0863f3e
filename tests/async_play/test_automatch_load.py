"""Automatch under load on the real parts (issue 32, docs/community.md): 200 accounts post a seek
each within a few seconds, over HTTP, to two uvicorn web processes sharing one PostgreSQL. The
pairings run at once, in concurrent transactions. Then no player sits at two tables, every seek
matched has its seat, and no table could be formed of the seeks left open."""

from __future__ import annotations

import random
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from games.models import Game, Seat, Seek
from games.services import seeks

from .conftest import WebServer

pytestmark = pytest.mark.celery
SEEKERS = 200
VERSIONS = ["republic", "imperium"]
CLOCKS = [{"kind": "none"}, {"kind": "fixed", "seconds": 86400}]


def terms(rng: random.Random) -> dict[str, Any]:
    low = rng.randint(2, 4)
    return {
        "version": rng.choice(VERSIONS),
        "players_min": low,
        "players_max": rng.randint(low, min(low + 2, 5)),
        "clock": rng.choice(CLOCKS),
    }


def test_two_hundred_seeks_at_once_pair_into_tables(
    live_env: dict[str, str], tmp_path: Path, django_user_model: Any
) -> None:
    from players.accounts.services import token_create

    rng = random.Random(32)
    users = [django_user_model.objects.create_user(f"seeker{i}") for i in range(SEEKERS)]
    tokens = [token_create(user=user) for user in users]
    wanted = [terms(rng) for _ in users]
    servers = [WebServer(live_env, tmp_path, "web-a"), WebServer(live_env, tmp_path, "web-b")]
    try:
        clients = [httpx.Client(base_url=s.url, timeout=60) for s in servers]

        def post(i: int) -> httpx.Response:
            headers = {"Authorization": f"Bearer {tokens[i]}"}
            return clients[i % 2].post("/api/seeks/", json=wanted[i], headers=headers)

        began = time.monotonic()
        with ThreadPoolExecutor(max_workers=16) as pool:
            answers = list(pool.map(post, range(SEEKERS)))
        took = time.monotonic() - began
    finally:
        for server in servers:
            server.stop()
    bad = [(a.status_code, a.text[:200]) for a in answers if a.status_code != 201]
    assert not bad, bad
    print(f"{SEEKERS} seeks posted in {took:.1f} s")

    seated = Counter(Seat.objects.filter(user__isnull=False).values_list("user_id", flat=True))
    assert max(seated.values()) == 1  # nobody at two tables
    matched = Seek.objects.filter(status="matched")
    assert sorted(matched.values_list("user_id", flat=True)) == sorted(seated)
    for game in Game.objects.all():
        people = game.seats.filter(kind="player", user__isnull=False)
        assert people.count() == game.players and game.status == "active"
        mine = Seek.objects.filter(game=game)
        assert mine.count() == game.players and len({s.key for s in mine}) == 1
        assert all(s.players_min <= game.players <= s.players_max for s in mine)
    left: dict[str, list[Seek]] = {}
    for seek in Seek.objects.filter(status="open").order_by("id"):
        left.setdefault(seek.key, []).append(seek)
    assert all(seeks.plan_tables(group) == [] for group in left.values())
    assert matched.count() > SEEKERS * 3 // 4
