"""`manage.py health [--only database,broker,worker,beat] [--worker NAME]`: the health checks.

They are those of `GET /api/health/`, with every detail. Cron, systemd timers and container
health checks can run them without HTTP. Prints JSON. Exits 1 when a check is down.
`--worker celery@host` checks that one worker's heartbeat, not any worker's."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.live import health


class Command(BaseCommand):
    help = "Run the health checks (database, broker, worker, beat); exit 1 when one is down."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--only", help=f"comma-separated, of {', '.join(health.CHECKS)}")
        parser.add_argument("--worker", help="the worker whose heartbeat counts (its hostname)")

    def handle(self, *args: Any, **options: Any) -> None:
        only = [c.strip() for c in options["only"].split(",")] if options["only"] else None
        if only and set(only) - set(health.CHECKS):
            raise CommandError(f"Known checks: {', '.join(health.CHECKS)}.")
        results = health.health(only)
        if options["worker"] and "worker" in results:
            mine = [w for w in results["worker"]["workers"] if w["name"] == options["worker"]]
            results["worker"] = {"up": any(w["up"] for w in mine), "workers": mine}
        self.stdout.write(json.dumps(results, indent=2, default=str))
        down = sorted(name for name, result in results.items() if not result["up"])
        if down:
            raise CommandError(f"down: {', '.join(down)}")
