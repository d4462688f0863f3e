"""The deployment recipe (deploy/, docs/deploy.md), tested as far as this machine allows (it has
no Docker engine, so compose itself cannot run): the Procfile, the compose file and the systemd
units start the same processes; the systemd units' own commands run a whole installation (the
release step, two web processes, two workers, beat) on PostgreSQL and Redis that plays a game;
and nginx, configured by deploy/nginx, terminates TLS in front of two production web processes:
HTTPS with HSTS, the Content-Security-Policy and secure cookies, plain HTTP redirected, a dead web
process skipped."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from games.management.commands.verify_games import verify
from games.models import Game
from tests.live import (
    ROOT,
    RedisServer,
    ServerProcess,
    database_url,
    free_port,
    http_status,
    start_web,
    wait_until,
)
from tests.recipe import DEPLOY, example_env, here, installation_env, systemd_commands

pytestmark = pytest.mark.deploy


def procfile() -> dict[str, str]:
    """The Procfile's entries: name -> the shell command line."""
    entries = {}
    for line in (DEPLOY / "Procfile").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, command = line.partition(":")
            entries[name] = command.strip()
    return entries


def compose_commands() -> dict[str, list[str]]:
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    return {name: s["command"] for name, s in services.items() if "command" in s}


def process_kind(command: list[str]) -> str:
    """`web`, `worker` or `beat` for a `python -m gtr_api.processes KIND ...` command."""
    assert command[1:3] == ["-m", "gtr_api.processes"], command
    return command[3]


def test_every_recipe_starts_the_same_processes() -> None:
    proc = {name: shlex.split(line) for name, line in procfile().items()}
    compose = compose_commands()
    units = {
        "web": systemd_commands("gtr-web@.service"),
        "worker": systemd_commands("gtr-worker@.service"),
        "beat": systemd_commands("gtr-beat.service"),
    }
    for kind in ("web", "worker", "beat"):
        (unit,) = units[kind]
        assert process_kind(proc[kind]) == process_kind(compose[kind]) == kind
        assert process_kind([sys.executable, *unit[1:]]) == kind
    migrate = ["manage.py", "migrate", "--noinput"]
    assert compose["release"][1:] == migrate and proc["release"][1:4] == migrate
    assert systemd_commands("gtr-release.service")[0][1:] == migrate


# A whole installation from the systemd units' commands --------------------------------------


@pytest.fixture
def production_env(transactional_db: Any, tmp_path: Path) -> Iterator[dict[str, str]]:
    redis = RedisServer(tmp_path).start()
    env = {
        **installation_env(database_url(), redis.url, tmp_path / "var"),
        "GTR_SWEEP_SECONDS": "2",
        "GTR_HEARTBEAT_SECONDS": "1",
    }
    try:
        yield env
    finally:
        redis.stop()


def run(command: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def api(url: str, token: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        url,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def test_the_systemd_units_run_an_installation_that_plays(
    production_env: dict[str, str], tmp_path: Path
) -> None:
    from django.contrib.auth.models import User

    from players.accounts.services import token_create

    env = production_env
    for command in systemd_commands("gtr-release.service"):
        run(here(command), env)
    ports = [free_port(), free_port()]
    (web,) = systemd_commands("gtr-web@.service")
    (worker,) = systemd_commands("gtr-worker@.service")
    (beat,) = systemd_commands("gtr-beat.service")
    commands = {f"web{p}": here(web, **{"%i": str(p)}) for p in ports}
    for n in ("1", "2"):
        commands[f"worker{n}"] = here(worker, **{"%i": n, "%H": socket.gethostname()})
    commands["beat"] = here(beat)
    processes = [
        ServerProcess(c, env, tmp_path / f"{name}.log").start() for name, c in commands.items()
    ]
    try:
        urls = [f"http://127.0.0.1:{p}" for p in ports]
        staff = User.objects.create_user("ops", is_staff=True)
        token = token_create(user=staff)

        def all_up() -> bool:  # on both web processes (each starts on its own)
            return all(http_status(f"{url}/api/health/") == 200 for url in urls)

        wait_until(all_up, "all checks up", 240)
        details = api(f"{urls[1]}/api/health/", token)["details"]
        names = {w["name"] for w in details["worker"]["workers"] if w["up"]}
        assert {f"worker{n}@{socket.gethostname()}" for n in "12"} <= names

        seats = [{"kind": "bot"}, {"kind": "bot", "bot": "random"}]
        game = api(f"{urls[0]}/api/games/", token, {"players": 2, "seats": seats})

        def finished() -> bool:
            return api(f"{urls[1]}/api/games/{game['id']}/", token)["status"] == "finished"

        wait_until(finished, "the bots to finish their game", 240)
        assert verify(Game.objects.get(pk=game["id"])) == []
    finally:
        for process in processes:
            process.stop()


def test_the_other_recipes_release_step_runs(production_env: dict[str, str]) -> None:
    release = re.sub(r"\bpython\b", shlex.quote(sys.executable), procfile()["release"])
    run(["sh", "-c", release], production_env)
    run(here(compose_commands()["release"]), production_env)


# TLS at nginx, in front of two production web processes -------------------------------------


def nginx_config(folder: Path, http: int, https: int, upstreams: list[int]) -> Path:
    """deploy/nginx as installed, with this test's ports, certificate and folders."""
    site = (DEPLOY / "nginx" / "gtr.conf").read_text()
    site = re.sub(r"^\s*listen \[::\].*\n", "", site, flags=re.M)  # no IPv6 needed here
    site = site.replace("listen 80;", f"listen 127.0.0.1:{http};")
    site = site.replace("listen 443 ssl", f"listen 127.0.0.1:{https} ssl")
    site = site.replace("/etc/ssl/gtr/", f"{folder}/")
    site = site.replace("/etc/nginx/gtr-upstream.conf", str(folder / "upstream.conf"))
    upstream = (DEPLOY / "nginx" / "upstream-local.conf").read_text()
    upstream = upstream.replace(":8001", f":{upstreams[0]}").replace(":8002", f":{upstreams[1]}")
    (folder / "upstream.conf").write_text(upstream)
    (folder / "site.conf").write_text(site)
    main = folder / "nginx.conf"
    temp = " ".join(
        f"{kind}_temp_path {folder}/{kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main.write_text(
        f"daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;\n"
        f"events {{}}\nhttp {{ access_log off; {temp} include {folder}/site.conf; }}\n"
    )
    return main


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def fetch(url: str, context: ssl.SSLContext | None = None) -> tuple[int, Any]:
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=context))
    try:
        with opener.open(url, timeout=30) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers
    except OSError:  # nothing listens (yet)
        return 0, {}


