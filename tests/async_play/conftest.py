"""A real Redis and real Celery worker processes for the worker tests.

They need PostgreSQL (DATABASE_URL): a worker in another process must see the test database,
which an in-memory SQLite one is not. Redis comes from REDIS_URL, or a `redis-server` on PATH is
started on a free port; without either the tests are skipped (CI provides both: .ci/run)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 240.0  # the longest any wait in these tests may take (they end far sooner)


def wait_for(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    """Poll `condition` until it is truthy; fail (not hang) after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("needs Redis: set REDIS_URL or install redis-server")
    port = free_port()
    folder = tmp_path_factory.mktemp("redis")
    proc = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: _answers(port), "redis-server to start", 30)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def database_url() -> str:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): a worker process must share the database")
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


class Worker:
    """A `celery worker --beat` process (its own process group) against the test database."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.env, self.folder = env, folder
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = folder / "worker.log"
        self.runs = 0

    def start(self, pool: str = "threads", **extra: str) -> Worker:
        """Start the worker with `pool` (threads, as `make run` does; prefork, as production
        does) and the environment variables `extra`."""
        self.runs += 1
        self.log = self.folder / f"worker-{self.runs}.log"
        cmd = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tests.async_play.worker_app",
            "worker",
            "--beat",
            "--schedule",
            str(self.folder / "beat-schedule"),
            "--pool",
            pool,
            "--concurrency",
            "2",
            "--without-gossip",
            "--without-mingle",
            "--loglevel",
            "INFO",
            "--hostname",
            f"test{self.runs}@%h",
        ]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                cmd,
                cwd=ROOT,
                env={**self.env, **extra},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(lambda: "ready." in self.text() or self.proc.poll() is not None, "worker")
        assert self.proc.poll() is None, self.text()[-3000:]
        return self

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL the worker and everything it started, as a crash would."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.kill()


@pytest.fixture
def postgres_url(transactional_db: Any) -> str:
    return database_url()


@pytest.fixture
def worker(postgres_url: str, redis_url: str, tmp_path: Path, worker_id: str) -> Iterator[Worker]:
    """A worker factory (not started) sharing the test database and Redis; this process publishes
    to the same Redis. Each pytest-xdist process uses its own Redis database (its own queues),
    since its workers see only its own test database. Stopped before the database is flushed."""
    from gtr_api.celery import app

    number = int(worker_id.removeprefix("gw")) + 1 if worker_id.startswith("gw") else 0
    redis_url = urlsplit(redis_url)._replace(path=f"/{number % 16}").geturl()

    env = {
        **os.environ,
        "DATABASE_URL": postgres_url,
        "REDIS_URL": redis_url,
        "GTR_REDIS_VISIBILITY_TIMEOUT": "8",
        "GTR_DEADLINE_HORIZON_SECONDS": "4",
        "GTR_SWEEP_SECONDS": "1",
        "GTR_SWEEP_GRACE_SECONDS": "3",
        "GTR_VAR_DIR": str(tmp_path / "var"),
        "GTR_CELERY_EAGER": "0",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    }
    app.conf.task_always_eager = False
    if app.conf.broker_url != redis_url:  # once per process: other tests never publish
        app.conf.broker_url = redis_url
        app.conf.broker_transport_options = {"visibility_timeout": 8}
    w = Worker(env, tmp_path)
    try:
        yield w
    finally:
        w.stop()
        _flush(redis_url)


def _flush(url: str) -> None:
    """Leave no message for the next test's worker."""
    import redis

    redis.Redis.from_url(url).flushdb()
