"""How many SQL statements each hot request costs, pinned so that a change that adds one fails
here (docs/benchmarks.md gives the figures). Counted inside the test's transaction, so a write's
transaction shows as a SAVEPOINT and its RELEASE (a real request has BEGIN and COMMIT instead),
and what runs after the commit (games.events.commit receivers) is run, and counted, inside the
block."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.utils import timezone

from games.store.caches import VIEW_CACHE
from tests.conftest import Player, signup, start_game


@pytest.fixture
def table(alice: Player, bob: Player) -> tuple[int, Player, dict[str, Any]]:
    """A started two-player game; the player to act and that player's view."""
    game_id = start_game(alice, [bob])
    view = alice.game(game_id)
    mover = alice if view["to_act"] == 0 else bob
    return game_id, mover, mover.game(game_id)


@pytest.fixture
def counted(django_assert_num_queries, django_capture_on_commit_callbacks):
    """`with counted(n):` exactly n statements, the after-commit receivers' included."""

    @contextmanager
    def block(n: int) -> Iterator[Any]:
        with (
            django_assert_num_queries(n) as captured,
            django_capture_on_commit_callbacks(execute=True),
        ):
            yield captured

    return block


def test_a_move_costs_nine_statements(table, counted) -> None:
    """The token with its user, lock the game and read its seats in the same statement
    (games.store.rows), insert the move, the next player's
    account feed number (which says too whether the account has an active webhook: none here, so
    no webhook is looked up) and its your-turn event, update the game (its `last_event` with the
    rest), insert the move's events and the next decision's in one statement (SAVEPOINT/RELEASE
    around all this). After the commit nothing is read: the hub gets the rows just written, and
    the seats loaded for the move say whether the next player has an e-mail address. The caller's
    seat is found among the locked game's seats, and the answer is built from them. (Before the
    event log there were eight; with it, at first, eighteen, then ten: docs/benchmarks.md.)"""
    game_id, mover, view = table
    with counted(9) as captured:
        r = mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    assert r.status_code == 201, r.content
    sql = [q["sql"] for q in captured.captured_queries]
    assert sum(s.startswith('INSERT INTO "games_gameevent"') for s in sql) == 1
    assert sum(s.startswith('UPDATE "games_game"') for s in sql) == 1


def test_a_move_looks_up_webhooks_only_for_an_account_that_has_one(
    table, django_assert_num_queries
) -> None:
    """The next player has an active webhook: one statement more, to find it (and one to insert
    its delivery). Counted up to the commit (the delivery's task, run in-process in the tests,
    is not counted)."""
    from games.models import Webhook

    game_id, mover, view = table
    other = User.objects.get(username="bob" if mover.name == "alice" else "alice")
    Webhook.objects.create(user=other, url="https://hooks.example.com/gtr", secret="s" * 32)
    with django_assert_num_queries(11) as captured:
        r = mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    assert r.status_code == 201, r.content
    assert any('FROM "games_webhook"' in q["sql"] for q in captured.captured_queries)
    assert any('INTO "games_webhookdelivery"' in q["sql"] for q in captured.captured_queries)


def test_a_move_updates_only_the_columns_that_change(table, counted) -> None:
    game_id, mover, view = table
    with counted(9) as captured:
        mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    (update,) = [
        q["sql"]
        for q in captured.captured_queries
        if q["sql"].startswith("UPDATE") and '"state" = ' in q["sql"]
    ]
    for unchanged in ("version", "options", "setup", "creator_id", "clock_seconds", "created"):
        assert f'"{unchanged}" = ' not in update
    assert '"state" = ' in update and '"seq" = ' in update


def test_a_first_view_costs_two_statements_and_again_two(table, django_assert_num_queries) -> None:
    """Nothing of the game kept in the process (its first look at it): the token with its user,
    then the game with its snapshot, creator and seats in one statement (games.store.rows), the
    caller's seat found among them; asked again at the same revision, the whole view comes from
    the cache: the token and the key (the game's revision with the caller's seat position)."""
    game_id = table[0]
    other = signup()  # a spectator: a view nobody built yet
    # Nor of anyone else at this revision (see the next test). After a move made elsewhere:
    # tests/api/test_view_cache.py.
    caches[VIEW_CACHE].clear()
    with django_assert_num_queries(2) as first_look:
        first = other.get(f"/api/games/{game_id}/")
    with django_assert_num_queries(2) as again_look:
        again = other.get(f"/api/games/{game_id}/")
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert first["ETag"] == again["ETag"]
    assert 'JOIN "games_seat"' in first_look.captured_queries[1]["sql"]  # the game whole
    assert 'JOIN "games_seat"' not in again_look.captured_queries[1]["sql"]  # the key alone


