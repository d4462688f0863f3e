"""Fixtures for the server tests (tests/games, tests/players, tests/api). Engine tests use none
of them and need no database."""

from __future__ import annotations

import contextlib
import functools
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from tests.live import free_port

_names = itertools.count()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory: Any
) -> None:
    """On SQLite the test database is a file (WAL, as the embedded default runs), not Django's
    shared in-memory one, whose shared cache locks whole tables: a long poll or a live server's
    stream reading in one thread while a move commits in another fails at once with "database
    table is locked" instead of waiting its turn."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "test.sqlite3")


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


@pytest.fixture(autouse=True)
def _default_language() -> Any:
    """Each test starts in the default language: a request in Polish through Django's test client
    leaves Polish active in the thread (LocaleMiddleware activates, nothing deactivates), and a
    later test on the same worker would write in it."""
    from django.utils import translation

    yield
    translation.deactivate()


class Player:
    """One HTTP client with its own credentials (an account token or a seat token)."""

    def __init__(self, client: Any, name: str, token: str | None = None, scheme: str = "Bearer"):
        self.client = client
        self.name = name
        self.token = token
        if token:
            client.credentials(HTTP_AUTHORIZATION=f"{scheme} {token}")

    def get(self, path: str, **extra: Any) -> Any:
        return checked_answer(self.client.get(path, **extra))

    def post(self, path: str, data: Any = None, **extra: Any) -> Any:
        return checked_answer(self.client.post(path, data, format="json", **extra))

    def game(self, game_id: int) -> dict[str, Any]:
        r = self.get(f"/api/games/{game_id}/")
        assert r.status_code == 200, r.content
        return r.json()

    def move(self, game_id: int, seq: int, action: Any, **extra: Any) -> Any:
        return self.post(f"/api/games/{game_id}/moves/", {"seq": seq, "action": action}, **extra)


def checked_answer(response: Any) -> Any:
    """Every answer the tests see fits openapi.yaml (tests/openapi_fit.py), and every error
    carries a code the documented list holds, under the status it was answered with
    (games.codebook)."""
    from tests import openapi_fit

    request = response.request
    if not getattr(response, "streaming", False):
        openapi_fit.check(
            request["REQUEST_METHOD"],
            request["PATH_INFO"],
            response.status_code,
            response.get("Content-Type", ""),
            response.content,
        )
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
    (except cards a Legionary's demand has revealed), the deck (except the cards a Bacchanalia
    turned up), and vaults except what the view lists as visible."""
    import engine

    # The deck, but for the cards a Bacchanalia turned up (the Geek expansion): they are public.
    turned_up = {c for f in state.frames if f["kind"] == "bacchanalia" for c in f["revealed"]}
    hidden = set(state.deck) - turned_up
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
    assert_no_secrets(seat, payload)


def assert_no_secrets(seat: int | None, payload: Any) -> None:
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
    check_events: bool = False,
    after_move: Any = None,
    undo_rate: float = 0.0,
) -> dict[str, Any]:
    """Play a game through HTTP only: whoever is to act fetches its own view and posts one of its
    own legal actions (chosen at random), until the game ends or `max_moves` moves. Checks every
    view and answer for hidden cards (`check_leaks`), and every seat's and a spectator's new
    events after each move (`check_events`). `after_move(player, game view)` follows each move
    (standing orders may be left then). With `undo_rate`, after a move the mover takes back
    what its view offers that often (`take_back`)."""
    import random

    rnd = random.Random(seed)
    view = seats[0].game(game_id)
    events = EventsChecker(game_id, seats) if check_events else None
    for _ in range(max_moves):
        if view["status"] != "active":
            break
        seat = view["to_act"]
        mine = seats[seat].game(game_id)
        assert mine["your_turn"] and mine["my_seat"] == seat
        if check_leaks:
            assert_no_leak(game_id, seat, mine)
        before = private_state(game_id) if events else None
        action = rnd.choice(mine["legal_actions"])["action"]
        r = seats[seat].move(game_id, mine["seq"], action)
        assert r.status_code == 201, r.content
        view = r.json()["game"]
        if check_leaks:
            assert_no_leak(game_id, seat, r.json())
        if events:
            events.check(before)
        if after_move is not None and view["status"] == "active":
            after_move(seats[seat], view)
        if undo_rate:
            take_back(game_id, seats, seat, rnd, undo_rate, check_leaks, events)
            view = seats[0].game(game_id)
    return seats[0].game(game_id)


