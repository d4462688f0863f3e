"""`manage.py export_games`: the games database, one finished game's record per line (ndjson).

    python manage.py export_games [--version V] [--since YYYY-MM-DD] [--until YYYY-MM-DD]
        [--out FILE]

The lines of `GET /api/games/export/` (games.services.dataset), to a file or to stdout: every
finished game dealt by this server, in the order they finished, of one ruleset and finished on or
after `--since` and before `--until` (days, UTC) when given."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path
from typing import Any, BinaryIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game
from games.services import dataset


def day(value: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"{value!r} is not a day (YYYY-MM-DD).") from None


class Command(BaseCommand):
    help = "Write every finished game as a record by card names, one JSON object per line."

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        """`--version` names a ruleset here, not Django's version (the option this replaces)."""
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--version", choices=Game.Version.values, help="Only this ruleset.")
        parser.add_argument("--since", type=str, help="Only games finished on or after (UTC).")
        parser.add_argument("--until", type=str, help="Only games finished before this day.")
        parser.add_argument("--out", type=Path, help="The file to write (default: stdout).")

    def handle(self, *args: Any, **options: Any) -> None:
        since = day(options["since"]) if options["since"] else None
        until = day(options["until"]) if options["until"] else None
        out: Path | None = options["out"]
        if out is None:
            count = self.write(sys.stdout.buffer, options["version"], since, until)
        else:
            with out.open("wb") as f:
                count = self.write(f, options["version"], since, until)
        self.stderr.write(f"{count} game(s) exported")

    def write(
        self,
        f: BinaryIO,
        version: str | None,
        since: datetime.date | None,
        until: datetime.date | None,
    ) -> int:
        count = 0
        for line in dataset.lines(version, since, until):
            f.write(line)
            count += 1
        f.flush()
        return count
