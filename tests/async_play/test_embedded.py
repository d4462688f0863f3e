"""The embedded default's topology: SQLite, no Redis, the embedded broker, a Celery worker
process (with beat, restarted if it dies, as `make run` supervises it) playing the bots and two
uvicorn web processes. Events committed by the worker reach
streams on both web processes through their database listeners (one query per process, not per
client), in order and once; the long poll wakes on them too. Needs no server: it runs wherever
the tests run."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import EventReader

from .conftest import ROOT, WebServer


def embedded_env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    return {
        **env,
        "GTR_VAR_DIR": str(folder / "var"),
        "GTR_CELERY_EAGER": "0",
        "GTR_STREAM_KEEPALIVE_SECONDS": "1",
        "GTR_HUB_POLL_SECONDS": "0.1",
        "GTR_SWEEP_SECONDS": "1",
        "GTR_SWEEP_GRACE_SECONDS": "3",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    }


def signup(client: httpx.Client, name: str) -> dict[str, str]:
    r = client.post("/api/auth/signup/", json={"username": name, "password": "correct horse 1"})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Token {r.json()['token']}"}


@pytest.mark.slow
def test_bots_in_a_worker_process_reach_streams_on_every_web_process(tmp_path: Path) -> None:
    env = embedded_env(tmp_path)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    worker = Supervised(env, tmp_path)
    servers = [WebServer(env, tmp_path, "web-a"), WebServer(env, tmp_path, "web-b")]
    readers: list[EventReader] = []
    try:
        a, b = (s.url for s in servers)
        me = signup(httpx.Client(base_url=a, timeout=60), "me")
        client = httpx.Client(base_url=a, headers=me, timeout=60)
        seats = [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
        r = client.post("/api/games/", json={"players": 3, "seats": seats})
        assert r.status_code == 201, r.text
        game_id = r.json()["id"]
        path = f"/api/games/{game_id}/events/?after=0"
        readers += [EventReader(f"{a}{path}", me), EventReader(f"{b}{path}", me)]
        readers.append(EventReader(f"{b}{path}"))  # a spectator
        rnd, made = random.Random(4), 0
        view = client.get(f"/api/games/{game_id}/").json()
        while view["status"] == "active" and made < 20:
            if not view["your_turn"]:  # the bots' turn: the worker plays them
                r = client.get(f"/api/games/{game_id}/wait/?seq={view['seq']}&timeout=30")
                assert r.status_code == 200, f"the bots did not move: {r.status_code}"
                view = r.json()
                continue
            action = rnd.choice(view["legal_actions"])["action"]
            r = client.post(
                f"/api/games/{game_id}/moves/", json={"seq": view["seq"], "action": action}
            )
            assert r.status_code == 201, r.text
            view, made = r.json()["game"], made + 1
        while view["status"] == "active" and not view["your_turn"]:  # the bots finish
            r = client.get(f"/api/games/{game_id}/wait/?seq={view['seq']}&timeout=30")
            view = r.json() if r.status_code == 200 else view
        total = client.get(f"/api/games/{game_id}/").json()["last_event"]
        mine = json_log(client, game_id)
        spectator = json_log(httpx.Client(base_url=b, timeout=60), game_id)
        assert any(e["type"] == "action" and e["actor"] == "bot" for e in mine)
        for reader, log_ in zip(readers, (mine, mine, spectator), strict=True):
            reader.wait(lambda r=reader: len(r.events) >= total, "every event", 60)
            assert [n for n, _ in reader.events] == list(range(1, total + 1))
            assert [e for _, e in reader.events] == log_
    finally:
        for reader in readers:
            reader.close()
        for server in servers:
            server.stop()
        worker.stop()


class Supervised:
    """A `celery worker --beat` restarted whenever it dies, as make run's supervisor does."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.env, self.log = env, (folder / "worker.log").open("ab")
        self.cmd = [sys.executable, "-m", "celery", "-A", "gtr_api", "worker", "--beat"]
        self.cmd += ["--schedule", str(folder / "beat"), "--pool", "threads", "--concurrency", "2"]
        self.cmd += ["--without-gossip", "--without-mingle"]
        self.stopping = threading.Event()
        self.proc = self._start()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.cmd, cwd=ROOT, env=self.env, stdout=self.log, stderr=self.log)

    def _watch(self) -> None:
        while not self.stopping.wait(0.5):
            if self.proc.poll() is not None:
                self.proc = self._start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(10)
        self.proc.terminate()
        self.proc.wait(30)
        self.log.close()


def json_log(client: httpx.Client, game_id: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = client.get(f"/api/games/{game_id}/events/?after={len(out)}&page_size=100").json()
        out += page["results"]
        if not page["next"]:
            return out
