"""Asynchronous play with a real Redis broker and real Celery worker processes: bots
play a whole game unattended, a deadline applies its policy once however often its task is
delivered, and a worker killed in the middle of a bot move leaves a consistent game whose move is
made exactly once after a restart. Waits are bounded; nothing asserts how long anything took."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

import engine
from games.management.commands.verify_games import verify
from games.models import Availability, Game, Move, Seat
from games.read.selectors import Caller
from games.services import automatic, lobby, moves
from games.services.clocks import ClockSpec
from games.services.lobby import SeatSpec
from games.tasks import expire_deadline

from .conftest import Worker, wait_for

pytestmark = pytest.mark.celery


@pytest.fixture
def staff(transactional_db: Any, django_user_model: Any) -> Any:
    user = django_user_model.objects.create_user("root", password="x", is_staff=True)
    Availability.objects.create(user=user, auto_vacation=False)  # a deadline times it out
    return user


def game(game_id: int) -> Game:
    return Game.objects.get(pk=game_id)


def bot_table(staff: Any, players: int = 4) -> int:
    return lobby.game_create(
        user=staff,
        version="republic",
        players=players,
        seats=[SeatSpec("bot", bot="greedy" if i % 2 else "random") for i in range(players)],
    ).pk


def test_four_bots_play_to_the_end_unattended(worker: Worker, staff: Any) -> None:
    worker.start()
    game_id = bot_table(staff)
    finished = wait_for(lambda: game(game_id).status == "finished" and game(game_id), "the end")
    assert verify(finished) == []
    moves = Move.objects.filter(game_id=game_id)
    assert moves.count() == finished.seq > 0
    assert set(moves.values_list("actor", flat=True)) == {"bot"}
    assert finished.to_act is None and finished.deadline is None and not finished.automatic


def sessions_opened() -> int:
    """Connections ever opened to the test database (PostgreSQL's own count)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def test_a_worker_keeps_its_database_connection_from_move_to_move(
    worker: Worker, staff: Any
) -> None:
    """One task a move, but not one connection a move (gtr_api.celery, `_connections_kept`):
    Celery's Django fix-up alone would open one for every task."""
    worker.start()
    game_id = bot_table(staff)  # four bots: some 300 moves
    wait_for(lambda: game(game_id).seq >= 5, "the first moves")  # every process connected
    before, seq = sessions_opened(), game(game_id).seq
    finished = wait_for(lambda: game(game_id).status == "finished" and game(game_id), "the end")
    opened = sessions_opened() - before  # a closed connection is counted as it closes
    assert finished.seq - seq > 40  # one connection a move would open as many
    assert opened < 10, f"{opened} connections opened for {finished.seq - seq} moves"


def test_a_deadline_applies_its_policy_once_when_delivered_twice(
    worker: Worker, staff: Any
) -> None:
    worker.start()
    game_id = lobby.game_create(
        user=staff,
        version="republic",
        players=2,
        seats=[SeatSpec("me"), SeatSpec("bot")],
        clock=ClockSpec("fixed", seconds=3600),
    ).pk
    # The worker plays the bot's opening moves, if it leads, up to the person's decision.
    g = wait_for(lambda: (g := game(game_id)).to_act == 0 and not g.automatic and g, "a turn")
    seq, state = g.seq, engine.from_json(g.state)
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    deliveries = [expire_deadline.delay(game_id, seq).id for _ in range(2)]

    # Both deliveries ran (the sweep may add more); one of them timed the seat out.
    def outcomes() -> list[str]:
        text = worker.text()
        found = [re.search(rf"{i}\] succeeded in [\d.e-]+s: '(\w+)'", text) for i in deliveries]
        return [m.group(1) for m in found if m]

    done = wait_for(lambda: len(outcomes()) == 2 and outcomes(), "both deliveries")
    assert sorted(done) in (["moved_on", "timed_out"], ["moved_on", "moved_on"])
    wait_for(lambda: (g := game(game_id)).status != "active" or not g.automatic, "the bot")
    timeouts = Move.objects.filter(game_id=game_id, actor="timeout")
    assert timeouts.count() == 1
    move = timeouts.get()
    assert move.seq == seq + 1 and move.seat == 0
    assert move.action == engine.parse(engine.safe_action(state)).to_json()
    assert Seat.objects.get(game_id=game_id, position=0).timeouts == 1
    assert verify(game(game_id)) == []


