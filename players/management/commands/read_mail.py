"""Reads replies from a Maildir or an mbox and plays them, for local use and tests.

    python manage.py read_mail --maildir PATH [--keep]
    python manage.py read_mail --mbox PATH [--keep]

Each message goes to `players.mail.inbound.inbound_handle`, as the webhook's do. Messages are
removed from the mailbox once read, unless --keep is given. A message read twice is acted on
once anyway. Its Message-ID gives it away.
"""

from __future__ import annotations

import mailbox
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from players.mail import inbound


class Command(BaseCommand):
    help = "Play the e-mail replies found in a Maildir or an mbox."

    def add_arguments(self, parser: CommandParser) -> None:
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--maildir", help="a Maildir folder (cur/, new/, tmp/)")
        source.add_argument("--mbox", help="an mbox file")
        parser.add_argument("--keep", action="store_true", help="leave the messages in place")

    def handle(self, *args: Any, **options: Any) -> None:
        box: mailbox.Maildir | mailbox.mbox
        try:
            if options["maildir"]:
                box = mailbox.Maildir(options["maildir"], factory=None, create=False)
            else:
                box = mailbox.mbox(options["mbox"], create=False)
        except mailbox.NoSuchMailboxError as exc:
            raise CommandError(f"No such mailbox: {exc}") from exc
        try:
            box.lock()
        except mailbox.Error as exc:
            raise CommandError(f"Cannot lock the mailbox: {exc}") from exc
        counts: dict[str, int] = {}
        try:
            for key in list(box.keys()):
                raw = box.get_bytes(key)
                outcome = inbound.inbound_handle(inbound.parse_bytes(raw))
                counts[outcome] = counts.get(outcome, 0) + 1
                self.stdout.write(f"{key}: {outcome}")
                if not options["keep"]:
                    box.remove(key)
            box.flush()
        finally:
            box.unlock()
            box.close()
        summary = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items()))
        self.stdout.write(f"read {sum(counts.values())} message(s): {summary or 'none'}")
