"""Real server processes for tests over real HTTP: the production web server exactly as
`python -m gtr_api.processes web` starts it (uvicorn), on free ports, in the environment a test
gives it, and any other command a test needs to run as a server (`manage.py serve`).

    servers = start_web(count=2, env={"DATABASE_URL": database_url(), ...}, folder=tmp_path)
    requests.get(f"{servers[0].url}/api/games/")      # "http://127.0.0.1:<port>"
    for server in servers:
        server.stop()

or, stopped after the test by the fixture (tests/conftest.py):

    def test_two_web_processes(web_servers):
        a, b = web_servers(2, env={...})

Each process runs in its own session (a process group), so stop() and kill() reach everything it
started. Processes that share the test database need PostgreSQL (`database_url()`): an in-memory
SQLite test database is invisible to another process.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
READY_TIMEOUT = 120.0  # a loaded 2-core machine can take a while to import Django


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def database_url() -> str:
    """The URL of the test database, for server processes to share it (PostgreSQL only)."""
    import pytest
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): another process must share the database")
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


def http_status(url: str, timeout: float = 5.0) -> int | None:
    """The status of a GET, or None when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (OSError, ValueError):
        return None


def wait_until(condition: Callable[[], Any], what: str, timeout: float = READY_TIMEOUT) -> Any:
    end = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > end:
            raise TimeoutError(f"gave up waiting for {what}")
        time.sleep(0.2)
    return value


class ServerProcess:
    """A command run as a server, its output in `log`."""

    def __init__(self, command: Sequence[str], env: dict[str, str], log: Path) -> None:
        self.command, self.env, self.log = list(command), env, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def signal(self, sig: int) -> None:
        """Send `sig` to the process's whole group (what a terminal's Ctrl-C does)."""
        if self.running():
            os.killpg(self.pid, sig)

    def wait(self, timeout: float) -> int | None:
        """Its exit status once it ended by itself, None if it still runs after `timeout`."""
        assert self.proc is not None
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        self.signal(signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(30)

    def stop(self, timeout: float = 30) -> int | None:
        """Ask it to stop (SIGTERM to the process only: it stops its own children), and kill
        the whole group after `timeout` seconds. Returns the exit status."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)  # anything it left behind
        return self.proc.returncode


class WebServer(ServerProcess):
    """The production web server on 127.0.0.1:`port`."""

    def __init__(self, port: int, env: dict[str, str], log: Path, workers: int = 1) -> None:
        from gtr_api.processes import web

        super().__init__(web(port=port, workers=workers), env, log)
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def start(self) -> WebServer:
        super().start()
        wait_until(
            lambda: not self.running() or http_status(f"{self.url}/api/health/?only=database"),
            f"the web server on port {self.port}",
        )
        if not self.running():
            raise RuntimeError(f"the web server on port {self.port} died:\n{self.text()[-3000:]}")
        return self


def start_web(
    count: int = 1,
    *,
    env: dict[str, str] | None = None,
    folder: Path,
    ports: Sequence[int] | None = None,
    workers: int = 1,
) -> list[WebServer]:
    """Start `count` web processes (on `ports`, or free ones), each `workers` uvicorn processes,
    with os.environ plus `env`; return when all answer."""
    ports = list(ports or [free_port() for _ in range(count)])
    full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    servers = [WebServer(p, full_env, folder / f"web-{p}.log", workers) for p in ports]
    started: list[WebServer] = []
    try:
        for server in servers:
            started.append(server.start())
    except BaseException:
        for server in started + servers[len(started) :]:
            server.stop()
        raise
    return servers


def redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """A Redis server of a test's own, which the test may stop and start again (on the same
    port, empty: what a restart without persistence looks like)."""

    def __init__(self, folder: Path) -> None:
        self.port, self.folder = free_port(), folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        import pytest

        server = shutil.which("redis-server")
        if server is None:
            pytest.skip("needs redis-server")
        command = [server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        self.proc = subprocess.Popen(
            [*command, "--dir", str(self.folder)], stdout=subprocess.DEVNULL
        )
        wait_until(lambda: redis_answers(self.port), "redis-server to start", 30)
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # gone at once, as in a crash
            self.proc.wait(10)
        wait_until(lambda: not redis_answers(self.port), "redis-server to stop", 30)
