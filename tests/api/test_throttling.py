"""Logging in and signing up are throttled per client address: past the rate the answer is 429
`throttled` with Retry-After, and nothing is created."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient


@pytest.fixture
def rates(settings) -> None:
    cache.clear()
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"login": "5/min", "signup": "3/hour"},
    }
    yield
    cache.clear()


def test_wrong_passwords_are_throttled(db, rates) -> None:
    get_user_model().objects.create_user("dora", password="a long passphrase")
    client = APIClient()
    answers = [
        client.post("/api/auth/token/", {"username": "dora", "password": f"guess{i}"}, "json")
        for i in range(8)
    ]
    assert [r.status_code for r in answers] == [401] * 5 + [429] * 3
    last = answers[-1]
    assert last.json()["code"] == "throttled"
    assert 0 < int(last["Retry-After"]) <= 60
    # The right password is refused too while throttled: guessing gains nothing.
    r = client.post(
        "/api/auth/token/", {"username": "dora", "password": "a long passphrase"}, "json"
    )
    assert r.status_code == 429


def test_the_throttle_is_per_address(db, rates) -> None:
    get_user_model().objects.create_user("dora", password="a long passphrase")
    mallory, dora = APIClient(REMOTE_ADDR="10.0.0.66"), APIClient(REMOTE_ADDR="10.0.0.7")
    for _ in range(6):
        mallory.post("/api/auth/token/", {"username": "dora", "password": "x"}, "json")
    r = dora.post("/api/auth/token/", {"username": "dora", "password": "a long passphrase"}, "json")
    assert r.status_code == 200


def test_signups_are_throttled(db, rates) -> None:
    client = APIClient()
    codes = [
        client.post(
            "/api/auth/signup/", {"username": f"u{i}", "password": "a long passphrase"}, "json"
        ).status_code
        for i in range(5)
    ]
    assert codes == [201, 201, 201, 429, 429]
    assert get_user_model().objects.count() == 3
    r = client.post(
        "/api/auth/signup/", {"username": "u9", "password": "a long passphrase"}, "json"
    )
    assert int(r["Retry-After"]) > 60  # an hourly rate
