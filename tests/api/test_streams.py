"""Event streams (Server-Sent Events) over real HTTP, served by uvicorn in this process: each
seat and each spectator gets its own view of the game's story, in order and once; Last-Event-ID
resumes exactly; credentials are checked before a stream starts and a replaced seat token closes
its streams; keep-alive comments flow; the account stream says whose turn it is. On PostgreSQL
(the server tests' stage of the suite): see the `asgi_server` fixture."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.conftest import EventReader, Player, play_http_game, signup, start_game

pytestmark = pytest.mark.postgres
SSE = {"Accept": "text/event-stream"}


def auth(player: Player) -> dict[str, str]:
    return {"Authorization": f"Token {player.token}"}


def log_of(player: Player, game_id: int) -> list[dict[str, Any]]:
    """The whole JSON event log as `player` sees it."""
    out: list[dict[str, Any]] = []
    while True:
        r = player.get(f"/api/games/{game_id}/events/?after={len(out)}&page_size=100")
        assert r.status_code == 200, r.content
        out += r.json()["results"]
        if not r.json()["next"]:
            return out


def last_event(player: Player, game_id: int) -> int:
    return int(player.game(game_id)["last_event"])


def test_credentials_and_parameters_are_checked_before_a_stream_starts(
    asgi_server: str, alice: Player, bob: Player
) -> None:
    game_id = start_game(alice, [bob])
    other = start_game(bob, [signup()])
    seat_token = alice.post(f"/api/games/{game_id}/seat-token/").json()["token"]
    events = f"{asgi_server}/api/games/{game_id}/events/"
    cases = [
        (events, {"Authorization": "Token not-a-token"}, 401, "authentication_failed"),
        (events, {"Authorization": "Seat not-a-token"}, 401, "authentication_failed"),
        (
            f"{asgi_server}/api/games/{other}/events/",
            {"Authorization": f"Seat {seat_token}"},
            403,
            "wrong_game",
        ),
        (f"{asgi_server}/api/games/999999/events/", {}, 404, "not_found"),
        (events, {"Last-Event-ID": "seven"}, 400, "bad_last_event_id"),
        (f"{events}?afterr=3", {}, 400, "unknown_parameter"),
        (f"{asgi_server}/api/stream/", {}, 401, "not_authenticated"),
        (
            f"{asgi_server}/api/stream/",
            {"Authorization": "Token nope"},
            401,
            "authentication_failed",
        ),
        (
            f"{asgi_server}/api/stream/",
            {"Authorization": f"Seat {seat_token}"},
            403,
            "seat_token_scope",
        ),
    ]
    for url, headers, status, code in cases:
        r = httpx.get(url, headers={**SSE, **headers}, timeout=10)
        assert (r.status_code, r.json()["code"]) == (status, code), (url, headers, r.text)
        assert r.headers["content-type"] == "application/json"


def test_replacing_a_seat_token_closes_its_streams(asgi_server: str, alice: Player, bob: Player):
    game_id = start_game(alice, [bob])
    token = alice.post(f"/api/games/{game_id}/seat-token/").json()["token"]
    url = f"{asgi_server}/api/games/{game_id}/events/"
    reader = EventReader(url, {"Authorization": f"Seat {token}"})
    reader.wait(lambda: reader.comments >= 1, "a keep-alive")
    assert not reader.ended.is_set()
    alice.post(f"/api/games/{game_id}/seat-token/")  # a new token: the old one stops working
    assert reader.ended.wait(10), "the stream stayed open with a replaced token"
    r = httpx.get(url, headers={**SSE, "Authorization": f"Seat {token}"}, timeout=10)
    assert r.status_code == 401


def test_each_seat_and_each_spectator_sees_its_own_story_once_in_order(
    asgi_server: str, alice: Player, bob: Player, carol: Player, anon: Player
) -> None:
    game_id = start_game(alice, [bob])
    url = f"{asgi_server}/api/games/{game_id}/events/?after=0"
    readers = {
        "alice": (alice, EventReader(url, auth(alice))),
        "bob": (bob, EventReader(url, auth(bob))),
        "carol": (carol, EventReader(url, auth(carol))),  # logged in, not seated: a spectator
        "anon": (anon, EventReader(url)),
    }
    play_http_game(game_id, {0: alice, 1: bob}, seed=3, max_moves=60)
    total = last_event(alice, game_id)
    for name, (player, reader) in readers.items():
        reader.wait(lambda r=reader: len(r.events) >= total, f"{name}'s events")
        assert [n for n, _ in reader.events] == list(range(1, total + 1)), name
        assert [e for _, e in reader.events] == log_of(player, game_id), name
        reader.close()
    spectator = [e for _, e in readers["anon"][1].events]
    assert spectator == [e for _, e in readers["carol"][1].events]
    draws = {
        name: [e for _, e in r.events if e["type"] == "drew"] for name, (_, r) in readers.items()
    }
    assert draws["anon"] and all(d["cards"] is None for d in draws["anon"] if d["zone"] == "hand")
    for seat, name in enumerate(("alice", "bob")):
        own = [d for d in draws[name] if d["seat"] == seat and d["zone"] == "hand"]
        others = [d for d in draws[name] if d["seat"] != seat and d["zone"] == "hand"]
        assert own and all(len(d["cards"]) == d["count"] for d in own)
        assert all(d["cards"] is None for d in others)


def test_last_event_id_resumes_without_loss_or_duplicates(
    asgi_server: str, alice: Player, bob: Player
) -> None:
    game_id = start_game(alice, [bob])
    url = f"{asgi_server}/api/games/{game_id}/events/?after=0"
    first = EventReader(url, auth(bob))
    play_http_game(game_id, {0: alice, 1: bob}, seed=5, max_moves=10)
    first.wait(lambda: len(first.events) >= last_event(bob, game_id), "the first events")
    first.close()
    seen = first.events[-1][0]
    play_http_game(game_id, {0: alice, 1: bob}, seed=6, max_moves=10)  # while disconnected
    url = f"{asgi_server}/api/games/{game_id}/events/"
    second = EventReader(url, {**auth(bob), "Last-Event-ID": str(seen)})
    play_http_game(game_id, {0: alice, 1: bob}, seed=7, max_moves=10)  # after reconnecting
    total = last_event(bob, game_id)
    second.wait(lambda: second.events and second.events[-1][0] >= total, "the rest")
    numbers = [n for n, _ in first.events] + [n for n, _ in second.events]
    assert numbers == list(range(1, total + 1))
    assert [e for _, e in first.events + second.events] == log_of(bob, game_id)
    # Without Last-Event-ID (or after), a stream starts with what happens next.
    fresh = EventReader(url, auth(bob))
    fresh.wait(lambda: fresh.comments >= 1, "a keep-alive")
    play_http_game(game_id, {0: alice, 1: bob}, seed=8, max_moves=1)
    fresh.wait(lambda: fresh.events, "the next event")
    assert fresh.events[0][0] == total + 1
    for reader in (second, fresh):
        reader.close()


def test_keep_alive_comments_flow_while_nothing_happens(asgi_server: str, alice: Player):
    game_id = start_game(alice, [signup()])
    reader = EventReader(f"{asgi_server}/api/games/{game_id}/events/", auth(alice))
    reader.wait(lambda: reader.comments >= 3, "three keep-alives (every 0.5 s here)")
    assert reader.events == []
    reader.close()


def test_the_account_stream_says_whose_turn_it_is_in_every_game(
    asgi_server: str, alice: Player, bob: Player
) -> None:
    reader = EventReader(f"{asgi_server}/api/stream/", auth(bob))
    games = [start_game(alice, [bob]) for _ in range(2)]
    for game_id in games:
        view = bob.game(game_id)
        while view["to_act"] != 1:
            mover = alice if view["to_act"] == 0 else bob
            r = mover.move(game_id, view["seq"], {"type": "think", "take": "jack"})
            view = r.json()["game"]
    bob.post(f"/api/games/{games[0]}/resign/")  # two players: the game ends
    reader.wait(
        lambda: any(e["type"] == "game_finished" for _, e in reader.events), "the game's end"
    )
    feed = reader.events
    assert [n for n, _ in feed] == list(range(1, len(feed) + 1))
    assert {(e["type"], e["game"]) for _, e in feed} >= {
        ("game_started", games[0]),
        ("game_started", games[1]),
        ("your_turn", games[0]),
        ("your_turn", games[1]),
        ("game_finished", games[0]),
    }
    turn = next(e for _, e in feed if e["type"] == "your_turn")
    assert turn["seat"] == 1 and turn["kind"] in ("lead", "follow")
    assert [e for _, e in feed] == bob.get("/api/stream/?page_size=100").json()["results"]
    reader.close()


def test_open_streams_hold_no_thread_each(asgi_server: str, alice: Player) -> None:
    """Django's ASGI handler gives each request a thread for as long as it lasts; an open stream
    must not keep one (gtr_api.asgi), or a web process holds only as many streams as threads."""
    import contextlib
    import threading

    game_id = start_game(alice, [signup()])
    url = f"{asgi_server}/api/games/{game_id}/events/"
    before = threading.active_count()
    with httpx.Client(timeout=10) as client, contextlib.ExitStack() as streams:
        for _ in range(20):
            response = streams.enter_context(
                client.stream("GET", url, headers={**SSE, **auth(alice)})
            )
            assert response.status_code == 200
            assert next(response.iter_lines()).startswith("retry:")
        assert threading.active_count() - before < 10


def test_long_polls_wait_side_by_side(asgi_server: str, alice: Player) -> None:
    """Long polls skip the request's own thread (gtr_api.asgi); no synchronous middleware may
    hold the process's shared thread while one waits, or each waits for the one before it.

    Six polls that time out after a second, sent together, then answer a second apart (the
    last 5 s after the first). Side by side they answer together, however loaded the machine.
    """
    import threading
    import time

    game_id = start_game(alice, [signup()])
    seq = alice.game(game_id)["seq"]
    url = f"{asgi_server}/api/games/{game_id}/wait/?seq={seq}&timeout=1"
    answered: list[float] = []

    def wait() -> None:
        response = httpx.get(url, headers=auth(alice), timeout=30)
        assert response.status_code == 204
        answered.append(time.monotonic())

    waiters = [threading.Thread(target=wait) for _ in range(6)]
    for waiter in waiters:
        waiter.start()
    for waiter in waiters:
        waiter.join(30)
    assert len(answered) == 6, answered
    assert max(answered) - min(answered) < 2.5, sorted(answered)


def test_a_browser_session_long_poll_is_served_by_the_asynchronous_chain(
    asgi_server: str, alice: Player, bob: Player
) -> None:
    """The long-lived requests' middleware (gtr_api.asgi) reads a browser session's user and the
    language it stored without a synchronous database call in the event loop, which Django
    refuses: the seat's view, in its language."""
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from players.models import MailPreference

    user = User.objects.get(username="alice")
    user.email = "alice@example.org"
    user.save()
    MailPreference.objects.create(address="alice@example.org", language="pl")
    game_id = start_game(alice, [bob])
    mover = alice if alice.game(game_id)["your_turn"] else bob
    assert mover.move(game_id, 0, {"type": "think", "take": "cards"}).status_code == 201
    browser = Client()
    browser.force_login(user)
    session = browser.cookies[settings.SESSION_COOKIE_NAME].value
    r = httpx.get(
        f"{asgi_server}/api/games/{game_id}/wait/?seq=0&timeout=5",
        cookies={settings.SESSION_COOKIE_NAME: session},
        headers={"Accept-Language": "en"},
        timeout=30,
    )
    assert r.status_code == 200 and r.json()["my_seat"] == 0
    assert r.headers.get("Content-Language") == "pl", (r.headers, r.json()["prompt"])