def test_tls_ends_at_nginx_in_front_of_two_web_processes(tmp_path: Path) -> None:
    nginx_path = shutil.which("nginx")
    if nginx_path is None:
        pytest.skip("needs nginx (.ci/suite installs it for this stage)")
    env = {
        **{k: v for k, v in example_env().items() if not k.startswith(("DATABASE", "REDIS"))},
        "SECRET_KEY": "y" * 64,
        "ALLOWED_HOSTS": "localhost,127.0.0.1",
        "GTR_VAR_DIR": str(tmp_path / "var"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("REDIS_URL", None)
    run([sys.executable, "manage.py", "migrate", "--noinput"], {**os.environ, **env})
    webs = start_web(2, env=env, folder=tmp_path)
    key, certificate = str(tmp_path / "privkey.pem"), str(tmp_path / "fullchain.pem")
    openssl = "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost"
    openssl += " -addext subjectAltName=DNS:localhost"
    subprocess.run([*openssl.split(), "-keyout", key, "-out", certificate], check=True)
    http, https = free_port(), free_port()
    config = nginx_config(tmp_path, http, https, [w.port for w in webs])
    nginx = ServerProcess([nginx_path, "-p", str(tmp_path), "-c", str(config)], {}, tmp_path / "ng")
    nginx.start()
    context = ssl.create_default_context(cafile=str(tmp_path / "fullchain.pem"))
    site = f"https://localhost:{https}"
    try:
        wait_until(lambda: fetch(f"{site}/api/cards/", context)[0] == 200, "nginx", 60)
        status, headers = fetch(f"{site}/api/cards/", context)
        assert headers["Strict-Transport-Security"] == (
            "max-age=31536000; includeSubDomains; preload"
        )
        # The web processes' security headers pass through nginx, on pages and the API alike.
        for path in ("/api/cards/", "/login/", "/api/docs/"):
            status, headers = fetch(f"{site}{path}", context)
            assert status == 200, path
            assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
            assert headers["X-Frame-Options"] == "DENY", path
            assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Server"] == "nginx"  # no version (server_tokens off)
        status, headers = fetch(f"{site}/api-auth/login/", context)
        assert status == 200 and "Secure" in headers["Set-Cookie"]  # the CSRF cookie
        # Plain HTTP: nginx redirects; a web process reached directly redirects too, except for
        # health checks.
        status, headers = fetch(f"http://localhost:{http}/api/cards/")
        assert status == 301 and headers["Location"] == "https://localhost/api/cards/"
        status, headers = fetch(f"{webs[0].url}/api/cards/")
        assert status == 301 and headers["Location"].startswith("https://")
        assert http_status(f"{webs[0].url}/api/health/?only=database") == 200
        # A web process that is gone: nginx sends every request to the other.
        webs[0].stop()
        assert all(fetch(f"{site}/api/cards/", context)[0] == 200 for _ in range(6))
    finally:
        nginx.stop()
        for web in webs:
            web.stop()