def take_back(
    game_id: int,
    seats: dict[int, Player],
    seat: int,
    rnd: Any,
    rate: float,
    check_leaks: bool,
    events: EventsChecker | None,
) -> None:
    """Now and then `seat` takes back what its view offers (docs/api.md, Taking moves back): an
    undo, or a takeback that the other players answer at random; every answer and the new events
    are checked as moves are."""
    mine = seats[seat].game(game_id)
    kind = next((k for k in ("undo", "takeback") if mine[k] and rnd.random() < rate), None)
    if kind is None:
        return
    to = rnd.choice([mine[kind]["to"], mine[kind]["earliest"]])
    posts = [(seat, f"/api/games/{game_id}/{kind}/", {"seq": mine["seq"], "to": to})]
    answer = rnd.choice(["accept", "decline"])
    others = [s for s in seats if s != seat] if kind == "takeback" else []
    posts += [(s, f"/api/games/{game_id}/takeback/{answer}/", {}) for s in others]
    for who, path, body in posts:
        view = seats[who].game(game_id)
        if who != seat and view["takeback_request"] is None:
            break  # declined already
        before = private_state(game_id) if events else None
        r = seats[who].post(path, body)
        assert r.status_code in (200, 201), r.content
        if check_leaks:
            assert_no_leak(game_id, who, r.json())
        if events:
            events.check(before)


class EventsChecker:
    """After each move, every seat's and a spectator's new events (the JSON event log) name no
    card that viewer could see neither before nor after the move: an event tells what happened,
    never more. A Legionary's demand names the cards it reveals (Black Box rulebook, DEMANDING
    MATERIALS); another seat's draw to a hand is a count."""

    def __init__(self, game_id: int, seats: dict[int, Player]) -> None:
        from rest_framework.test import APIClient

        self.game_id = game_id
        self.viewers: dict[int | None, Player] = {**seats, None: Player(APIClient(), "anon")}
        self.seen = dict.fromkeys(self.viewers, 0)

    def check(self, before: Any) -> None:
        after = private_state(self.game_id)
        for seat, player in self.viewers.items():
            path = f"/api/games/{self.game_id}/events/?after={self.seen[seat]}&page_size=100"
            new = player.get(path).json()["results"]
            hidden = hidden_from(before, seat) & hidden_from(after, seat)
            for event in new:
                self.seen[seat] = event["id"]
                named = named_cards(event) | action_ids(event.get("action"))
                if event["type"] == "action" and event["action"]["type"] == "demand":
                    named -= set(event["action"]["cards"])
                assert not named & hidden, f"seat {seat} was shown hidden cards in {event}"
                if event["type"] == "drew" and (event["zone"] == "vault" or event["seat"] != seat):
                    assert event["zone"] == "clientele" or event["cards"] is None, event
            assert_no_secrets(seat, new)


def action_ids(action: Any) -> set[int]:
    """Every integer in an action: each is a card id."""
    if isinstance(action, dict):
        return set().union(*(action_ids(v) for v in action.values()))
    if isinstance(action, list):
        return set().union(*(action_ids(v) for v in action))
    return {action} if isinstance(action, int) and not isinstance(action, bool) else set()


# Live servers and event streams ------------------------------------------------------------------


@functools.cache
def collected_static() -> Path:
    """The static files as `collectstatic` gathers them for production, once per test process,
    from this working tree: the ASGI application serves STATIC_ROOT first, and a var/static left
    by an earlier `make run` would serve an old table script."""
    import atexit
    import shutil
    import tempfile

    from django.conf import settings
    from django.core.management import call_command

    root = Path(tempfile.mkdtemp(prefix="gtr-static-"))
    atexit.register(shutil.rmtree, root, True)
    settings.STATIC_ROOT = root
    call_command("collectstatic", interactive=False, verbosity=0)
    return root


