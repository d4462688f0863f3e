"""What an automatic seat remembers of its game (engine.determinize.Memory).

The memory holds the seat's views and the public history as that seat saw it.
It is rebuilt by replaying the move log.

A search bot (ismcts) decides better with it.
It knows which cards went into Vaults and which cards a Legionary revealed.
The memory depends only on what the seat was shown, never on hidden cards.
That is `engine.view` before each move and `engine.public_action` of each move.
The replay itself runs on the private states.

Replaying a long game for every decision would cost more than the decision.
So each process keeps the replays of a few recent (game, seat) pairs.
The next decision goes on from where the replay stopped.
A replay is reused only if its last move is still logged, with the same state hash.
So a database rebuilt under the same game ids, as in tests, starts afresh.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import engine
from engine.determinize import Memory
from games.models import Game, Move

from .moves import initial_state, line_of, replay_move

CACHED = 32  # replays kept per process


@dataclass
class Replay:
    seq: int
    digest: str  # the state hash after move `seq`
    state: engine.State
    memory: Memory

    def catch_up(self, game: Game, position: int) -> None:
        """Replays the moves logged since; after an undo, the table's line from the start."""
        moves = list(Move.objects.filter(game_id=game.pk, seq__gt=self.seq).order_by("seq"))
        if any(m.action.get("type") == engine.UNDO for m in moves):
            # The undone moves leave the memory too: replay the line of the table, from scratch.
            every = list(Move.objects.filter(game_id=game.pk).order_by("seq"))
            self.state, self.memory = initial_state(game), Memory(position)
            self.follow(line_of(every), position)
            self.seq, self.digest = every[-1].seq, every[-1].state_hash
        else:
            self.follow(moves, position)
        self.memory.observe(engine.view(self.state, position))

    def follow(self, moves: list[Move], position: int) -> None:
        for move in moves:
            self.memory.observe(engine.view(self.state, position))
            self.state = replay_move(self.state, move)
            if move.seat is not None:
                self.memory.record(
                    move.seat, engine.public_action(move.action, move.seat, position)
                )
            self.seq, self.digest = move.seq, move.state_hash


_replays: OrderedDict[tuple[int, int], Replay] = OrderedDict()
_lock = threading.Lock()


def seat_memory(game: Game, position: int) -> Memory:
    """Returns the memory of seat `position`, up to the last logged move."""
    key = (game.pk, position)
    with _lock:
        replay = _replays.pop(key, None)
    if replay is None or not still_logged(game, replay):
        replay = Replay(0, "", initial_state(game), Memory(position))
    replay.catch_up(game, position)
    with _lock:
        _replays[key] = replay
        while len(_replays) > CACHED:
            _replays.popitem(last=False)
    return Memory.from_json(replay.memory.to_json())  # a copy: the replay goes on


def still_logged(game: Game, replay: Replay) -> bool:
    return (
        replay.seq > 0
        and Move.objects.filter(game_id=game.pk, seq=replay.seq, state_hash=replay.digest).exists()
    )
