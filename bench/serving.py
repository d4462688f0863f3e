"""Serving benchmark: game views and moves over real HTTP with 1, 4, 16 and 64 concurrent clients,
on the production server (uvicorn, one process and several) against Django's development server
(`runserver`, the baseline), all measured in the same run against the same database.

    python bench/serving.py                         # SQLite in a temporary folder
    python bench/serving.py --postgres URL          # PostgreSQL at URL (a scratch database)
    python bench/serving.py --seconds 5 --clients 1,4,16,64 --workers 2

Each client is a thread with its own keep-alive connection and its own game (two accounts, one per
seat). `views`: GET the game as seat 0, again and again. `moves`: the seat to act fetches its view
(untimed), then POSTs one of its legal actions (timed); a finished game is swapped for a fresh one.
Figures: requests per second over the run and p50/p99 latency in ms; the ratio is against
runserver at the same concurrency. `keep-alive`: one client's view latency on a kept connection
and on a new connection per request (keep-alive must not add latency). The server runs with
production settings (DJANGO_DEBUG=0) on loopback. Never used by tests for timing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live import ServerProcess, free_port, http_status, wait_until  # noqa: E402

# The benchmark's clients make each request as fast as the server answers: past the rate limits set
# for people and bots (docs/api.md, Rate limits). These still count every request, so their cost
# is measured, but never refuse one.
RATE_LIMITS_RAISED = {
    f"GTR_{scope}_RATE": "1000000/min" for scope in ("VIEW", "MOVE", "STREAM", "CREATE", "WRITE")
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else 0


# Set-up, in a process of its own with the benchmark's settings ---------------------------------


def make_games(count: int) -> list[dict[str, Any]]:
    """`count` two-player games in play, each with one account per seat: [{id, tokens}]."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from games.models import Seat
    from games.services import lobby
    from players.accounts.services import token_create

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("migrate", verbosity=0)
    games = []
    for i in range(count):
        users = [User.objects.create_user(f"b{i}-{s}-{time.time_ns()}") for s in range(2)]
        game = lobby.game_create(user=users[0], version=("republic", "imperium")[i % 2], players=2)
        lobby.seat_join(game_id=game.pk, user=users[1])
        seats = Seat.objects.filter(game=game).order_by("position")
        tokens = {s.position: token_create(user=s.user) for s in seats}
        games.append({"id": game.pk, "tokens": tokens})
    return games


# Load --------------------------------------------------------------------------------------------


class Client:
    def __init__(self, port: int, keep_alive: bool = True) -> None:
        self.port, self.keep_alive = port, keep_alive
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any, float]:
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        if not self.keep_alive:
            headers["Connection"] = "close"
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        self.conn.request(method, path, data, headers)
        response = self.conn.getresponse()
        raw = response.read()
        elapsed = time.perf_counter() - start
        if not self.keep_alive:
            self.conn.close()
        return response.status, json.loads(raw) if raw else None, elapsed


def run_load(
    port: int, kind: str, clients: int, seconds: float, games: queue.Queue[dict[str, Any]]
) -> dict[str, float]:
    latencies: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()
    start_line = threading.Barrier(clients + 1)
    stop = threading.Event()

    def client_loop(seed: int) -> None:
        rnd = random.Random(seed)
        client = Client(port)
        game = games.get_nowait()
        mine: list[float] = []
        start_line.wait()
        while not stop.is_set():
            path = f"/api/games/{game['id']}/"
            if kind == "views":
                status, _, took = client.call("GET", path, game["tokens"]["0"])
            else:
                status, view, _ = client.call("GET", path, game["tokens"]["0"])
                if view["status"] != "active":
                    game = games.get_nowait()
                    continue
                token = game["tokens"][str(view["to_act"])]
                _, mine_view, _ = client.call("GET", path, token)
                action = rnd.choice(mine_view["legal_actions"])["action"]
                body = {"seq": mine_view["seq"], "action": action}
                status, _, took = client.call("POST", f"{path}moves/", token, body)
            if status not in (200, 201):
                with lock:
                    errors.append(status)
                continue
            mine.append(took)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    start_line.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    return {
        "per_sec": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 50) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
        "n": len(latencies),
        "errors": len(errors),
    }


