"""Search bots at the table: ismcts seats play whole games through the service; a
seat's memory, rebuilt from the move log and caught up move by move, is exactly what its own views
and the public history showed; and a bot that decides before it locks the game plays its move
once even when another delivery of the same task got there first."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots import BOTS
from engine.determinize import Memory
from games.models import Game, Move, Seat
from games.read.selectors import Caller
from games.services import automatic, bot_memory
from games.services.lobby import SeatSpec, game_create
from games.services.moves import initial_state, move_submit, replay_move


@pytest.fixture
def staff(transactional_db: Any, django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("sam", password="x", is_staff=True)


@pytest.fixture(autouse=True)
def _quick_search(settings: Any) -> None:
    settings.GTR_BOT_THINK_SECONDS = 0.01  # a search of a few iterations a decision


def test_every_engine_bot_can_sit_at_a_table() -> None:
    assert set(Seat.Bot.values) == set(BOTS)


def test_a_table_of_search_bots_plays_itself_to_the_end(staff: Any) -> None:
    seats = [SeatSpec("bot", bot=b) for b in ("ismcts-1", "greedy", "ismcts-3")]
    game = game_create(user=staff, version="imperium", players=3, seats=seats)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    state = initial_state(game)
    for move in Move.objects.filter(game=game).order_by("seq"):
        assert move.actor == Move.Actor.BOT
        state = replay_move(state, move)  # every move was legal where it was made
    assert engine.is_over(state)


def memory_from_the_views(game: Game, position: int) -> Memory:
    """What the seat saw, move by move: its view before each move, then the move's public form."""
    memory = Memory(position)
    state = initial_state(game)
    for move in Move.objects.filter(game=game).order_by("seq"):
        memory.observe(engine.view(state, position))
        state = replay_move(state, move)
        memory.record(move.seat, engine.public_action(move.action, move.seat, position))
    memory.observe(engine.view(state, position))
    return memory


def person_vs_search_bot(user: Any) -> Game:
    game = game_create(
        user=user,
        version="republic",
        players=2,
        seats=[SeatSpec("me"), SeatSpec("bot", bot="ismcts-1")],
    )
    game.refresh_from_db()
    return game


def test_a_seats_memory_is_its_views_and_the_public_history(staff: Any) -> None:
    """The person plays safe moves; after each, the bot (seat 1) answers with its memory caught
    up from its last replay. That memory, and one rebuilt from nothing, are the views' own."""
    bot_memory._replays.clear()
    game = person_vs_search_bot(staff)
    for _ in range(25):
        state = engine.from_json(game.state)
        move_submit(
            game_id=game.pk,
            caller=Caller(position=0),
            seq=game.seq,
            action=engine.safe_action(state),
        )
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert bot_memory.seat_memory(game, 1) == memory_from_the_views(game, 1)
    assert Move.objects.filter(game=game, actor=Move.Actor.BOT).count() > 10
    bot_memory._replays.clear()
    assert bot_memory.seat_memory(game, 1) == memory_from_the_views(game, 1)
    assert bot_memory.seat_memory(game, 0) == memory_from_the_views(game, 0)


def test_a_replay_of_another_game_under_the_same_id_is_not_taken_up(staff: Any) -> None:
    game = person_vs_search_bot(staff)
    stranger = bot_memory.Replay(5, "another game's hash", initial_state(game), Memory(1))
    stranger.memory.turn = 999
    bot_memory._replays[(game.pk, 1)] = stranger
    assert bot_memory.seat_memory(game, 1) == memory_from_the_views(game, 1)


def test_a_move_made_while_the_bot_decided_is_not_made_twice(
    staff: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot decides before locking the game; meanwhile another delivery of the same task
    plays the move. The first delivery then finds the game moved on and plays nothing."""
    game = person_vs_search_bot(staff)
    with monkeypatch.context() as held:  # the person moves until the bot is to decide
        held.setattr(automatic, "automatic_turns_play", lambda **_: 0)
        while engine.to_act(state := engine.from_json(game.state)) == 0:
            action = engine.safe_action(state)
            move_submit(game_id=game.pk, caller=Caller(position=0), seq=game.seq, action=action)
            game.refresh_from_db()
    seq = game.seq
    assert engine.to_act(engine.from_json(game.state)) == 1
    decide = automatic.bot_action
    raced: list[bool] = []
    deliveries = iter([1, 2])

    def racing(*args: Any, **kwargs: Any) -> Any:
        action = decide(*args, **kwargs)
        if next(deliveries) == 1:  # the other delivery, while this one still thinks
            raced.append(automatic.automatic_move_play(game_id=game.pk, seq=seq))
        return action

    monkeypatch.setattr(automatic, "bot_action", racing)
    assert automatic.automatic_move_play(game_id=game.pk, seq=seq) is False
    assert raced == [True]
    assert Move.objects.filter(game=game, seq=seq + 1).count() == 1
