"""A game replayed to one of its moves, as a seat saw it then (issue 30, the web client's replay).

The table at move `seq` is rebuilt from the game's setup and its log (`initial_state` and
`replay_move`, as verify_games does), then shown through the engine's view for the viewer's seat
at that time: its own hand then, the others' as counts, the deck as a count. A spectator sees
the spectator's view. Nothing the viewer could not see at `seq` is in it: not a card drawn
later, not a hand but its own (tests/games/test_replay.py compares it with the engine's view).

Any move of a finished game can be replayed; of a game in play, any move up to now.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

import engine
from games import codes
from games.errors import Conflict, Refused
from games.models import Game, Move
from games.read import selectors
from games.words import cardnames, prompts

from . import moves


def state_at(game: Game, seq: int) -> engine.State:
    """Returns the game's state after move `seq` (after an undo: the table it restored)."""
    if game.status == Game.Status.OPEN or game.state is None:
        raise Conflict("The game has not started yet.", codes.GAME_NOT_STARTED)
    if not 0 <= seq <= game.seq:
        raise Refused(
            f"The game is at move {game.seq}: replay a move from 0 to {game.seq}.",
            codes.REPLAY_AHEAD,
        )
    return moves.state_at(game, seq)


def replay_view(
    game: Game, position: int | None, seq: int, language: str = cardnames.ENGLISH
) -> dict[str, Any]:
    """Returns the table after move `seq` as `position` saw it (None: a spectator).

    It has the shape of the game view's table part: `to_act`, `prompt` and `table`, with the
    move that led there as that seat may see it (null at 0), and the game's own `seq` as `last`.
    """
    state = state_at(game, seq)
    with translation.override(language):
        view = engine.view(state, position)
        view["prompt"] = prompts.localized(view["prompt"], view)
        prompt = cardnames.localized(prompts.localized(engine.prompt(state), view))
        table = cardnames.localized(view)
    move = Move.objects.filter(game=game, seq=seq).first() if seq else None
    return {
        "game": game.pk,
        "seq": seq,
        "last": game.seq,
        "status": game.status,
        "my_seat": position,
        "to_act": engine.to_act(state),
        "prompt": prompt,
        "table": table,
        "move": selectors.move_for_seat(move, position) if move is not None else None,
    }
