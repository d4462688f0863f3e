"""Fault run: the production layout under load while its parts are broken, then every promise
checked. A throwaway PostgreSQL (.ci/postgres) and Redis (tests.live.RedisServer), the release
step, then the systemd units' own commands (deploy/systemd: two web processes on two ports, two
workers, one beat) run by supervisord with the units' restart policy (`Restart=always`: any exit,
for ever). A dozen people play their seats over HTTP (each request to either web process, a retry
to the other), against each other and against bots the workers play, some on clocks short
enough that seats time out. While they play, the run

1. SIGKILLs a web process,
2. SIGKILLs a worker while it makes a bot move (a search bot's, found with Celery's `inspect
   active`; the game is checked to be still at that move after the kill),
3. kills Redis and starts it again, empty (queued tasks are lost),
4. restarts PostgreSQL (`pg_ctl restart -m fast`: every connection is cut),

and after each waits until everything is back by itself. Then it checks the promises:

- every move a client was answered 201 for is in the log exactly once, with the action it sent;
- every game's log is seq 1..N without a gap;
- every game finished or is still playable: its view answers and a move is accepted (or made by
  the server, when it is a bot's or an absent player's turn);
- no answer was a 5xx other than 503 with `Retry-After`;
- every process is back: supervisord says RUNNING, `GET /api/health/` is all up on both web
  processes, each worker's heartbeat is its new process's, and no process died but those killed;
- the bot move the worker died in was made exactly once after the kill;
- `verify_games` reports no problem.

It prints its figures (faults with how long until the service answered again and everything was
back, moves by people and by the server, answers by status, games finished) and exits 1 when a
promise was broken. docs/reliability.md explains the figures and keeps the last ones.

    python bench/faults.py                  # the suite's stage: faults in 2 minutes of play
    python bench/faults.py --minutes 5 --keep

Clients retry what a client should: a dropped connection (on the other web process), a 503 after
its `Retry-After`, and a 409 `idempotency_in_progress`, always with the same `Idempotency-Key`.
Intervals are shortened so that a run fits CI (the sweep every 5 s, a bot move waiting 5 s is
queued again, Redis gives a dead worker's message to another after 15 s; see `TIMING`).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import xmlrpc.client
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
from supervisor.xmlrpc import SupervisorTransport

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live import RedisServer, ServerProcess, free_port, wait_until  # noqa: E402
from tests.recipe import here, installation_env, systemd_commands  # noqa: E402

# Shorter than production's, so that recovery fits a CI stage; the mechanisms are the same.
TIMING = {
    "GTR_SWEEP_SECONDS": "5",  # beat's sweep (production: 60)
    "GTR_SWEEP_GRACE_SECONDS": "5",  # a bot move waiting this long is queued again (30)
    "GTR_HEARTBEAT_SECONDS": "2",  # workers' heartbeats (10)
    "GTR_REDIS_VISIBILITY_TIMEOUT": "15",  # a dead worker's message goes to another (3600)
    "GTR_DEADLINE_HORIZON_SECONDS": "5",  # below the visibility timeout, as production's is
    "GTR_IDEMPOTENCY_LEASE_SECONDS": "10",  # a key whose request died is free again (60)
}
SEARCH_BOT = "ismcts-3"  # thinks 2.5 s a move: the worker is killed inside one
WAIT = 10  # seconds a long poll waits
GIVE_UP = 120.0  # seconds a client retries one request before it calls the server stuck
BACK_WITHIN = 90.0  # seconds everything has to be back after a fault


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


# The clients --------------------------------------------------------------------------------------


@dataclass
class Answer:
    sent: float
    answered: float
    status: int | str  # an HTTP status, or "connection" for a request that got no answer
    method: str
    path: str
    web: int


class Record:
    """What every client saw, for the figures and the checks."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers: list[Answer] = []
        self.accepted: list[tuple[int, int, Any]] = []  # (game, seq of the move, action)
        self.server_errors: list[str] = []  # 5xx but 503 with Retry-After: broken promises

    def answer(self, answer: Answer, response: httpx.Response | None) -> None:
        with self.lock:
            self.answers.append(answer)
            if response is None or (answer.status == 503 and "Retry-After" in response.headers):
                return
            if response.status_code >= 500:
                self.server_errors.append(
                    f"{answer.method} {answer.path} on web{answer.web + 1}: "
                    f"{response.status_code} {response.text[:300]}"
                )

    def by_status(self) -> Counter[str]:
        with self.lock:
            return Counter(str(a.status) for a in self.answers)

    def first_success_after(self, moment: float) -> float | None:
        with self.lock:
            done = [
                a.answered
                for a in self.answers
                if a.sent >= moment and isinstance(a.status, int) and a.status < 300
            ]
        return min(done) - moment if done else None


