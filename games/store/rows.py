"""Hand-written SQL for the hot paths: a game with its seats, the probe, a move's writes.

A game with its creator, seats and players is read in one statement, locked or not.
Every move starts with it, and so does every view not in the view cache.
It replaces two ORM queries: the game with its creator, then the seats with their players.
Building those cost the ORM about as much as the rest of a move.

Each row joins the game's columns with one seat's, in seat order.
The game's columns come from the first row, and the snapshot is decoded once.
Values pass through the same converters the ORM applies.
So the objects are those that `Game.objects.select_related("creator")` and
`prefetch_related("seats__user")` would make.
`rows.seats_of` finds the seats loaded.

A move's writes are written out here too (`insert`, `update`).
They are the move, its game events, the next player's feed event, and the game's row.
The fields prepare their values as they do for the ORM.
Only the ORM's building of each statement is saved.
It costs about as much as the database's work on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import (
    Field,
    Model,
    Prefetch,
    prefetch_related_objects,
)
from django.db.models.options import Options

from games.models import Game, Seat

# The tables' aliases in the statement, by part of the row.
_GAME, _CREATOR, _SEAT, _PLAYER = "g", "c", "s", "u"


@cache
def _fields(model: type[Model], with_state: bool = True) -> tuple[Field[Any, Any], ...]:
    return tuple(f for f in model._meta.concrete_fields if with_state or f.attname != "state")


@cache
def _statement(vendor: str, with_state: bool, lock: str) -> str:
    """Returns the statement, quoted for the `vendor`'s database."""
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    User = get_user_model()

    def columns(alias: str, model: type[Model], with_state: bool = True) -> str:
        return ", ".join(f"{alias}.{quote(f.column)}" for f in _fields(model, with_state))

    def column(alias: str, field: Any) -> str:
        return f"{alias}.{quote(field.column)}"

    game_id = column(_GAME, Game._meta.pk)
    users = quote(User._meta.db_table)
    return (
        f"SELECT {columns(_GAME, Game, with_state)}, {columns(_CREATOR, User)},"
        f" {columns(_SEAT, Seat)}, {columns(_PLAYER, User)}"
        f" FROM {quote(Game._meta.db_table)} {_GAME}"
        f" LEFT JOIN {users} {_CREATOR}"
        f" ON {column(_CREATOR, User._meta.pk)} = {column(_GAME, Game.creator.field)}"
        f" LEFT JOIN {quote(Seat._meta.db_table)} {_SEAT}"
        f" ON {column(_SEAT, Seat.game.field)} = {game_id}"
        f" LEFT JOIN {users} {_PLAYER}"
        f" ON {column(_PLAYER, User._meta.pk)} = {column(_SEAT, Seat.user.field)}"
        f" WHERE {game_id} = %s ORDER BY {column(_SEAT, Seat._meta.get_field('position'))} {lock}"
    )


