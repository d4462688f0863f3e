"""API benchmark: move submissions and game views against a bare DRF endpoint, early in a game
and after 300 moves, on SQLite and (when given) PostgreSQL.

    python bench/api.py                         # SQLite only
    python bench/api.py --postgres URL          # SQLite, then PostgreSQL at URL (a scratch db)
    python bench/api.py --games 10 --moves 20   # samples: games x moves per phase
    python bench/api.py --profile move_late     # where those requests spend their time (stderr)
    python bench/api.py --no-settle             # the process not settled as the server's is

Requests go through the whole Django stack (middleware, DRF, auth, ORM, JSON) in-process via the
test client, one client at a time, so the figures compare the framework's work with the engine's
and with the database's, not the network's. Each database runs in its own subprocess (settings are
read at import). Figures: requests per second (1 / mean latency) and p50/p99 latency in ms; the
ratio is against the bare endpoint measured in the same run, one bare GET and one bare POST timed
beside each move's requests, so that the baseline meets the machine (its load, its caches) as the
game's requests do. Never used by tests for timing.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
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
LATE = 300  # "after 300 moves"
urlpatterns: list[Any] = []  # filled in run_one(): this module is the bench's ROOT_URLCONF


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "per_sec": len(samples) / sum(samples),
        "p50_ms": percentile(samples, 50) * 1000,
        "p99_ms": percentile(samples, 99) * 1000,
        "n": len(samples),
    }


def plan_game(engine: Any, state: Any, rnd: random.Random, length: int) -> list[Any] | None:
    """A list of `length` actions (random legal choices) that keeps the game going, or None."""
    actions = []
    for _ in range(length):
        if engine.is_over(state):
            return None
        action = rnd.choice(engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
    return None if engine.is_over(state) else actions


def run_one(
    games: int, moves: int, profile: str | None = None, settle: bool = True
) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import include, path
    from rest_framework.request import Request
    from rest_framework.response import Response
    from rest_framework.views import APIView

    import engine
    from games.models import Game
    from games.services import lobby
    from games.services.moves import move_submit
    from games.store.caches import VIEW_CACHE, game_key
    from players.accounts.services import token_create

    class BareRow(APIView):
        """The baseline: read one row (GET) or read and write it in a transaction (POST)."""

        def get(self, request: Request) -> Response:
            u = User.objects.only("id", "username", "last_login").get(pk=request.user.pk)
            return Response({"id": u.pk, "username": u.username, "last_login": u.last_login})

        def post(self, request: Request) -> Response:
            with transaction.atomic():
                u = (
                    User.objects.select_for_update()
                    .only("id", "last_login")
                    .get(pk=request.user.pk)
                )
                u.last_login = None if u.last_login else django.utils.timezone.now()
                u.save(update_fields=["last_login"])
            return Response({"id": u.pk, "last_login": u.last_login}, status=201)

    urlpatterns[:] = [path("bench/row/", BareRow.as_view()), path("", include("gtr_api.urls"))]
    settings.ROOT_URLCONF = __name__
    settings.DEBUG = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("migrate", verbosity=0)

    users = [User.objects.create_user(f"bench{i}-{time.time_ns()}") for i in range(2)]
    clients = []
    for u in users:
        c = Client(HTTP_AUTHORIZATION=f"Token {token_create(user=u)}")
        clients.append(c)

    kinds = (
        "bare_get",
        "bare_post",
        "view_early",
        "view_again",
        "view_cold",
        "view_elsewhere",
        "view_late",
    )
    timings: dict[str, list[float]] = {k: [] for k in (*kinds, "move_early", "move_late")}
    statements: dict[str, Counter[int]] = {}  # how many requests of each kind ran how many

    profiler = cProfile.Profile()
    if settle:  # as the server does before its first request (gtr_api/settle.py)
        from gtr_api.settle import settle as settle_process

        settle_process()
    collections = GarbageCollections()

    def timed(key: str, fn: Any) -> Any:
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            if key == profile:
                profiler.enable()
            response = fn()
            if key == profile:
                profiler.disable()
            timings[key].append(time.perf_counter() - start)
        statements.setdefault(key, Counter())[len(captured)] += 1
        assert response.status_code in (200, 201), (key, response.status_code, response.content)
        return response

    rnd = random.Random(2026)
    for g in range(games):
        game = lobby.game_create(user=users[0], version=("republic", "imperium")[g % 2], players=2)
        lobby.seat_join(game_id=game.pk, user=users[1])
        game.refresh_from_db()
        state = engine.from_json(game.state)
        plan = None
        while plan is None:
            plan = plan_game(engine, state, random.Random(rnd.random()), LATE + moves)
        for phase, start in (("early", 0), ("late", LATE)):
            if phase == "late":  # advance without HTTP to move 300
                game = Game.objects.get(pk=game.pk)
                for seq in range(game.seq, LATE):
                    s = engine.from_json(Game.objects.get(pk=game.pk).state)
                    move_submit(
                        game_id=game.pk,
                        caller=Caller(position=engine.to_act(s)),
                        seq=seq,
                        action=plan[seq],
                    )
            for seq in range(start, start + moves):
                s = engine.from_json(Game.objects.get(pk=game.pk).state)
                seat = engine.to_act(s)
                client = clients[seat]
                timed(f"view_{phase}", lambda c=client, gid=game.pk: c.get(f"/api/games/{gid}/"))
                if phase == "early":  # the same view again, nothing changed (no If-None-Match)
                    timed("view_again", lambda c=client, gid=game.pk: c.get(f"/api/games/{gid}/"))
                    # and once more with nothing kept: as a process's first look at the game
                    caches[VIEW_CACHE].clear()
                    timed("view_cold", lambda c=client, gid=game.pk: c.get(f"/api/games/{gid}/"))
                before = caches[VIEW_CACHE].get(
                    game_key(game.pk)
                )  # as games.read.view_cache keeps it
                body = json.dumps({"seq": seq, "action": plan[seq]})
                timed(
                    f"move_{phase}",
                    lambda c=client, gid=game.pk, b=body: c.post(
                        f"/api/games/{gid}/moves/", b, content_type="application/json"
                    ),
                )
                if phase == "early":  # the mover looks as if another process had made the move:
                    caches[VIEW_CACHE].clear()  # this one holds the game as it was before it
                    caches[VIEW_CACHE].set(game_key(game.pk), before)
                    timed(
                        "view_elsewhere",
                        lambda c=client, gid=game.pk: c.get(f"/api/games/{gid}/"),
                    )
                # the baseline beside them, so that both meet the machine as it is then
                timed("bare_get", lambda c=client: c.get("/bench/row/"))
                timed("bare_post", lambda c=client: c.post("/bench/row/", "{}", "application/json"))
    collections.stop()
    if profile:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(60)
    return {
        "database": connection.vendor,
        "settled": settle,
        "gc": collections.summary(sum(len(v) for v in timings.values())),
        "engine_apply_ms": engine_apply_cost(engine),
        # statements per request: the most common count of each kind (a game's first view
        # finds nothing kept, for one)
        "queries": {k: c.most_common(1)[0][0] for k, c in statements.items()},
        **{k: summary(v) for k, v in timings.items()},
    }


class GarbageCollections:
    """The garbage collector's pauses from now until `stop()`: full ones (generation 2) one by
    one, the young ones in all."""

    def __init__(self) -> None:
        self.full: list[float] = []
        self.young = 0.0
        self._began = 0.0
        gc.callbacks.append(self._heard)

    def _heard(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        elif info["generation"] == 2:
            self.full.append(time.perf_counter() - self._began)
        else:
            self.young += time.perf_counter() - self._began

    def stop(self) -> None:
        gc.callbacks.remove(self._heard)

    def summary(self, requests: int) -> dict[str, Any]:
        return {
            "requests": requests,
            "full": len(self.full),
            "full_max_ms": max(self.full, default=0) * 1000,
            "full_ms_per_request": sum(self.full) / requests * 1000,
            "young_ms_per_request": self.young / requests * 1000,
        }


def engine_apply_cost(engine: Any) -> float:
    """The engine alone: mean ms per apply (+ legal_actions) over a random game, for context."""
    state = engine.new_game("republic", 2, seed=1)
    rnd = random.Random(1)
    count, start = 0, time.perf_counter()
    while not engine.is_over(state) and count < 400:
        state = engine.apply(state, rnd.choice(engine.legal_actions(state)))
        count += 1
    return (time.perf_counter() - start) / count * 1000


def report(result: dict[str, Any]) -> str:
    lines = [
        f"### {result['database']}",
        "",
        "| endpoint | SQL statements | req/s | p50 ms | p99 ms | cost vs bare (p50) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    rows = [
        ("bare DRF GET one row", "bare_get", "bare_get"),
        ("bare DRF POST one row", "bare_post", "bare_post"),
        ("game view, early", "view_early", "bare_get"),
        (f"game view, after {LATE} moves", "view_late", "bare_get"),
        ("game view again, nothing changed", "view_again", "bare_get"),
        ("game view, nothing kept", "view_cold", "bare_get"),
        ("game view after a move made elsewhere", "view_elsewhere", "bare_get"),
        ("move submit, early", "move_early", "bare_post"),
        (f"move submit, after {LATE} moves", "move_late", "bare_post"),
    ]
    for label, key, base in rows:
        r, b = result[key], result[base]
        lines.append(
            f"| {label} | {result['queries'][key]} | {r['per_sec']:.0f} | {r['p50_ms']:.2f} "
            f"| {r['p99_ms']:.2f} | {r['p50_ms'] / b['p50_ms']:.1f}x |"
        )
    gc_ = result["gc"]
    late = result["move_late"]["p50_ms"] / result["move_early"]["p50_ms"]
    view_late = result["view_late"]["p50_ms"] / result["view_early"]["p50_ms"]
    lines += [
        "",
        f"Late/early p50: move submit {late:.2f}x, game view {view_late:.2f}x. "
        f"Engine alone: {result['engine_apply_ms']:.3f} ms per legal_actions+apply. "
        f"Samples per row: {result['move_early']['n']} (the bare rows: "
        f"{result['bare_get']['n']}, timed beside the others).",
        "",
        f"Garbage collection ({'settled' if result['settled'] else 'not settled'}: "
        f"gtr_api/settle.py) over {gc_['requests']} requests and what ran between them: "
        f"{gc_['full']} full collections, the longest {gc_['full_max_ms']:.1f} ms; per request "
        f"{gc_['full_ms_per_request']:.3f} ms in full and {gc_['young_ms_per_request']:.3f} ms in "
        "young collections.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=20, help="measured moves per game and phase")
    parser.add_argument("--postgres", help="a PostgreSQL URL whose database may be written to")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument(
        "--no-settle",
        action="store_true",
        help="do not settle the process as the server does (gtr_api/settle.py): for comparison",
    )
    parser.add_argument(
        "--profile",
        choices=(
            "view_early",
            "view_late",
            "view_again",
            "view_cold",
            "view_elsewhere",
            "move_early",
            "move_late",
        ),
        help="profile these requests (cProfile) and print the stats to stderr",
    )
    args = parser.parse_args()
    if args.one:
        print(json.dumps(run_one(args.games, args.moves, args.profile, not args.no_settle)))
        return
    results = []
    targets: list[str | None] = [None] + ([args.postgres] if args.postgres else [])
    for url in targets:
        with tempfile.TemporaryDirectory() as var:
            env = {
                **os.environ,
                "GTR_VAR_DIR": var,
                "DJANGO_DEBUG": "0",
                "SECRET_KEY": "bench",
                "GTR_HTTPS": "0",  # the test client speaks plain HTTP: no redirect to HTTPS
                **RATE_LIMITS_RAISED,
            }
            env.pop("DATABASE_URL", None)
            if url:
                env["DATABASE_URL"] = url
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--one",
                    f"--games={args.games}",
                    f"--moves={args.moves}",
                    *([f"--profile={args.profile}"] if args.profile else []),
                    *(["--no-settle"] if args.no_settle else []),
                ],
                env=env,
                cwd=ROOT,
                check=True,
                stdout=subprocess.PIPE,
                text=True,
            ).stdout
            results.append(json.loads(out.strip().splitlines()[-1]))
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n\n".join(report(r) for r in results))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
