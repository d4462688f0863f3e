"""games.store.rows on PostgreSQL: the statements it writes out are prepared on the connection once
it
has run them a few times (settings: `prepare_threshold`, GTR_DB_PREPARED); the ORM's never are,
and with GTR_DB_PREPARED=0 nothing is."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection

from games.models import Game
from games.read import view_cache
from games.store import rows
from tests.conftest import Player, start_game

pytestmark = pytest.mark.postgres


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def test_the_game_and_the_probe_are_prepared_the_orm_is_not(alice: Player, bob: Player) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    game_id = start_game(alice, [bob])
    for _ in range(6):
        assert rows.game_with_seats(game_id) is not None
        view_cache.probe(game_id, user=None, token_seat=None)
        assert Game.objects.filter(pk=game_id).exists()
    statements = prepared()
    assert any('JOIN "games_seat" s' in s and "FOR UPDATE" not in s for s in statements)
    assert any("AS caller_position" in s for s in statements)
    assert not any('AS "a"' in s for s in statements)  # the ORM's exists()


def test_nothing_is_prepared_when_the_connection_does_not_prepare(alice: Player) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    connection.ensure_connection()
    threshold = connection.connection.prepare_threshold
    assert threshold is not None  # the default: GTR_DB_PREPARED unset
    try:
        connection.connection.prepare_threshold = None  # as GTR_DB_PREPARED=0 connects
        with rows._cursor(connection) as cursor:
            assert isinstance(cursor.cursor, psycopg.ClientCursor)
    finally:
        connection.connection.prepare_threshold = threshold
    with rows._cursor(connection) as cursor:
        assert not isinstance(cursor.cursor, psycopg.ClientCursor)
