"""Rate limits (games.api.throttles): every endpoint class has one, counted per account (or seat
token, or address without credentials), log-in and sign-up per address. Past a limit the answer
is 429 `throttled` with Retry-After, and nothing is done; every counted answer says where the
count stands in `X-RateLimit-*`."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from rest_framework.test import APIClient

from games.api import throttles
from games.models import Game, Move
from tests.conftest import Player, seat_player, signup, start_game

WINDOW_START = 1_800_000_000 - 1_800_000_000 % 3600  # the start of an hour, of a minute too


class Clock:
    """The throttles' clock, set by the test: no window ends mid-test unless it says so."""

    def __init__(self) -> None:
        self.now = float(WINDOW_START + 1)

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(throttles, "timer", clock)
    return clock


@pytest.fixture
def limit(settings, clock):
    """`limit(scope="N/min", ...)`: those rates, the others unlimited."""
    cache.clear()

    def set_rates(**rates: str) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}

    yield set_rates
    cache.clear()


def rate_headers(r: Any) -> tuple[int, int, int]:
    return (
        int(r["X-RateLimit-Limit"]),
        int(r["X-RateLimit-Remaining"]),
        int(r["X-RateLimit-Reset"]),
    )


def assert_throttled(r: Any, wait_at_most: int) -> None:
    assert r.status_code == 429, r.content
    assert r.json()["code"] == "throttled"
    assert 0 < int(r["Retry-After"]) <= wait_at_most
    assert r["X-RateLimit-Remaining"] == "0"


def test_wrong_passwords_are_throttled(db, limit) -> None:
    limit(login="5/min", signup="3/hour")
    get_user_model().objects.create_user("dora", password="a long passphrase")
    client = APIClient()
    answers = [
        client.post("/api/auth/token/", {"username": "dora", "password": f"guess{i}"}, "json")
        for i in range(8)
    ]
    assert [r.status_code for r in answers] == [401] * 5 + [429] * 3
    assert [rate_headers(r)[:2] for r in answers[:5]] == [(5, 4), (5, 3), (5, 2), (5, 1), (5, 0)]
    assert_throttled(answers[-1], 60)
    # The right password is refused too while throttled: guessing gains nothing.
    r = client.post(
        "/api/auth/token/", {"username": "dora", "password": "a long passphrase"}, "json"
    )
    assert r.status_code == 429


def test_the_log_in_throttle_is_per_address(db, limit) -> None:
    limit(login="5/min")
    get_user_model().objects.create_user("dora", password="a long passphrase")
    mallory, dora = APIClient(REMOTE_ADDR="10.0.0.66"), APIClient(REMOTE_ADDR="10.0.0.7")
    for _ in range(6):
        mallory.post("/api/auth/token/", {"username": "dora", "password": "x"}, "json")
    r = dora.post("/api/auth/token/", {"username": "dora", "password": "a long passphrase"}, "json")
    assert r.status_code == 200


def test_signups_are_throttled(db, limit) -> None:
    limit(signup="3/hour")
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


def mover_and_other(game_id: int, alice: Player, bob: Player) -> tuple[Player, Player]:
    view = alice.game(game_id)
    return (alice, bob) if view["your_turn"] else (bob, alice)


def test_moves_are_limited_per_account_and_a_refused_move_changes_nothing(db, limit) -> None:
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    limit(move="2/min")
    mover, other = mover_and_other(game_id, alice, bob)
    stale = {"type": "think", "take": "cards"}
    r1, r2 = mover.move(game_id, 7, stale), mover.move(game_id, 7, stale)  # 409 stale_seq: counted
    assert [r1.status_code, r2.status_code] == [409, 409]
    assert [rate_headers(r)[:2] for r in (r1, r2)] == [(2, 1), (2, 0)]
    assert 0 < rate_headers(r2)[2] <= 60
    view = mover.game(game_id)  # reading is another scope
    assert "X-RateLimit-Limit" not in mover.client.get(f"/api/games/{game_id}/")  # not limited
    r = mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    assert_throttled(r, 60)
    assert Move.objects.filter(game_id=game_id).count() == 0
    r = other.post(f"/api/games/{game_id}/resign/")  # the other account has its own count
    assert r.status_code == 200 and rate_headers(r)[:2] == (2, 1)


def test_a_new_window_starts_the_count_again(db, limit, clock) -> None:
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    limit(move="1/min")
    mover, _ = mover_and_other(game_id, alice, bob)
    view = mover.game(game_id)
    action = view["legal_actions"][0]["action"]
    assert mover.move(game_id, 9, action).status_code == 409
    r = mover.move(game_id, view["seq"], action)
    assert_throttled(r, 59)
    clock.now += int(r["Retry-After"])
    r = mover.move(game_id, view["seq"], action)
    assert r.status_code == 201, r.content
    assert rate_headers(r) == (1, 0, 60)


