"""Fixtures for the server tests (tests/games, tests/players, tests/api). Engine tests use none
of them and need no database."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

_names = itertools.count()


class Player:
    """One HTTP client with its own credentials (an account token or a seat token)."""

    def __init__(self, client: Any, name: str, token: str | None = None, scheme: str = "Token"):
        self.client = client
        self.name = name
        self.token = token
        if token:
            client.credentials(HTTP_AUTHORIZATION=f"{scheme} {token}")

    def get(self, path: str, **extra: Any) -> Any:
        return self.client.get(path, **extra)

    def post(self, path: str, data: Any = None, **extra: Any) -> Any:
        return self.client.post(path, data, format="json", **extra)

    def game(self, game_id: int) -> dict[str, Any]:
        r = self.get(f"/api/games/{game_id}/")
        assert r.status_code == 200, r.content
        return r.json()

    def move(self, game_id: int, seq: int, action: Any, **extra: Any) -> Any:
        return self.post(f"/api/games/{game_id}/moves/", {"seq": seq, "action": action}, **extra)


def signup(name: str | None = None) -> Player:
    from rest_framework.test import APIClient

    name = name or f"user{next(_names)}"
    client = APIClient()
    r = client.post(
        "/api/auth/signup/",
        {"username": name, "password": "correct horse battery"},
        format="json",
    )
    assert r.status_code == 201, r.content
    return Player(client, name, r.json()["token"])


def seat_player(token: str, name: str = "guest") -> Player:
    from rest_framework.test import APIClient

    return Player(APIClient(), name, token, scheme="Seat")


@pytest.fixture
def alice(db: Any) -> Player:
    return signup("alice")


@pytest.fixture
def bob(db: Any) -> Player:
    return signup("bob")


@pytest.fixture
def carol(db: Any) -> Player:
    return signup("carol")


@pytest.fixture
def anon(db: Any) -> Player:
    from rest_framework.test import APIClient

    return Player(APIClient(), "anon")


def start_game(creator: Player, others: list[Player], version: str = "republic", **kw: Any) -> int:
    """Create a game for creator + others (who join) and return its id; it starts when full."""
    players = 1 + len(others)
    r = creator.post("/api/games/", {"version": version, "players": players, **kw})
    assert r.status_code == 201, r.content
    game_id = r.json()["id"]
    for p in others:
        r = p.post(f"/api/games/{game_id}/join/", {})
        assert r.status_code == 200, r.content
    return game_id


@pytest.fixture
def game2(alice: Player, bob: Player) -> int:
    return start_game(alice, [bob])
