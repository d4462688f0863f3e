"""Blocks and suspensions in play: who may sit where, and a bot standing in for a suspended
account (games.services.barred, games.services.moderation)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

import engine
from games import codes
from games.errors import Forbidden
from games.models import Game, GameEvent, Move, Report, Seat, Suspension
from games.read import people
from games.read.selectors import Caller
from games.services import automatic, blocks, lobby, moderation, moves
from games.services.lobby import SeatSpec

SEED = 20261122


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: SEED)


@pytest.fixture
def users(transactional_db: Any, django_user_model: Any) -> tuple[Any, Any, Any]:
    return tuple(django_user_model.objects.create_user(n, password="x") for n in "abc")  # type: ignore[return-value]


def open_table(user: Any, players: int = 2) -> Game:
    seats = [SeatSpec("me")] + [SeatSpec("open")] * (players - 1)
    return lobby.game_create(user=user, version="republic", players=players, seats=seats)


def two_people(a: Any, b: Any) -> Game:
    """a and b at a table with a bot, in play."""
    game = lobby.game_create(
        user=a,
        version="republic",
        players=3,
        seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("bot")],
    )
    lobby.seat_join(game_id=game.pk, user=b)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def test_a_block_works_both_ways_and_only_between_the_two(users) -> None:
    a, b, c = users
    blocks.block_add(user=a, blocked=b)
    assert people.blocked(a.pk, b.pk) and people.blocked(b.pk, a.pk)
    assert not people.blocked(a.pk, c.pk) and not people.blocked(b.pk, c.pk)
    blocks.block_remove(user=a, blocked=b)
    assert not people.blocked(a.pk, b.pk)


def test_blocking_twice_oneself_or_lifting_no_block_is_refused(users) -> None:
    a, b, _ = users
    blocks.block_add(user=a, blocked=b)
    for call, code in [
        (lambda: blocks.block_add(user=a, blocked=b), codes.ALREADY_BLOCKED),
        (lambda: blocks.block_add(user=a, blocked=a), codes.BLOCK_SELF),
        (lambda: blocks.block_remove(user=b, blocked=a), codes.NOT_BLOCKED),
    ]:
        with pytest.raises(Exception) as caught:
            call()
        assert caught.value.code == code  # type: ignore[attr-defined]


@pytest.mark.parametrize("who_blocks", ["sitter", "joiner"])
def test_nobody_joins_a_table_across_a_block(users, who_blocks) -> None:
    a, b, c = users
    game = open_table(a, players=3)
    if who_blocks == "sitter":
        blocks.block_add(user=a, blocked=b)
    else:
        blocks.block_add(user=b, blocked=a)
    with pytest.raises(Forbidden) as caught:
        lobby.seat_join(game_id=game.pk, user=b)
    assert caught.value.code == codes.BLOCKED
    assert not Seat.objects.filter(game=game, user=b).exists()
    lobby.seat_join(game_id=game.pk, user=c)  # anyone else may
    assert Seat.objects.filter(game=game, user=c).exists()


def test_a_suspended_account_may_not_create_or_join(users) -> None:
    a, b, _ = users
    game = open_table(a)
    moderation.account_suspend(user=b, reason="spam")
    assert people.suspended(b.pk)
    for call in (lambda: open_table(b), lambda: lobby.seat_join(game_id=game.pk, user=b)):
        with pytest.raises(Forbidden) as caught:
            call()
        assert caught.value.code == codes.SUSPENDED
    assert Game.objects.filter(creator=b).count() == 0


def test_a_suspended_account_leaves_its_open_tables(users) -> None:
    a, b, _ = users
    game = open_table(a, players=3)
    lobby.seat_join(game_id=game.pk, user=b)
    moderation.account_suspend(user=b, reason="abuse")
    assert not Seat.objects.filter(game=game, user=b).exists()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_a_bot_stands_in_for_a_suspended_player_and_the_game_goes_on(users) -> None:
    a, b, _ = users
    game = two_people(a, b)
    seat_b = Seat.objects.get(game=game, user=b)
    moderation.account_suspend(user=b, reason="abuse")
    seat_b.refresh_from_db()
    assert seat_b.suspended and seat_b.bot_standing_in
    assert GameEvent.objects.filter(game=game, type="stood_in").count() == 1
    # Play a's decisions safely: b's are the bot's, so the game reaches its end.
    for _ in range(3000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert game.to_act != seat_b.position or game.automatic
        state = engine.from_json(game.state)
        moves.move_submit(
            game_id=game.pk, caller=Caller(user=a), seq=game.seq, action=engine.safe_action(state)
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert Move.objects.filter(game=game, seat=seat_b.position, actor="bot").exists()


def suspended_at_their_turn(users) -> tuple[Game, Any, Seat]:
    """b is suspended while a decides, so b's seat stays b's to try to move."""
    a, b, _ = users
    game = two_people(a, b)
    seat_b = Seat.objects.get(game=game, user=b)
    moderation.account_suspend(user=b, reason="abuse")
    return game, b, seat_b


def test_a_suspended_player_may_neither_move_nor_return(users) -> None:
    game, b, seat_b = suspended_at_their_turn(users)
    game.refresh_from_db()
    before = game.seq
    for call in (
        lambda: automatic.seat_return(game_id=game.pk, position=seat_b.position),
        lambda: moves.move_submit(
            game_id=game.pk,
            caller=Caller(user=b),
            seq=game.seq,
            action=engine.safe_action(engine.from_json(game.state)),
        ),
    ):
        with pytest.raises(Forbidden) as caught:
            call()
        assert caught.value.code == codes.SUSPENDED
    game.refresh_from_db()
    assert game.seq == before
    seat_b.refresh_from_db()
    assert seat_b.bot_standing_in


def test_once_lifted_the_player_may_return(users) -> None:
    game, b, seat_b = suspended_at_their_turn(users)
    moderation.suspension_lift(suspension=Suspension.objects.get(user=b))
    assert not people.suspended(b.pk)
    automatic.seat_return(game_id=game.pk, position=seat_b.position)
    seat_b.refresh_from_db()
    assert not seat_b.suspended and not seat_b.bot_standing_in


def test_a_suspension_that_ran_out_clears_itself_when_the_player_returns(users) -> None:
    game, b, seat_b = suspended_at_their_turn(users)
    Suspension.objects.filter(user=b).update(until=timezone.now() - timedelta(seconds=1))
    automatic.seat_return(game_id=game.pk, position=seat_b.position)
    seat_b.refresh_from_db()
    assert not seat_b.suspended and not seat_b.bot_standing_in


def test_a_report_is_filed_once_and_closed_by_a_suspension(users) -> None:
    a, b, _ = users
    report = moderation.report_file(reporter=a, reason="abuse", player=b, text="rude")
    with pytest.raises(Exception) as caught:
        moderation.report_file(reporter=a, reason="spam", player=b)
    assert caught.value.code == codes.ALREADY_REPORTED  # type: ignore[attr-defined]
    for kwargs, code in [
        ({"player": a}, codes.REPORT_SELF),
        ({}, codes.BAD_REPORT),
        ({"player": b, "message_id": 3}, codes.BAD_REPORT),
    ]:
        with pytest.raises(Exception) as caught:
            moderation.report_file(reporter=a, reason="abuse", **kwargs)
        assert caught.value.code == code  # type: ignore[attr-defined]
    moderation.account_suspend(user=b, reason="abuse", by=a, report=report)
    report.refresh_from_db()
    assert report.status == Report.Status.ACTED and report.handled_by == a


def test_a_suspended_player_may_not_stall_with_a_pause_and_is_not_asked(users) -> None:
    from games.services import pauses

    game, _, seat_b = suspended_at_their_turn(users)
    with pytest.raises(Forbidden) as caught:
        pauses.pause_propose(game_id=game.pk, position=seat_b.position)
    assert caught.value.code == codes.SUSPENDED
    a_seat = Seat.objects.get(game=game, position=0)
    pauses.pause_propose(game_id=game.pk, position=a_seat.position)
    game.refresh_from_db()
    assert game.paused_since is not None  # no other person to ask: b is suspended