def test_a_worker_killed_mid_move_leaves_a_consistent_game(
    worker: Worker, staff: Any, tmp_path: Path
) -> None:
    pause = tmp_path / "pause"
    reached = Path(f"{pause}.reached")
    worker.start(GTR_TEST_PAUSE_FILE=str(pause))
    game_id = bot_table(staff, players=2)
    target = 6
    pause.write_text(f"{game_id} {target}")
    # (The first moves may already be played: then pause at a later one.)
    if game(game_id).seq >= target - 1:  # pragma: no cover - a fast worker
        target = game(game_id).seq + 3
        pause.write_text(f"{game_id} {target}")
    wait_for(reached.exists, "the worker to stop inside the bot's move")
    worker.kill()

    # The move in flight left nothing behind: the log is gapless and replays to the snapshot.
    before = game(game_id)
    assert before.seq == target - 1
    assert not Move.objects.filter(game_id=game_id, seq=target).exists()
    assert verify(before) == []

    pause.unlink()
    worker.start()
    finished = wait_for(lambda: game(game_id).status == "finished" and game(game_id), "the end")
    assert verify(finished) == []
    assert Move.objects.filter(game_id=game_id, seq=target).count() == 1
    # It is the very move the bot was making: a bot's choice depends on its seat's view only.
    state = moves.initial_state(finished)
    for m in Move.objects.filter(game_id=game_id, seq__lt=target).order_by("seq"):
        state = moves.replay_move(state, m)
    seat = Seat.objects.get(game_id=game_id, position=engine.to_act(state))
    expected = automatic.bot_action(finished, state, seat)
    made = Move.objects.get(game_id=game_id, seq=target)
    assert made.actor == "bot" and made.action == engine.parse(expected).to_json()


def test_one_person_and_three_bots_the_bots_play_between_the_persons_moves(
    worker: Worker, staff: Any
) -> None:
    worker.start()
    game_id = lobby.game_create(
        user=staff,
        version="imperium",
        players=4,
        seats=[SeatSpec("bot"), SeatSpec("me"), SeatSpec("bot", bot="random"), SeatSpec("bot")],
    ).pk
    for _ in range(6):
        g = wait_for(
            lambda: (g := game(game_id)).status != "active" or (g.to_act == 1 and g), "a turn"
        )
        if g.status != "active":  # pragma: no cover - a very short game
            break
        action = engine.legal_actions(engine.from_json(g.state))[0]
        moves.move_submit(game_id=game_id, caller=Caller(position=1), seq=g.seq, action=action)
    wait_for(lambda: (g := game(game_id)).status != "active" or not g.automatic, "the bots")
    logged = Move.objects.filter(game_id=game_id)
    assert set(logged.filter(seat=1).values_list("actor", flat=True)) == {"human"}
    assert set(logged.exclude(seat=1).values_list("actor", flat=True)) == {"bot"}
    assert logged.exclude(seat=1).count() > 0
    assert verify(game(game_id)) == []


def test_a_search_bot_past_its_soft_time_limit_gives_way_to_greedy(
    worker: Worker, staff: Any
) -> None:
    """A prefork worker (production's) enforces the bot move's soft time limit: a search bot
    set to think longer than the limit allows (`ismcts-3` searching for its whole budget, 2.5 s,
    against a limit of 1 s here) is stopped, the greedy bot makes that move instead, the overrun
    is logged, and the game goes on: it never waits on a search."""
    worker.start(
        pool="prefork",
        GTR_BOT_SOFT_TIME_LIMIT="1",
        GTR_BOT_HARD_MARGIN="30",
        GTR_BOT_SEARCH_BY_TIME="1",
    )
    game_id = lobby.game_create(
        user=staff,
        version="republic",
        players=2,
        seats=[SeatSpec("bot", bot="ismcts-3"), SeatSpec("bot", bot="greedy")],
    ).pk
    wait_for(lambda: "overran its soft time limit" in worker.text(), "a soft time limit")
    wait_for(lambda: game(game_id).seq >= 6, "the game to go on")
    assert "Hard time limit" not in worker.text()
    moves = Move.objects.filter(game_id=game_id)
    assert set(moves.values_list("actor", flat=True)) == {"bot"}
    worker.stop()
    assert verify(game(game_id)) == []


def test_a_worker_that_stops_taking_tasks_reconnects_and_takes_them(
    worker: Worker, staff: Any
) -> None:
    """kombu can lose the socket a worker reads its tasks from while still counting it as
    registered (celery/kombu#2629): the worker lives and takes no task again. Simulated here:
    3 s after it is ready this worker's event loop forgets that socket. A game of two bots made
    after that still plays to its end: with nothing running and nothing taken for the stall time
    while tasks wait, the worker says so and reconnects."""
    worker.start(GTR_TEST_LOSE_BROKER_READER="1", GTR_WORKER_STALL_SECONDS="5")
    wait_for(lambda: "the broker reader is forgotten" in worker.text(), "the reader lost")
    game_id = lobby.game_create(
        user=staff,
        version="republic",
        players=2,
        seats=[SeatSpec("bot", bot="greedy"), SeatSpec("bot", bot="random")],
    ).pk
    wait_for(lambda: game(game_id).status == Game.Status.FINISHED, "the game's end")
    log = worker.text()
    assert log.index("has taken no task") < log.index("Connection to broker lost")
    worker.stop()
    assert verify(game(game_id)) == []
