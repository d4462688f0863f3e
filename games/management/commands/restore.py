"""`manage.py restore PATH [--force]`: bring a backup back into the database the settings name.

SQLite: the server must be stopped (a process holding the database file open is refused). An
existing database is replaced only with --force, and kept beside it, renamed. PostgreSQL: into
an empty database only (createdb one, point DATABASE_URL at it), in one transaction. Then run
`manage.py migrate` (a backup from older code) and `manage.py verify_games`. docs/deploy.md,
Restore."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.management import backups


class Command(BaseCommand):
    help = "Restore a backup made by `manage.py backup` into the configured database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="The backup file.")
        parser.add_argument(
            "--force",
            action="store_true",
            help="SQLite: replace an existing database file (it is kept beside, renamed).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            copy = backups.restore(options["path"], force=options["force"])
        except backups.Refused as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Restored {options['path']}: {copy.describe()}")
        if copy.replaced is not None:
            self.stdout.write(f"The database it replaced is kept as {copy.replaced}")
        self.stdout.write("Next: manage.py migrate, then manage.py verify_games.")
