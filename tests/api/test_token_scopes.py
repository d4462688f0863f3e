"""What each credential may do. A seat token, or the mail token derived from it, acts for its seat
in its game and nothing else: it is no account, whoever holds the seat. Account tokens are many
(one per log-in), listed and revoked."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from games.models import Game
from games.store.caches import VIEW_CACHE
from tests.conftest import seat_player, signup, start_game


@pytest.fixture
def seat_token(transactional_db) -> tuple[int, str]:
    """Bob's fresh seat token for his seat at a started game of alice and bob."""
    bob = signup("bob")
    game_id = start_game(signup("alice"), [bob])
    r = bob.post(f"/api/games/{game_id}/seat-token/")
    assert r.status_code == 200
    return game_id, r.json()["token"]


@pytest.fixture
def mail_token(transactional_db, mailoutbox) -> tuple[int, str]:
    """The mail token of a turn mail, for a seat held by an account with an address."""
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    ann = signup("ann")
    ben = signup("ben")
    users.filter(username__in=["ann", "ben"]).update(email="x@example.org")
    game_id = start_game(ann, [ben])
    turn = next(m for m in mailoutbox if "Authorization: Seat" in m.body)
    return game_id, re.search(r"Authorization: Seat (\S+)", turn.body).group(1)


def refused(r, code: str = "seat_token_scope") -> None:
    assert r.status_code == 403, r.content
    assert r.json()["code"] == code


@pytest.mark.parametrize("credential", ["seat_token", "mail_token"])
def test_a_seat_token_cannot_read_the_account(request, transactional_db, credential: str) -> None:
    _, token = request.getfixturevalue(credential)
    refused(seat_player(token).get("/api/auth/me/"))
    refused(seat_player(token).get("/api/auth/tokens/"))


@pytest.mark.parametrize("credential", ["seat_token", "mail_token"])
def test_a_seat_token_cannot_list_games(request, transactional_db, credential: str) -> None:
    _, token = request.getfixturevalue(credential)
    for scope in ("mine", "all"):
        refused(seat_player(token).get(f"/api/games/?scope={scope}"))


@pytest.mark.parametrize("credential", ["seat_token", "mail_token"])
def test_a_seat_token_cannot_create_a_game_and_nothing_is_created(
    request, transactional_db, credential: str
) -> None:
    _, token = request.getfixturevalue(credential)
    before = Game.objects.count()
    guest = seat_player(token)
    for attempt in range(3):
        r = guest.post("/api/games/", {"players": 2}, HTTP_IDEMPOTENCY_KEY=f"k{attempt}")
        refused(r)
    assert Game.objects.count() == before


@pytest.mark.parametrize("credential", ["seat_token", "mail_token"])
def test_a_seat_token_cannot_join_or_start_another_game(
    request, transactional_db, credential: str
) -> None:
    _, token = request.getfixturevalue(credential)
    host = signup()
    r = host.post("/api/games/", {"players": 2, "auto_start": False})
    other = r.json()["id"]
    guest = seat_player(token)
    refused(guest.post(f"/api/games/{other}/join/", {}))
    refused(guest.post(f"/api/games/{other}/start/"))
    assert Game.objects.get(pk=other).seats.filter(kind="open").count() == 1


@pytest.mark.parametrize("credential", ["seat_token", "mail_token"])
def test_a_seat_token_cannot_touch_another_game(request, transactional_db, credential: str) -> None:
    _, token = request.getfixturevalue(credential)
    host = signup()
    other = host.post("/api/games/", {"players": 2}).json()["id"]
    guest = seat_player(token)
    caches[VIEW_CACHE].clear()
    refused(guest.get(f"/api/games/{other}/"), "wrong_game")  # nothing kept: the game read whole
    assert host.get(f"/api/games/{other}/").status_code == 200  # the game kept now
    refused(guest.get(f"/api/games/{other}/"), "wrong_game")  # its key read first
    refused(guest.get(f"/api/games/{other}/moves/"), "wrong_game")
    refused(guest.post(f"/api/games/{other}/resign/"), "wrong_game")


@pytest.mark.parametrize("credential", ["seat_token", "mail_token"])
def test_a_seat_token_plays_its_own_seat(request, transactional_db, credential: str) -> None:
    game_id, token = request.getfixturevalue(credential)
    guest = seat_player(token)
    view = guest.game(game_id)
    assert view["my_seat"] is not None
    assert guest.get(f"/api/games/{game_id}/moves/").status_code == 200
    assert guest.get("/api/cards/").status_code == 200  # public, with or without a token
    if view["your_turn"]:
        r = guest.move(game_id, view["seq"], view["legal_actions"][0]["action"])
        assert r.status_code == 201, r.content
        assert r.json()["move"]["seat"] == view["my_seat"]


def test_account_tokens_are_listed_and_revoked(db) -> None:
    dora = signup("dora")
    client = APIClient()
    r = client.post(
        "/api/auth/token/", {"username": "dora", "password": "correct horse battery"}, "json"
    )
    laptop = r.json()["token"]
    listed = dora.get("/api/auth/tokens/").json()
    assert len(listed) == 2
    assert [t["current"] for t in listed].count(True) == 1
    current = next(t for t in listed if t["current"])
    assert dora.token.startswith(current["key"]) and not laptop.startswith(current["key"])
    other = next(t for t in listed if not t["current"])
    assert dora.client.delete(f"/api/auth/tokens/{other['key']}/").status_code == 204
    client.credentials(HTTP_AUTHORIZATION=f"Token {laptop}")
    r = client.get("/api/auth/me/")
    assert r.status_code == 401 and r.json()["code"] == "authentication_failed"
    assert len(dora.get("/api/auth/tokens/").json()) == 1
    # A token of someone else's is not found, and revoking one's own current token logs out.
    eve = signup("eve")
    eve_key = eve.get("/api/auth/tokens/").json()[0]["key"]
    r = dora.client.delete(f"/api/auth/tokens/{eve_key}/")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    assert dora.client.delete(f"/api/auth/tokens/{current['key']}/").status_code == 204
    assert dora.get("/api/auth/me/").status_code == 401
    assert eve.get("/api/auth/me/").status_code == 200
