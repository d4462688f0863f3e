"""JSON bodies are read as the schema types them: "0" is not an integer, "yes" is not a boolean,
5 is not a string; a blank query parameter is refused rather than read as no filter. What fits
the schema but makes no sense is 422."""

from __future__ import annotations

import pytest

from games.models import Game, Move
from tests.conftest import Player


@pytest.mark.parametrize(
    "body",
    [
        {"seq": "0", "action": {"type": "think", "take": "cards"}},
        {"seq": 0.0, "action": {"type": "think", "take": "cards"}},
        {"seq": True, "action": {"type": "think", "take": "cards"}},
    ],
)
def test_seq_must_be_a_json_integer(alice: Player, bob: Player, game2: int, body) -> None:
    for player in (alice, bob):
        r = player.post(f"/api/games/{game2}/moves/", body)
        assert r.status_code == 400 and r.json()["code"] == "invalid", r.content
        assert "seq" in r.json()["fields"]
    assert not Move.objects.filter(game_id=game2).exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": "2"}, "players"),
        ({"players": 2, "auto_start": "yes"}, "auto_start"),
        ({"players": 2, "version": 5}, "version"),
        ({"players": 2, "seats": {"kind": "me"}}, "seats"),
        ({"players": 2, "clock": {"kind": "fixed", "seconds": "600"}}, "clock"),
    ],
)
def test_create_fields_must_have_their_json_types(alice: Player, body, field: str) -> None:
    r = alice.post("/api/games/", body)
    assert r.status_code == 400 and r.json()["code"] == "invalid", r.content
    assert field in r.json()["fields"]
    assert not Game.objects.exists()


def test_sign_up_strings_are_strings(anon: Player) -> None:
    r = anon.post("/api/auth/signup/", {"username": 12345, "password": "a long passphrase"})
    assert r.status_code == 400 and "username" in r.json()["fields"]


@pytest.mark.parametrize("username", ["\u001f", " ", "alice "])
def test_a_name_is_taken_as_sent_not_trimmed_blank(anon: Player, username: str) -> None:
    """A whitespace name fits the login schema (a non-empty string): it is a wrong name (401),
    not a blank one (400)."""
    anon.post("/api/auth/signup/", {"username": "alice", "password": "a long passphrase"})
    r = anon.post("/api/auth/token/", {"username": username, "password": "a long passphrase"})
    assert r.status_code == 401, r.content


def test_a_password_keeps_its_spaces(anon: Player) -> None:
    body = {"username": "spacey", "password": "  a long passphrase  "}
    assert anon.post("/api/auth/signup/", body).status_code == 201
    trimmed = {**body, "password": "a long passphrase"}
    assert anon.post("/api/auth/token/", trimmed).status_code == 401
    assert anon.post("/api/auth/token/", body).status_code == 200


def test_sign_up_without_an_email_is_fine(anon: Player) -> None:
    r = anon.post("/api/auth/signup/", {"username": "nomail", "password": "a long passphrase"})
    assert r.status_code == 201


@pytest.mark.parametrize("query", ["version=", "status=&players=2", "scope="])
def test_a_blank_query_parameter_is_refused(anon: Player, query: str) -> None:
    r = anon.get(f"/api/games/?{query}")
    assert r.status_code == 400 and r.json()["code"] == "invalid"


def test_fits_the_schema_but_makes_no_sense_is_422(alice: Player) -> None:
    r = alice.post("/api/games/", {"players": 3, "seats": [{"kind": "me"}, {"kind": "open"}]})
    assert r.status_code == 422 and r.json()["code"] == "bad_seats"
    r = alice.post("/api/games/", {"players": 2, "seats": [{"kind": "me"}, {"kind": "invited"}]})
    assert r.status_code == 422 and r.json()["code"] == "bad_seats"
    assert not Game.objects.exists()


def test_a_post_to_an_unknown_url_is_404(anon: Player) -> None:
    from rest_framework.test import APIClient

    r = APIClient(enforce_csrf_checks=True).post("/api/nothing-here/", {}, format="json")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_schema_errors_are_json(anon: Player) -> None:
    r = anon.get("/api/schema/?format=nope")
    assert r.status_code == 404 and r["Content-Type"].startswith("application/json")
    assert r.json()["code"] == "not_found"
    assert anon.get("/api/schema/").status_code == 200


def test_the_unsubscribe_page_answers_other_methods_in_json(anon: Player) -> None:
    r = anon.client.put("/mail/unsubscribe/whatever/")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"
    assert r["Allow"] == "GET, HEAD, POST"
    page = anon.client.get("/mail/unsubscribe/whatever/", HTTP_ACCEPT="text/html")
    assert page.status_code == 422 and page["Content-Type"].startswith("text/html")  # for people


def test_a_program_asking_the_unsubscribe_page_gets_json(anon: Player) -> None:
    """Issue 29, A4-1: a JSON client got the page's HTML."""
    for accept in ("application/json", "*/*", ""):
        r = anon.client.get("/mail/unsubscribe/whatever/", HTTP_ACCEPT=accept)
        assert r.status_code == 422 and r.json()["code"] == "bad_token", accept


def test_a_method_refused_without_a_body_gets_the_json_error(anon: Player) -> None:
    """Issue 29, A4-1: `TRACE /admin/login/` was a 405 with an empty body (Django's own view)."""
    r = anon.client.generic("TRACE", "/admin/login/")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"
    assert "GET" in r["Allow"] and "GET" in r.json()["detail"]
    assert anon.client.head("/admin/login/").content == b""  # a HEAD answer has no body


@pytest.mark.parametrize("path", ["/api/stream/", "/api/games/{game}/events/"])
def test_an_event_list_refuses_a_last_event_id_that_is_no_event_number(
    alice: Player, bob: Player, game2: int, path: str
) -> None:
    """The lists ignore Last-Event-ID (streams resume after it), but never a malformed one: the
    schema says it is an event number."""
    url = path.format(game=game2)
    for bad in ("seven", "-1", "12345678901"):
        r = alice.get(url, HTTP_LAST_EVENT_ID=bad)
        assert (r.status_code, r.json()["code"]) == (400, "bad_last_event_id"), bad
    assert alice.get(url, HTTP_LAST_EVENT_ID="3").status_code == 200
