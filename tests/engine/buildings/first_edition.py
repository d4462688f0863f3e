"""What the first edition's building tests share (tests/engine/buildings/test_first_edition_*.py):
a scenario table of the 2005 first edition, and completed structures to put on it."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.helpers import table as bb_table


def table(players: list[dict[str, Any]], **top: Any) -> engine.State:
    """A scenario of the 2005 first edition (`version` may still be given, for a counter-case)."""
    return bb_table(players, **{"version": "first_edition", **top})


def owns(name: str, **extra: Any) -> dict[str, Any]:
    """A completed structure of that name, for a player's `buildings`."""
    return {"name": name, "complete": True, **extra}
