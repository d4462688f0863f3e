"""Production settings (DJANGO_DEBUG=0), as docs/deploy.md and deploy/gtr.env.example set them:
Django's deployment checks pass with no warning and none silenced, and fail when a setting they
look at is loosened; a response carries the security headers (HSTS, the Content-Security-Policy,
no framing or sniffing, the referrer and opener policies) and secure cookies, and plain HTTP is
redirected; the server refuses to start with the development SECRET_KEY, without a key, or with
DJANGO_DEBUG neither 0 nor 1. Each case runs `manage.py` in a process of its own (settings are
read once, at start)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.live import ROOT
from tests.recipe import example_env


def manage(*args: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GTR_"))}
    clean.pop("SECRET_KEY", None)
    full = {**clean, "GTR_VAR_DIR": str(tmp_path), **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full, capture_output=True, text=True
    )


def production_env() -> dict[str, str]:
    return {**example_env(), "SECRET_KEY": secrets.token_urlsafe(50)}


def test_the_documented_production_settings_pass_the_deployment_checks(tmp_path: Path) -> None:
    done = manage(
        "check", "--deploy", "--fail-level", "WARNING", tmp_path=tmp_path, **production_env()
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout
    assert "WARNING" not in done.stderr and "?:" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("loosened", "warning"),
    [
        ({"SECRET_KEY": "too-short-a-key"}, "security.W009"),
        ({"GTR_HSTS_SECONDS": "0"}, "security.W004"),
        ({"GTR_HTTPS": "0"}, "security.W008"),  # the loopback test server's setting
    ],
)
def test_the_checks_see_a_loosened_production_setting(
    tmp_path: Path, loosened: dict[str, str], warning: str
) -> None:
    env = {**production_env(), **loosened}
    done = manage("check", "--deploy", "--fail-level", "WARNING", tmp_path=tmp_path, **env)
    assert done.returncode != 0 and warning in done.stderr, done.stderr


HEADERS = """
import json
from django.test import Client
answers = {}
for path in ("/login/", "/api/cards/"):
    r = Client().get(path, secure=True, HTTP_HOST="gtr.example.org")
    answers[path] = {"status": r.status_code, "headers": dict(r.headers),
                     "cookies": {k: dict(v) for k, v in r.cookies.items()}}
r = Client().get("/login/", HTTP_HOST="gtr.example.org")
answers["http"] = {"status": r.status_code, "location": r.get("Location")}
print(json.dumps(answers))
"""


def test_production_answers_carry_the_security_headers(tmp_path: Path) -> None:
    env = {**production_env(), "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env["REDIS_URL"] = ""
    done = manage("shell", "-c", HEADERS, tmp_path=tmp_path, **env)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    for path in ("/login/", "/api/cards/"):
        answer = answers[path]
        headers = answer["headers"]
        assert answer["status"] == 200, (path, answer)
        assert (
            headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
        )
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, policy
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    csrf = answers["/login/"]["cookies"]["csrftoken"]
    assert csrf["secure"] is True and csrf["samesite"] == "Lax"
    assert answers["http"] == {"status": 301, "location": "https://gtr.example.org/login/"}


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
