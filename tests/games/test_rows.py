"""games.store.rows: the game with its creator and seats in one hand-written statement makes the
objects
the ORM makes (every column converted as the ORM converts it: dates, JSON, booleans, floats, the
snapshot), on SQLite and on PostgreSQL alike."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from games.models import Game, Seat
from games.services import lobby
from games.services.clocks import ClockSpec
from games.store import rows


def columns(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def game(db) -> Game:
    """Four seats: the creator's, a bot, an invited address, one left open; a bank clock."""
    ann = User.objects.create_user("ann", email="ann@example.com")
    created = lobby.game_create(
        user=ann,
        version="imperium",
        players=4,
        seats=[
            lobby.SeatSpec("me"),
            lobby.SeatSpec("bot", bot="random"),
            lobby.SeatSpec("invited", email="guest@example.com"),
            lobby.SeatSpec("open"),
        ],
        clock=ClockSpec(kind="bank", seconds=300, increment=5, cap=600),
    )
    Seat.objects.filter(game=created, position=1).update(bank=12.5, resigned=True)
    return created


def test_the_objects_are_the_orms(game: Game) -> None:
    expected = Game.objects.select_related("creator").get(pk=game.pk)
    got = rows.game_with_seats(game.pk)
    assert got is not None
    assert columns(got) == columns(expected) and got.state is None  # not started: no snapshot
    assert got.creator is not None and columns(got.creator) == columns(expected.creator)
    seats = list(got.seats.all())
    orm = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    assert [columns(s) for s in seats] == [columns(s) for s in orm]
    assert [s.user and columns(s.user) for s in seats] == [s.user and columns(s.user) for s in orm]
    assert seats[1].bank == 12.5 and seats[1].resigned is True and seats[3].user is None
    assert all(s.game is got for s in seats)


def test_a_started_game_with_its_snapshot_and_without(game: Game) -> None:
    bob = User.objects.create_user("bob")
    lobby.seat_join(game_id=game.pk, user=bob)  # the last open seat: the game starts
    expected = Game.objects.get(pk=game.pk)
    assert expected.status == Game.Status.ACTIVE and expected.state
    with_state = rows.game_with_seats(game.pk)
    assert with_state is not None and columns(with_state) == columns(expected)
    without = rows.game_with_seats(game.pk, with_state=False)
    assert without is not None and without.get_deferred_fields() == {"state"}
    assert without.state == expected.state  # read when asked, as the ORM's `defer` does


def test_the_seats_are_read_with_the_game_and_once(game: Game, django_assert_num_queries) -> None:
    with django_assert_num_queries(1):
        got = rows.game_with_seats(game.pk)
        assert got is not None
        names = [s.user.username if s.user else None for s in got.seats.all()]
        assert got.creator is not None and got.creator.username == "ann"
    assert names == ["ann", None, None, None]
    with django_assert_num_queries(1):  # a filter on the seats asks the database, for this game
        assert list(got.seats.filter(kind=Seat.Kind.BOT)) == [got.seats.all()[1]]


def test_a_locked_read_inside_a_transaction(game: Game, django_assert_num_queries) -> None:
    with transaction.atomic(), django_assert_num_queries(1) as captured:
        got = rows.game_with_seats(game.pk, lock=True)
    assert got is not None and got.pk == game.pk
    from django.db import connection

    if connection.features.has_select_for_update_of:
        assert captured.captured_queries[0]["sql"].endswith("FOR UPDATE OF g")


def test_no_such_game_and_a_game_without_its_creator(game: Game) -> None:
    assert rows.game_with_seats(game.pk + 1000) is None
    assert rows.game_with_seats(2**63) is None and rows.game_with_seats(-(2**63) - 1) is None
    User.objects.filter(username="ann").delete()  # the creator's account is gone (SET_NULL)
    got = rows.game_with_seats(game.pk)
    assert got is not None and got.creator is None and got.creator_id is None
    assert [s.user for s in got.seats.all()] == [None] * 4


def test_an_insert_is_the_orms(game: Game) -> None:
    """`rows.insert` writes what `bulk_create` writes (JSON, dates, `auto_now_add`) and sets
    the primary keys in order."""
    from django.utils import timezone

    from games.models import GameEvent, Move

    now = timezone.now()
    events = [
        GameEvent(game=game, number=n, seq=0, type="t", public={"n": n, "x": [1]}, created=now)
        for n in (1, 2, 3)
    ]
    rows.insert(events)
    stored = list(GameEvent.objects.filter(game=game).order_by("number"))
    assert [e.pk for e in events] == [e.pk for e in stored] and events[0].pk is not None
    assert [columns(e) for e in events] == [columns(e) for e in stored]
    assert stored[2].public == {"n": 3, "x": [1]} and stored[0].private == {}
    move = Move(game=game, seq=1, seat=None, action={"type": "pass"}, actor="bot", state_hash="h")
    rows.insert([move])
    assert move.created is not None and not move._state.adding
    assert columns(Move.objects.get(pk=move.pk)) == columns(move)


def test_an_update_writes_the_columns_named_and_updated(
    game: Game, django_assert_num_queries
) -> None:
    before = Game.objects.get(pk=game.pk)
    game.revision, game.options, game.players = 41, {"changed": True}, 2  # players: not named
    with django_assert_num_queries(1) as captured:
        rows.update(game, ["revision", "options", "updated"])
    assert '"players"' not in captured.captured_queries[0]["sql"]
    after = Game.objects.get(pk=game.pk)
    assert (after.revision, after.options, after.players) == (41, {"changed": True}, 4)
    assert after.updated == game.updated and after.updated > before.updated


def test_a_row_read_by_names_is_the_orms_whatever_their_order(game: Game) -> None:
    """`rows.read_one` (the view cache's probe) makes the instance `only(...)` makes: each
    column converted, in whatever order the statement names them, the rest deferred; the
    further columns come back as they are."""
    names = ("updated", "id", "clock", "created", "revision", "deadline", "status")
    sql = (
        "SELECT updated, id, clock, created, revision, deadline, status, 42 FROM games_game"
        " WHERE id = %s"
    )
    found = rows.read_one(Game, names, sql, [game.pk])
    assert found is not None
    read, rest = found
    expected = Game.objects.only(*names).get(pk=game.pk)
    assert {n: getattr(read, n) for n in names} == {n: getattr(expected, n) for n in names}
    assert rest == (42,) and read.get_deferred_fields() == expected.get_deferred_fields()
    assert rows.read_one(Game, names, sql, [game.pk + 1000]) is None