def test_views_are_limited_per_account_and_anonymous_callers_per_address(db, limit) -> None:
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    limit(view="2/min")
    for remaining in (1, 0):
        r = alice.get(f"/api/games/{game_id}/")
        assert r.status_code == 200 and rate_headers(r)[:2] == (2, remaining)
    assert_throttled(alice.get("/api/games/"), 60)  # every read shares the scope
    assert_throttled(alice.get("/api/cards/"), 60)
    assert bob.get(f"/api/games/{game_id}/").status_code == 200
    one, two = APIClient(REMOTE_ADDR="10.0.0.1"), APIClient(REMOTE_ADDR="10.0.0.2")
    assert [one.get("/api/cards/").status_code for _ in range(3)] == [200, 200, 429]
    assert two.get("/api/cards/").status_code == 200


def test_a_seat_token_has_a_count_of_its_own(db, limit) -> None:
    alice = signup("alice")
    r = alice.post(
        "/api/games/",
        {"players": 2, "seats": [{"kind": "me"}, {"kind": "invited", "email": "g@example.org"}]},
    )
    game_id = r.json()["id"]
    from games.models import Seat
    from games.services.lobby import seat_token_rotate

    token = seat_token_rotate(seat=Seat.objects.get(game_id=game_id, position=1))
    guest = seat_player(token)
    limit(view="1/min")
    assert alice.get(f"/api/games/{game_id}/").status_code == 200
    assert guest.get(f"/api/games/{game_id}/").status_code == 200
    assert_throttled(guest.get(f"/api/games/{game_id}/"), 60)


def test_creating_games_is_limited(db, limit) -> None:
    alice = signup("alice")
    limit(create="2/min")
    codes = [alice.post("/api/games/", {"players": 2}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert Game.objects.count() == 2


def test_a_long_poll_counts_once_before_it_waits(transactional_db, limit) -> None:
    """Committed data: the long poll reads credentials in a thread of its own."""
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    limit(stream="1/min")
    r = alice.get(f"/api/games/{game_id}/wait/?seq=0&timeout=0")
    assert r.status_code == 204 and rate_headers(r)[:2] == (1, 0)  # counted once, not twice
    r = alice.get(f"/api/games/{game_id}/wait/?seq=0&timeout=30")
    assert_throttled(r, 60)  # at once, without waiting
    assert bob.get(f"/api/games/{game_id}/wait/?seq=0&timeout=0").status_code == 204


def test_opening_a_stream_is_limited(transactional_db, limit) -> None:
    """Committed data: a stream reads credentials in a thread of its own."""
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    limit(stream="0/min", view="10/min")
    sse = {"HTTP_ACCEPT": "text/event-stream"}
    for path in (f"/api/games/{game_id}/events/", "/api/stream/"):
        r = alice.client.get(path, **sse)
        assert_throttled(r, 60)
        assert r["Content-Type"].startswith("application/json")
        r = alice.get(path)  # the JSON pages are reads
        assert r.status_code == 200 and rate_headers(r)[0] == 10


def test_other_writes_are_limited(db, limit) -> None:
    alice = signup("alice")
    limit(write="1/min")
    assert alice.client.patch("/api/notifications/", {}, format="json").status_code in (200, 409)
    r = alice.client.patch("/api/notifications/", {}, format="json")
    assert_throttled(r, 60)


def test_a_rate_from_the_environment_is_checked(monkeypatch) -> None:
    from gtr_api.settings import _rate

    monkeypatch.setenv("GTR_MOVE_RATE", "20/s")
    assert _rate("move", "600/min") == "20/s"
    monkeypatch.setenv("GTR_MOVE_RATE", "none")
    assert _rate("move", "600/min") is None
    monkeypatch.setenv("GTR_MOVE_RATE", "lots")
    with pytest.raises(ImproperlyConfigured, match="GTR_MOVE_RATE"):
        _rate("move", "600/min")
    monkeypatch.delenv("GTR_MOVE_RATE")
    assert _rate("move", "600/min") == "600/min"
    assert throttles.parse_rate("600/min") == (600, 60)
    assert throttles.parse_rate("5/hour") == (5, 3600)


def test_while_the_cache_is_down_requests_pass_unlimited_and_the_log_says_so(
    db, limit, settings, caplog
) -> None:
    """The limits count in the cache, Redis in production. A Redis outage must not turn every
    request into a 500 (the fault stage kills Redis): the request passes, without rate headers,
    and the log says the limits are off. A real Redis client, on a port where nothing listens."""
    from django.test import override_settings

    limit(view="1/min", move="1/min")
    alice = signup("alice")
    down = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:9/0",  # the discard port: refused at once
    }
    throttles._warned[0] = -3600.0
    with override_settings(CACHES={**settings.CACHES, "default": down}):
        answers = [alice.get("/api/games/") for _ in range(3)]
    assert [r.status_code for r in answers] == [200] * 3
    assert "X-RateLimit-Limit" not in answers[0]
    warnings = [r for r in caplog.records if "rate limits are off" in r.getMessage()]
    assert len(warnings) == 1  # once a minute, not once a request
