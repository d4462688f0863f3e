"""Backups of the database, and restoring one (`manage.py backup`, `manage.py restore`).

Both work on the database the settings name (DATABASE_URL), while the server runs:

- SQLite, the embedded default: SQLite's online backup API (`sqlite3.Connection.backup`)
  copies the whole database in one step, inside one read transaction. That is a snapshot of
  every write committed when it began and of none after: a move is in it with its snapshot and
  events, or not at all. In WAL mode a reader does not hold up writers, so the server goes on.
  The copy is checked (`PRAGMA integrity_check`) and left in rollback-journal mode: one file.
- PostgreSQL: `pg_dump` in its custom format (`pg_restore` reads it), inside a transaction
  whose snapshot this module exports first, so the counts it prints are the dump's own.

A backup is written beside its path and renamed into place once whole and checked; an existing
file is never overwritten. A restore refuses what would lose data: a SQLite database that a
process has open (a running server), an existing SQLite database unless `force` (it is then kept
beside, renamed), and a PostgreSQL database with tables (restore into a new one). What a backup
holds and what it does not: docs/deploy.md, Backup.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import connections, transaction


class Refused(Exception):
    """The backup or restore was not done; the message says why and what to do."""


@dataclass(frozen=True)
class Copy:
    """What a backup holds, or what a restore brought back."""

    path: Path
    vendor: str
    games: int
    moves: int
    accounts: int
    seconds: float
    replaced: Path | None = None  # the database a restore replaced, kept under this name

    def describe(self) -> str:
        size = self.path.stat().st_size if self.path.exists() else 0
        return (
            f"{self.games} games, {self.moves} moves, {self.accounts} accounts "
            f"({self.vendor}, {size / 1e6:.1f} MB, {self.seconds:.1f} s)"
        )


COUNTS = (
    "SELECT (SELECT count(*) FROM games_game), (SELECT count(*) FROM games_move), "
    "(SELECT count(*) FROM auth_user)"
)


def settings_of(alias: str = "default") -> dict[str, Any]:
    return dict(connections[alias].settings_dict)


def vendor_of(db: dict[str, Any]) -> str:
    engine = str(db["ENGINE"])
    if engine.endswith("sqlite3"):
        return "sqlite"
    if engine.endswith("postgresql"):
        return "postgresql"
    raise Refused(f"Backups are for SQLite and PostgreSQL, not {engine}.")


def backup(path: Path, alias: str = "default") -> Copy:
    """Write a consistent copy of the database to `path`, which must not exist."""
    if path.exists():
        raise Refused(f"{path} exists: back up to a new path (keep the old backup).")
    path.parent.mkdir(parents=True, exist_ok=True)
    db = settings_of(alias)
    vendor = vendor_of(db)
    start = time.monotonic()
    with _partial(path) as partial:
        if vendor == "sqlite":
            games, moves, accounts = _sqlite_backup(Path(db["NAME"]), partial)
        else:
            games, moves, accounts = _pg_backup(alias, partial)
        _link(partial, path)
    return Copy(path, vendor, games, moves, accounts, time.monotonic() - start)


def restore(path: Path, *, force: bool = False, alias: str = "default") -> Copy:
    """Bring the backup at `path` back into the database the settings name."""
    if not path.is_file():
        raise Refused(f"No backup at {path}.")
    db = settings_of(alias)
    vendor = vendor_of(db)
    start = time.monotonic()
    connections[alias].close()
    if vendor == "sqlite":
        target = Path(db["NAME"])
        replaced = sqlite_restore(path, target, force=force)
        with contextlib.closing(sqlite3.connect(target)) as restored:
            games, moves, accounts = restored.execute(COUNTS).fetchone()
        return Copy(target, vendor, games, moves, accounts, time.monotonic() - start, replaced)
    _pg_restore(path, db)
    with connections[alias].cursor() as cursor:
        cursor.execute(COUNTS)
        games, moves, accounts = cursor.fetchone()
    return Copy(path, vendor, games, moves, accounts, time.monotonic() - start)


# SQLite ----------------------------------------------------------------------------------------


def _sqlite_backup(source: Path, target: Path) -> tuple[int, int, int]:
    if not source.is_file():
        raise Refused(f"No database at {source}.")
    with (
        contextlib.closing(sqlite3.connect(source, timeout=20)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)  # pages=-1: one step, one read transaction: a snapshot
        return _checked(dst, target)


def _checked(db: sqlite3.Connection, path: Path) -> tuple[int, int, int]:
    """The counts of a sound copy in rollback-journal mode (one file, no -wal beside it)."""
    db.execute("PRAGMA journal_mode=DELETE")
    problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
    if problems != ["ok"]:
        raise Refused(f"{path} failed SQLite's integrity check: {problems[:5]}")
    try:
        games, moves, accounts = db.execute(COUNTS).fetchone()
    except sqlite3.DatabaseError as exc:
        raise Refused(f"{path} is not a database of this server ({exc}).") from exc
    return int(games), int(moves), int(accounts)


def sqlite_restore(backup: Path, target: Path, *, force: bool = False) -> Path | None:
    """Restore the SQLite `backup` at `target`; returns the name the database it replaced is kept
    under, if any."""
    users = users_of(target)
    if users:
        who = "; ".join(f"pid {pid}: {command}" for pid, command in users[:5])
        raise Refused(
            f"{target} is open in another process ({who}). Stop the server first: a database "
            "replaced under a running server is lost to it."
        )
    if target.exists() and not force:
        raise Refused(
            f"{target} exists. Restore with --force to replace it (it is kept beside, "
            "renamed), or point DATABASE_URL at a new file."
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    with _partial(target) as partial:
        with (
            contextlib.closing(sqlite3.connect(backup)) as src,
            contextlib.closing(sqlite3.connect(partial)) as dst,
        ):
            src.backup(dst)
            _checked(dst, backup)
        replaced = None
        if target.exists():
            replaced = target.with_name(f"{target.name}.replaced-{time.strftime('%Y%m%d-%H%M%S')}")
            for suffix in ("", "-wal", "-shm"):  # its WAL belongs to it, not to the restored one
                old = Path(f"{target}{suffix}")
                if old.exists():
                    os.replace(old, f"{replaced}{suffix}")
        os.replace(partial, target)
    return replaced


def users_of(path: Path) -> list[tuple[int, str]]:
    """Other processes that have the SQLite database at `path` (or its WAL) open, read from
    /proc (Linux); those of other users only when run as root."""
    names = {str(path.resolve()) + suffix for suffix in ("", "-wal", "-shm")}
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        if int(proc.name) == os.getpid():
            continue
        try:
            if any(os.readlink(fd) in names for fd in (proc / "fd").iterdir()):
                command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                found.append((int(proc.name), command.strip()[:120]))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


# PostgreSQL ------------------------------------------------------------------------------------


def _pg_tool(name: str) -> str:
    tool = shutil.which(name)
    if tool is None:
        raise Refused(
            f"{name} is not installed: install PostgreSQL's client programs "
            "(apt install postgresql-client), of the server's major version or newer."
        )
    return tool


def _pg_connection(db: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    """libpq's options and environment for the database of `db` (Django's settings)."""
    args = ["--dbname", str(db["NAME"])]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            args += [flag, str(db[key])]
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


def _pg_backup(alias: str, target: Path) -> tuple[int, int, int]:
    """pg_dump in the snapshot of a transaction that counts what it holds."""
    pg_dump = _pg_tool("pg_dump")
    args, env = _pg_connection(settings_of(alias))
    with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        cursor.execute("SELECT pg_export_snapshot()")
        (snapshot,) = cursor.fetchone()
        cursor.execute(COUNTS)
        games, moves, accounts = cursor.fetchone()
        done = subprocess.run(
            [pg_dump, *args, "--format=custom", f"--snapshot={snapshot}", f"--file={target}"],
            env=env,
            capture_output=True,
            text=True,
        )
    if done.returncode != 0:
        raise Refused(f"pg_dump failed: {done.stderr.strip()[-2000:]}")
    return int(games), int(moves), int(accounts)


def _pg_restore(backup: Path, db: dict[str, Any]) -> None:
    pg_restore = _pg_tool("pg_restore")
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        (tables,) = cursor.fetchone()
    connections["default"].close()
    if tables:
        raise Refused(
            f"The database {db['NAME']} has {tables} tables. Restore into a new, empty "
            "database (createdb), check it, then point DATABASE_URL at it (docs/deploy.md)."
        )
    args, env = _pg_connection(db)
    command = [pg_restore, *args, "--no-owner", "--no-privileges", "--exit-on-error"]
    done = subprocess.run(
        [*command, "--single-transaction", str(backup)], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise Refused(f"pg_restore failed (nothing was restored): {done.stderr.strip()[-2000:]}")


# Files -------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _partial(path: Path) -> Iterator[Path]:
    """A file beside `path` to write first; removed if it is still there afterwards."""
    partial = path.with_name(f".{path.name}.partial-{os.getpid()}")
    partial.unlink(missing_ok=True)
    try:
        yield partial
    finally:
        partial.unlink(missing_ok=True)


def _link(partial: Path, path: Path) -> None:
    """Put the finished `partial` at `path`, durably, unless something is there already."""
    with open(partial, "rb") as f:
        os.fsync(f.fileno())
    try:
        os.link(partial, path)  # fails if `path` exists: never overwrites a backup
    except FileExistsError as exc:
        raise Refused(f"{path} appeared meanwhile: back up to a new path.") from exc
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