@contextlib.contextmanager
def uvicorn_thread() -> Iterator[str]:
    """The project's ASGI application under uvicorn, as production serves it, in a thread of
    this process (so it shares the test database and settings, and mails land in
    `mail.outbox`), on a free port; its base URL."""
    import threading
    import time

    import uvicorn

    collected_static()  # before gtr_api.asgi reads STATIC_ROOT
    from gtr_api.asgi import application

    config = uvicorn.Config(
        application,
        host="127.0.0.1",
        port=free_port(),
        lifespan="off",
        log_level="warning",
        timeout_graceful_shutdown=5,  # a stream a client left open ends with the server
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < end and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(30)


@pytest.fixture
def asgi_server(transactional_db: Any, settings: Any) -> Iterator[str]:
    """`uvicorn_thread` for a test; streams keep alive every half second. PostgreSQL only (tests
    marked `postgres`): SQLite's in-memory test database, shared between threads, locks whole
    tables against each other (the embedded default's file database is served across processes
    in tests/async_play/test_embedded.py, and to the browser tests in tests/web/conftest.py)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    settings.GTR_STREAM_KEEPALIVE_SECONDS = 0.5
    settings.GTR_HUB_POLL_SECONDS = 0.05
    with uvicorn_thread() as url:
        yield url


class EventReader:
    """A Server-Sent Events client (httpx) reading one stream in a thread: `events` are the
    (id, JSON) pairs received so far, `comments` counts keep-alives; `ended` once the server
    closed the stream. `ndjson`: read JSON lines (`Accept: application/x-ndjson`) instead, an
    empty line counting as a keep-alive."""

    def __init__(
        self, url: str, headers: dict[str, str] | None = None, ndjson: bool = False
    ) -> None:
        import threading

        self.ndjson = ndjson
        accept = "application/x-ndjson" if ndjson else "text/event-stream"
        self.url, self.headers = url, {"Accept": accept, **(headers or {})}
        self.events: list[tuple[int, dict[str, Any]]] = []
        self._pending: dict[str, str] = {}
        self.comments = 0
        self.status: int | None = None
        self.error: BaseException | None = None
        self.ended = threading.Event()
        self.connected = threading.Event()
        self._stop = False
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        assert self.connected.wait(30), "the stream did not answer"

    def _read(self) -> None:
        import json

        import httpx

        try:
            with (
                httpx.Client(timeout=httpx.Timeout(60, connect=10)) as client,
                client.stream("GET", self.url, headers=self.headers) as response,
            ):
                self.status = response.status_code
                self.connected.set()
                if response.status_code != 200:
                    self.body = response.read()
                    return
                for line in response.iter_lines():
                    if self._stop:
                        return
                    self._line(line, json)
        except BaseException as exc:
            self.error = exc
        finally:
            self.connected.set()
            self.ended.set()

    def _line(self, line: str, json: Any) -> None:
        """A minimal SSE parser for the fields the server sends (id, data, comments)."""
        if self.ndjson:
            if line:
                event = json.loads(line)
                self.events.append((int(event["id"]), event))
            else:
                self.comments += 1
        elif line.startswith(":"):
            self.comments += 1
        elif line.startswith("id: "):
            self._pending = {"id": line[4:]}
        elif line.startswith("data: "):
            self._pending["data"] = line[6:]
        elif line == "" and "data" in self._pending:
            self.events.append((int(self._pending["id"]), json.loads(self._pending["data"])))
            self._pending = {}

    def wait(self, condition: Any, what: str, timeout: float = 60) -> None:
        import time

        end = time.monotonic() + timeout
        while not condition():
            assert self.error is None, self.error
            assert time.monotonic() < end, f"gave up waiting for {what}: {self.events[-3:]}"
            time.sleep(0.02)

    def close(self) -> None:
        self._stop = True


@pytest.fixture
def web_servers(tmp_path: Any) -> Any:
    """Start production web processes (tests/live.py) and stop them after the test:
    `web_servers(2, env={...})` -> two WebServers on free ports, each with `.url` and `.port`."""
    from tests.live import start_web

    started: list[Any] = []

    def start(count: int = 1, *, env: Any = None, ports: Any = None, workers: int = 1) -> Any:
        servers = start_web(count, env=env, folder=tmp_path, ports=ports, workers=workers)
        started.extend(servers)
        return servers

    yield start
    for server in started:
        server.stop()


# The server's own tests: `make test` runs them on PostgreSQL, the production database, and the
# long ones (whole_games, slow) on SQLite (.ci/suite).
SERVER_TESTS = ("tests/games/", "tests/players/", "tests/api/", "tests/tournaments/")


PURE_ONLY = "patches an engine function, which compiled code never sees (the pure stage runs it)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(SERVER_TESTS):
            item.add_marker(pytest.mark.server)
        if item.nodeid.startswith("tests/engine/"):
            item.add_marker(pytest.mark.engine)
        if engine.ENGINE == "compiled" and item.get_closest_marker("pure_engine"):
            item.add_marker(pytest.mark.skip(reason=PURE_ONLY))
    # The long tests first in each of pytest-django's groups (its sort, after this one, keeps
    # this order within each group): pytest-xdist hands out tests in order, so no worker is
    # left with a long one at the end while the others idle.
    items.sort(key=lambda item: not _long(item))


class _LongFirst:
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """The long tests that flush no database first of all, after pytest-django's sort (a
        transactional test run early would flush what the others expect from the migrations)."""
        items.sort(key=lambda item: not (_long(item) and not _flushes(item)))


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_LongFirst(), "long-first")


def _long(item: pytest.Item) -> bool:
    return any(any(item.iter_markers(name=m)) for m in ("slow", "whole_games"))


def _flushes(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(
        fixtures & {"transactional_db", "live_server", "django_db_reset_sequences"}
        or (marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")))
        or getattr(item, "cls", None) is not None
    )
