"""Fixtures for the server tests (tests/games, tests/players, tests/api). Engine tests use none
of them and need no database."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

_names = itertools.count()


@pytest.fixture(autouse=True)
def _celery_in_process(request: Any) -> Any:
    """Tasks run in-process (eager) except in tests marked `celery`, which use a real broker and
    worker (tests/async_play)."""
    if request.node.get_closest_marker("celery"):
        yield
        return
    from gtr_api.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _fast_password_hashing(request: Any) -> None:
    """Server tests sign many people up from one address: a slow password hash would dominate
    their time, and the sign-up throttle would refuse them (tests/api/test_throttling.py turns it
    back on)."""
    if {"db", "transactional_db", "live_server"} & set(request.fixturenames):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        rates = {scope: None for scope in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


class Player:
    """One HTTP client with its own credentials (an account token or a seat token)."""

    def __init__(self, client: Any, name: str, token: str | None = None, scheme: str = "Token"):
        self.client = client
        self.name = name
        self.token = token
        if token:
            client.credentials(HTTP_AUTHORIZATION=f"{scheme} {token}")

    def get(self, path: str, **extra: Any) -> Any:
        return listed_error(self.client.get(path, **extra))

    def post(self, path: str, data: Any = None, **extra: Any) -> Any:
        return listed_error(self.client.post(path, data, format="json", **extra))

    def game(self, game_id: int) -> dict[str, Any]:
        r = self.get(f"/api/games/{game_id}/")
        assert r.status_code == 200, r.content
        return r.json()

    def move(self, game_id: int, seq: int, action: Any, **extra: Any) -> Any:
        return self.post(f"/api/games/{game_id}/moves/", {"seq": seq, "action": action}, **extra)


def listed_error(response: Any) -> Any:
    """Every error answer the tests see carries a code the documented list holds, under the
    status it was answered with (games.codebook)."""
    if response.status_code >= 400:
        from games import codebook

        code = response.json()["code"]
        listed = {(c.code, c.status) for c in codebook.all_codes()}
        assert (code, response.status_code) in listed, f"{code} ({response.status_code})"
    return response


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


def private_state(game_id: int) -> Any:
    """The engine state behind a game (for assertions only: players never see it)."""
    import engine
    from games.models import Game

    return engine.from_json(Game.objects.get(pk=game_id).state)


def state_hash(game_id: int) -> str:
    import engine

    return engine.state_hash(private_state(game_id))


def hidden_from(state: Any, seat: int | None) -> set[int]:
    """Ids of the cards whose identity `seat` (None: a spectator) may not know: other hands
    (except cards a Legionary's demand has revealed), the deck, and vaults except what the view
    lists as visible."""
    import engine

    hidden = set(state.deck)
    view = engine.view(state, seat)
    revealed = {c["id"] for c in (view["prompt"] or {}).get("revealed", [])}
    for s, p in enumerate(state.players):
        if s != seat:
            hidden |= set(p.hand) - revealed
        hidden |= set(p.vault) - {c["id"] for c in view["players"][s]["vault_visible"]}
    return hidden


def named_cards(data: Any) -> set[int]:
    """Ids of every {"id": .., "name": ..} card object anywhere in a JSON document."""
    found: set[int] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "id" in item and "name" in item and isinstance(item["id"], int):
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def assert_no_leak(game_id: int, seat: int | None, payload: Any) -> None:
    leaked = named_cards(payload) & hidden_from(private_state(game_id), seat)
    assert not leaked, f"seat {seat} was shown hidden cards {sorted(leaked)}"
    text = str(payload)
    for secret in ("'seed'", "state_hash", "'rng'", "'names'", "'deck':"):
        assert secret not in text, f"{secret} reached seat {seat}"


def play_http_game(
    game_id: int,
    seats: dict[int, Player],
    *,
    seed: int = 0,
    max_moves: int = 3000,
    check_leaks: bool = False,
) -> dict[str, Any]:
    """Play a game through HTTP only: whoever is to act fetches its own view and posts one of its
    own legal actions (chosen at random), until the game ends or `max_moves` moves."""
    import random

    rnd = random.Random(seed)
    view = seats[0].game(game_id)
    for _ in range(max_moves):
        if view["status"] != "active":
            break
        seat = view["to_act"]
        mine = seats[seat].game(game_id)
        assert mine["your_turn"] and mine["my_seat"] == seat
        if check_leaks:
            assert_no_leak(game_id, seat, mine)
        action = rnd.choice(mine["legal_actions"])["action"]
        r = seats[seat].move(game_id, mine["seq"], action)
        assert r.status_code == 201, r.content
        view = r.json()["game"]
        if check_leaks:
            assert_no_leak(game_id, seat, r.json())
    return seats[0].game(game_id)
