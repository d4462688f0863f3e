"""GET /api/health/: database, broker, worker heartbeat and beat's sweep; up or down for anyone,
the details for staff; 503 when anything is down (with the report, not an error: the requests go
through the test client directly, not through the error-code check of tests/conftest.py)."""

from __future__ import annotations

import socket
from datetime import timedelta
from typing import Any

import pytest
from django.db import DatabaseError
from django.utils import timezone
from rest_framework.test import APIClient

from games.live import health
from games.models import Heartbeat

URL = "/api/health/"


@pytest.fixture
def staff(db: Any, django_user_model: Any) -> APIClient:
    user = django_user_model.objects.create_user("ops", password="x", is_staff=True)
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def everything_running(db: Any, tmp_path: Any) -> Any:
    """A worker's heartbeat, beat's sweep, and an embedded broker of the test's own: the one in
    var/ may hold what a server run from this checkout left there."""
    health.record("worker:w1@host", pid=1)
    health.record(health.SWEEP, queued=0)
    from gtr_api.broker import transport_options
    from gtr_api.celery import app

    before = app.conf.broker_transport_options
    if "folder" in before:  # the embedded broker (not Redis)
        app.conf.broker_transport_options = transport_options(tmp_path / "celery")
    yield
    app.conf.broker_transport_options = before


def age(name: str, seconds: float) -> None:
    Heartbeat.objects.filter(name=name).update(at=timezone.now() - timedelta(seconds=seconds))


def test_all_up_says_only_up_or_down_to_the_public(anon, everything_running) -> None:
    r = anon.client.get(URL)
    assert r.status_code == 200 and r["Cache-Control"] == "no-store"
    assert r.json() == {
        "status": "up",
        "checks": {"database": "up", "broker": "up", "worker": "up", "beat": "up"},
    }


def test_staff_see_the_details(staff, everything_running, settings) -> None:
    age("worker:w1@host", 4)
    body = staff.get(URL).json()
    assert body["status"] == "up"
    details = body["details"]
    (worker,) = details["worker"]["workers"]
    assert worker["name"] == "w1@host" and worker["pid"] == 1 and worker["up"]
    assert 4 <= worker["age_seconds"] < 30
    assert details["beat"]["queued"] == 0 and details["beat"]["age_seconds"] < 30
    assert details["broker"]["queued"] == 0 and details["database"]["vendor"]


def test_no_worker_heartbeat_is_down(anon, db) -> None:
    health.record(health.SWEEP, queued=0)
    r = anon.client.get(URL)
    assert r.status_code == 503 and r.json()["status"] == "down"
    assert r.json()["checks"]["worker"] == "down" and r.json()["checks"]["beat"] == "up"
    assert "details" not in r.json()


def test_a_stale_or_stopped_worker_is_down(staff, everything_running, settings) -> None:
    age("worker:w1@host", 3 * settings.GTR_HEARTBEAT_SECONDS + 1)
    body = staff.get(URL).json()
    assert body["checks"]["worker"] == "down" and not body["details"]["worker"]["workers"][0]["up"]
    health.record("worker:w1@host", pid=1, stopped=timezone.now())  # a clean shutdown
    assert staff.get(URL).json()["checks"]["worker"] == "down"
    health.record("worker:w2@host", pid=2)  # another worker is running
    assert staff.get(URL).json()["checks"]["worker"] == "up"


def test_a_late_sweep_means_beat_is_down(anon, everything_running, settings) -> None:
    age(health.SWEEP, 2 * settings.GTR_SWEEP_SECONDS + 31)
    r = anon.client.get(URL)
    assert r.status_code == 503 and r.json()["checks"]["beat"] == "down"
    Heartbeat.objects.filter(name=health.SWEEP).delete()
    assert anon.client.get(URL).json()["checks"]["beat"] == "down"


def test_an_unreachable_broker_is_down(staff, everything_running) -> None:
    from gtr_api.celery import app

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    before = app.conf.broker_url, app.conf.broker_transport_options
    app.conf.broker_url = f"redis://127.0.0.1:{port}/0"
    app.conf.broker_transport_options = {"socket_connect_timeout": 1}
    try:
        r = staff.get(URL)
    finally:
        app.conf.broker_url, app.conf.broker_transport_options = before
    assert r.status_code == 503 and r.json()["checks"]["broker"] == "down"
    assert "onnect" in r.json()["details"]["broker"]["error"]


def test_a_database_that_does_not_answer_is_down(anon, everything_running, monkeypatch) -> None:
    def broken(*_: Any, **__: Any) -> Any:
        raise DatabaseError("connection refused")

    with monkeypatch.context() as m:
        m.setattr(health, "connection", type("Gone", (), {"cursor": broken, "vendor": "?"})())
        r = anon.client.get(URL)
    assert r.status_code == 503
    assert r.json()["checks"] == {
        "database": "down",
        "broker": "up",
        "worker": "down",
        "beat": "down",
    }


def test_only_some_checks(anon, db) -> None:
    r = anon.client.get(f"{URL}?only=database,broker")
    assert r.status_code == 200
    assert r.json() == {"status": "up", "checks": {"database": "up", "broker": "up"}}
    r = anon.client.get(f"{URL}?only=database,disk")
    assert r.status_code == 400 and r.json()["code"] == "invalid"
