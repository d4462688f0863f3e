"""`manage.py error_codes [--write]`: prints the table of error codes (games.codebook).

With `--write`, it writes the table into docs/api.md, between its markers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import codebook

DOCS = Path(settings.BASE_DIR) / "docs" / "api.md"


def with_table(text: str) -> str:
    """`text` (docs/api.md) with the current table of codes."""
    start, end = text.find(codebook.BEGIN), text.find(codebook.END)
    if start < 0 or end < start:
        raise CommandError(f"{DOCS} has no table of error codes between the markers")
    return text[:start] + codebook.markdown_table() + text[end + len(codebook.END) :]


class Command(BaseCommand):
    help = "Print the table of error codes, or write it into docs/api.md (--write)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--write", action="store_true", help=f"rewrite {DOCS.name}")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["write"]:
            self.stdout.write(codebook.markdown_table())
            return
        DOCS.write_text(with_table(DOCS.read_text()))
        self.stdout.write(f"wrote {len(codebook.all_codes())} codes into {DOCS}")
