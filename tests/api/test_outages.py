"""A database that goes away under a waiting request: every endpoint answers 503 `unavailable`
with Retry-After, never a 500. Over real HTTP (uvicorn in this process) on PostgreSQL, whose
database is made to refuse new connections while a long poll waits (as during a restart)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import psycopg
import pytest
from django.db import connection

from games.live import hub
from tests.conftest import Player, start_game
from tests.live import wait_until

pytestmark = pytest.mark.postgres


@contextmanager
def database_refusing() -> Iterator[None]:
    """The test database as during a restart: its sessions end, new ones are refused until the
    block ends. Said from the server's maintenance database: a database cannot refuse its own
    session."""
    params = connection.get_connection_params()
    name = connection.settings_dict["NAME"]
    quoted = connection.ops.quote_name(name)
    with psycopg.connect(**{**params, "dbname": "postgres"}, autocommit=True) as admin:
        admin.execute(f"ALTER DATABASE {quoted} ALLOW_CONNECTIONS false")
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", [name]
        )
        try:
            yield
        finally:
            admin.execute(f"ALTER DATABASE {quoted} ALLOW_CONNECTIONS true")
            connection.close()  # this test's own session ended too


def waiting_on(channel: str) -> bool:
    """Whether a subscriber of this process's event hubs (the server's, in this process) waits
    on `channel`."""
    return any(channel in h.subscribers for h in list(hub._hubs.values()))


def test_a_long_poll_answers_503_while_the_database_refuses(
    asgi_server: str, alice: Player, bob: Player
) -> None:
    game_id = start_game(alice, [bob])
    seq = alice.game(game_id)["seq"]
    answer: dict[str, Any] = {}

    def wait() -> None:
        headers = {"Authorization": f"Token {alice.token}"}
        url = f"{asgi_server}/api/games/{game_id}/wait/?seq={seq}&timeout=20"
        with httpx.Client(timeout=30) as client:
            answer["response"] = client.get(url, headers=headers)

    waiter = threading.Thread(target=wait)
    waiter.start()
    wait_until(lambda: waiting_on(f"game:{game_id}"), "the long poll waiting on the hub")
    with database_refusing():
        # Something happened to the game: the long poll reads the database again, which refuses.
        threading.Timer(1.0, hub.publish, (f"game:{game_id}", {"events": []})).start()
        waiter.join(30)
    response = answer["response"]
    assert response.status_code == 503, response.text
    assert response.json()["code"] == "unavailable"
    assert int(response.headers["Retry-After"]) > 0
