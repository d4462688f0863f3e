"""`make run` as a user runs it: supervisord with the production web server, a Celery worker and
beat on the embedded default (SQLite, the embedded broker). A killed worker comes back and its
death is logged loudly; a worker that cannot start is retried, each failure logged; Ctrl-C stops
everything. Real processes, real HTTP; waits are bounded, nothing asserts how long anything took."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.live import ROOT, ServerProcess, free_port, http_status, wait_until

CTL = [sys.executable, "-m", "supervisor.supervisorctl", "-c", "gtr_api/supervisord.conf"]


class MakeRun(ServerProcess):
    def __init__(self, var: Path, **env: str) -> None:
        self.port, self.var = free_port(), var
        self.url = f"http://127.0.0.1:{self.port}"
        full_env = {**os.environ, "GTR_VAR_DIR": str(var), **env}
        full_env.pop("DATABASE_URL", None)  # the embedded default
        full_env.pop("REDIS_URL", None)
        super().__init__(["make", "-s", "run", f"PORT={self.port}"], full_env, var / "run.log")

    def ctl(self, *args: str) -> str:
        env = {**self.env, "GTR_VAR_DIR": str(self.var)}
        done = subprocess.run(CTL + list(args), cwd=ROOT, env=env, capture_output=True, text=True)
        return done.stdout.strip()

    def pid_of(self, program: str) -> int:
        return int(self.ctl("pid", program) or 0)

    def events(self) -> list[dict[str, Any]]:
        path = self.var / "log" / "deaths.jsonl"
        return [json.loads(line) for line in path.open()] if path.exists() else []

    def health(self) -> int | None:
        return http_status(f"{self.url}/api/health/")

    def shell(self, code: str) -> str:
        command = [sys.executable, "manage.py", "shell", "-c", code]
        done = subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]


@pytest.fixture
def make_run(tmp_path: Path) -> Any:
    runs: list[MakeRun] = []

    def start(**env: str) -> MakeRun:
        run = MakeRun(tmp_path / f"var{len(runs)}", **env)
        run.var.mkdir()
        runs.append(run)
        return run.start()

    yield start
    for run in runs:
        # Ctrl-C, then time for supervisord to stop what it runs (stop() would kill it midway,
        # and leave the web server it had not stopped yet running on its own).
        run.signal(signal.SIGINT)
        run.wait(90)
        run.stop(60)


def bot_game(run: MakeRun) -> int:
    return int(
        run.shell(
            "from django.contrib.auth.models import User\n"
            "from games.services.lobby import SeatSpec, game_create\n"
            "staff, _ = User.objects.get_or_create(username='ops', is_staff=True)\n"
            "game = game_create(user=staff, version='republic', players=2,"
            " options={'training': True},"  # the training deal: a shorter whole game
            " seats=[SeatSpec('bot'), SeatSpec('bot', bot='random')])\n"
            "print(game.pk)"
        )
    )


def game_of(run: MakeRun, game_id: int) -> dict[str, Any]:
    with urllib.request.urlopen(f"{run.url}/api/games/{game_id}/", timeout=10) as r:
        return dict(json.load(r))


def status_of(run: MakeRun, game_id: int) -> str:
    return str(game_of(run, game_id)["status"])


@pytest.mark.slow
def test_make_run_serves_plays_and_brings_a_killed_worker_back(make_run: Any) -> None:
    run = make_run()
    wait_until(lambda: run.health() == 200, "every health check to be up (web, worker, beat)")

    # The production server serves the collected static files, compressed and cacheable.
    request = urllib.request.Request(
        f"{run.url}/static/rest_framework/css/bootstrap.min.css",
        headers={"Accept-Encoding": "gzip"},
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        assert r.headers["Content-Encoding"] == "gzip" and "max-age" in r.headers["Cache-Control"]
        assert b"bootstrap" in gzip.decompress(r.read())

    # DEBUG is off (issue 30, W8): a wrong address gets the site's own page, not Django's
    # technical 404 with every URL pattern; over plain HTTP (no redirect, no HSTS), with a
    # secret key made for this installation and readable by its owner only.
    request = urllib.request.Request(f"{run.url}/games/999999/", headers={"Accept": "text/html"})
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(request, timeout=10)
    page = missing.value.read().decode()
    assert missing.value.code == 404 and "There is nothing here" in page, page[:500]
    assert "URLconf" not in page and "Raised by" not in page
    assert "Strict-Transport-Security" not in missing.value.headers
    assert (run.var / "secret_key").stat().st_mode & 0o077 == 0
    with urllib.request.urlopen(f"{run.url}/static/web/site.css", timeout=10) as r:
        assert r.status == 200

    # The worker plays a game of bots to the end.
    game_id = bot_game(run)
    wait_until(lambda: status_of(run, game_id) == "finished", "the bots to finish their game")

    # Kill the worker as a crash would: supervisord starts another, and it is logged loudly.
    worker = run.pid_of("worker")
    os.kill(worker, signal.SIGKILL)
    wait_until(lambda: run.pid_of("worker") not in (0, worker), "a new worker")
    (death,) = [e for e in run.events() if e["event"] == "PROCESS_STATE_EXITED"]
    assert death["processname"] == "worker" and death["pid"] == str(worker)
    wait_until(lambda: "CRITICAL gtr.supervision: worker" in run.text(), "the death in the log")
    assert f"worker (pid {worker}) DIED" in run.text()
    # The new worker plays: another game of bots moves on (its 30 first moves are enough to
    # show it; the first game showed a game to its end).
    game_id = bot_game(run)
    wait_until(lambda: game_of(run, game_id)["seq"] >= 30, "the new worker to play")

    # Ctrl-C stops supervisord and everything it runs.
    children = [run.pid_of(p) for p in ("web", "worker", "beat")]
    # `make run` ends by itself, as in a terminal, once supervisord has stopped them all (the
    # worker may take its stopwaitsecs, 60 s, to finish a move).
    run.signal(signal.SIGINT)
    assert run.wait(90) is not None, "make run still runs after Ctrl-C"
    for pid in children:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.slow
def test_a_worker_that_cannot_start_is_retried_and_each_failure_logged(make_run: Any) -> None:
    run = make_run(GTR_WORKER_POOL="no-such-pool")
    wait_until(
        lambda: len([e for e in run.events() if e["event"] == "PROCESS_STATE_BACKOFF"]) >= 3,
        "three failed starts",
    )
    backoffs = [e for e in run.events() if e["event"] == "PROCESS_STATE_BACKOFF"]
    assert {e["processname"] for e in backoffs} == {"worker"}
    assert [int(e["tries"]) for e in backoffs[:3]] == [1, 2, 3]
    assert "ERROR gtr.supervision: worker failed to start" in run.text()
    # Meanwhile the web server answers, and its health check says the worker is down.
    with urllib.request.urlopen(f"{run.url}/api/health/?only=database", timeout=10) as r:
        assert r.status == 200
    assert run.health() == 503
