"""The events the services publish after each commit (games.events.commit): what each write tells,
in the order of the commits, nothing for a write that rolled back, and a failing receiver that
cannot undo a write or silence the others."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from games.errors import StaleSeq
from games.events import commit
from games.live import messages
from games.models import Availability, Game, Move
from games.read.selectors import Caller
from games.services import automatic, lobby, moves, resignation
from games.services.clocks import ClockSpec
from games.services.lobby import SeatSpec


@pytest.fixture
def published() -> Iterator[list[commit.Event]]:
    seen: list[commit.Event] = []

    def record(sender: Any, *, event: commit.Event, **_: Any) -> None:
        seen.append(event)

    commit.committed.connect(record, dispatch_uid="test-record")
    try:
        yield seen
    finally:
        commit.committed.disconnect(dispatch_uid="test-record")


@pytest.fixture
def users(transactional_db: Any, django_user_model: Any) -> list[Any]:
    """Two players; a deadline that passes times them out (no automatic vacation day)."""
    users = [django_user_model.objects.create_user(n, password="x") for n in ("ann", "ben")]
    Availability.objects.bulk_create([Availability(user=u, auto_vacation=False) for u in users])
    return users


def kinds(seen: list[commit.Event]) -> list[str]:
    return [e.kind for e in seen]


def test_two_people_create_join_move_and_resign(users, published) -> None:
    ann, ben = users
    game = lobby.game_create(user=ann, version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=ben)
    assert kinds(published) == ["created", "joined", "started"]
    created, joined, started = published
    assert created.status == "open" and not created.turn_began and created.to_act is None
    assert joined.seat == 1 and joined.revision == 1
    first = Game.objects.get(pk=game.pk).to_act
    assert started.turn_began and started.to_act == first and not started.automatic
    assert started.seq == 0 and started.revision == 2 and started.status == "active"

    moves.move_submit(
        game_id=game.pk,
        caller=Caller(position=first),
        seq=0,
        action={"type": "think", "take": "cards"},
    )
    moved = published[-1]
    assert moved.kind == "moved" and moved.seat == first and moved.actor == "human"
    assert moved.seq == 1 and moved.turn_began and moved.to_act == 1 - first

    resignation.game_resign(game_id=game.pk, position=1)
    resigned, final = published[-2:]
    assert resigned.kind == "resigned" and resigned.seat == 1 and resigned.seq == 1
    assert final.kind == "moved" and final.seat is None and final.finished
    assert final.seq == 2 and final.to_act is None and not final.turn_began


def test_events_come_in_the_order_of_their_commits(users, published) -> None:
    """In-process, the bots' moves are played by a receiver of the start; their events still
    reach every receiver after the start's, seq by seq."""
    game = lobby.game_create(
        user=users[0],
        version="republic",
        players=3,
        seats=[SeatSpec("bot"), SeatSpec("me"), SeatSpec("bot")],
        clock=ClockSpec("fixed", seconds=600),
    )
    game.refresh_from_db()
    assert kinds(published)[:2] == ["created", "started"]
    assert [e.seq for e in published] == [0, *range(game.seq + 1)]
    bot_moves = published[2:]
    assert all(e.kind == "moved" and e.actor == "bot" for e in bot_moves)
    last = published[-1]
    assert last.to_act == 1 and last.turn_began and not last.automatic
    assert last.deadline == game.deadline is not None


def test_a_write_that_rolls_back_tells_nothing(users, published) -> None:
    ann, ben = users
    game = lobby.game_create(user=ann, version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=ben)
    published.clear()
    to_act = Game.objects.get(pk=game.pk).to_act
    with pytest.raises(StaleSeq):
        moves.move_submit(
            game_id=game.pk,
            caller=Caller(position=to_act),
            seq=5,
            action={"type": "think", "take": "cards"},
        )
    with pytest.raises(engine.IllegalAction):
        moves.move_submit(
            game_id=game.pk,
            caller=Caller(position=1 - to_act),
            seq=0,
            action={"type": "think", "take": "cards"},
        )
    assert published == []


