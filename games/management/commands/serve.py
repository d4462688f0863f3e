"""`manage.py serve [addrport]`: the embedded default in one command (`make run`): a Celery worker
with its beat (bot turns, deadlines, the sweep) in a child process, and Django's development web
server in this one. Stopping the server (Ctrl-C) stops the worker.

The worker uses whatever broker the settings name: kombu's filesystem transport under var/ by
default (no server to run), Redis when REDIS_URL is set."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


def worker_command(concurrency: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "gtr_api",
        "worker",
        "--beat",
        "--schedule",
        settings.CELERY_BEAT_SCHEDULE_FILENAME,
        "--pool",
        "threads",  # one process: it stops cleanly with its embedded beat
        "--concurrency",
        str(concurrency),
        "--without-gossip",
        "--without-mingle",
        "--loglevel",
        "INFO",
    ]


def use_public_url(addrport: str) -> None:
    """Links in mails point where this server is really reached: GTR_PUBLIC_URL when set, else
    the address and port it serves on (for this process, its reloaded child and the worker)."""
    if os.environ.get("GTR_PUBLIC_URL"):
        return
    host, _, port = addrport.rpartition(":")
    host = host or "127.0.0.1"
    if host in ("0.0.0.0", "::", "[::]"):
        host = "127.0.0.1"
    os.environ["GTR_PUBLIC_URL"] = settings.GTR_PUBLIC_URL = f"http://{host}:{port or 8000}"


class Command(BaseCommand):
    help = "Run the web server and a Celery worker with beat (the embedded default)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--concurrency", type=int, default=2, help="worker processes")
        parser.add_argument("--noreload", action="store_true", help="no autoreloader")

    def handle(self, *args: Any, **options: Any) -> None:
        # The autoreloader runs this command again in a child (RUN_MAIN=true) and restarts that
        # child on every code change: the worker belongs to the outer process only.
        use_public_url(options["addrport"])
        worker = None
        if os.environ.get("RUN_MAIN") != "true":
            worker = subprocess.Popen(worker_command(options["concurrency"]))
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stop the worker too
            self.stderr.write(f"Celery worker with beat started (pid {worker.pid})")
        try:
            call_command("runserver", options["addrport"], use_reloader=not options["noreload"])
        finally:
            if worker is not None and worker.poll() is None:
                worker.terminate()  # warm shutdown: running tasks finish
                try:
                    worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    worker.kill()
