"""Production settings (DJANGO_DEBUG=0), as docs/deploy.md and deploy/gtr.env.example set them:
Django's deployment checks pass with no warning, and the server refuses to start with the
development SECRET_KEY, without a key, or with DJANGO_DEBUG neither 0 nor 1. Each case runs
`manage.py` in a process of its own (settings are read once, at start)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.live import ROOT

EXAMPLE = ROOT / "deploy" / "gtr.env.example"


def example_env() -> dict[str, str]:
    """The variables of deploy/gtr.env.example, as a systemd EnvironmentFile reads them."""
    env = {}
    for line in EXAMPLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            env[name] = value
    return env


def manage(*args: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GTR_"))}
    clean.pop("SECRET_KEY", None)
    full = {**clean, "GTR_VAR_DIR": str(tmp_path), **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full, capture_output=True, text=True
    )


def test_the_documented_production_settings_pass_the_deployment_checks(tmp_path: Path) -> None:
    env = {**example_env(), "SECRET_KEY": secrets.token_urlsafe(50)}
    done = manage("check", "--deploy", "--fail-level", "WARNING", tmp_path=tmp_path, **env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_the_development_settings_would_not_pass(tmp_path: Path) -> None:
    """The checks do look: the embedded default (DEBUG on, the development key) fails them."""
    done = manage("check", "--deploy", "--fail-level", "WARNING", tmp_path=tmp_path)
    assert done.returncode != 0
    assert "security.W018" in done.stderr and "security.W009" in done.stderr  # DEBUG, the key


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"DJANGO_DEBUG": "0"}, "needs a SECRET_KEY of its own"),
        (
            {"DJANGO_DEBUG": "0", "SECRET_KEY": "dev-only-insecure-key-change-me"},
            "needs a SECRET_KEY of its own",
        ),
        ({"DJANGO_DEBUG": "0", "SECRET_KEY": ""}, "needs a SECRET_KEY of its own"),
        ({"DJANGO_DEBUG": "false", "SECRET_KEY": "x" * 60}, "DJANGO_DEBUG is 0 (production) or 1"),
    ],
)
def test_production_refuses_to_start_unsafely(tmp_path: Path, env: dict[str, str], says: str):
    for command in (["check"], ["migrate", "--noinput"]):
        done = manage(*command, tmp_path=tmp_path, **env)
        assert done.returncode != 0 and says in done.stderr, done.stderr[-2000:]
