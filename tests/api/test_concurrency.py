"""Concurrency against a real database server: 20 clients post conflicting moves for one game at
the same moment, over real HTTP to a live server. Exactly one succeeds per `seq`, the rest get
409, and the log stays gapless and replays to the snapshot. Runs on PostgreSQL (CI runs the
server tests there too); SQLite serialises writers at BEGIN, which leaves nothing to race."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest
from django.db import connection

from games.management.commands.verify_games import verify
from games.models import Game, Move

CLIENTS = 20
ROUNDS = 6


def call(url: str, token: str, data: Any = None) -> tuple[int, Any]:
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method="GET" if data is None else "POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def race(url: str, token: str, seq: int, legal: list[Any]) -> list[tuple[int, Any]]:
    """CLIENTS threads post different legal moves for the same seq at the same moment."""
    barrier = threading.Barrier(CLIENTS)
    results: list[tuple[int, Any]] = []
    lock = threading.Lock()

    def client(i: int) -> None:
        action = legal[i % len(legal)]["action"]
        barrier.wait(timeout=30)
        result = call(url, token, {"seq": seq, "action": action})
        with lock:
            results.append(result)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    return results


@pytest.fixture
def tokens(transactional_db) -> list[str]:
    from django.contrib.auth.models import User

    from players.accounts.services import token_create

    return [token_create(user=User.objects.create(username=n)) for n in ("ann", "ben")]


@pytest.mark.postgres
def test_twenty_clients_racing_for_each_seq(live_server, tokens) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    api = f"{live_server.url}/api/games/"
    status, game = call(api, tokens[0], {"players": 2})
    assert status == 201
    game_id = game["id"]
    assert call(f"{api}{game_id}/join/", tokens[1], {})[0] == 200
    for _ in range(ROUNDS):
        view = call(f"{api}{game_id}/", tokens[0])[1]
        token = tokens[view["to_act"]]
        mine = call(f"{api}{game_id}/", token)[1]
        results = race(f"{api}{game_id}/moves/", token, mine["seq"], mine["legal_actions"])
        statuses = sorted(s for s, _ in results)
        assert len(statuses) == CLIENTS
        assert statuses.count(201) == 1, statuses
        assert statuses.count(409) == CLIENTS - 1, statuses
        assert all(b["code"] == "stale_seq" for s, b in results if s == 409)
    game_row = Game.objects.get(pk=game_id)
    seqs = list(Move.objects.filter(game_id=game_id).values_list("seq", flat=True))
    assert seqs == list(range(1, ROUNDS + 1)) and game_row.seq == ROUNDS
    assert verify(game_row) == []