class Stuck(Exception):
    pass


class Person(threading.Thread):
    """One person with an account, playing one seat of one game over HTTP, through either web
    process."""

    def __init__(self, name: str, urls: list[str], record: Record, rnd: random.Random) -> None:
        super().__init__(name=name, daemon=True)
        self.urls, self.record, self.rnd = urls, record, rnd
        self.http = httpx.Client(timeout=httpx.Timeout(WAIT + 20, connect=3))
        self.token = self.username = ""
        self.game = 0
        self.think = (0.1, 0.6)  # seconds before each move
        self.away: tuple[float, float] | None = None  # (from, to) in monotonic time: absent
        self.stop_at = 0.0
        self.moves = 0
        self.failure = ""

    def call(
        self, method: str, path: str, body: Any = None, key: str | None = None
    ) -> tuple[int, Any]:
        """The answer to a request, retried as a client should until it is not a 503, a dropped
        connection or a request with the same key still running; any other 5xx is recorded
        (a broken promise) and retried too."""
        headers = {"Authorization": f"Token {self.token}"} if self.token else {}
        if key:
            headers["Idempotency-Key"] = key
        give_up = time.monotonic() + GIVE_UP
        web = self.rnd.randrange(len(self.urls))  # either; each retry on the other one
        while True:
            sent = time.monotonic()
            try:
                response = self.http.request(
                    method, self.urls[web] + path, json=body, headers=headers
                )
            except httpx.TransportError:
                self.record.answer(
                    Answer(sent, time.monotonic(), "connection", method, path, web), None
                )
                pause = 0.2
            else:
                self.record.answer(
                    Answer(sent, time.monotonic(), response.status_code, method, path, web),
                    response,
                )
                code = (
                    response.json().get("code")
                    if response.status_code >= 400 and response.content
                    else None
                )
                if response.status_code == 503:
                    pause = float(response.headers.get("Retry-After", 1))
                elif code == "idempotency_in_progress" or response.status_code >= 500:
                    pause = 1.0
                else:
                    return response.status_code, response.json() if response.content else None
            if time.monotonic() + pause > give_up:
                raise Stuck(f"{method} {path}: no answer but failures for {GIVE_UP:.0f} s")
            time.sleep(pause)
            web = (web + 1) % len(self.urls)

    def signup(self) -> None:
        name = f"{self.name}-{uuid.uuid4().hex[:6]}"
        status, body = self.call(
            "POST", "/api/auth/signup/", {"username": name, "password": f"pw-{name}-{name}"}
        )
        assert status == 201, body
        self.token = body["token"]
        self.username = name

    def view(self) -> dict[str, Any]:
        status, view = self.call("GET", f"/api/games/{self.game}/")
        assert status == 200, (status, view)
        return dict(view)

    def move(self, view: dict[str, Any]) -> int:
        """Post one of the legal moves of `view`; the status."""
        action = self.rnd.choice(view["legal_actions"])["action"]
        key = uuid.uuid4().hex
        status, body = self.call(
            "POST", f"/api/games/{self.game}/moves/", {"seq": view["seq"], "action": action}, key
        )
        if status == 201:
            with self.record.lock:
                self.record.accepted.append((self.game, body["move"]["seq"], action))
            self.moves += 1
        return status

    def wait(self, seq: int) -> None:
        self.call("GET", f"/api/games/{self.game}/wait/?seq={seq}&timeout={WAIT}")

    def run(self) -> None:
        try:
            while time.monotonic() < self.stop_at:
                if self.away and self.away[0] <= time.monotonic() < self.away[1]:
                    time.sleep(0.5)
                    continue
                view = self.view()
                if view["status"] != "active":
                    return
                if not view["your_turn"]:
                    self.wait(view["seq"])
                    continue
                time.sleep(self.rnd.uniform(*self.think))
                self.move(view)
        except Exception as exc:  # a client that fails is a finding, not a crash
            self.failure = f"{self.name} (game {self.game}): {exc!r}"


@dataclass
class Table:
    """A game of the run: its people (seat order) and how it was made."""

    what: str
    body: dict[str, Any]
    people: list[Person] = field(default_factory=list)
    game: int = 0


