"""Moves, and the one path every move takes.

- `move_submit`: a person's move, over HTTP or by e-mail.
- `move_play`: the path of every move, by people, bots or timeouts.
- `move_append`: the log and the snapshot.
- `initial_state`, `replay_move`, `replay_entry`: replaying the log (undo entries too).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

import engine
from engine import record as engine_record
from games import codes
from games.errors import Conflict, StaleSeq
from games.events import commit, story
from games.models import Game, Move, Seat
from games.read import undoable
from games.read.selectors import Caller, position_of
from games.store import rows, snapshot

from . import barred, orders, ratings
from .clocks import clock_charge
from .locking import game_locked
from .turns import turn_next

# A service event in the move log, not an engine action: all other players surrendered.
SURRENDER = "surrender"
# The game's columns a move changes, besides the pending decision's (turns.TURN_FIELDS).
MOVE_FIELDS = ("seq", "revision", "state", "status", "finished", "run")
# Moves standing orders may play in a row in one transaction. A turn has far fewer decisions
# (an order never answers a lead), so this bound is only a guard: past it the decision waits.
ORDER_CHAIN_LIMIT = 100


def initial_state(game: Game) -> engine.State:
    """Returns the table before the first move, rebuilt from `game.setup`.

    Used to start a game and to replay it.
    The setup is a seed, a scenario, or a record replayed to its import point.
    Records are imported in games.services.records.
    The table plays by the rules revision the game was created with.
    """
    if "scenario" in game.setup:
        return engine.scenario({**game.setup["scenario"], "rules_revision": game.rules_revision})
    if "record" in game.setup:
        setup = game.setup
        return engine_record.replay(setup["record"], setup["upto"], setup["seed"])[0]
    return engine.new_game(
        game.version, game.players, game.setup["seed"], game.options, game.rules_revision
    )


def move_submit(
    *,
    game_id: int,
    caller: Caller,
    seq: int,
    action: Any,
    actor: str = Move.Actor.HUMAN,
) -> tuple[Game, Move]:
    """Play `action` for the caller's seat, which saw the game at `seq`.

    It is one transaction. Lock the game and find the caller's seat.
    Check `seq` (409 when stale).
    Apply through the engine (400 when malformed, 422 when illegal).
    Append the move, save the snapshot, commit.
    Bot turns, deadlines and notifications follow the commit.

    A person's own move (`human`, `email`) ends a bot's stand-in for that seat.
    The seat comes from the seats read with the lock, so it costs no query.
    """
    parsed = engine.parse(action)  # refuse malformed input before taking the lock
    with transaction.atomic():
        game = game_locked(game_id)
        position = position_of(game, caller)
        if game.status == Game.Status.OPEN:
            raise Conflict("The game has not started yet.", codes.GAME_NOT_STARTED)
        if game.status == Game.Status.CANCELLED:
            raise Conflict("The game was cancelled.", codes.GAME_CANCELLED)
        if seq != game.seq:
            raise StaleSeq(f"The game moved on: you saw move {seq}, it is now at move {game.seq}.")
        state = engine.from_json(game.state)
        move = move_play(game, state, rows.seats_of(game), position, parsed, actor)
    return game, move


def move_play(
    game: Game,
    state: engine.State,
    seats: list[Seat],
    position: int,
    action: engine.Action,
    actor: str,
    *,
    chain: int = 0,
) -> Move:
    """Apply, charge the clock, append.

    Every move takes this path: HTTP, e-mail, bots, timeouts, standing orders.
    The caller holds the game's row lock in its transaction.
    `chain` counts the orders played in a row before this move.
    """
    seat = seats[position]
    if actor in (Move.Actor.HUMAN, Move.Actor.EMAIL):
        barred.seat_check(seat)
    new = engine.apply(state, action, seat=position)
    changed = clock_charge(game, seat, actor, timezone.now())
    if actor in (Move.Actor.HUMAN, Move.Actor.EMAIL) and (seat.timeouts or seat.bot_standing_in):
        seat.timeouts, seat.bot_standing_in = 0, False  # the player is back
        changed += ["timeouts", "bot_standing_in"]
    if changed:
        seat.save(update_fields=changed)
    learnt = engine.learnt(state, new, position) if actor in undoable.PEOPLE else None
    game.run = undoable.run_moved(game.run, game.seq + 1, position, actor, learnt)
    return move_append(game, new, position, action.to_json(), actor, seats, chain=chain)


def move_append(
    game: Game,
    state: engine.State,
    seat: int | None,
    action: Any,
    actor: str,
    seats: list[Seat],
    *,
    chain: int = 0,
    undo: bool = False,
) -> Move:
    """Append the move that led to `state`, and save the snapshot.

    A `seat` of None is a table event, such as a surrender: it ends any run (`Game.run`).
    `undo`: the entry is an undo (games.services.undo): the decision under way goes on
    (turn_next's `continued`), and no standing order answers the decision it restores.
    Then the next decision begins and the move is published.
    Standing orders that no longer stand are cancelled.
    If one answers the next decision, it is played now (games.services.orders).
    The caller holds the game's row lock in its transaction.
    """
    move = Move(
        game=game,
        seq=game.seq + 1,
        seat=seat,
        action=action,
        actor=actor,
        state_hash=engine.state_hash(state),
    )
    rows.insert([move])
    if seat is None:
        game.run = None
    game.seq += 1
    game.revision += 1
    snapshot.snapshot_written(game, state)
    story.record_apply(game, state, actor)
    if engine.is_over(state):
        game.status = Game.Status.FINISHED
        game.finished = timezone.now()
    orders.orders_review(game, state, seats)
    # An undo restores a decision for its player to take again: no order answers it.
    fire = not undo and chain < ORDER_CHAIN_LIMIT
    answer = orders.order_answer(game, state, seats) if fire else None
    began = turn_next(
        game, state, seats, changed=MOVE_FIELDS, answered=answer is not None, continued=undo
    )
    commit.publish_on_commit(
        game, commit.MOVED, seat=seat, actor=actor, turn_began=began, seats=seats
    )
    if game.status == Game.Status.FINISHED:
        ratings.game_finished(game, seats)  # its feed events follow the game's end
    if answer is not None:
        action = engine.parse(answer.action)
        move_play(game, state, seats, answer.position, action, Move.Actor.ORDER, chain=chain + 1)
    return move


def replay_move(state: engine.State, move: Move) -> engine.State:
    """Returns the state after one logged move that is no undo (tests)."""
    if move.seat is None and move.action.get("type") == SURRENDER:
        return engine.surrender(state, move.action["winner"])
    return engine.apply(state, move.action, seat=move.seat)


def replay_entry(trail: engine.UndoTrail, move: Move) -> None:
    """Plays one logged move on `trail`: an undo restores a state of its run."""
    if move.action.get("type") == engine.UNDO:
        trail.undo(move.seat, move.action.get("to"))
    else:
        trail.play(move.seat, replay_move(trail.state, move))


def line_of(moves: list[Move]) -> list[Move]:
    """Returns the moves that made the game's table: the log less the undone moves and undos."""
    line: list[Move] = []
    length = {0: 0}  # the line's length after each move
    for move in moves:
        if move.action.get("type") == engine.UNDO:
            line = line[: length[move.action["to"]]]
        else:
            line.append(move)
        length[move.seq] = len(line)
    return line


def state_at(game: Game, seq: int) -> engine.State:
    """Returns the state after move `seq`, replayed from the setup (an undo's table).

    A copy: what that move did (`engine.events_of`) did not happen again.
    """
    trail = engine.UndoTrail(initial_state(game))
    for move in game.moves.filter(seq__lte=seq).order_by("seq"):
        replay_entry(trail, move)
    return trail.state.clone()
