"""Soak test: the embedded default run exactly as `make run` runs it (supervisord, the production
web server, a Celery worker and beat, SQLite and the embedded broker, in a fresh var/ folder), with
many games at once for N minutes (from when it answers): games of bots alone, which only the worker
plays, and HTTP games, where clients play their seats over HTTP against bots the worker plays. When
time is up no new game starts and the running ones play to their end. Then it prints what a user
would want to know: processes that died (and were restarted), games finished, moves per second, HTTP
errors, health checks that failed, and what `verify_games` says of every game.

    python bench/soak.py --minutes 30                     # the recorded run (docs/benchmarks.md)
    python bench/soak.py --minutes 0.5 --bot-games 2 --http-games 1 --max-players 2  # CI's

Exit status 0 only when no process died, every game finished, no request failed with a 5xx and
every game verifies. The machine is shared: run it with `nice`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

# The benchmark's clients make each request as fast as the server answers: past the rate limits set
# for people and bots (docs/api.md, Rate limits). These still count every request, so their cost
# is measured, but never refuse one.
RATE_LIMITS_RAISED = {
    f"GTR_{scope}_RATE": "1000000/min" for scope in ("VIEW", "MOVE", "STREAM", "CREATE", "WRITE")
}

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: Counter[str] = Counter()
        self.server_errors: list[str] = []

    def add(self, name: str, n: int = 1) -> None:
        with self.lock:
            self.counts[name] += n

    def server_error(self, what: str) -> None:
        with self.lock:
            self.server_errors.append(what)


class Client:
    """One HTTP client with a keep-alive connection and its own token."""

    def __init__(self, port: int, stats: Stats, token: str | None = None) -> None:
        self.port, self.stats, self.token = port, stats, token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", **headers}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = None if body is None else json.dumps(body)
        for attempt in range(3):
            try:
                self.conn.request(method, path, data, headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()  # a dropped keep-alive connection: open another
                self.stats.add("reconnects")
                if attempt == 2:
                    raise
                time.sleep(1)
        self.stats.add("requests")
        if response.status >= 500:
            self.stats.server_error(f"{method} {path}: {response.status} {raw[:200]!r}")
        return response.status, json.loads(raw) if raw else None

    def get(self, path: str) -> tuple[int, Any]:
        return self.request("GET", path)

    def post(self, path: str, body: Any, **headers: str) -> tuple[int, Any]:
        return self.request("POST", path, body, **headers)


def signup(port: int, stats: Stats) -> Client:
    client = Client(port, stats)
    name = f"p{uuid.uuid4().hex[:10]}"
    status, body = client.post("/api/auth/signup/", {"username": name, "password": f"pw-{name}!"})
    assert status == 201, body
    client.token = body["token"]
    return client


class Soak:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.var = Path(args.var or tempfile.mkdtemp(prefix="gtr-soak-"))
        self.port = free_port()
        self.stats = Stats()
        self.stop_starting = threading.Event()
        self.games: dict[int, str] = {}  # game id -> "bot" or "http"
        self.finished: set[int] = set()
        self.lock = threading.Lock()
        self.env = {**os.environ, "GTR_VAR_DIR": str(self.var)}
        for name in ("DATABASE_URL", "REDIS_URL", "GTR_CELERY_EAGER"):
            self.env.pop(name, None)  # the embedded default
        # Every player signs up from this one address: past the throttle meant for strangers.
        self.env.update(GTR_SIGNUP_RATE="100000/min", GTR_LOGIN_RATE="100000/min")
        self.env.update(RATE_LIMITS_RAISED)
        self.server: subprocess.Popen[bytes] | None = None

    # The server, as `make run` runs it -----------------------------------------------------

    def start_server(self) -> None:
        log = (self.var / "make-run.log").open("wb")
        self.server = subprocess.Popen(
            ["make", "-s", "run", f"PORT={self.port}"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        end = time.monotonic() + 300
        while self.health() != 200:
            if self.server.poll() is not None or time.monotonic() > end:
                raise SystemExit(f"make run did not come up; see {self.var / 'make-run.log'}")
            time.sleep(1)

    def stop_server(self) -> None:
        if self.server is not None and self.server.poll() is None:
            os.killpg(self.server.pid, signal.SIGINT)  # Ctrl-C
            try:
                self.server.wait(120)
            except subprocess.TimeoutExpired:
                os.killpg(self.server.pid, signal.SIGKILL)

    def health(self) -> int | None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            conn.request("GET", "/api/health/")
            return conn.getresponse().status
        except OSError:
            return None

    def manage(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [PYTHON, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True
        )

    def deaths(self) -> Counter[str]:
        path = self.var / "log" / "deaths.jsonl"
        lines = path.read_text().splitlines() if path.exists() else []
        events = [json.loads(line) for line in lines]
        return Counter(e["processname"] for e in events if e["event"] == "PROCESS_STATE_EXITED")

    # Games ------------------------------------------------------------------------------------

    def staff_client(self) -> Client:
        client = signup(self.port, self.stats)
        done = self.manage(
            "shell",
            "-c",
            "from knox.models import AuthToken; from players.accounts.services import token_key; "
            f"u = AuthToken.objects.get(token_key=token_key('{client.token}')).user; "
            "u.is_staff = True; u.save()",
        )
        assert done.returncode == 0, done.stderr
        return client

    def register(self, game_id: int, kind: str) -> None:
        with self.lock:
            self.games[game_id] = kind
        self.stats.add(f"{kind}_games_started")

    def done(self, game_id: int) -> None:
        with self.lock:
            self.finished.add(game_id)
        self.stats.add(f"{self.games[game_id]}_games_finished")

    def bot_games(self, staff: Client, rnd: random.Random) -> None:
        """Keep `--bot-games` games of bots alone going until time is up, then see them end."""
        running: set[int] = set()
        while True:
            while not self.stop_starting.is_set() and len(running) < self.args.bot_games:
                players = rnd.randint(2, self.args.max_players)
                seats = [{"kind": "bot", "bot": rnd.choice(["greedy", "random"])}] * players
                body = {"version": rnd.choice(["republic", "imperium"]), "players": players}
                status, game = staff.post("/api/games/", {**body, "seats": seats})
                assert status == 201, game
                self.register(game["id"], "bot")
                running.add(game["id"])
            for game_id in list(running):
                status, view = staff.get(f"/api/games/{game_id}/")
                if status == 200 and view["status"] == "finished":
                    running.discard(game_id)
                    self.done(game_id)
            if self.stop_starting.is_set() and not running:
                return
            time.sleep(2)

    def http_games(self, rnd: random.Random) -> None:
        """One client thread: play HTTP games one after another until time is up."""
        while not self.stop_starting.is_set():
            self.http_game(rnd)

    def http_game(self, rnd: random.Random) -> None:
        """Two people over HTTP (each with its own token) and up to `--max-players` - 2 bots."""
        people = [signup(self.port, self.stats) for _ in range(2)]
        bots = rnd.randint(0, self.args.max_players - 2)
        seats = [{"kind": "me"}, {"kind": "open"}] + [{"kind": "bot"}] * bots
        rnd.shuffle(seats)
        status, game = people[0].post(
            "/api/games/", {"players": len(seats), "seats": seats}, **{"Idempotency-Key": "new"}
        )
        assert status == 201, game
        game_id = game["id"]
        status, _ = people[1].post(f"/api/games/{game_id}/join/", {})
        assert status == 200
        self.register(game_id, "http")
        seat_of = {p.get(f"/api/games/{game_id}/")[1]["my_seat"]: p for p in people}
        view = people[0].get(f"/api/games/{game_id}/")[1]
        while view["status"] == "active":
            player = seat_of.get(view["to_act"])
            if player is None:  # a bot's decision: the worker plays it; wait for it
                status, waited = people[0].get(
                    f"/api/games/{game_id}/wait/?seq={view['seq']}&timeout=20"
                )
                self.stats.add("long_polls")
                if status == 200:
                    view = waited
                continue
            mine = player.get(f"/api/games/{game_id}/")[1]
            if not mine["your_turn"]:
                view = mine
                continue
            action = rnd.choice(mine["legal_actions"])["action"]
            key = f"{game_id}-{mine['seq']}"
            status, result = player.post(
                f"/api/games/{game_id}/moves/",
                {"seq": mine["seq"], "action": action},
                **{"Idempotency-Key": key},
            )
            self.stats.add(f"http_moves_{status}")
            view = result["game"] if status == 201 else player.get(f"/api/games/{game_id}/")[1]
        self.done(game_id)

    # The run -------------------------------------------------------------------------------------

    def run(self) -> int:
        started = time.monotonic()
        print(f"soak: var {self.var}, port {self.port}, {self.args.minutes} min", flush=True)
        self.start_server()
        loaded = time.monotonic()  # games start for --minutes from here
        staff = self.staff_client()
        rnd = random.Random(self.args.seed)
        threads = [
            threading.Thread(target=self.bot_games, args=(staff, random.Random(rnd.random())))
        ] + [
            threading.Thread(target=self.http_games, args=(random.Random(rnd.random()),))
            for _ in range(self.args.http_games)
        ]
        errors: list[str] = []

        def guarded(thread: threading.Thread) -> None:
            try:
                thread.run()
            except BaseException as exc:  # a client that fails is a finding, not a crash
                errors.append(f"{thread.name}: {exc!r}")

        runners = [threading.Thread(target=guarded, args=(t,), daemon=True) for t in threads]
        for runner in runners:
            runner.start()
        health_failures = self.watch(loaded)
        self.stop_starting.set()
        drain_end = time.monotonic() + self.args.drain_minutes * 60
        for runner in runners:
            runner.join(max(1, drain_end - time.monotonic()))
        elapsed = time.monotonic() - started
        health_failures += self.health() != 200
        deaths = self.deaths()
        moves = self.count_moves()
        self.stop_server()
        verify = self.manage("verify_games")
        unfinished = sorted(set(self.games) - self.finished)
        return self.report(elapsed, deaths, moves, health_failures, verify, unfinished, errors)

    def watch(self, started: float) -> int:
        """Until time is up: a health check every 10 s; the number that failed."""
        failures = 0
        end = started + self.args.minutes * 60
        while time.monotonic() < end:
            time.sleep(min(10, max(0, end - time.monotonic())))
            if self.health() != 200:
                failures += 1
                print("soak: health check failed", flush=True)
        return failures

    def count_moves(self) -> dict[str, int]:
        done = self.manage(
            "shell",
            "-c",
            "import json; from django.db.models import Count; from games.models import Move; "
            "print(json.dumps(dict(Move.objects.values_list('actor').annotate(Count('id')))))",
        )
        return json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else {}

    def report(
        self,
        elapsed: float,
        deaths: Counter[str],
        moves: dict[str, int],
        health_failures: int,
        verify: subprocess.CompletedProcess[str],
        unfinished: list[int],
        errors: list[str],
    ) -> int:
        c = self.stats.counts
        total_moves = sum(moves.values())
        verified = (verify.stdout.strip().splitlines() or ["(no output)"])[-1]
        lines = [
            f"minutes: {elapsed / 60:.1f} (games started for {self.args.minutes})",
            f"process deaths (restarted by supervisord): worker {deaths['worker']}, "
            f"beat {deaths['beat']}, web {deaths['web']}",
            f"games finished: {len(self.finished)} of {len(self.games)} "
            f"(bots alone {c['bot_games_finished']}/{c['bot_games_started']}, "
            f"HTTP {c['http_games_finished']}/{c['http_games_started']})",
            f"moves: {total_moves} ({', '.join(f'{k} {v}' for k, v in sorted(moves.items()))}), "
            f"{total_moves / elapsed:.1f} per second",
            f"HTTP: {c['requests']} requests, {len(self.stats.server_errors)} server errors, "
            f"moves answered {', '.join(f'{k[11:]}: {v}' for k, v in sorted(c.items()) if k.startswith('http_moves_'))}, "  # noqa: E501
            f"{c['long_polls']} long polls, {c['reconnects']} reconnects",
            f"health checks failed: {health_failures}",
            f"verify_games: {verified}",
        ]
        for line in lines:
            print(f"soak: {line}")
        for problem in self.stats.server_errors[:10] + errors[:10]:
            print(f"soak: PROBLEM {problem}")
        if unfinished:
            print(f"soak: PROBLEM unfinished games: {unfinished[:20]}")
        ok = (
            not sum(deaths.values())
            and not unfinished
            and not self.stats.server_errors
            and not errors
            and verify.returncode == 0
            and health_failures == 0
        )
        print(f"soak: {'OK' if ok else 'FAILED'} (logs in {self.var})")
        return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30, help="how long new games start")
    parser.add_argument("--bot-games", type=int, default=12, help="games of bots at once")
    parser.add_argument("--http-games", type=int, default=4, help="HTTP games at once")
    parser.add_argument("--max-players", type=int, default=4, choices=range(2, 6), help="per game")
    parser.add_argument("--drain-minutes", type=float, default=10, help="time to let games end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--var", help="the var folder (default: a new temporary one)")
    return Soak(parser.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
