"""The deployment's topology on the real parts: two web server processes (uvicorn) on two ports
and two Celery workers, sharing one PostgreSQL and one Redis. Two people, each talking to a
different web process, play a whole game against a bot that the workers play; streams on both
web processes, for both seats and for spectators, hear every event of the game in order and
once, whichever process committed it; a stream that drops and reconnects with Last-Event-ID, to
the other process, misses nothing; the account streams say whose turn it is."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from games.management.commands.verify_games import verify
from games.models import Game
from tests.conftest import EventReader

from .conftest import WebServer, Worker

pytestmark = pytest.mark.celery
BOT = 2


def account(django_user_model: Any, name: str) -> dict[str, str]:
    from players.accounts.services import token_create

    user = django_user_model.objects.create_user(name, password="correct horse battery")
    return {"Authorization": f"Token {token_create(user=user)}"}


def json_log(client: httpx.Client, path: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = client.get(f"{path}?after={len(out)}&page_size=100").json()
        out += page["results"]
        if not page["next"]:
            return out


def play_to_the_end(
    game_id: int, people: dict[int, httpx.Client], rnd: random.Random, midway: Callable[[], None]
) -> int:
    """Each person moves through its own web process when the decision is theirs; while the
    bot's is pending, they wait on the long poll. `midway` runs after the 30th move people make.
    Returns the number of moves people made."""
    made = 0
    view = people[0].get(f"/api/games/{game_id}/").json()
    while view["status"] == "active":
        seat = view["to_act"]
        if seat == BOT:
            r = people[0].get(f"/api/games/{game_id}/wait/?seq={view['seq']}&timeout=20")
            assert r.status_code in (200, 204), r.text
            view = people[0].get(f"/api/games/{game_id}/").json()
            continue
        mine = people[seat].get(f"/api/games/{game_id}/").json()
        assert mine["your_turn"], mine
        action = rnd.choice(mine["legal_actions"])["action"]
        r = people[seat].post(
            f"/api/games/{game_id}/moves/", json={"seq": mine["seq"], "action": action}
        )
        assert r.status_code == 201, r.text
        view = r.json()["game"]
        made += 1
        if made == 30:
            midway()
    return made


def test_two_web_processes_and_two_workers_share_every_event(
    live_env: dict[str, str], tmp_path: Path, django_user_model: Any
) -> None:
    env = {**live_env, "GTR_STREAM_KEEPALIVE_SECONDS": "1"}
    servers = [WebServer(env, tmp_path, "web-a"), WebServer(env, tmp_path, "web-b")]
    workers = [Worker(env, tmp_path, "worker-a"), Worker(env, tmp_path, "worker-b", beat=False)]
    readers: list[EventReader] = []
    try:
        for w in workers:
            w.start()
        a, b = (s.url for s in servers)
        alice, bob = account(django_user_model, "alice"), account(django_user_model, "bob")
        people = {
            0: httpx.Client(base_url=a, headers=alice, timeout=60),
            1: httpx.Client(base_url=b, headers=bob, timeout=60),
        }
        feeds = {
            "alice": EventReader(f"{b}/api/stream/", alice),
            "bob": EventReader(f"{a}/api/stream/", bob),
        }
        r = people[0].post(
            "/api/games/",
            json={
                "players": 3,
                "options": {"training": True},
                "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}],
            },
        )
        assert r.status_code == 201, r.text
        game_id = r.json()["id"]
        path = f"/api/games/{game_id}/events/"
        streams = {
            ("alice", "a"): EventReader(f"{a}{path}?after=0", alice),
            ("alice", "b"): EventReader(f"{b}{path}?after=0", alice),
            ("spectator", "a"): EventReader(f"{a}{path}?after=0"),
            ("spectator", "b"): EventReader(f"{b}{path}?after=0"),
        }
        assert people[1].post(f"/api/games/{game_id}/join/", json={}).status_code == 200
        streams[("bob", "b")] = EventReader(f"{b}{path}?after=0", bob)
        readers += [*feeds.values(), *streams.values()]

        dropped: list[EventReader] = []

        def reconnect() -> None:
            """Bob's stream on B drops; he comes back on A with the last id he saw."""
            first = streams.pop(("bob", "b"))
            first.wait(lambda: first.events, "bob's first events")
            first.close()
            assert first.ended.wait(30)
            dropped.append(first)
            seen = first.events[-1][0]
            again = EventReader(f"{a}{path}", {**bob, "Last-Event-ID": str(seen)})
            readers.append(again)
            streams[("bob", "b then a")] = again

        made = play_to_the_end(game_id, people, random.Random(11), reconnect)
        game = Game.objects.get(pk=game_id)
        assert game.status == "finished" and made > 30
        assert verify(game) == []
        assert set(game.moves.values_list("actor", flat=True)) == {"human", "bot"}

        logs = {
            "alice": json_log(people[0], path),
            "bob": json_log(people[1], path),
            "spectator": json_log(httpx.Client(base_url=a, timeout=60), path),
        }
        total = game.last_event
        assert [e["id"] for e in logs["spectator"]] == list(range(1, total + 1))
        assert dropped, "bob's stream was never dropped"
        for (viewer, where), reader in streams.items():
            before = dropped[0].events if viewer == "bob" else []
            reader.wait(
                lambda r=reader, b=before: len(b) + len(r.events) >= total,
                f"{viewer} on {where}",
                120,
            )
            got = before + reader.events
            assert [n for n, _ in got] == list(range(1, total + 1)), (viewer, where)  # once
            assert [e for _, e in got] == logs[viewer], (viewer, where)
        assert logs["alice"] != logs["spectator"]  # alice's own draws are named to her
        for name, client in (("alice", people[0]), ("bob", people[1])):
            feed = json_log(client, "/api/stream/")
            reader = feeds[name]
            reader.wait(lambda r=reader, f=feed: len(r.events) >= len(f), f"{name}'s feed")
            assert [e for _, e in reader.events] == feed
            kinds = {e["type"] for e in feed}
            assert {"game_started", "your_turn", "game_finished"} <= kinds
    finally:
        for reader in readers:
            reader.close()
        for server in servers:
            server.stop()
        for w in workers:
            w.stop()
