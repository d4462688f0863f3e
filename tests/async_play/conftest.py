"""A real Redis and real Celery worker processes for the worker tests.

They need PostgreSQL (DATABASE_URL): a worker in another process must see the test database,
which an in-memory SQLite one is not. Redis comes from REDIS_URL, or a `redis-server` on PATH is
started on a free port; without either the tests are skipped (CI provides both: .ci/run)."""

from __future__ import annotations

import os
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

from tests.live import RedisServer, database_url, free_port

ROOT = Path(__file__).resolve().parents[2]
WAIT = 240.0  # the longest any wait in these tests may take (they end far sooner)


def wait_for(
    condition: Callable[[], Any],
    what: str,
    timeout: float = WAIT,
    state: Callable[[], str] | None = None,
) -> Any:
    """Poll `condition` until it is truthy; fail (not hang) after `timeout` seconds, saying
    `state()` (what was seen) if given."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting for {what}" + (f"\n{state()}" if state else ""))
        time.sleep(0.2)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    try:
        yield server.start().url
    finally:
        server.stop()


class Worker:
    """A `celery worker --beat` process (its own process group) against the test database;
    `beat=False` for a second worker beside one with beat."""

    def __init__(self, env: dict[str, str], folder: Path, name: str = "test", beat: bool = True):
        self.env, self.folder, self.name, self.beat = env, folder, name, beat
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = folder / f"{name}.log"
        self.runs = 0

    def start(self, pool: str = "threads", **extra: str) -> Worker:
        """Start the worker with `pool` (threads, as `make run` does; prefork, as production
        does) and the environment variables `extra`."""
        self.runs += 1
        self.log = self.folder / f"{self.name}-{self.runs}.log"
        beat = ["--beat", "--schedule", str(self.folder / "beat-schedule")] if self.beat else []
        cmd = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tests.async_play.worker_app",
            "worker",
            *beat,
            "--pool",
            pool,
            "--concurrency",
            "2",
            "--without-gossip",
            "--without-mingle",
            "--loglevel",
            "INFO",
            "--hostname",
            f"{self.name}{self.runs}@%h",
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


class WebServer:
    """The ASGI application under uvicorn in a process of its own, against the test database
    and Redis, on a free port."""

    def __init__(self, env: dict[str, str], folder: Path, name: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        cmd = [sys.executable, "-m", "uvicorn", "gtr_api.asgi:application"]
        cmd += ["--host", "127.0.0.1", "--port", str(self.port), "--lifespan", "off"]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        wait_for(lambda: self._up() or self.proc.poll() is not None, f"{name} to listen", 60)
        assert self.proc.poll() is None, self.log.read_text()[-3000:]

    def _up(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(30)


def worker_env(postgres_url: str, redis_url: str, folder: Path) -> dict[str, str]:
    """The environment of a worker (or web process) sharing the test database and `redis_url`,
    with short intervals: the sweep every second, a bot move left waiting 3 s is queued again.
    It signs with the test process's key (a mail's reply code, a seat's link): a checkout's own
    var/secret_key, which the test process reads, is not in the worker's GTR_VAR_DIR."""
    from django.conf import settings

    return {
        **os.environ,
        "SECRET_KEY": settings.SECRET_KEY,
        "DATABASE_URL": postgres_url,
        "REDIS_URL": redis_url,
        "GTR_REDIS_VISIBILITY_TIMEOUT": "8",
        "GTR_DEADLINE_HORIZON_SECONDS": "4",
        "GTR_SWEEP_SECONDS": "1",
        "GTR_SWEEP_GRACE_SECONDS": "3",
        "GTR_HEARTBEAT_SECONDS": "1",
        "GTR_VAR_DIR": str(folder / "var"),
        "GTR_CELERY_EAGER": "0",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "PYTHONUNBUFFERED": "1",
    }


@pytest.fixture
def live_env(postgres_url: str, redis_url: str, tmp_path: Path, worker_id: str) -> Iterator[dict]:
    """The environment of the processes a test starts (workers, web servers): the test database,
    this pytest-xdist process's own Redis database (its own queues: its workers see only its own
    test database), short sweeps and horizons. This process publishes to the same Redis."""
    from gtr_api.celery import app

    number = int(worker_id.removeprefix("gw")) + 1 if worker_id.startswith("gw") else 0
    redis_url = urlsplit(redis_url)._replace(path=f"/{number % 16}").geturl()
    app.conf.task_always_eager = False
    if app.conf.broker_url != redis_url:  # once per process: other tests never publish
        app.conf.broker_url = redis_url
        app.conf.broker_transport_options = {"visibility_timeout": 8}
    env = worker_env(postgres_url, redis_url, tmp_path)
    try:
        yield env
    finally:
        _flush(redis_url)


@pytest.fixture
def worker(live_env: dict[str, str], tmp_path: Path) -> Iterator[Worker]:
    """A worker factory (not started) sharing the test database and Redis. Stopped before the
    database is flushed."""
    w = Worker(live_env, tmp_path)
    try:
        yield w
    finally:
        w.stop()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    try:
        yield server.start()
    finally:
        server.stop()


def _flush(url: str) -> None:
    """Leave no message for the next test's worker."""
    import redis

    redis.Redis.from_url(url).flushdb()