def keep_alive_latency(port: int, game: dict[str, Any], samples: int = 200) -> dict[str, float]:
    path, token = f"/api/games/{game['id']}/", game["tokens"]["0"]
    out = {}
    for name, keep in (("kept", True), ("new", False)):
        client = Client(port, keep_alive=keep)
        times = [client.call("GET", path, token)[2] for _ in range(samples)]
        out[f"{name}_p50_ms"] = percentile(times, 50) * 1000
    return out


# The run -----------------------------------------------------------------------------------------


def server_commands(port: int, workers: int) -> dict[str, list[str]]:
    from gtr_api.processes import web

    return {
        "runserver": [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        "uvicorn-1": web(port=port, workers=1),
        f"uvicorn-{workers}": web(port=port, workers=workers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", help="a PostgreSQL URL whose database may be written to")
    parser.add_argument("--seconds", type=float, default=6.0, help="per measurement")
    parser.add_argument("--clients", default="1,4,16,64")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn processes, second row")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--make-games", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make_games:
        print(json.dumps(make_games(args.make_games)))
        return
    levels = [int(c) for c in args.clients.split(",")]
    var = tempfile.mkdtemp(prefix="gtr-serving-")
    env = {
        **os.environ,
        "GTR_VAR_DIR": var,
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "bench-serving-" + "k" * 40,
        "GTR_HTTPS": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        **RATE_LIMITS_RAISED,
    }
    env.pop("REDIS_URL", None)
    env["DATABASE_URL"] = args.postgres or f"sqlite:///{var}/db.sqlite3"
    servers = list(server_commands(0, args.workers))
    # One game per client for the views (read only, used again), and fresh games for every
    # moves run: one per client and as many again for the games that end during the run.
    wanted = max(levels) + 1 + len(servers) * sum(levels) * 2
    made = subprocess.run(
        [sys.executable, __file__, "--make-games", str(wanted)],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    pool: queue.Queue[dict[str, Any]] = queue.Queue()
    for game in json.loads(made.stdout.strip().splitlines()[-1]):
        game["tokens"] = {str(k): v for k, v in game["tokens"].items()}
        pool.put(game)
    viewed = [pool.get_nowait() for _ in range(max(levels) + 1)]
    results: dict[str, Any] = {"database": "postgresql" if args.postgres else "sqlite"}
    for name in servers:
        port = free_port()
        command = server_commands(port, args.workers)[name]
        server = ServerProcess(command, env, Path(var) / f"{name}.log").start()
        cards = f"http://127.0.0.1:{port}/api/cards/"
        try:
            wait_until(lambda url=cards: http_status(url) == 200, name)
            results[name] = {"keep_alive": keep_alive_latency(port, viewed[-1])}
            for kind in ("views", "moves"):
                for clients in levels:
                    games: queue.Queue[dict[str, Any]] = queue.Queue()
                    for i in range(clients * (1 if kind == "views" else 2)):
                        games.put(viewed[i] if kind == "views" else pool.get_nowait())
                    result = run_load(port, kind, clients, args.seconds, games)
                    results[name][f"{kind}_{clients}"] = result
                    print(f"{name} {kind} {clients}: {result}", file=sys.stderr, flush=True)
        finally:
            server.stop()
    print(json.dumps(results, indent=2) if args.json else report(results, servers, levels))


def report(results: dict[str, Any], servers: list[str], levels: list[int]) -> str:
    base = servers[0]
    lines = [f"Database: {results['database']}. Requests/s (p50 / p99 ms), ratio to {base}."]
    for kind in ("views", "moves"):
        header = f"| {kind} | " + " | ".join(servers) + " |"
        lines += ["", header, "|---" * (len(servers) + 1) + "|"]
        for clients in levels:
            cells = []
            for name in servers:
                r = results[name][f"{kind}_{clients}"]
                ratio = r["per_sec"] / results[base][f"{kind}_{clients}"]["per_sec"]
                cell = f"{r['per_sec']:.0f} ({r['p50_ms']:.0f} / {r['p99_ms']:.0f})"
                cell += "" if name == base else f" x{ratio:.2f}"
                cell += f" [{r['errors']} errors]" if r["errors"] else ""
                cells.append(cell)
            lines.append(f"| {clients} clients | " + " | ".join(cells) + " |")
    lines += ["", "| keep-alive, 1 client, view p50 ms | kept | new connection |", "|---|---|---|"]
    for name in servers:
        k = results[name]["keep_alive"]
        lines.append(f"| {name} | {k['kept_p50_ms']:.1f} | {k['new_p50_ms']:.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
