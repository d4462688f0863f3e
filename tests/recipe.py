"""The production recipe (deploy/) as it runs on this machine: the environment of
deploy/gtr.env.example and the systemd units' commands, with this checkout's Python and paths.
The deployment tests (tests/deploy) and the fault run (bench/faults.py) start their installations
from these, so they run what an operator runs.

    env = installation_env(database_url, redis_url, var)
    for command in systemd_commands("gtr-release.service"):
        subprocess.run(here(command), env=env, check=True)
    (web,) = systemd_commands("gtr-web@.service")
    here(web, **{"%i": "8001"})       # [sys.executable, "-m", "gtr_api.processes", "web", ...]
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

from tests.live import ROOT

DEPLOY = ROOT / "deploy"
EXAMPLE = DEPLOY / "gtr.env.example"
VENV_PYTHON = "/srv/gtr/.venv/bin/python"


def example_env() -> dict[str, str]:
    """The variables of deploy/gtr.env.example, as a systemd EnvironmentFile reads them."""
    env = {}
    for line in EXAMPLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            env[name] = value
    return env


def installation_env(database_url: str, redis_url: str, var: Path) -> dict[str, str]:
    """The environment of every process of an installation on loopback: the example's settings
    (production: DJANGO_DEBUG=0) with these servers, a key, plain HTTP (TLS is a proxy's) and
    mail kept in memory."""
    return {
        **os.environ,
        **example_env(),
        "SECRET_KEY": "x" * 64,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "GTR_HTTPS": "0",  # plain HTTP to the processes: TLS is nginx's
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "GTR_VAR_DIR": str(var),
        "PYTHONUNBUFFERED": "1",
    }


def systemd_commands(unit: str) -> list[list[str]]:
    """The ExecStart= command lines of deploy/systemd/`unit`, split into words."""
    text = (DEPLOY / "systemd" / unit).read_text()
    return [shlex.split(line) for line in re.findall(r"^ExecStart=(.*)$", text, re.M)]


def here(command: list[str], **values: str) -> list[str]:
    """A recipe's command as it runs on this machine: this Python, systemd's %i and %H, $PORT."""
    out = []
    for word in command:
        word = sys.executable if word in ("python", VENV_PYTHON) else word
        for key, value in values.items():
            word = word.replace(key, value)
        out.append(word)
    return out
