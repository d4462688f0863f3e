"""The server's three kinds of process, defined once.

Every recipe starts them through this module: `make run`'s supervisord, the Procfile, the systemd
units, the compose file, the tests, the benchmarks and the soak. So they all run the same
commands with the same options.

    python -m gtr_api.processes web [--host H] [--port P] [--workers N]
    python -m gtr_api.processes worker [--name NAME] [--concurrency N]
    python -m gtr_api.processes beat
    python -m gtr_api.processes --print web ...     shows the command instead of running it

- web: uvicorn serving gtr_api.asgi:application. ASGI serves long-lived event streams beside
  ordinary requests. With `--workers N` > 1, uvicorn's own process manager runs N processes on
  one socket. It restarts any that dies or stops answering its health check.
- worker: a Celery worker with the prefork pool. A task that crashes takes down one child, and
  the pool replaces it. The worker waits out broker outages and reconnects (settings).
- beat: Celery beat, exactly one per installation. It runs the periodic sweep and mail digests.

Defaults come from the environment:

- GTR_WEB_WORKERS (1): the web processes.
- GTR_FORWARDED_ALLOW_IPS (127.0.0.1): the proxies whose X-Forwarded-Proto/For are believed.
- GTR_ACCESS_LOG (0): 1 logs every request.
- GTR_WORKER_CONCURRENCY (2): a worker's child processes.
- GTR_WORKER_POOL (prefork): a worker's pool.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys

# How long a stopping web process lets open requests finish, such as event streams.
GRACEFUL_SHUTDOWN_SECONDS = 10


def _env(name: str, default: str) -> str:
    return os.environ.get(name, default)


def web(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None) -> list[str]:
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "gtr_api.asgi:application",
        "--host",
        host,
        "--port",
        str(port),
        "--workers",
        str(workers or int(_env("GTR_WEB_WORKERS", "1"))),
        "--lifespan",
        "off",  # Django has no use for ASGI lifespan events.
        "--proxy-headers",
        "--forwarded-allow-ips",
        _env("GTR_FORWARDED_ALLOW_IPS", "127.0.0.1"),
        "--timeout-graceful-shutdown",
        str(GRACEFUL_SHUTDOWN_SECONDS),
        "--no-server-header",
    ]
    if _env("GTR_ACCESS_LOG", "0") != "1":
        command.append("--no-access-log")
    return command


def worker(name: str | None = None, concurrency: int | None = None) -> list[str]:
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "gtr_api",
        "worker",
        "--loglevel",
        "INFO",
        "--pool",
        _env("GTR_WORKER_POOL", "prefork"),
        "--concurrency",
        str(concurrency or int(_env("GTR_WORKER_CONCURRENCY", "2"))),
        "--without-gossip",
        "--without-mingle",
    ]
    if name:
        command += ["--hostname", name]
    return command


def beat() -> list[str]:
    from django.conf import settings

    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "gtr_api",
        "beat",
        "--loglevel",
        "INFO",
        "--schedule",
        str(settings.CELERY_BEAT_SCHEDULE_FILENAME),
    ]


def parse(argv: list[str]) -> tuple[list[str], bool]:
    """Returns the command named by `argv`, and whether only to print it."""
    parser = argparse.ArgumentParser(prog="python -m gtr_api.processes")
    parser.add_argument("--print", action="store_true", help="print the command, do not run it")
    kinds = parser.add_subparsers(dest="kind", required=True)
    w = kinds.add_parser("web")
    w.add_argument("--host", default=_env("GTR_WEB_HOST", "127.0.0.1"))
    w.add_argument("--port", type=int, default=int(_env("PORT", "8000")))
    w.add_argument("--workers", type=int)
    c = kinds.add_parser("worker")
    c.add_argument("--name")
    c.add_argument("--concurrency", type=int)
    kinds.add_parser("beat")
    args = parser.parse_args(argv)
    if args.kind == "web":
        return web(args.host, args.port, args.workers), args.print
    if args.kind == "worker":
        return worker(args.name, args.concurrency), args.print
    return beat(), args.print


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
    command, only_print = parse(argv)
    if only_print:
        print(shlex.join(command))
        return
    os.execv(command[0], command)  # The process manager sees the server itself, not a wrapper.


if __name__ == "__main__":
    main(sys.argv[1:])
