"""games.fields.JSONTextField: a game's snapshot is kept as JSON text, not jsonb, and comes back as
it went in, through the ORM and through games.store.rows, on SQLite and on PostgreSQL; the migration
that made it so keeps the snapshots already stored."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import engine
from games.models import Game
from games.store import rows


def late_snapshot(moves: int = 200) -> dict[str, Any]:
    """A four-player Imperium game's snapshot after `moves` moves chosen at random."""
    rng = random.Random(5)
    state = engine.new_game("imperium", 4, 17, {}, None)
    for _ in range(moves):
        if engine.is_over(state):
            break
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return engine.to_json(state)


def stored_text(game_id: int) -> Any:
    with connection.cursor() as cursor:
        cursor.execute("SELECT state FROM games_game WHERE id = %s", [game_id])
        return cursor.fetchone()[0]


@pytest.mark.django_db
def test_a_snapshot_comes_back_as_it_went_in() -> None:
    snapshot = late_snapshot()
    game = Game.objects.create(version="imperium", players=4, state=snapshot, status="active")
    for read in (Game.objects.get(pk=game.pk), rows.game_with_seats(game.pk)):
        assert read is not None and read.state == snapshot
        assert engine.state_hash(engine.from_json(read.state)) == engine.state_hash(
            engine.from_json(snapshot)
        )
    text = stored_text(game.pk)
    assert isinstance(text, str) and json.loads(text) == snapshot
    assert ": " not in text and ", " not in text[:200]  # compact, as orjson writes it


@pytest.mark.django_db
def test_the_snapshot_is_text_kept_in_its_row() -> None:
    """Not jsonb on PostgreSQL (on SQLite JSON is text whatever the field), and stored in the
    game's row (storage MAIN), not in the TOAST table (docs/benchmarks.md, "Game table size")."""
    game = Game.objects.create(version="imperium", players=4, state={"a": [1, 2]})
    postgres = connection.vendor == "postgresql"
    of_type = "pg_typeof(state)::text" if postgres else "typeof(state)"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {of_type} FROM games_game WHERE id = %s", [game.pk])
        assert cursor.fetchone()[0] == "text"
    if postgres:
        assert state_column() == ("text", "m")


def state_column() -> tuple[str, str]:
    """PostgreSQL: the type of games_game.state and its storage ("m": MAIN, in the row)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT format_type(atttypid, atttypmod), attstorage FROM pg_attribute"
            " WHERE attrelid = 'games_game'::regclass AND attname = 'state'"
        )
        return cursor.fetchone()


@pytest.mark.django_db
def test_no_snapshot_is_null_and_what_orjson_refuses_is_still_written() -> None:
    empty = Game.objects.create(version="republic", players=2)
    assert stored_text(empty.pk) is None and Game.objects.get(pk=empty.pk).state is None
    assert Game.objects.filter(pk=empty.pk, state__isnull=True).exists()
    huge = {"n": 2**70, "é": ["ü", None, True, 1.5]}  # past 64 bits: orjson refuses, json writes
    game = Game.objects.create(version="republic", players=2, state=huge)
    assert Game.objects.get(pk=game.pk).state == huge


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_the_snapshots_stored_as_json() -> None:
    before, after = (
        [("games", "0010_game_version_first_edition")],
        [("games", "0011_game_state_as_text")],
    )
    executor = MigrationExecutor(connection)
    snapshot = late_snapshot(80)
    try:
        executor.migrate(before)
        if connection.vendor == "postgresql":  # back as it was: jsonb, in the row
            assert state_column() == ("jsonb", "m")
        executor.loader.build_graph()
        OldGame = executor.loader.project_state(before).apps.get_model("games", "Game")
        old = OldGame.objects.create(version="imperium", players=4, state=snapshot)
        executor.migrate(after)
        executor.loader.build_graph()
        # Only the columns 0011 knows of: later migrations add others to the model.
        assert Game.objects.only("state").get(pk=old.pk).state == snapshot
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