def test_another_seats_view_at_a_revision_already_built_costs_two_statements(
    table, django_assert_num_queries
) -> None:
    """Built from the game kept with a view of the same revision (games.read.view_cache): the token
    and the key alone. Here the players' own looks in the fixture kept it."""
    game_id = table[0]
    spectator = signup()
    with django_assert_num_queries(2):
        r = spectator.get(f"/api/games/{game_id}/")
    assert r.status_code == 200 and r.json()["my_seat"] is None


def test_a_view_not_modified_costs_two_statements(table, django_assert_num_queries) -> None:
    game_id, mover, _ = table
    etag = mover.get(f"/api/games/{game_id}/")["ETag"]
    with django_assert_num_queries(2):
        r = mover.get(f"/api/games/{game_id}/", HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 304


def test_the_history_costs_four_statements(table, django_assert_num_queries) -> None:
    """The token with its user, the game with its seats, the count and the page."""
    game_id, mover, view = table
    mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    with django_assert_num_queries(4):
        r = mover.get(f"/api/games/{game_id}/moves/")
    assert r.status_code == 200 and r.json()["count"] == 1


def test_the_lobby_costs_four_statements_whatever_its_length(
    alice, bob, django_assert_num_queries
) -> None:
    """The token with its user, the count, the page of games with their creators, and all their
    seats."""
    for _ in range(3):
        start_game(alice, [bob])
    with django_assert_num_queries(4):
        r = alice.get("/api/games/")
    assert r.status_code == 200 and r.json()["count"] == 3


def test_no_task_after_a_move_when_nobody_is_to_be_told(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    """Nobody at the table has an e-mail address, no seat is a bot and there is no clock: the
    move's commit schedules no task (a task costs a broker round trip on every move)."""
    from players.mail import tasks

    game_id = start_game(alice, [bob])
    scheduled: list[tuple[Any, ...]] = []
    delay = tasks.notify_turn.delay

    def spy(*args: Any) -> Any:
        scheduled.append(args)
        return delay(*args)

    monkeypatch.setattr(tasks.notify_turn, "delay", spy)

    def play_one() -> None:
        to_act = alice.game(game_id)["to_act"]
        player = (alice, bob)[to_act]
        view = player.game(game_id)
        with django_capture_on_commit_callbacks(execute=True):
            r = player.move(game_id, view["seq"], view["legal_actions"][0]["action"])
        assert r.status_code == 201

    play_one()
    assert scheduled == []
    User.objects.filter(username__in=["alice", "bob"]).update(email="p@example.com")
    play_one()
    assert len(scheduled) == 1  # with an address, the turn mail's task is scheduled


def _clocked_table(alice: Player, bob: Player, **time_off: Any) -> tuple[int, Player, Any]:
    game_id = start_game(alice, [bob], clock={"kind": "fixed", "seconds": 86400}, **time_off)
    view = alice.game(game_id)
    mover = alice if view["to_act"] == 0 else bob
    return game_id, mover, mover.game(game_id)


@pytest.mark.parametrize(
    "hours",
    [None, {"start": "00:00", "end": "23:59", "zone": "player"}],
    ids=["clock", "clock_with_playing_hours"],
)
def test_time_off_costs_a_move_and_a_view_nothing(
    alice: Player, bob: Player, counted, django_assert_num_queries, hours
) -> None:
    """A game with a clock, with or without playing hours (and a player on vacation at the next
    decision: its calendar comes from the seat's row): the move costs nine statements, as in a
    game without a clock, a first view two and a kept view two (games.read.calendars needs no
    query: the vacations are copied onto the seats)."""
    game_id, mover, view = _clocked_table(alice, bob, **({"playing_hours": hours} if hours else {}))
    from games.models import Seat

    other = 1 - view["my_seat"]
    now = timezone.now()
    away = [[(now - timedelta(hours=1)).isoformat(), (now + timedelta(days=1)).isoformat()]]
    Seat.objects.filter(game_id=game_id, position=other).update(away=away)
    with counted(9) as captured:
        r = mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    assert r.status_code == 201, r.content
    assert not any("games_vacation" in q["sql"] for q in captured.captured_queries)
    spectator = signup()
    caches[VIEW_CACHE].clear()
    with django_assert_num_queries(2):
        first = spectator.get(f"/api/games/{game_id}/")
    with django_assert_num_queries(2):
        again = spectator.get(f"/api/games/{game_id}/")
    assert first.json()["seats"][other]["away_until"] is not None
    assert again.json()["seats"][other]["away_until"] == first.json()["seats"][other]["away_until"]
    if first.json()["to_act"] == other:
        assert first.json()["clock"]["stopped"]["why"] == "vacation"
