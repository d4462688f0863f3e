"""Event stream benchmark: how many concurrent SSE subscribers one web process (uvicorn, one
worker) holds while every event still reaches every subscriber within a second (p99).

    python bench/streams.py                          # the embedded default: SQLite, no Redis
    python bench/streams.py --redis URL --postgres URL   # the production hub (scratch databases)
    python bench/streams.py --counts 1,250,500,1000,1500 --moves 15

For each count N: N clients open `GET /api/games/{id}/events/` (a tenth with a player's token,
the rest spectators) on one web process; once all are streaming, this process plays `--moves`
moves (each 3 to 5 events) through the service, one every `--interval` seconds, as a worker or
another web process would: the events reach the web process through the hub's transport (the
database listener, or Redis). Each client notes when each event arrives; latency is arrival
minus the event's `time` (written in the move's transaction; same machine, same clock). Reported:
p50, p99 and max latency, events missed (must be 0), the web process's threads and memory, and
the p99 ratio against one subscriber, measured in the same run. The clients are raw asyncio
sockets in this process, sharing the machine's two cores with the server. Never used by tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from games.read.selectors import Caller

# The benchmark's clients make each request as fast as the server answers: past the rate limits set
# for people and bots (docs/api.md, Rate limits). These still count every request, so their cost
# is measured, but never refuse one.
RATE_LIMITS_RAISED = {
    f"GTR_{scope}_RATE": "1000000/min" for scope in ("VIEW", "MOVE", "STREAM", "CREATE", "WRITE")
}

ROOT = Path(__file__).resolve().parent.parent


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def raise_fd_limit() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


CREATED: dict[int, float] = {}  # each event's `time`, parsed once for all subscribers
EVENT_ID = re.compile(rb'"id":(\d+),')
EVENT_TIME = re.compile(rb'"time":"([^"]+)"')


class Subscriber:
    """One SSE client: arrival times of the events it reads, by number. It parses as little as
    it can (the id; the time once per event for everyone): it shares the cores with the server."""

    def __init__(self, host: str, port: int, path: str, token: str | None) -> None:
        self.host, self.port, self.path, self.token = host, port, path, token
        self.arrivals: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**20)
        auth = f"Authorization: Token {self.token}\r\n" if self.token else ""
        writer.write(
            f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nAccept: text/event-stream\r\n"
            f"{auth}\r\n".encode()
        )
        await writer.drain()
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"retry:"):
                    self.ready.set()
                elif line.startswith(b"data: "):
                    now = time.time()
                    found = EVENT_ID.search(line)
                    assert found is not None, line
                    number = int(found.group(1))
                    self.arrivals[number] = now
                    if number not in CREATED:
                        stamp = EVENT_TIME.search(line)
                        assert stamp is not None, line
                        CREATED[number] = parse_time(stamp.group(1).decode())
        finally:
            writer.close()


def parse_time(text: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def proc_status(pid: int) -> dict[str, str]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields


async def measure(args: Any, server: subprocess.Popen[bytes], port: int, n: int) -> dict[str, Any]:
    from asgiref.sync import sync_to_async

    CREATED.clear()  # event numbers start again in each game
    game_id, tokens = await sync_to_async(new_game)()
    path = f"/api/games/{game_id}/events/"
    subs = [
        Subscriber("127.0.0.1", port, path, tokens[i % 2] if i % 10 == 0 else None)
        for i in range(n)
    ]
    for i, sub in enumerate(subs):
        sub.task = asyncio.create_task(sub.run())
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # a ramp, not a thundering herd
    start = time.monotonic()
    for sub in subs:
        await asyncio.wait_for(sub.ready.wait(), max(5.0, 120 - (time.monotonic() - start)))
    await asyncio.sleep(1)
    status = proc_status(server.pid)
    numbers: list[int] = []
    for _ in range(args.moves):
        numbers += await sync_to_async(play_one)(game_id)
        await asyncio.sleep(args.interval)
    await asyncio.sleep(2)  # the last events arrive
    latencies, missed = [], 0
    for sub in subs:
        for number in numbers:
            if number in sub.arrivals:
                latencies.append(sub.arrivals[number] - CREATED[number])
            else:
                missed += 1
        assert sub.task is not None
        sub.task.cancel()
    await asyncio.gather(*(s.task for s in subs if s.task), return_exceptions=True)
    await asyncio.sleep(1)
    return {
        "subscribers": n,
        "events": len(numbers),
        "deliveries": len(latencies),
        "missed": missed,
        "p50_ms": round(percentile(latencies, 50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 99) * 1000, 1),
        "max_ms": round(max(latencies, default=0) * 1000, 1),
        "threads": int(status["Threads"]),
        "rss_mb": round(int(status["VmRSS"].split()[0]) / 1024, 1),
        "load": round(os.getloadavg()[0], 1),  # the machine is shared: how busy it was
    }


def new_game() -> tuple[int, list[str]]:
    """A two-player game between two fresh accounts; their tokens."""
    import secrets

    from django.contrib.auth.models import User

    from games.services import lobby
    from players.accounts.services import token_create

    users = [User.objects.create_user(f"b{secrets.token_hex(4)}") for _ in range(2)]
    game = lobby.game_create(user=users[0], version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=users[1])
    return game.pk, [token_create(user=u) for u in users]


def play_one(game_id: int) -> list[int]:
    """One move for whoever is to act (thinking: a Jack, or cards when none is left); the numbers
    of the events it made."""
    import engine
    from games.models import Game
    from games.services import moves

    game = Game.objects.get(pk=game_id)
    state = engine.from_json(game.state)
    legal = engine.legal_actions(state)
    action = next((a for a in legal if a.get("type") == "think"), legal[0])
    before = game.last_event
    moves.move_submit(
        game_id=game_id, caller=Caller(position=engine.to_act(state)), seq=game.seq, action=action
    )
    after = Game.objects.get(pk=game_id).last_event
    return list(range(before + 1, after + 1))


def serve(args: Any, env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "uvicorn", "gtr_api.asgi:application", "--port", str(port)]
    cmd += ["--lifespan", "off", "--log-level", "warning", "--backlog", "4096"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, preexec_fn=raise_fd_limit)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("uvicorn did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", default="1,250,500,1000,1500")
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--redis", help="Redis URL: the production hub (else the database's)")
    parser.add_argument("--postgres", help="a scratch PostgreSQL URL (else SQLite)")
    args = parser.parse_args()
    raise_fd_limit()
    folder = tempfile.mkdtemp(prefix="gtr-bench-streams-")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(GTR_VAR_DIR=folder, GTR_CELERY_EAGER="1", DJANGO_SETTINGS_MODULE="gtr_api.settings")
    env.update(RATE_LIMITS_RAISED)
    if args.redis:
        env["REDIS_URL"] = args.redis
    if args.postgres:
        env["DATABASE_URL"] = args.postgres
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    port = free_port()
    server = serve(args, env, port)
    hub = "Redis" if args.redis else "database listener"
    db = "PostgreSQL" if args.postgres else "SQLite"
    print(f"one uvicorn process, hub: {hub}, database: {db}; {args.moves} moves per count")
    rows = []
    try:
        for n in (int(c) for c in args.counts.split(",")):
            rows.append(asyncio.run(measure(args, server, port, n)))
            base = rows[0]["p99_ms"] or 1.0
            row = rows[-1]
            print(json.dumps({**row, "p99_vs_first": round(row["p99_ms"] / base, 1)}), flush=True)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
