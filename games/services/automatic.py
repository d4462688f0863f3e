"""The server's moves, passed deadlines, and a player's return.

Automatic seats are bots, resigned players, and bots standing in after timeouts.
Each write is one short transaction named by (game, seq).
It locks the game and does nothing if the game has moved past that seq.
It also does nothing if the decision changed kind since it was scheduled.
So a task delivered twice, late, or to two workers plays at most one move.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
from engine.bots import IsmctsBot, make_bot
from games import codes
from games.errors import Conflict
from games.events import commit, story
from games.models import Game, Move, Seat
from games.read import selectors
from games.store import rows

from . import barred, timeoff
from .bot_memory import seat_memory
from .locking import game_in_play, game_locked
from .moves import move_play
from .turns import turn_next

AUTOMATIC_STEP_LIMIT = 5000
FALLBACK_BOT = "greedy"  # a millisecond a move, and no search to go wrong
# What a bug in a bot raises. Not every Exception: a worker's soft time limit is one, and the
# task plays the fallback for it itself, logging the overrun (games.tasks).
BOT_BUGS = (
    ArithmeticError,
    AssertionError,
    AttributeError,
    LookupError,
    RuntimeError,
    StopIteration,
    TypeError,
    ValueError,
)

log = logging.getLogger(__name__)


def automatic_turns_play(*, game_id: int, seq: int) -> int:
    """Play automatic seats' decisions from `seq` while one of them is to act.

    Each move is its own transaction. Does nothing if the game has moved on.
    Returns the number of moves played.
    """
    played = 0
    while played < AUTOMATIC_STEP_LIMIT and automatic_move_play(game_id=game_id, seq=seq + played):
        played += 1
    return played


def automatic_move_play(*, game_id: int, seq: int, bot: str | None = None) -> bool:
    """Play one move for the automatic seat to act at `seq`.

    The seat's bot decides, or the `bot` named, from that seat's view only.
    Returns False if the game is not at `seq`, or a person is to act.
    Then nothing is done.

    The bot decides before the game is locked.
    A search takes up to a few seconds, and the lock would hold up every other write.
    The move is played only if the game is still where the bot saw it.
    So two deliveries of the task still play one move.
    """
    game = selectors.game_get(game_id)
    if game.status != Game.Status.ACTIVE or game.seq != seq:
        return False
    state = engine.from_json(game.state)
    position = engine.to_act(state)
    seats = rows.seats_of(game)
    if position is None or not seats[position].plays_automatically:
        return False
    action = bot_action(game, state, seats[position], bot)
    with transaction.atomic():
        game = game_locked(game_id)
        if game.status != Game.Status.ACTIVE or game.seq != seq:
            return False
        seats = rows.seats_of(game)
        if not seats[position].plays_automatically:
            return False  # the player came back meanwhile
        state = engine.from_json(game.state)
        move_play(game, state, seats, position, engine.parse(action), Move.Actor.BOT)
    return True


def bot_action(
    game: Game, state: engine.State, seat: Seat, bot: str | None = None
) -> dict[str, Any]:
    """Returns the action the seat's bot chooses.

    The bot sees the seat's view and legal actions, never the full state.
    A bot that remembers (ismcts) also gets its memory of the game (bot_memory.py).
    It is seeded by game and seat.
    A bot that searches runs its level's iterations within its time budget, which
    GTR_BOT_THINK_SECONDS caps (the whole budget with GTR_BOT_SEARCH_BY_TIME).
    A bot that fails (a bug in its search) is logged with its error, and the greedy bot
    chooses instead: a game never waits on a broken bot.
    """
    name = bot or seat.bot
    player = make_bot(
        name,
        seed=game.pk * 8 + seat.position,
        clock=time.monotonic,
        budget=settings.GTR_BOT_THINK_SECONDS,
    )
    if isinstance(player, IsmctsBot):
        player.by_time = settings.GTR_BOT_SEARCH_BY_TIME
    seen, legal = engine.view(state, seat.position), engine.legal_actions(state)
    memory = seat_memory(game, seat.position) if player.remembers else None
    try:
        return player.choose(seen, legal, memory)
    except BOT_BUGS:
        if name == FALLBACK_BOT:
            raise
        log.exception("bot %s failed in game %s: %s plays the move", name, game.pk, FALLBACK_BOT)
        return make_bot(FALLBACK_BOT, seed=game.pk * 8 + seat.position).choose(seen, legal)


def deadline_expire(*, game_id: int, seq: int) -> str:
    """Applies the seat's timeout policy once the deadline at `seq` has passed.

    The engine's safe move is played for the seat (actor `timeout`).
    After GTR_TIMEOUTS_BEFORE_BOT timeouts in a row, a bot stands in until the player returns.
    With the `bot` policy it stands in at once.

    Time off comes first (games.services.timeoff). A clock stopped now (a window closed, a pause
    began while the task was on its way) waits: the deadline moves to when it runs again. A player
    with automatic vacation and a day left spends it: the clocks of all their games wait a day.

    Returns "moved_on", "timed_out", "vacation" or "early".
    "early" means the deadline is still ahead, and the caller should ask again then.
    """
    with transaction.atomic():
        game = game_locked(game_id)
        if game.status != Game.Status.ACTIVE or game.seq != seq or game.deadline is None:
            return "moved_on"
        if game.automatic:
            return "moved_on"
        if game.deadline > timezone.now():
            return "early"
        state = engine.from_json(game.state)
        position = engine.to_act(state)
        assert position is not None  # an active game with a deadline waits on a seat
        seats = rows.seats_of(game)
        seat = seats[position]
        now = timezone.now()
        checked = timeoff.away_checked(game, seats, seat, now)
        if checked and (game.deadline is None or game.deadline > now):
            return "early"
        if timeoff.clock_wait(game, seats, now):
            return "early"
        if timeoff.vacation_spend(game, seats, seat, now) is not None:
            return "vacation"
        seat.timeouts += 1
        if (
            seat.timeout_policy == Seat.Timeout.BOT
            or seat.timeouts >= settings.GTR_TIMEOUTS_BEFORE_BOT
        ):
            seat.bot_standing_in = True
        seat.save(update_fields=["timeouts", "bot_standing_in"])
        story.timeout(game, seat)
        action = engine.parse(engine.safe_action(state))
        move_play(game, state, seats, position, action, Move.Actor.TIMEOUT)
    return "timed_out"


def seat_return(*, game_id: int, position: int) -> Game:
    """The player is back.

    The bot standing in for the seat stops, and the timeout count starts again.
    A seat's own move does the same.
    """
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        seat = seats[position]
        if seat.resigned:
            raise Conflict("You have resigned from this game.", codes.RESIGNED)
        barred.seat_check(seat)
        if not (seat.bot_standing_in or seat.timeouts):
            return game
        seat.timeouts, seat.bot_standing_in = 0, False
        seat.save(update_fields=["timeouts", "bot_standing_in"])
        story.record(game, "returned", seat=position)
        game.revision += 1
        state = engine.from_json(game.state)
        began = False
        if engine.to_act(state) == position:
            began = turn_next(game, state, seats, changed=("revision",))  # clocked again
        else:
            game.save(update_fields=["revision", "updated"])
        commit.publish_on_commit(game, commit.RETURNED, seat=position, turn_began=began)
    return game
