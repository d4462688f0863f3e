"""`manage.py backup` and `manage.py restore` (games/management/backups.py) on real databases,
each run as its own process: a backup taken while a thread keeps playing moves, restored into a
fresh database, holds every game as it was committed before the backup began or later, each
with its whole log, gapless, its snapshot agreeing with its log (`verify_games` on the restored
database). SQLite (the embedded default) in the SQLite stage; PostgreSQL, with pg_dump and
pg_restore, in the PostgreSQL stage. And what a restore refuses to do."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, connections

import engine
from games.management import backups
from games.models import Game
from games.read.selectors import Caller
from games.services import moves
from tests.conftest import Player, signup, start_game
from tests.live import ROOT, database_url

pytestmark = pytest.mark.django_db(transaction=True)


def manage(*args: str, database: str, var: Path) -> subprocess.CompletedProcess[str]:
    """manage.py in a process of its own, on the database at the URL `database`."""
    env = {**os.environ, "DATABASE_URL": database, "GTR_VAR_DIR": str(var)}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


class Writer(threading.Thread):
    """Plays random legal moves in `games`, round and round, through the service every move
    takes (games.services.moves), each its own transaction, until stopped. On SQLite its commits
    stay in the write-ahead log, as a busy server's latest ones do: a copy of the database file
    alone would miss them."""

    def __init__(self, games: list[int]) -> None:
        super().__init__(daemon=True)
        self.games, self.moves = games, 0
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        rnd = random.Random(29)
        try:
            if connection.vendor == "sqlite":
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA wal_autocheckpoint=0")
            while not self.stop.is_set():
                for game_id in self.games:
                    game = Game.objects.get(pk=game_id)
                    if game.status != Game.Status.ACTIVE:
                        continue
                    state = engine.from_json(game.state)
                    moves.move_submit(
                        game_id=game_id,
                        caller=Caller(position=engine.to_act(state)),
                        seq=game.seq,
                        action=rnd.choice(engine.legal_actions(state)),
                    )
                    self.moves += 1
        except BaseException as exc:  # the test says so
            self.error = exc
        finally:
            connections.close_all()


def seqs() -> dict[int, int]:
    return dict(Game.objects.values_list("id", "seq"))


@contextlib.contextmanager
def play_during(games: list[int]) -> Iterator[Writer]:
    """Moves keep being committed for as long as the block runs (and a little before it)."""
    writer = Writer(games)
    writer.start()
    try:
        while writer.moves < 5 and writer.is_alive():  # it is writing
            writer.stop.wait(0.01)
        yield writer
    finally:
        writer.stop.set()
        writer.join(60)
    assert writer.error is None, writer.error


def tables(alice: Player, bob: Player, count: int = 3) -> list[int]:
    games = [start_game(alice, [bob]) for _ in range(count)]
    with play_during(games) as writer:
        while writer.moves < 40:
            writer.stop.wait(0.01)
    return games


def backed_up_while_playing(games: list[int], database: str, path: Path, var: Path) -> Any:
    """Take a backup while moves are being written: (the games' seqs before it began, after it
    ended, the moves written meanwhile)."""
    with play_during(games) as writer:
        before, written = seqs(), writer.moves
        done = manage("backup", str(path), database=database, var=var)
        after, written = seqs(), writer.moves - written
    assert done.returncode == 0, done.stderr
    assert written > 0, "no move was written while the backup ran"
    assert all(after[g] > before[g] for g in games)
    return before, after


def check_restored(
    database: str, restored_seqs: dict[int, int], before: dict[int, int], after: dict[int, int]
) -> None:
    """Every game committed before the backup began is there, at that move or later (and no
    later than the backup's end), and the restored database passes verify_games: gapless logs,
    hashes and snapshots that agree with a replay."""
    assert restored_seqs.keys() == before.keys()
    for game_id, seq in restored_seqs.items():
        assert before[game_id] <= seq <= after[game_id], (game_id, before, seq, after)


# SQLite, the embedded default -----------------------------------------------------------------


@pytest.fixture
def sqlite_file() -> Path:
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite backup (the embedded default)")
    return Path(connection.settings_dict["NAME"])


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def sqlite_seqs(path: Path) -> dict[int, int]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return dict(db.execute("SELECT id, seq FROM games_game").fetchall())


def test_a_sqlite_backup_taken_during_play_restores_every_committed_game(
    sqlite_file: Path, tmp_path: Path
) -> None:
    games = tables(signup("alice"), signup("bob"))
    backup = tmp_path / "backups" / "gtr.sqlite3"
    before, after = backed_up_while_playing(games, sqlite_url(sqlite_file), backup, tmp_path)
    fresh = tmp_path / "restored" / "db.sqlite3"
    done = manage("restore", str(backup), database=sqlite_url(fresh), var=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Restored" in done.stdout and not fresh.with_name("db.sqlite3-wal").exists()
    check_restored(sqlite_url(fresh), sqlite_seqs(fresh), before, after)
    verified = manage("verify_games", database=sqlite_url(fresh), var=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"{len(games)} game(s) checked, 0 with problems" in verified.stdout


def test_a_backup_never_overwrites_and_a_restore_refuses_to_lose_data(
    sqlite_file: Path, tmp_path: Path
) -> None:
    start_game(signup("alice"), [signup("bob")])
    backup = tmp_path / "gtr.sqlite3"
    assert backups.backup(backup).games == 1
    with pytest.raises(backups.Refused, match="exists: back up to a new path"):
        backups.backup(backup)
    assert [p.name for p in tmp_path.iterdir()] == ["gtr.sqlite3"]  # no partial copy left

    # A database another process has open (a running server): refused, even forced.
    target = tmp_path / "live" / "db.sqlite3"
    target.parent.mkdir()
    with contextlib.closing(sqlite3.connect(target)) as db:
        db.execute("CREATE TABLE kept (x)")
    hold = f"import sqlite3, time; sqlite3.connect({str(target)!r}).execute('SELECT 1'); "
    server = subprocess.Popen([sys.executable, "-c", hold + "print(1, flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE)  # fmt: skip
    try:
        assert server.stdout is not None and server.stdout.readline()
        with pytest.raises(backups.Refused, match=f"open in another process .pid {server.pid}"):
            backups.sqlite_restore(backup, target, force=True)
    finally:
        server.kill()
        server.wait()

    # An existing database no one uses: only with force, and the old one is kept beside.
    with pytest.raises(backups.Refused, match=r"exists\. Restore with --force"):
        backups.sqlite_restore(backup, target)
    kept = backups.sqlite_restore(backup, target, force=True)
    assert kept is not None and kept.name.startswith("db.sqlite3.replaced-")
    with contextlib.closing(sqlite3.connect(kept)) as db:
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("kept",)]
    assert len(sqlite_seqs(target)) == 1

    # Something that is not a backup of this server.
    stranger = tmp_path / "stranger.sqlite3"
    with contextlib.closing(sqlite3.connect(stranger)) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(backups.Refused, match="is not a database of this server"):
        backups.sqlite_restore(stranger, tmp_path / "new.sqlite3")


# PostgreSQL ------------------------------------------------------------------------------------


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    """The URL of a new, empty database on the test database's server; dropped afterwards."""
    import psycopg

    source = database_url()
    name = f"gtr_restored_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(source, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield source.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(source, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def postgres_seqs(url: str) -> dict[int, int]:
    import psycopg

    with psycopg.connect(url) as db:
        return dict(db.execute("SELECT id, seq FROM games_game").fetchall())


@pytest.mark.postgres
def test_a_postgres_backup_taken_during_play_restores_every_committed_game(
    fresh_postgres: str, tmp_path: Path
) -> None:
    source = database_url()
    games = tables(signup("alice"), signup("bob"))
    backup = tmp_path / "gtr.dump"
    before, after = backed_up_while_playing(games, source, backup, tmp_path)

    # Never into a database with tables (here, the test's own): into an empty one.
    refused = manage("restore", str(backup), database=source, var=tmp_path)
    assert refused.returncode != 0 and "Restore into a new, empty database" in refused.stderr

    done = manage("restore", str(backup), database=fresh_postgres, var=tmp_path)
    assert done.returncode == 0, done.stderr
    check_restored(fresh_postgres, postgres_seqs(fresh_postgres), before, after)
    verified = manage("verify_games", database=fresh_postgres, var=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"{len(games)} game(s) checked, 0 with problems" in verified.stdout