def test_a_failing_receiver_is_logged_and_the_write_stands(users, published, caplog) -> None:
    def broken(sender: Any, **_: Any) -> None:
        raise RuntimeError("receiver bug")

    commit.committed.connect(broken, dispatch_uid="test-broken")
    try:
        with caplog.at_level(logging.ERROR, logger="games.events.commit"):
            game = lobby.game_create(user=users[0], version="republic", players=2)
    finally:
        commit.committed.disconnect(dispatch_uid="test-broken")
    assert Game.objects.filter(pk=game.pk).exists()
    assert kinds(published) == ["created"]  # the receiver after the broken one still ran
    assert "receiver bug" in caplog.text


def test_leaving_and_coming_back_are_told(users, published) -> None:
    ann, ben = users
    game = lobby.game_create(user=ann, version="republic", players=2, auto_start=False)
    lobby.seat_join(game_id=game.pk, user=ben)
    lobby.seat_leave(game_id=game.pk, seat=game.seats.get(position=1))
    lobby.seat_leave(game_id=game.pk, seat=game.seats.get(position=0))
    left = [e for e in published if e.kind == "left"]
    assert kinds(published) == ["created", "joined", "left", "left"]
    assert [e.seat for e in left] == [1, 0] and left[-1].status == "cancelled"


def test_a_timeout_and_the_return_after_it_are_told(users, published, monkeypatch) -> None:
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: 20261122)  # the same table
    game = lobby.game_create(
        user=users[0],
        version="republic",
        players=2,
        seats=[SeatSpec("me"), SeatSpec("bot")],
        clock=ClockSpec("fixed", seconds=600),
    )
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(deadline=game.deadline.replace(year=2000))
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "timed_out"
    timed_out = next(e for e in published if e.actor == Move.Actor.TIMEOUT)
    assert timed_out.kind == "moved" and timed_out.seat == 0 and timed_out.seq == game.seq + 1
    game.refresh_from_db()
    assert game.status == "active" and game.to_act == 0  # the bot played up to seat 0 again
    published.clear()
    automatic.seat_return(game_id=game.pk, position=0)  # resets the count of timeouts
    (returned,) = published
    assert returned.kind == "returned" and returned.seat == 0
    assert returned.turn_began and returned.to_act == 0 and returned.deadline > game.deadline


def test_the_hub_gets_the_rows_written_as_they_read_back(users, published) -> None:
    """After a commit the hub is handed the rows the write made, not rows read back
    (games.live.fanout):
    over a game's writes (the start, moves with draws, the feed's your-turn events), each event
    carries rows whose hub messages are exactly those of the stored rows, for every game event
    and feed event the write recorded."""
    from games.models import AccountEvent, GameEvent

    ann, ben = users
    game = lobby.game_create(user=ann, version="imperium", players=2)
    lobby.seat_join(game_id=game.pk, user=ben)
    for seq in range(12):
        state = engine.from_json(Game.objects.get(pk=game.pk).state)
        action = engine.legal_actions(state)[seq % 3 % len(engine.legal_actions(state))]
        moves.move_submit(
            game_id=game.pk, caller=Caller(position=engine.to_act(state)), seq=seq, action=action
        )
    written = [e for e in published if e.story is not None]
    assert len(written) == 14 and all(e.game_rows for e in written)
    for event in written:
        first, last = event.story
        assert [row.number for row in event.game_rows] == list(range(first, last + 1))
        stored = GameEvent.objects.filter(game_id=game.pk, number__range=(first, last))
        feed = AccountEvent.objects.filter(pk__in=event.feed)
        assert [r.pk for r in event.feed_rows] == list(event.feed)
        assert messages.hub_messages(list(event.game_rows), list(event.feed_rows)) == (
            messages.hub_messages(list(stored), list(feed))
        )
    assert sum(len(e.feed) for e in written) >= 12  # the your-turn events rode along
