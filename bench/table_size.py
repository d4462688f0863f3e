"""PostgreSQL table growth under steady play: how large the game table is after N moves.

    python bench/table_size.py --postgres URL [--moves 10000] [--tables 20]

Creates a scratch database on the server at URL (dropped afterwards), migrates it, and plays
`--moves` random legal moves through the move service (`move_submit`, the path every HTTP move
takes), round-robin over `--tables` two-player games at once (a finished game is replaced by a
new one). Autovacuum runs as the server is configured. Prints the game table's size (heap, its
TOAST table and indexes) against the live rows' size, and the share of HOT updates. Never used by
tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from games.read.selectors import Caller

ROOT = Path(__file__).resolve().parent.parent

SIZES = """
SELECT pg_relation_size(c.oid), pg_relation_size(c.reltoastrelid), pg_indexes_size(c.oid),
       pg_total_relation_size(c.oid), s.n_live_tup, s.n_dead_tup, s.n_tup_upd, s.n_tup_hot_upd,
       s.autovacuum_count, (SELECT coalesce(sum(pg_column_size(g.*)), 0) FROM games_game g)
FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'games_game'
"""


def play(moves: int, tables: int) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    import engine
    from games.models import Game
    from games.services import lobby
    from games.services.moves import move_submit

    call_command("migrate", verbosity=0)
    users = [User.objects.create_user(f"grow{i}") for i in range(2)]

    def new_game() -> int:
        game = lobby.game_create(user=users[0], version="republic", players=2)
        lobby.seat_join(game_id=game.pk, user=users[1])
        return game.pk

    rnd = random.Random(2026)
    games = [new_game() for _ in range(tables)]
    start = time.perf_counter()
    for n in range(moves):
        slot = n % tables
        game = Game.objects.only("seq", "state", "status").get(pk=games[slot])
        state = engine.from_json(game.state)
        action = rnd.choice(engine.legal_actions(state))
        move_submit(
            game_id=game.pk,
            caller=Caller(position=engine.to_act(state)),
            seq=game.seq,
            action=action,
        )
        if Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).exists():
            games[slot] = new_game()
    elapsed = time.perf_counter() - start
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
    time.sleep(1)
    with connection.cursor() as cursor:
        cursor.execute(SIZES)
        heap, toast, indexes, total, live, dead, upd, hot, autovacuums, data = cursor.fetchone()
        cursor.execute("SELECT count(*) FROM games_game")
        (rows,) = cursor.fetchone()
        cursor.execute("SELECT current_setting('server_version')")
        (version,) = cursor.fetchone()
    return {
        "moves": moves,
        "tables": tables,
        "games": rows,
        "seconds": round(elapsed, 1),
        "heap_bytes": heap,
        "toast_bytes": toast,
        "index_bytes": indexes,
        "total_bytes": total,
        "live_row_bytes": data,
        "live_tuples": live,
        "dead_tuples": dead,
        "updates": upd,
        "hot_updates": hot,
        "autovacuums": autovacuums,
        "server": version,
    }


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", help="a PostgreSQL server's URL (required)")
    parser.add_argument("--moves", type=int, default=10000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(play(args.moves, args.tables)))
        return
    if not args.postgres:
        parser.error("--postgres URL is required")
    import psycopg

    scratch = f"gtr_growth_{os.getpid()}"
    with psycopg.connect(args.postgres, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{scratch}"')
    try:
        env = {**os.environ, "DATABASE_URL": with_database(args.postgres, scratch)}
        out = subprocess.run(
            [sys.executable, __file__, "--one", f"--moves={args.moves}", f"--tables={args.tables}"],
            env={**env, "DJANGO_DEBUG": "0", "SECRET_KEY": "bench-table-size-" + "k" * 40},
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        with psycopg.connect(args.postgres, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{scratch}"')
    result = json.loads(out.strip().splitlines()[-1])
    kib = 1024
    print(json.dumps(result, indent=2))
    print(
        f"game table after {result['moves']} moves ({result['games']} games): "
        f"{result['total_bytes'] / kib:.0f} KiB in all (heap {result['heap_bytes'] / kib:.0f}, "
        f"TOAST {result['toast_bytes'] / kib:.0f}, indexes {result['index_bytes'] / kib:.0f}); "
        f"live rows {result['live_row_bytes'] / kib:.0f} KiB; "
        f"HOT updates {result['hot_updates']}/{result['updates']}"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
