"""`manage.py serve [addrport]`: the embedded default in one command (`make run`). supervisord
(gtr_api/supervisord.conf) runs the production web server (uvicorn), a Celery worker and beat,
restarts any of them that dies (logging it loudly), and stops them all on Ctrl-C. The static
files are collected first, so the web server can serve them.

The processes use whatever the settings name: SQLite and the embedded broker under var/ by
default, PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set. Their output goes to this
console (GTR_PROCESS_LOG names a file instead); supervisord's own log and the record of process
deaths are in var/log/. For development with autoreload, use `manage.py runserver`."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

CONFIG = Path(settings.BASE_DIR) / "gtr_api" / "supervisord.conf"


def supervisor_environment(host: str, port: str) -> dict[str, str]:
    return {
        **os.environ,
        "GTR_VAR_DIR": str(Path(settings.VAR_DIR).resolve()),
        "GTR_PYTHON": sys.executable,
        "GTR_WEB_HOST": host,
        "PORT": port,
        "GTR_PROCESS_LOG": os.environ.get("GTR_PROCESS_LOG", "/dev/stdout"),
        "PYTHONUNBUFFERED": "1",  # each line shows as it is written
    }


def use_public_url(addrport: str) -> None:
    """Links in mails point where this server is really reached: GTR_PUBLIC_URL when set, else
    the address and port it serves on (for every process supervisord starts)."""
    if os.environ.get("GTR_PUBLIC_URL"):
        return
    host, _, port = addrport.rpartition(":")
    host = host or "127.0.0.1"
    if host in ("0.0.0.0", "::", "[::]"):
        host = "127.0.0.1"
    os.environ["GTR_PUBLIC_URL"] = settings.GTR_PUBLIC_URL = f"http://{host}:{port or 8000}"


class Command(BaseCommand):
    help = "Run the web server, a Celery worker and beat under supervisord (the embedded default)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args: Any, **options: Any) -> None:
        host, _, port = options["addrport"].rpartition(":")
        if not port.isdigit():
            raise CommandError("Give the address as HOST:PORT or PORT.")
        use_public_url(options["addrport"])  # before the environment the processes inherit
        env = supervisor_environment(host or "127.0.0.1", port)
        (Path(env["GTR_VAR_DIR"]) / "log").mkdir(parents=True, exist_ok=True)
        call_command("collectstatic", interactive=False, verbosity=0)
        self.stderr.write(f"Serving http://{env['GTR_WEB_HOST']}:{port}/ (supervisord, {CONFIG})")
        supervisord = [sys.executable, "-m", "supervisor.supervisord", "-c", str(CONFIG)]
        os.execve(sys.executable, supervisord, env)  # Ctrl-C reaches supervisord itself
