"""The fault run's installation: PostgreSQL, Redis and the production processes under
supervisord, and the run's own database connection for its checks (bench/faults.py)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import xmlrpc.client
from collections import Counter
from pathlib import Path
from typing import Any

import psycopg
from supervisor.xmlrpc import SupervisorTransport

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live import RedisServer, ServerProcess, free_port  # noqa: E402
from tests.recipe import here, installation_env, systemd_commands  # noqa: E402

# The benchmark's clients make each request as fast as the server answers: past the rate limits set
# for people and bots (docs/api.md, Rate limits). These still count every request, so their cost
# is measured, but never refuse one.
RATE_LIMITS_RAISED = {
    f"GTR_{scope}_RATE": "1000000/min" for scope in ("VIEW", "MOVE", "STREAM", "CREATE", "WRITE")
}

# Shorter than production's, so that recovery fits a CI stage; the mechanisms are the same.
TIMING = {
    "GTR_SWEEP_SECONDS": "5",  # beat's sweep (production: 60)
    "GTR_SWEEP_GRACE_SECONDS": "5",  # a bot move waiting this long is queued again (30)
    "GTR_HEARTBEAT_SECONDS": "2",  # workers' heartbeats (10)
    "GTR_REDIS_VISIBILITY_TIMEOUT": "15",  # a dead worker's message goes to another (3600)
    "GTR_DEADLINE_HORIZON_SECONDS": "5",  # below the visibility timeout, as production's is
    "GTR_IDEMPOTENCY_LEASE_SECONDS": "10",  # a key whose request died is free again (60)
    # The search bot thinks for its whole budget (2.5 s), not its 100 iterations (some 40 ms):
    # a bot move long enough to kill a worker inside (production: off).
    "GTR_BOT_SEARCH_BY_TIME": "1",
}


def log(message: str) -> None:
    print(f"faults: {message}", flush=True)


# The installation -------------------------------------------------------------------------------


class Installation:
    """PostgreSQL, Redis, and the production processes under supervisord."""

    PROGRAMS = ("web1", "web2", "worker1", "worker2", "beat")

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.redis = RedisServer(folder)
        self.pg_dir = ""
        self.database_url = ""
        self.ports = [free_port(), free_port()]
        self.urls = [f"http://127.0.0.1:{p}" for p in self.ports]
        self.host = socket.gethostname()
        self.env: dict[str, str] = {}
        self.supervisord: ServerProcess | None = None
        self.killed: Counter[str] = Counter()

    def start(self) -> None:
        if shutil.which("redis-server") is None:
            raise SystemExit("needs redis-server (.ci/redis installs it)")
        started = subprocess.run(
            [ROOT / ".ci" / "postgres", "start"], capture_output=True, text=True, check=True
        )
        exported = dict(re.findall(r"(\w+)=(\S+)", started.stdout))
        self.database_url, self.pg_dir = exported["DATABASE_URL"], exported["GTR_PG_DIR"]
        self.redis.start()
        self.env = {
            **installation_env(self.database_url, self.redis.url, self.folder / "var"),
            **TIMING,
            "GTR_WEB_WORKERS": "1",  # one process per web unit: the kill takes the unit down
            "GTR_DB_POOL_SIZE": "10",
            "GTR_SIGNUP_RATE": "10000/min",  # every player signs up from this one address
            **RATE_LIMITS_RAISED,
        }
        for command in systemd_commands("gtr-release.service"):
            subprocess.run(here(command), cwd=ROOT, env=self.env, check=True, capture_output=True)
        config = self.folder / "supervisord.conf"
        config.write_text(self.supervisord_conf())
        supervisord = [sys.executable, "-m", "supervisor.supervisord", "-c", str(config)]
        self.supervisord = ServerProcess(supervisord, self.env, self.folder / "supervisord.out")
        self.supervisord.start()

    def supervisord_conf(self) -> str:
        """supervisord running the systemd units' commands as the units do: `Restart=always`
        with `StartLimitIntervalSec=0` is autorestart=true with no limit on retries (supervisord
        restarts at once where systemd waits `RestartSec=3`); each unit's stop signal and time."""
        (web,) = systemd_commands("gtr-web@.service")
        (worker,) = systemd_commands("gtr-worker@.service")
        (beat,) = systemd_commands("gtr-beat.service")
        commands = {
            "web1": (here(web, **{"%i": str(self.ports[0])}), 20),
            "web2": (here(web, **{"%i": str(self.ports[1])}), 20),
            "worker1": (here(worker, **{"%i": "1", "%H": self.host}), 60),
            "worker2": (here(worker, **{"%i": "2", "%H": self.host}), 60),
            "beat": (here(beat), 20),
        }
        logs = self.folder / "log"
        logs.mkdir(exist_ok=True)
        sections = [
            f"[supervisord]\nnodaemon=true\nlogfile={logs}/supervisord.log\n"
            f"pidfile={self.folder}/supervisord.pid\nchildlogdir={logs}\n",
            f"[unix_http_server]\nfile={self.folder}/supervisor.sock\n",
            "[rpcinterface:supervisor]\n"
            "supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface\n",
            f"[supervisorctl]\nserverurl=unix://{self.folder}/supervisor.sock\n",
        ]
        for name, (command, stop_seconds) in commands.items():
            sections.append(
                f"[program:{name}]\ncommand={shlex.join(command)}\nautorestart=true\n"
                f"startsecs=1\nstartretries=1000000\nstopsignal=TERM\n"
                f"stopwaitsecs={stop_seconds}\nkillasgroup=true\nredirect_stderr=true\n"
                f"stdout_logfile={logs}/{name}.log\nstdout_logfile_maxbytes=0\n"
            )
        sections.append(
            f"[eventlistener:deaths]\n"
            f"command={sys.executable} -m gtr_api.supervision {logs}/deaths.jsonl\n"
            "events=PROCESS_STATE_EXITED,PROCESS_STATE_BACKOFF,PROCESS_STATE_FATAL\n"
            f"autorestart=true\nstderr_logfile={logs}/deaths.log\n"
        )
        return "\n".join(sections)

    def status(self) -> dict[str, tuple[str, int | None]]:
        """Each program's supervisord state and pid (supervisorctl's XML-RPC)."""
        socket_url = f"unix://{self.folder}/supervisor.sock"
        proxy = xmlrpc.client.ServerProxy(
            "http://127.0.0.1", transport=SupervisorTransport(serverurl=socket_url)
        )
        try:
            processes = proxy.supervisor.getAllProcessInfo()
        except OSError:
            return {}
        return {p["name"]: (p["statename"], p["pid"] or None) for p in processes}

    def kill(self, program: str) -> int:
        """SIGKILL the program's process and everything it started (a worker's pool), as a crash
        or the OOM killer would. supervisord starts each program in a process group of its own."""
        state, pid = self.status()[program]
        assert state == "RUNNING" and pid, (program, state)
        os.killpg(pid, signal.SIGKILL)
        self.killed[program] += 1
        return pid

    def restart_postgres(self) -> None:
        subprocess.run([ROOT / ".ci" / "postgres", "restart", self.pg_dir], check=True)

    def deaths(self) -> Counter[str]:
        path = self.folder / "log" / "deaths.jsonl"
        lines = path.read_text().splitlines() if path.exists() else []
        events = [json.loads(line) for line in lines]
        return Counter(e["processname"] for e in events if e["event"] == "PROCESS_STATE_EXITED")

    def manage(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "manage.py", *args]
        return subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, text=True)

    def stop_processes(self) -> None:
        """Stop supervisord and its programs (each with its unit's signal and time)."""
        if self.supervisord is not None:
            self.supervisord.stop(90)

    def stop(self) -> None:
        self.stop_processes()
        self.redis.stop()
        if self.pg_dir:
            subprocess.run([ROOT / ".ci" / "postgres", "stop", self.pg_dir], check=False)


class Database:
    """The script's own connection, for the checks; reconnects after a restart."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn: psycopg.Connection[Any] | None = None
        self.lock = threading.Lock()

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with self.lock:
            for attempt in range(30):
                try:
                    if self.conn is None or self.conn.closed:
                        self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=3)
                    cursor = self.conn.execute(sql, params)
                    return cursor.fetchall() if cursor.description else []
                except psycopg.OperationalError:
                    if self.conn is not None:
                        self.conn.close()
                    self.conn = None
                    if attempt == 29:
                        raise
                    time.sleep(0.5)
        raise AssertionError("unreachable")

    def value(self, sql: str, *params: Any) -> Any:
        return self.rows(sql, *params)[0][0]
