"""One error shape everywhere, including outside DRF views."""

from __future__ import annotations


def test_unknown_url_is_json_404(client) -> None:
    r = client.get("/api/nothing-here/")
    assert r.status_code == 404
    assert r.json() == {"code": "not_found", "detail": "Not found."}


def test_unknown_urls_are_json_in_debug_too(db, settings, alice) -> None:
    settings.DEBUG = True
    for r in (
        alice.client.get("/nope"),
        alice.post("/api/games", {"players": 2}),  # no trailing slash: no APPEND_SLASH 500
        alice.client.delete("/api/games/1/nothing/"),
    ):
        assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_method_not_allowed(db, alice) -> None:
    r = alice.client.delete("/api/games/")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"


def test_not_acceptable(db, anon) -> None:
    r = anon.client.get("/api/cards/", HTTP_ACCEPT="application/xml")
    assert r.status_code == 406 and r.json()["code"] == "not_acceptable"


def test_catalog(db, anon) -> None:
    r = anon.get("/api/cards/?version=imperium")
    assert r.status_code == 200 and {c["name"] for c in r.json()} >= {"Bar", "Temple"}
    r = anon.get("/api/cards/?version=atlantis")
    assert r.status_code == 400 and r.json()["code"] == "invalid"
    assert "version" in r.json()["fields"]


def test_validation_errors_name_the_field(db, alice) -> None:
    r = alice.post("/api/games/", {"players": 9})
    assert r.status_code == 400
    body = r.json()
    assert body["code"] == "invalid" and "players" in body["fields"]


def test_server_errors_keep_the_shape(rf) -> None:
    import json

    from gtr_api.errors import handler500

    r = handler500(rf.get("/api/games/"))
    assert r.status_code == 500
    assert json.loads(r.content) == {
        "code": "server_error",
        "detail": "Something went wrong on our side.",
    }


def test_a_database_outage_is_503_and_says_when_to_retry(db, alice, game2, monkeypatch) -> None:
    """What the client sees when the database does not answer (here: the read raises the error a
    lost connection raises): 503 `unavailable` with Retry-After, not a bare 500."""
    from django.db import OperationalError

    from games.read import selectors

    def gone(*_, **__):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(selectors, "game_get", gone)
    r = alice.get(f"/api/games/{game2}/")
    assert r.status_code == 503 and r.json()["code"] == "unavailable"
    assert r["Retry-After"] == "5"
