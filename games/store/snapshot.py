"""The game's snapshot: the engine's state written to it and read from it."""

from __future__ import annotations

from typing import Any

import engine
from games.models import Game


def state_of(game: Game) -> engine.State:
    """Returns the engine's state of the game's snapshot.

    If the game still holds the snapshot a move wrote (`snapshot_written`), that state comes back.
    That serves a move's answer and views built from the game the view cache kept.
    Otherwise the snapshot is read.
    Late in a game, reading it costs a fifth of building a view.
    Its readers never change the state, beyond the engine's own memos.
    Every reader fills those alike.
    """
    written: tuple[Any, engine.State] | None = getattr(game, "_state_written", None)
    if written is not None and written[0] is game.state:
        return written[1]
    return engine.from_json(game.state)


def snapshot_written(game: Game, state: engine.State) -> None:
    """Set the game's snapshot to `state`, and hold `state` with it for `state_of`."""
    game.state = engine.to_json(state)
    game._state_written = (game.state, state)  # type: ignore[attr-defined]  # ours, not a field
