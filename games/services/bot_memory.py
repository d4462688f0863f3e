"""What an automatic seat remembers of its game (engine.determinize.Memory): the seat's views
and the public history as that seat may see it, rebuilt by replaying the move log.

A search bot (ismcts) decides better with it: the cards it saw go into Vaults, the cards a
Legionary revealed. The memory is a function of what the seat was shown (`engine.view` for that
seat before each move, `engine.public_action` of each move for that seat), never of the hidden
cards, though the replay itself runs on the private states.

Replaying a long game for every decision would cost more than the decision, so each process keeps
the replays of a few recent (game, seat) pairs and goes on from where they stopped. A replay is
taken up again only if the move it stopped at is still logged with the state hash it reached
(a database rebuilt under the same game ids, as in tests, starts afresh).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import engine
from engine.determinize import Memory
from games.models import Game, Move

from .moves import initial_state, replay_move

CACHED = 32  # replays kept per process


@dataclass
class Replay:
    seq: int
    digest: str  # the state hash after move `seq`
    state: engine.State
    memory: Memory

    def catch_up(self, game: Game, position: int) -> None:
        for move in Move.objects.filter(game_id=game.pk, seq__gt=self.seq).order_by("seq"):
            self.memory.observe(engine.view(self.state, position))
            self.state = replay_move(self.state, move)
            if move.seat is not None:
                self.memory.record(
                    move.seat, engine.public_action(move.action, move.seat, position)
                )
            self.seq, self.digest = move.seq, move.state_hash
        self.memory.observe(engine.view(self.state, position))


_replays: OrderedDict[tuple[int, int], Replay] = OrderedDict()
_lock = threading.Lock()


def seat_memory(game: Game, position: int) -> Memory:
    """The memory of seat `position` of `game`, up to its last logged move."""
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
