"""`manage.py serve [addrport]`: the embedded default in one command (`make run`).

Supervisord (gtr_api/supervisord.conf) runs the production web server (uvicorn), a Celery worker
and beat. It restarts any that dies, and logs it loudly. Ctrl-C stops them all. The static files
are collected first for the web server.

The processes use whatever the settings name. By default that is SQLite and the embedded broker
under var/. With DATABASE_URL and REDIS_URL set, it is PostgreSQL and Redis. Their output goes
to this console, or to the file GTR_PROCESS_LOG names. Supervisord's own log and the record of
process deaths are in var/log/. For development with autoreload, use `manage.py runserver`."""

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
    """Points links in mails where this server is really reached.

    That is GTR_PUBLIC_URL when set, else the address and port it serves on. Every process
    supervisord starts inherits it."""
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
