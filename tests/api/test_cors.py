"""CORS (django-cors-headers): browser clients on the configured origins may call the API with a
token header; cookies are never allowed cross-origin, and other origins get no CORS headers."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import Player

ORIGIN = "https://client.example"


@pytest.fixture
def cors(settings) -> None:
    settings.CORS_ALLOWED_ORIGINS = [ORIGIN]
    settings.CORS_ALLOW_ALL_ORIGINS = False


def test_a_preflight_from_an_allowed_origin(db, cors) -> None:
    r = APIClient().options(
        "/api/games/1/moves/",
        HTTP_ORIGIN=ORIGIN,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key",
    )
    assert r.status_code == 200
    assert r["Access-Control-Allow-Origin"] == ORIGIN
    allowed = {h.strip() for h in r["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert "POST" in r["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in r


def test_a_token_request_from_an_allowed_origin(alice: Player, cors) -> None:
    r = alice.get("/api/auth/me/", HTTP_ORIGIN=ORIGIN)
    assert r.status_code == 200
    assert r["Access-Control-Allow-Origin"] == ORIGIN
    assert "etag" in r["Access-Control-Expose-Headers"].lower()
    assert "Access-Control-Allow-Credentials" not in r


def test_other_origins_get_no_cors_headers(alice: Player, cors) -> None:
    r = alice.get("/api/auth/me/", HTTP_ORIGIN="https://evil.example")
    assert r.status_code == 200  # the server answers; the browser withholds it from the page
    assert "Access-Control-Allow-Origin" not in r


def test_off_by_default(alice: Player, settings) -> None:
    assert settings.CORS_ALLOWED_ORIGINS == [] and not settings.CORS_ALLOW_ALL_ORIGINS
    r = alice.get("/api/auth/me/", HTTP_ORIGIN=ORIGIN)
    assert "Access-Control-Allow-Origin" not in r