def game_with_seats(game_id: int, *, with_state: bool = True, lock: bool = False) -> Game | None:
    """Returns the game with its creator and seats, or None.

    The snapshot is left out unless `with_state`.
    With `lock`, the row stays locked until the caller's transaction ends.
    That is as `select_for_update` locks it.
    """
    if not fits_key(game_id):
        return None
    db = connections[DEFAULT_DB_ALIAS]
    lock_clause = _lock_clause(db) if lock else ""
    with _cursor(db) as cursor:
        cursor.execute(_statement(db.vendor, with_state, lock_clause), [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    read = _reader(db, with_state)
    game = read(rows[0], 0)
    Game.creator.field.set_cached_value(game, read(rows[0], 1))
    seats = []
    for row in rows:
        seat = read(row, 2)
        if seat is None:
            continue
        Seat.user.field.set_cached_value(seat, read(row, 3))
        Seat.game.field.set_cached_value(seat, game)
        seats.append(seat)
    loaded = game.seats.get_queryset()  # filtered lazily, as a prefetch keeps it
    loaded._result_cache = seats
    loaded._prefetch_done = True
    game._prefetched_objects_cache = {Seat.game.field.remote_field.cache_name: loaded}
    return cast(Game, game)  # Any until here, since it gets Django's private prefetch cache


def seats_of(game: Game) -> list[Seat]:
    """Returns the game's seats in order, with their players.

    They are loaded once per game object.
    The first call fills the prefetch cache, as `game_with_seats` does.
    So a write and the answer built after it share one query.
    A change made to a seat object shows in both.
    """
    if "seats" not in getattr(game, "_prefetched_objects_cache", {}):
        prefetch_related_objects([game], Prefetch("seats", Seat.objects.select_related("user")))
    return list(game.seats.all())


def read_one(
    model: type[Model], names: tuple[str, ...], sql: str, params: Sequence[Any]
) -> tuple[Any, tuple[Any, ...]] | None:
    """Returns the first row of `sql`, or None.

    The row's first columns become an instance of `model`, as `raw` makes it.
    They are the fields `names`, converted as the ORM converts them.
    Every other field is deferred.
    The row's further columns come back as they came.
    """
    db = connections[DEFAULT_DB_ALIAS]
    with _cursor(db) as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    fields = _named_fields(model, names)
    values = list(row[: len(names)])
    for i, (col, functions) in _converters(db, fields):
        for convert in functions:
            values[i] = convert(values[i], col, db)
    by_name = dict(zip(names, values, strict=True))
    order = [f.attname for f in model._meta.concrete_fields if f.attname in by_name]
    instance = model.from_db(db.alias, order, [by_name[name] for name in order])  # model's order
    return instance, tuple(row[len(names) :])


@cache
def _named_fields(model: type[Model], names: tuple[str, ...]) -> tuple[Field[Any, Any], ...]:
    return tuple(_field(model._meta, name) for name in names)


def _field(meta: Options[Any], name: str) -> Field[Any, Any]:
    """Returns the field `name`, a column of the model's table.

    `get_field` also finds the other side of a relation and generic keys.
    They have no column, and nothing here names one.
    """
    return cast("Field[Any, Any]", meta.get_field(name))


def _cursor(db: BaseDatabaseWrapper) -> Any:
    """Returns a cursor for a statement written out here.

    On PostgreSQL the connection may prepare statements (settings: `prepare_threshold`).
    Then this cursor binds its parameters on the server.
    So psycopg prepares a statement once the connection has run it a few times.
    PostgreSQL takes longer to plan the game with its seats than to run it.
    It is a join of four tables and about sixty columns.
    See docs/benchmarks.md, "Prepared statements".
    The ORM's own cursors bind on the client and are never prepared.
    The cursor is Django's wrapper, so the statement is counted and logged as any other.
    """
    if db.vendor != "postgresql":
        return db.cursor()
    db.ensure_connection()
    if db.connection.prepare_threshold is None:
        return db.cursor()
    # Defined only under psycopg 3, our only driver, so django-stubs do not declare it.
    from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]

    raw = ServerBindingCursor(db.connection)
    return db.make_debug_cursor(raw) if db.queries_logged else db.make_cursor(raw)


def fits_key(game_id: int) -> bool:
    """Whether `game_id` fits the games' key column.

    A number past it names no game, as the ORM finds.
    The database driver would refuse it in a statement written out.
    """
    low, high = connections[DEFAULT_DB_ALIAS].ops.integer_field_range(
        Game._meta.pk.get_internal_type()
    )
    return bool(low <= game_id <= high)


def _lock_clause(db: BaseDatabaseWrapper) -> str:
    if db.features.has_select_for_update_of:
        return f"FOR UPDATE OF {_GAME}"
    return "FOR UPDATE" if db.features.has_select_for_update else ""


def _reader(db: BaseDatabaseWrapper, with_state: bool) -> _Reader:
    """Returns the reader of the statement's rows.

    It is kept on the connection, because its converters are the connection's.
    """
    kept: dict[bool, _Reader] = db.__dict__.setdefault("_games_readers", {})
    if with_state not in kept:
        User = get_user_model()
        kept[with_state] = _Reader(db, [Game, User, Seat, User], with_state)
    return kept[with_state]


class _Reader:
    """Makes model instances from the parts of a joined row.

    The row holds one model's columns after another's.
    Each value passes through the converters the ORM applies.
    The backend's come first, then the field's.
    """

    def __init__(self, db: BaseDatabaseWrapper, models: list[type[Model]], with_state: bool):
        self.db = db
        self.parts = []
        start = 0
        for model in models:
            fields = _fields(model, with_state)
            names = [f.attname for f in fields]
            self.parts.append((model, start, names, _converters(db, fields)))
            start += len(fields)

    def __call__(self, row: tuple[Any, ...], part: int) -> Any:
        """Returns the instance of the row's `part`.

        None where the join found none: its primary key, the first column, is NULL.
        """
        model, start, names, converters = self.parts[part]
        if row[start] is None:
            return None
        values = list(row[start : start + len(names)])
        for i, (col, functions) in converters:
            value = values[i]
            for convert in functions:
                value = convert(value, col, self.db)
            values[i] = value
        return model.from_db(self.db.alias, names, values)


def _converters(
    db: BaseDatabaseWrapper, fields: tuple[Field[Any, Any], ...]
) -> list[tuple[int, tuple[Any, list[Any]]]]:
    """Returns the columns that need converting, with the ORM's converters for each.

    They are kept on the connection, because the backend's converters are its methods.
    """
    kept: dict[tuple[Field[Any, Any], ...], list[tuple[int, tuple[Any, list[Any]]]]]
    kept = db.__dict__.setdefault("_games_rows", {})
    if fields not in kept:
        found = []
        for i, field in enumerate(fields):
            col = field.cached_col
            functions = db.ops.get_db_converters(col) + col.get_db_converters(db)
            if functions:
                found.append((i, (col, functions)))
        kept[fields] = found
    return kept[fields]


# The view cache's probe ----------------------------------------------------------------------

# The game's columns a cached view needs: its key, its ETag, what changes with the time.
# They are read with the caller's first seat at the game.
# The statement is written out by hand (games.read.view_cache).
# The ORM's building of it cost more than the rest of a cached answer.
PROBE_COLUMNS = (
    "id",
    "created",
    "revision",
    "last_event",
    "status",
    "to_act",
    "automatic",
    "deadline",
    "decision_started",
    "updated",
    "clock",
    "clock_calendar",  # time off: whether the clock runs now, the clock seconds left
)


_PROBE = (
    "SELECT {columns},"
    " (SELECT s.position FROM {seat} s WHERE s.game_id = g.id AND s.user_id = %s"
    " ORDER BY s.position LIMIT 1) AS caller_position"
    " FROM {game} g WHERE g.id = %s"
)


@cache
def _probe_statement() -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(f"g.{quote(_field(Game._meta, name).column)}" for name in PROBE_COLUMNS)
    return _PROBE.format(columns=columns, game=Game._meta.db_table, seat=Seat._meta.db_table)


def probe(game_id: int, user_id: int | None) -> tuple[Game, int | None] | None:
    """Returns the game's `PROBE_COLUMNS` and the position of the user's first seat.

    The game is a `Game` with every other column deferred.
    None when there is no such game.
    """
    if not fits_key(game_id):
        return None
    found = read_one(Game, PROBE_COLUMNS, _probe_statement(), [user_id, game_id])
    if found is None:
        return None
    game, (position,) = found
    return game, position


# Writes -----------------------------------------------------------------------------------------


def insert(objs: Sequence[Model]) -> None:
    """Insert `objs` of one model in one statement, and set their primary keys.

    This is what `bulk_create` does, without the ORM's building of the statement.
    Every column but the primary key is written.
    Each value is prepared as the ORM prepares it: `auto_now_add` set, JSON encoded.
    """
    if not objs:
        return
    db = connections[DEFAULT_DB_ALIAS]
    model = type(objs[0])
    if not db.features.can_return_rows_from_bulk_insert:
        model._base_manager.bulk_create(objs)  # pragma: no cover - SQLite before 3.35
        return
    meta, quote = model._meta, db.ops.quote_name
    fields = [f for f in meta.concrete_fields if f is not meta.pk]
    values = [f.get_db_prep_save(f.pre_save(obj, True), db) for obj in objs for f in fields]
    row = f"({', '.join(['%s'] * len(fields))})"
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)})"
        f" VALUES {', '.join([row] * len(objs))} RETURNING {quote(meta.pk.column)}"
    )
    with _cursor(db) as cursor:
        cursor.execute(sql, values)
        keys = cursor.fetchall()
    for obj, (key,) in zip(objs, keys, strict=True):
        obj.pk = key
        obj._state.adding, obj._state.db = False, db.alias


def update(obj: Model, fields: Iterable[str]) -> None:
    """Does `obj.save(update_fields=fields)` in one statement written out.

    `auto_now` fields are set. The row must exist.
    """
    db = connections[DEFAULT_DB_ALIAS]
    meta, quote = obj._meta, db.ops.quote_name
    changed = [_field(meta, name) for name in dict.fromkeys(fields)]
    values = [f.get_db_prep_save(f.pre_save(obj, False), db) for f in changed]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in changed)
    sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"
    with _cursor(db) as cursor:
        cursor.execute(sql, [*values, obj.pk])
