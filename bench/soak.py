"""Soak test: the embedded default run exactly as `make run` runs it (supervisord, the production
web server, a Celery worker and beat, SQLite and the embedded broker, in a fresh var/ folder), with
many games at once for N minutes (from when it answers): games of bots alone, which only the worker
plays, and HTTP games, where clients play their seats over HTTP against bots the worker plays and
leave standing orders (unless `--no-orders`) that answer some of their decisions off their turn.
When time is up no new game starts and the running ones play to their end. Then it prints what a
user would want to know: processes that died (and were restarted), games finished, moves per
second (by actor: `order` for the orders'), HTTP errors, health checks that failed, and what
`verify_games` says of every game.

    python bench/soak.py --minutes 30                     # the recorded run (docs/benchmarks.md)
    python bench/soak.py --minutes 0.5 --bot-games 2 --http-games 1 --max-players 2  # CI's
    python bench/soak.py --minutes 8 --time-off-games 4   # with time off (docs/benchmarks.md)

With `--time-off-games N`, N more client threads play games with time off (docs/async.md): a
one-minute clock, playing hours that close for two minutes of the run (half of the games), a
pause proposed and accepted while the person to act idles past the clock, a vacation taken and
cancelled, and people who idle past their clock now and then: one with automatic vacation (a day
is spent), one without (a timeout). Afterwards bench/time_off_check.py reads every timeout and
automatic vacation day against the game's story: none may fall in a pause, a vacation or outside
the playing hours.

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

    def patch(self, path: str, body: Any) -> tuple[int, Any]:
        return self.request("PATCH", path, body)

    def delete(self, path: str) -> tuple[int, Any]:
        return self.request("DELETE", path)

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
        for p in people if self.args.orders else ():
            self.orders_leave(p, game_id, None, rnd)
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
            if self.args.orders and status == 201 and view["status"] == "active":
                self.orders_leave(player, game_id, view, rnd)
        self.done(game_id)

    # Time off -----------------------------------------------------------------------------------

    def time_off_games(self, rnd: random.Random, number: int) -> None:
        """One client thread: play games with time off one after another until time is up."""
        while not self.stop_starting.is_set():
            self.time_off_game(rnd, number)
            number += self.args.time_off_games

    def time_off_game(self, rnd: random.Random, number: int) -> None:
        """Two people with a one-minute clock, and maybe a bot. The first keeps automatic vacation
        on (an idle spends a day), the second switches it off (an idle times out). Half of the
        games have playing hours that close two minutes from now, for two minutes."""
        people = [signup(self.port, self.stats) for _ in range(2)]
        status, _ = people[1].patch("/api/time-off/", {"auto_vacation": False})
        assert status == 200
        seats = [{"kind": "me"}, {"kind": "open"}] + [{"kind": "bot"}] * rnd.randint(0, 1)
        rnd.shuffle(seats)
        body: dict[str, Any] = {
            "players": len(seats),
            "seats": seats,
            "clock": {"kind": "fixed", "seconds": 60},
        }
        if number % 2 == 0:
            now = time.gmtime(time.time() + 120)
            closes = f"{now.tm_hour:02d}:{now.tm_min:02d}"
            later = time.gmtime(time.time() + 240)
            opens = f"{later.tm_hour:02d}:{later.tm_min:02d}"
            body["playing_hours"] = {"start": opens, "end": closes, "zone": "UTC"}
        status, game = people[0].post("/api/games/", body)
        assert status == 201, game
        game_id = game["id"]
        status, _ = people[1].post(f"/api/games/{game_id}/join/", {})
        assert status == 200
        self.register(game_id, "time_off")
        seat_of = {p.get(f"/api/games/{game_id}/")[1]["my_seat"]: p for p in people}
        plan = {"pause": rnd.randint(3, 12), "vacation": rnd.randint(3, 12)}
        vacation: tuple[Client, int, int] | None = None  # who, its id, decisions left
        decisions = 0
        view = people[0].get(f"/api/games/{game_id}/")[1]
        while view["status"] == "active":
            player = seat_of.get(view["to_act"])
            mine = player.get(f"/api/games/{game_id}/")[1] if player is not None else view
            if player is None or not mine["your_turn"]:  # the worker plays: wait for it
                status, waited = people[0].get(
                    f"/api/games/{game_id}/wait/?seq={view['seq']}&timeout=20"
                )
                self.stats.add("long_polls")
                view = waited if status == 200 else mine
                continue
            decisions += 1
            if decisions == plan["pause"]:
                other = next(p for p in people if p is not player)
                self.pause(game_id, player, other, resume=number % 2 == 1)
            elif decisions == plan["vacation"]:
                vacation = self.vacation_take(player, rnd)
            elif vacation is not None and decisions >= vacation[2]:
                status, _ = vacation[0].delete(f"/api/time-off/vacations/{vacation[1]}/")
                self.stats.add(f"time_off_vacations_cancelled_{status}")
                vacation = None
            elif rnd.random() < self.args.idle_chance:
                self.stats.add("time_off_idles")
                time.sleep(rnd.uniform(62, 75))  # past the clock, were it running
                view = player.get(f"/api/games/{game_id}/")[1]
                continue
            action = rnd.choice(mine["legal_actions"])["action"]
            status, result = player.post(
                f"/api/games/{game_id}/moves/", {"seq": mine["seq"], "action": action}
            )
            self.stats.add(f"http_moves_{status}")
            view = result["game"] if status == 201 else player.get(f"/api/games/{game_id}/")[1]
        if vacation is not None:
            vacation[0].delete(f"/api/time-off/vacations/{vacation[1]}/")
        self.done(game_id)

    def pause(self, game_id: int, proposer: Client, other: Client, resume: bool) -> None:
        """Half a minute into the decision, whose clock would run out within the pause, a pause
        until a moment 45 s away, or until resumed (`resume`); accepted; the person to act idles
        50 s, then resumes the pause that has no end."""
        time.sleep(30)
        ends = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 45))
        status, _ = proposer.post(
            f"/api/games/{game_id}/pause/", {"until": None if resume else ends}
        )
        self.stats.add(f"time_off_pauses_proposed_{status}")
        if status != 200:
            return
        status, _ = other.post(f"/api/games/{game_id}/pause/accept/", {})
        self.stats.add(f"time_off_pauses_accepted_{status}")
        time.sleep(50)
        if resume:
            status, _ = proposer.post(f"/api/games/{game_id}/resume/", {})
            self.stats.add(f"time_off_pauses_resumed_{status}")

    def vacation_take(self, player: Client, rnd: random.Random) -> tuple[Client, int, int] | None:
        """A vacation of today, cancelled some decisions later."""
        today = time.strftime("%Y-%m-%d", time.gmtime())
        status, vacation = player.post("/api/time-off/vacations/", {"start": today, "end": today})
        self.stats.add(f"time_off_vacations_taken_{status}")
        if status != 201:
            return None  # 409: one is under way already (a day spent automatically)
        return player, vacation["id"], rnd.randint(3, 10)

    def orders_leave(
        self, player: Client, game_id: int, view: dict[str, Any] | None, rnd: random.Random
    ) -> None:
        """Standing policies, and now and then an order to follow with a card of the hand."""
        orders = list(POLICIES)
        hand = view["table"]["players"][view["my_seat"]]["hand"] if view else None
        if hand and rnd.random() < 0.3:
            card = rnd.choice(hand)["id"]
            orders.insert(0, {"when": "follow", "do": "follow", "cards": [card]})
        elif view is not None:
            return
        status, _ = player.request("PUT", f"/api/games/{game_id}/orders/", {"orders": orders})
        self.stats.add(f"orders_put_{status}")

    # The run -------------------------------------------------------------------------------------

    def run(self) -> int:
        started = time.monotonic()
        print(f"soak: var {self.var}, port {self.port}, {self.args.minutes} min", flush=True)
        self.start_server()
        loaded = time.monotonic()  # games start for --minutes from here
        staff = self.staff_client()
        rnd = random.Random(self.args.seed)
        threads = (
            [threading.Thread(target=self.bot_games, args=(staff, random.Random(rnd.random())))]
            + [
                threading.Thread(target=self.http_games, args=(random.Random(rnd.random()),))
                for _ in range(self.args.http_games)
            ]
            + [
                threading.Thread(target=self.time_off_games, args=(random.Random(rnd.random()), i))
                for i in range(self.args.time_off_games)
            ]
        )
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
        if self.args.time_off_games:
            errors += self.time_off_checked()
        return self.report(elapsed, deaths, moves, health_failures, verify, unfinished, errors)

    def time_off_checked(self) -> list[str]:
        """bench/time_off_check.py's verdict: no clock fired while it was stopped."""
        done = subprocess.run(
            [PYTHON, "bench/time_off_check.py"],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
        )
        lines = done.stdout.strip().splitlines()
        print(f"soak: time off: {lines[-1] if lines else done.stderr[-500:]}", flush=True)
        return [] if done.returncode == 0 else ["time off: a clock fired while stopped"]

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
            f"HTTP {c['http_games_finished']}/{c['http_games_started']}, "
            f"time off {c['time_off_games_finished']}/{c['time_off_games_started']})",
            f"moves: {total_moves} ({', '.join(f'{k} {v}' for k, v in sorted(moves.items()))}), "
            f"{total_moves / elapsed:.1f} per second",
            f"HTTP: {c['requests']} requests, {len(self.stats.server_errors)} server errors, "
            f"moves answered {', '.join(f'{k[11:]}: {v}' for k, v in sorted(c.items()) if k.startswith('http_moves_'))}, "  # noqa: E501
            f"orders written {', '.join(f'{k[11:]}: {v}' for k, v in sorted(c.items()) if k.startswith('orders_put_'))}, "  # noqa: E501
            f"{c['long_polls']} long polls, {c['reconnects']} reconnects",
            f"health checks failed: {health_failures}",
            "time off: "
            + (
                ", ".join(f"{k[9:]} {v}" for k, v in sorted(c.items()) if k.startswith("time_off_"))
                or "none"
            ),
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


# What a person leaves for the decisions of his that come while he does not lead (engine/orders.py).
POLICIES: list[dict[str, Any]] = [
    {"when": "follow", "do": "think", "take": "cards", "unless": "follow"},
    {"when": "give", "do": "give"},
    {"when": "claim", "do": "claim", "prefer": "dearest"},
    {"when": "act", "role": "laborer", "do": "gather", "prefer": "dearest"},
    {"when": "sewer", "do": "skip"},
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30, help="how long new games start")
    parser.add_argument("--bot-games", type=int, default=12, help="games of bots at once")
    parser.add_argument("--http-games", type=int, default=4, help="HTTP games at once")
    parser.add_argument("--max-players", type=int, default=4, choices=range(2, 6), help="per game")
    parser.add_argument("--drain-minutes", type=float, default=10, help="time to let games end")
    parser.add_argument("--time-off-games", type=int, default=0, help="time off games at once")
    parser.add_argument(
        "--idle-chance", type=float, default=0.03, help="a person idles past the clock"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-orders",
        dest="orders",
        action="store_false",
        help="HTTP players leave no standing orders",
    )
    parser.add_argument("--var", help="the var folder (default: a new temporary one)")
    return Soak(parser.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
