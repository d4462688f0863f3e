"""`manage.py backup PATH`: a consistent copy of the database, taken while the server runs.

SQLite (the embedded default) through SQLite's online backup API; PostgreSQL through pg_dump's
custom format. PATH must not exist: the copy is written beside it and renamed into place once
whole. Prints what it holds. docs/deploy.md, Backup, says how often and where to keep them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.management import backups


class Command(BaseCommand):
    help = "Copy the database (SQLite or PostgreSQL) to PATH, consistently, while it is in use."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="Where to write the backup (a new file).")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            copy = backups.backup(options["path"])
        except backups.Refused as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Backed up to {copy.path}: {copy.describe()}")