def tables(clock_bank: dict[str, Any]) -> list[tuple[str, dict[str, Any], int]]:
    """(description, the POST /api/games/ body, people at it) for each game of the run."""
    bot = {"kind": "bot"}
    return [
        ("two people", {"players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}, 2),
        (
            "two people on a bank clock, one away for a while",
            {"players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], "clock": clock_bank},
            2,
        ),
        (
            "two people and a greedy bot, 60 s a move",
            {
                "players": 3,
                "seats": [{"kind": "me"}, {"kind": "open"}, bot],
                "clock": {"kind": "fixed", "seconds": 60},
            },
            2,
        ),
        (
            "two people, Imperium",
            {"version": "imperium", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]},
            2,
        ),
        (
            f"one person and {SEARCH_BOT}",
            {"players": 2, "seats": [{"kind": "me"}, {**bot, "bot": SEARCH_BOT}]},
            1,
        ),
        (
            "one person and three bots, bank clock",
            {
                "players": 4,
                "seats": [{"kind": "me"}, bot, {**bot, "bot": "random"}, bot],
                "clock": clock_bank,
            },
            1,
        ),
        (
            "one person and a random bot",
            {"players": 2, "seats": [{"kind": "me"}, {**bot, "bot": "random"}]},
            1,
        ),
        (
            "one slow person and a greedy bot, a 60 s bank: timeouts",
            {
                "players": 2,
                "seats": [{"kind": "me"}, bot],
                "clock": {"kind": "bank", "seconds": 60, "increment": 0},
            },
            1,
        ),
    ]


# The run ----------------------------------------------------------------------------------------


@dataclass
class Fault:
    name: str
    at: float  # monotonic time it was injected
    figures: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.folder = Path(tempfile.mkdtemp(prefix="gtr-faults-"))
        self.site = Installation(self.folder)
        self.record = Record()
        self.rnd = random.Random(args.seed)
        self.tables: list[Table] = []
        self.people: list[Person] = []
        self.faults: list[Fault] = []
        self.problems: list[str] = []
        self.interrupted: tuple[int, int] | None = None  # the bot move a worker died in
        self.monitor = httpx.Client(timeout=10)
        self.staff = ""
        self.db: Database | None = None

    # Set-up ------------------------------------------------------------------------------------

    def health(self, url: str) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Token {self.staff}"} if self.staff else {}
        try:
            r = self.monitor.get(f"{url}/api/health/", headers=headers)
            return r.status_code, r.json()
        except (httpx.HTTPError, ValueError):
            return 0, {}

    def set_up(self) -> None:
        self.site.start()
        self.db = Database(self.site.database_url)
        wait_until(
            lambda: all(self.health(u)[0] == 200 for u in self.site.urls),
            "every process up (GET /api/health/ on both web processes)",
            240,
        )
        ops = Person("ops", self.site.urls, self.record, self.rnd)
        ops.signup()
        self.db.rows("UPDATE auth_user SET is_staff = true WHERE username = %s", ops.username)
        self.staff = ops.token
        bank = {"kind": "bank", "seconds": 60, "increment": 3, "cap": 60}
        names = iter(
            [
                "alice",
                "bob",
                "carol",
                "dave",
                "erin",
                "frank",
                "gina",
                "hank",
                "ivan",
                "jane",
                "kate",
                "leo",
            ]
        )
        for what, body, humans in tables(bank):
            table = Table(what, body)
            for _ in range(humans):
                rnd = random.Random(self.rnd.random())
                person = Person(next(names), self.site.urls, self.record, rnd)
                person.signup()
                table.people.append(person)
            status, game = table.people[0].call("POST", "/api/games/", body, uuid.uuid4().hex)
            assert status == 201, game
            table.game = game["id"]
            for person in table.people[1:]:
                status, joined = person.call("POST", f"/api/games/{table.game}/join/", {}, "join")
                assert status == 200, joined
            for person in table.people:
                person.game = table.game
            self.tables.append(table)
            self.people += table.people
        self.person("leo").think = (1.5, 3.5)  # a slow player: his bank runs out
        self.search_game = next(t.game for t in self.tables if SEARCH_BOT in t.what)

    def person(self, name: str) -> Person:
        return next(p for p in self.people if p.name == name)

    # Faults and recovery ------------------------------------------------------------------------

    def not_back(self, killed: dict[str, int] | None = None) -> list[str]:
        """What is not back yet: supervisord's programs (a killed one in a new process), both web
        processes' health, and each worker's heartbeat (from its new process)."""
        missing = []
        status = self.site.status()
        for program in self.site.PROGRAMS:
            state, pid = status.get(program, ("ABSENT", None))
            if state != "RUNNING":
                missing.append(f"{program} {state}")
            elif killed and killed.get(program) == pid:
                missing.append(f"{program} still the killed process")
        for n, url in enumerate(self.site.urls, 1):
            code, body = self.health(url)
            if code != 200:
                down = [k for k, v in body.get("checks", {}).items() if v != "up"]
                missing.append(f"health on web{n}: {code or 'no answer'} {down}")
                continue
            workers = {w["name"]: w for w in body["details"]["worker"]["workers"]}
            for program in ("worker1", "worker2"):
                beat = workers.get(f"{program}@{self.site.host}")
                if not beat or not beat["up"]:
                    missing.append(f"{program}'s heartbeat")
                elif killed and killed.get(program) == beat.get("pid"):
                    missing.append(f"{program}'s heartbeat is the killed process's")
        return missing

    def bot_moves(self) -> int:
        assert self.db is not None
        return int(self.db.value("SELECT count(*) FROM games_move WHERE actor = 'bot'"))

    def recover(
        self,
        fault: Fault,
        killed: dict[str, int] | None = None,
        move: tuple[int, int] | None = None,
    ) -> None:
        """Wait until everything is back by itself, a bot has moved, and `move` (game, seq) is
        in the log; record how long each took from the fault."""
        assert self.db is not None
        bots = self.bot_moves()
        query = "SELECT count(*) FROM games_move WHERE game_id = %s AND seq = %s"
        waiting = {"all back": True, "bots move": True, "that move made": move is not None}
        missing: list[str] = []
        while time.monotonic() < fault.at + BACK_WITHIN and any(waiting.values()):
            took = f"{time.monotonic() - fault.at:.1f} s"
            if waiting["bots move"] and self.bot_moves() > bots:
                fault.figures["bots move"], waiting["bots move"] = took, False
            if waiting["that move made"] and move and self.db.value(query, *move):
                fault.figures["that move made"], waiting["that move made"] = took, False
            if waiting["all back"]:
                missing = self.not_back(killed)
                if not missing:
                    fault.figures["all back"], waiting["all back"] = took, False
            time.sleep(0.5)
        for name in (n for n, still in waiting.items() if still):
            fault.figures[name] = "never"
            what = f"{missing}" if name == "all back" else ""
            fault.problems.append(f"{name}: not within {BACK_WITHIN:.0f} s {what}".strip())

    def kill_web(self) -> list[Fault]:
        fault = Fault("SIGKILL web1", time.monotonic())
        pid = self.site.kill("web1")
        self.recover(fault, {"web1": pid})
        return [fault]

    def search_move(self, app: Any) -> tuple[str, int, int, float] | None:
        """(worker, game, seq, seconds into it) of the search bot's move a worker's pool is
        making, if one is less than 1.5 s into it (Celery's `inspect active`)."""
        active = app.control.inspect(timeout=1.0, limit=2).active() or {}
        for hostname, tasks in active.items():
            for task in tasks:
                args = task.get("args") or []
                if isinstance(args, str):
                    args = ast.literal_eval(args)
                if task.get("name") != "games.tasks.play_automatic_turn":
                    continue
                busy = time.time() - float(task.get("time_start") or 0)
                if int(args[0]) == self.search_game and busy < 1.5:
                    return hostname.split("@")[0], int(args[0]), int(args[1]), busy
        return None

    def kill_worker_in_bot_move(self) -> list[Fault]:
        """SIGKILL the worker whose pool is making the search bot's move, early in it. If the
        move was made before the kill landed, that counts as a fault too, and it tries again."""
        from celery import Celery

        assert self.db is not None
        app = Celery(broker=self.site.redis.url)
        faults = []
        end = time.monotonic() + 60
        while time.monotonic() < end:
            caught = self.search_move(app)
            if caught is None:
                time.sleep(0.2)
                continue
            program, game, seq, busy = caught
            fault = Fault(f"SIGKILL {program} in a bot move", time.monotonic())
            faults.append(fault)
            pid = self.site.kill(program)
            now_at = int(self.db.value("SELECT seq FROM games_game WHERE id = %s", game))
            if now_at != seq:
                fault.name = f"SIGKILL {program} (just after a bot move)"
                self.recover(fault, {program: pid})
                continue
            fault.figures["killed in"] = f"game {game}'s move {seq + 1}, {busy:.1f} s into it"
            self.interrupted = (game, seq + 1)
            self.recover(fault, {program: pid}, self.interrupted)
            return faults
        fault = Fault("SIGKILL a worker in a bot move", time.monotonic())
        fault.problems.append(f"no move of game {self.search_game}'s bot caught in a minute")
        return [*faults, fault]

    def redis_outage(self) -> list[Fault]:
        fault = Fault("kill Redis, start it 5 s later, empty", time.monotonic())
        self.site.redis.stop()
        time.sleep(5)
        self.site.redis.start()
        self.recover(fault)
        return [fault]

    def postgres_restart(self) -> list[Fault]:
        fault = Fault("restart PostgreSQL (pg_ctl restart -m fast)", time.monotonic())
        self.site.restart_postgres()
        fault.figures["restart took"] = f"{time.monotonic() - fault.at:.1f} s"
        self.recover(fault)
        return [fault]

    # The run ------------------------------------------------------------------------------------

    def play(self) -> None:
        """People play for --minutes; the faults come at a tenth, three, five and seven tenths
        of it, each after everything is back from the one before."""
        window = self.args.minutes * 60
        start = time.monotonic()
        for person in self.people:
            person.stop_at = start + window
        away = start + 0.3 * window  # dave's bank (60 s) runs out while he is away
        self.person("dave").away = (away, away + 75)
        for person in self.people:
            person.start()
        schedule: list[tuple[float, Callable[[], list[Fault]]]] = [
            (0.1, self.kill_web),
            (0.3, self.kill_worker_in_bot_move),
            (0.5, self.redis_outage),
            (0.7, self.postgres_restart),
        ]
        for fraction, inject in schedule:
            time.sleep(max(0.0, start + fraction * window - time.monotonic()))
            for fault in inject():
                log(f"{fault.at - start:5.1f} s  {fault.name}: {fault.figures} {fault.problems}")
                self.faults.append(fault)
        for person in self.people:
            person.join(max(1.0, start + window + GIVE_UP - time.monotonic()))

    def playable(self, table: Table, report: dict[int, str]) -> None:
        """The game finished, or a move of it is accepted (a person's) or made (the server's: a
        bot's or a timeout) within a minute."""
        end = time.monotonic() + 60
        first = table.people[0]
        try:
            while time.monotonic() < end:
                view = first.view()
                if view["status"] == "finished":
                    report[table.game] = "finished"
                    return
                for person in table.people:
                    mine = person.view()
                    if mine["your_turn"] and person.move(mine) == 201:
                        report[table.game] = "playable: a move accepted"
                        return
                first.wait(view["seq"])
                if first.view()["seq"] > view["seq"]:
                    report[table.game] = "playable: the server moved"
                    return
            report[table.game] = "NOT PLAYABLE: no move within 60 s"
        except Exception as exc:
            report[table.game] = f"NOT PLAYABLE: {exc!r}"

    def check(self) -> dict[str, Any]:
        """The promises, once the clients have stopped."""
        assert self.db is not None
        found: dict[str, Any] = {}
        report: dict[int, str] = {}
        checkers = [threading.Thread(target=self.playable, args=(t, report)) for t in self.tables]
        for checker in checkers:
            checker.start()
        for checker in checkers:
            checker.join(120)
        found["games"] = report
        self.problems += [f"game {g}: {how}" for g, how in sorted(report.items()) if "NOT" in how]
        # Every move a client saw accepted is logged once, as it was sent.
        logged: dict[tuple[int, int], list[tuple[Any, str]]] = {}
        for game, seq, action, actor in self.db.rows(
            "SELECT game_id, seq, action, actor FROM games_move"
        ):
            logged.setdefault((game, seq), []).append((action, actor))
        for game, seq, action in self.record.accepted:
            entries = logged.get((game, seq), [])
            if entries != [(action, "human")]:
                self.problems.append(
                    f"move {seq} of game {game}, answered 201 for {action}, logged as {entries}"
                )
        if len({(g, s) for g, s, _ in self.record.accepted}) != len(self.record.accepted):
            self.problems.append("two moves answered 201 for one (game, seq)")
        if self.interrupted is not None:
            entries = logged.get(self.interrupted, [])
            if [actor for _, actor in entries] != ["bot"]:
                self.problems.append(f"the bot move a worker died in: logged as {entries}")
        # Gapless logs, and the game's seq at their end.
        for game, seq, moves, low, high in self.db.rows(
            "SELECT g.id, g.seq, count(m.id), min(m.seq), max(m.seq) FROM games_game g "
            "LEFT JOIN games_move m ON m.game_id = g.id GROUP BY g.id"
        ):
            if seq != moves or (moves and (low, high) != (1, moves)):
                self.problems.append(f"game {game} at {seq}: {moves} moves, {low} to {high}")
        # Every process back; none died but those killed.
        missing = self.not_back()
        if missing:
            self.problems.append(f"not back at the end: {missing}")
        found["deaths"] = deaths = self.site.deaths()
        for program in self.site.PROGRAMS:
            if deaths[program] != self.site.killed[program]:
                self.problems.append(
                    f"{program} died {deaths[program]} times, killed {self.site.killed[program]}"
                )
        self.problems += [f"server error: {e}" for e in self.record.server_errors]
        self.problems += [f"client failed: {p.failure}" for p in self.people if p.failure]
        found["moves"] = dict(self.db.rows("SELECT actor, count(*) FROM games_move GROUP BY actor"))
        return found

    def verify(self) -> str:
        """verify_games over every game, once nothing writes."""
        done = self.site.manage("verify_games")
        lines = (done.stdout + done.stderr).strip().splitlines() or ["(no output)"]
        if done.returncode != 0:
            self.problems += [f"verify_games: {line}" for line in lines]
        return lines[-1]

    def run(self) -> int:
        started = time.monotonic()
        log(f"folder {self.folder}; people play for {self.args.minutes} min")
        try:
            self.set_up()
            log(f"up after {time.monotonic() - started:.0f} s: {len(self.people)} people, "
                f"{len(self.tables)} games; faults at 0.1, 0.3, 0.5, 0.7 of the play")  # fmt: skip
            self.play()
            found = self.check()
            self.site.stop_processes()
            found["verify"] = self.verify()
        finally:
            self.site.stop()
        self.problems += [f"{f.name}: {p}" for f in self.faults for p in f.problems]
        return self.report(found, time.monotonic() - started)

    def long_polls(self) -> str:
        """How many long polls answered, and how many only when their wait was over though the
        game had moved (the hub did not wake them: e.g. while Redis was away)."""
        with self.record.lock:
            polls = [a for a in self.record.answers if "/wait/" in a.path]
        late = [a for a in polls if a.status == 200 and a.answered - a.sent >= WAIT]
        return f"long polls: {len(polls)}, of which {len(late)} woken only at the end of the wait"

    def report(self, found: dict[str, Any], elapsed: float) -> int:
        with (self.folder / "answers.jsonl").open("w") as out:  # every answer, for a post-mortem
            for a in self.record.answers:
                out.write(json.dumps(a.__dict__) + "\n")
        with (self.folder / "faults.jsonl").open("w") as out:
            for f in self.faults:
                out.write(json.dumps({"name": f.name, "at": f.at}) + "\n")
        statuses = self.record.by_status()
        n1 = sum(1 for e in self.record.server_errors if "/wait/" in e and ": 500 " in e)
        moves = found["moves"]
        finished = sum(1 for how in found["games"].values() if how == "finished")
        lines = [f"wall time {elapsed / 60:.1f} min, {self.args.minutes} min of play"]
        lines.append(f"faults injected: {len(self.faults)}")
        for fault in self.faults:
            answered = self.record.first_success_after(fault.at)
            fault.figures["answered"] = "never" if answered is None else f"{answered:.1f} s"
            figures = ", ".join(f"{k} {v}" for k, v in fault.figures.items())
            lines.append(f"  {fault.name}: {figures}")
        by_actor = ", ".join(f"{k} {v}" for k, v in sorted(moves.items()))
        lines += [
            f"moves: {sum(moves.values())} ({by_actor}); {len(self.record.accepted)} answered 201",
            "answers: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())),
            f"server errors: {len(self.record.server_errors)} (500 on the long poll, N1: {n1})",
            self.long_polls(),
            f"games: {finished} of {len(self.tables)} finished; "
            + "; ".join(f"{g}: {how}" for g, how in sorted(found["games"].items())),
            f"process deaths: {dict(found['deaths'])}",
            f"verify_games: {found['verify']}",
        ]
        for line in lines:
            log(line)
        for problem in self.problems[:40]:
            log(f"BROKEN {problem}")
        ok = not self.problems
        log(f"{'OK' if ok else 'FAILED'}: {len(self.problems)} broken promises ({self.folder})")
        if ok and not self.args.keep:
            shutil.rmtree(self.folder, ignore_errors=True)
        return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=2, help="how long people play")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--keep", action="store_true", help="keep the folder (logs) when OK")
    return Run(parser.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
