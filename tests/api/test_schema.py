"""The committed schema: every endpoint with its error shapes, actions as a discriminated oneOf
generated from the engine's action records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import engine
from games.api.schema import STRING_CHOICES, action_serializers

SCHEMA = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())


def test_actions_are_a_discriminated_one_of_on_type() -> None:
    action = SCHEMA["components"]["schemas"]["Action"]
    assert action["discriminator"]["propertyName"] == "type"
    assert set(action["discriminator"]["mapping"]) == set(engine.ACTION_TYPES)
    assert len(action["oneOf"]) == len(engine.ACTION_TYPES)


@pytest.mark.parametrize("type_name", sorted(engine.ACTION_TYPES))
def test_each_action_schema_follows_its_record(type_name: str) -> None:
    serializer = action_serializers()[type_name]
    record = engine.ACTION_TYPES[type_name]
    assert set(serializer().fields) == {"type"} | {f.name for f in record.FIELDS}
    component = SCHEMA["components"]["schemas"][serializer.__name__]
    assert "type" in component["required"]


def test_string_choices_match_the_engine() -> None:
    from engine.cards import MATERIALS, ROLES

    assert set(STRING_CHOICES["role"]) == set(ROLES)
    assert set(STRING_CHOICES["site"]) == set(MATERIALS)


def test_a_legal_action_is_posted_back_as_received() -> None:
    """One component for an action, in the move body and in each legal move of a view: a
    generated client posts what it received, with no conversion."""
    schemas = SCHEMA["components"]["schemas"]
    body = schemas["MoveSubmitInputRequest"]["properties"]["action"]["$ref"]
    legal = schemas["GameView"]["properties"]["legal_actions"]["items"]["$ref"]
    assert legal == "#/components/schemas/LegalAction"
    assert schemas["LegalAction"]["properties"]["action"]["$ref"] == body
    assert body == "#/components/schemas/Action"
    assert not [name for name in schemas if name.endswith("ActionRequest")]
    assert set(schemas["LegalAction"]["required"]) == {"id", "label", "petition", "action"}


def test_every_operation_documents_its_errors_with_the_error_shape() -> None:
    error = "#/components/schemas/Error"
    for path, item in SCHEMA["paths"].items():
        for method, op in item.items():
            if path == "/api/schema/":
                continue
            codes = [c for c in op["responses"] if c.startswith(("4", "5"))]
            assert codes, f"{method} {path} documents no error"
            for code in codes:
                ref = op["responses"][code]["content"]["application/json"]["schema"]["$ref"]
                if (path, code) == ("/api/health/", "503"):  # the report, saying what is down
                    assert ref == "#/components/schemas/Health"
                    continue
                assert ref == error, (method, path, code)
            if method == "post":  # every write may conflict, but those that only add or renew
                assert "409" in codes or path.startswith(
                    (
                        "/api/auth/token",
                        "/api/games/{game_id}/seat",
                        "/api/notifications/unsub",
                        "/api/notifications/push",
                    )
                ), path


def test_every_url_is_in_the_schema() -> None:
    expected = {
        "/api/games/",
        "/api/games/{game_id}/",
        "/api/games/{game_id}/join/",
        "/api/games/{game_id}/leave/",
        "/api/games/{game_id}/start/",
        "/api/games/{game_id}/moves/",
        "/api/games/{game_id}/wait/",
        "/api/games/{game_id}/resign/",
        "/api/games/{game_id}/surrender/",
        "/api/games/{game_id}/seat-token/",
        "/api/cards/",
        "/api/health/",
        "/api/auth/signup/",
        "/api/auth/token/",
        "/api/auth/me/",
        "/api/auth/tokens/",
        "/api/auth/tokens/{key}/",
        "/api/games/{game_id}/record/",
    }
    assert expected <= set(SCHEMA["paths"])
    assert "seatToken" in SCHEMA["components"]["securitySchemes"]


def test_the_suite_refuses_an_answer_that_does_not_fit_the_schema() -> None:
    """tests/openapi_fit.py, which every test client's answer goes through, can fail."""
    from tests import openapi_fit

    event = {"id": 1, "game": 1, "seq": 0, "time": "2026-11-23T05:00:00Z", "type": "completed"}
    page = {"count": 1, "next": None, "previous": None, "results": [event]}
    ctype = "application/json"
    path = "/api/games/7/events/"
    with pytest.raises(AssertionError, match=r"\['results', 0\]"):  # no seat, no building
        openapi_fit.check("GET", path, 200, ctype, json.dumps(page).encode())
    event.update(seat=0, building={"id": 3, "name": "Bath"})
    openapi_fit.check("GET", path, 200, ctype, json.dumps(page).encode())
    with pytest.raises(AssertionError, match="status 418 undocumented"):
        openapi_fit.check("GET", path, 418, ctype, b"{}")


def test_account_tokens_are_the_standard_bearer_scheme() -> None:
    """Generators send a `type: http, scheme: bearer` token with no prefix set by hand."""
    schemes = SCHEMA["components"]["securitySchemes"]
    assert schemes["bearerAuth"]["type"] == "http"
    assert schemes["bearerAuth"]["scheme"] == "bearer"
    me = SCHEMA["paths"]["/api/auth/me/"]["get"]
    assert {"bearerAuth": []} in me["security"]


def test_public_operations_say_security_is_empty() -> None:
    """`security: []`, which generators read as public (openapi-python-client then takes a plain
    `Client`); `[{}]` would read as needing credentials. Operations with optional credentials
    list the schemes and `{}`."""
    public = {
        op["operationId"]
        for item in SCHEMA["paths"].values()
        for op in item.values()
        if op["security"] == []
    }
    assert public == {
        "auth_signup",
        "auth_token",
        "bots_list",
        "cards_list",
        "health",
        "notifications_unsubscribe",
    }
    for item in SCHEMA["paths"].values():
        for op in item.values():
            assert op["security"] != [{}], op["operationId"]
    view = SCHEMA["paths"]["/api/games/{game_id}/"]["get"]["security"]
    assert {} in view and {"bearerAuth": []} in view  # a spectator needs none


RATE_HEADERS = {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"}


def test_every_operation_declares_its_rate_limit() -> None:
    """429 `throttled` with a required Retry-After, and the X-RateLimit-* headers on it and on
    every success, for every operation (games.api.throttles counts every one)."""
    assert set(SCHEMA["components"]["headers"]) >= RATE_HEADERS
    for path, item in SCHEMA["paths"].items():
        for method, op in item.items():
            limited = op["responses"]["429"]
            assert limited["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
            assert limited["headers"]["Retry-After"]["required"] is True, (method, path)
            assert set(limited["headers"]) >= RATE_HEADERS, (method, path)
            assert "`throttled`" in limited["description"]
            for code, answer in op["responses"].items():
                if code.startswith("2"):
                    assert set(answer.get("headers", {})) >= RATE_HEADERS, (method, path, code)
