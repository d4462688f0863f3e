"""What the Geek expansion's tests share (tests/engine/buildings/test_geek_*.py): a scenario table
with the expansion's cards in the deck, and the actions its decisions take."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.helpers import table

Action = dict[str, Any]


def geek_table(players: list[dict[str, Any]], **top: Any) -> engine.State:
    """A scenario of a game with all ten Geek cards (the `geek` option)."""
    return table(players, options={"geek": True}, **top)


def tear_down(building: int) -> Action:
    return {"type": "tear_down", "building": building}
