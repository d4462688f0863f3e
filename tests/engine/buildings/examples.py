"""Small helpers for the Appendix I example tests (on top of tests/engine/helpers.py)."""

from __future__ import annotations

from typing import Any

import engine
from engine.state import Building
from tests.engine.helpers import find, names

Action = dict[str, Any]


def structure(state: engine.State, seat: int, name: str) -> Building:
    """The player's foundation or structure of that name."""
    for b in state.players[seat].buildings:
        if state.names[b.foundation] == name:
            return b
    raise AssertionError(f"seat {seat} has no {name}")


def build(state: engine.State, seat: int, card_name: str, into: str, zone: str = "hand") -> Action:
    """Add the first `card_name` of the player's `zone` to his structure `into`."""
    card = find(state, getattr(state.players[seat], zone), card_name)
    return {"type": "build", "card": card, "building": structure(state, seat, into).foundation}


def lay(
    state: engine.State, seat: int, card_name: str, site: str, out_of_town: bool = False
) -> Action:
    card = find(state, state.players[seat].hand, card_name)
    return {"type": "lay", "card": card, "site": site, "out_of_town": out_of_town}


def me(state: engine.State, seat: int = 0) -> dict[str, Any]:
    """The player's public summary as he sees it."""
    return engine.view(state, seat)["players"][seat]


def materials_of(state: engine.State, ids: list[int]) -> list[str]:
    return sorted(state.material(c) or "" for c in ids)


__all__ = ["build", "lay", "materials_of", "me", "names", "structure"]
