"""The helpers of every building test (tests/engine/buildings/), on top of tests/engine/helpers.py:
action builders, card finders and zone summaries. Actions are built from card ids, as a client
sends them (find the id by name with `in_hand`, `in_pool`, `site_of`, ...); summaries give each zone
by card name so that a test can assert the table zone by zone."""

from __future__ import annotations

from typing import Any

import engine
from engine.state import Building
from tests.engine.helpers import SKIP, find, follow, is_legal, lead

Action = dict[str, Any]

FOUNTAIN: Action = {"type": "fountain"}


def think(take: str = "cards", discard: tuple[int, ...] = (), extra_jack: bool = False) -> Action:
    action: Action = {"type": "think", "take": take}
    if discard:
        action["discard"] = list(discard)
    if extra_jack:
        action["extra_jack"] = True
    return action


def lay(card: int, site: str, out_of_town: bool = False) -> Action:
    return {"type": "lay", "card": card, "site": site, "out_of_town": out_of_town}


def build(card: int, building: int) -> Action:
    return {"type": "build", "card": card, "building": building}


def hire(card: int | None = None, from_hand: int | None = None, from_deck: bool = False) -> Action:
    return {"type": "hire", "card": card, "from_hand": from_hand, "from_deck": from_deck}


def gather(card: int | None = None, from_hand: int | None = None) -> Action:
    return {"type": "gather", "card": card, "from_hand": from_hand}


def sell(card: int | None = None, from_deck: bool = False, from_hand: int | None = None) -> Action:
    return {"type": "sell", "card": card, "from_deck": from_deck, "from_hand": from_hand}


def demand(*cards: int) -> Action:
    return {"type": "demand", "cards": list(cards)}


def claim(*cards: int) -> Action:
    return {"type": "claim", "cards": list(cards)}


def give(*cards: int) -> Action:
    return {"type": "give", "cards": list(cards)}


def publicize(card: int, building: int) -> Action:
    return {"type": "publicize", "card": card, "building": building}


# Finding cards ----------------------------------------------------------------------------------


def in_hand(state: engine.State, seat: int, name: str) -> int:
    return find(state, state.players[seat].hand, name)


def in_pool(state: engine.State, name: str) -> int:
    return find(state, state.pool, name)


def in_stockpile(state: engine.State, seat: int, name: str) -> int:
    return find(state, state.players[seat].stockpile, name)


def in_clientele(state: engine.State, seat: int, name: str) -> int:
    return find(state, state.players[seat].clientele, name)


def structure(state: engine.State, seat: int, name: str) -> Building:
    """The player's foundation or structure of that name."""
    for b in state.players[seat].buildings:
        if state.names[b.foundation] == name:
            return b
    raise AssertionError(f"seat {seat} has no {name}")


def site_of(state: engine.State, seat: int, name: str) -> int:
    return structure(state, seat, name).foundation


# Reading the table ------------------------------------------------------------------------------


def names_of(state: engine.State, ids: list[int]) -> list[str]:
    return sorted(state.names[c] for c in ids)


def materials_of(state: engine.State, ids: list[int]) -> list[str]:
    return sorted(state.material(c) or "" for c in ids)


def buildings(state: engine.State, seat: int) -> dict[str, tuple[list[str], bool]]:
    """Each foundation or structure by name: its materials (names, sorted) and whether complete."""
    return {
        state.names[b.foundation]: (names_of(state, b.materials), b.complete)
        for b in state.players[seat].buildings
    }


def zones(state: engine.State, seat: int) -> dict[str, Any]:
    """Every zone of a player by card name (sorted), with Influence as a number."""
    p = state.players[seat]
    return {
        "hand": names_of(state, p.hand),
        "camp": names_of(state, p.camp),
        "clientele": names_of(state, p.clientele),
        "stockpile": names_of(state, p.stockpile),
        "vault": names_of(state, p.vault),
        "influence": state.influence(seat),
        "buildings": buildings(state, seat),
    }


def expected(
    hand: list[str] | None = None,
    camp: list[str] | None = None,
    clientele: list[str] | None = None,
    stockpile: list[str] | None = None,
    vault: list[str] | None = None,
    influence: int = 2,
    buildings: dict[str, tuple[list[str], bool]] | None = None,
) -> dict[str, Any]:
    """A player's zones as `zones` gives them; empty zones and the starting Influence by default."""
    return {
        "hand": sorted(hand or []),
        "camp": sorted(camp or []),
        "clientele": sorted(clientele or []),
        "stockpile": sorted(stockpile or []),
        "vault": sorted(vault or []),
        "influence": influence,
        "buildings": {k: (sorted(m), c) for k, (m, c) in (buildings or {}).items()},
    }


def everyone(state: engine.State) -> list[dict[str, Any]]:
    """Every player's zones, seat by seat."""
    return [zones(state, seat) for seat in range(state.n)]


def pool(state: engine.State) -> list[str]:
    return names_of(state, state.pool)


def mine(state: engine.State, seat: int = 0) -> dict[str, Any]:
    """The player's public summary as he sees it (limits, hand size, counts)."""
    return engine.view(state, seat)["players"][seat]


def left(state: engine.State) -> int:
    """Actions left in the pending act/think/fountain decision."""
    p = engine.prompt(state)
    assert p is not None and "actions_left" in p, p
    return int(p["actions_left"])


def pending(state: engine.State) -> tuple[int | None, str | None]:
    """(seat to act, kind of decision), or (None, None) when the game is over."""
    p = engine.prompt(state)
    return (None, None) if p is None else (p["seat"], p["kind"])


def act(state: engine.State, action: Action) -> engine.State:
    """Play `action`, first checking that `legal_actions` offers it (so that every building-enabled
    option a test plays is also one that bots and clients are offered)."""
    assert is_legal(state, action), (action, engine.prompt(state))
    return engine.apply(state, action)


def play(state: engine.State, *actions: Action) -> engine.State:
    for action in actions:
        state = act(state, action)
    return state


__all__ = [  # what the building tests import from here, those from helpers.py included
    "FOUNTAIN",
    "SKIP",
    "act",
    "build",
    "buildings",
    "claim",
    "demand",
    "everyone",
    "expected",
    "follow",
    "gather",
    "give",
    "hire",
    "in_clientele",
    "in_hand",
    "in_pool",
    "in_stockpile",
    "lay",
    "lead",
    "left",
    "materials_of",
    "mine",
    "names_of",
    "pending",
    "play",
    "pool",
    "publicize",
    "sell",
    "site_of",
    "structure",
    "think",
    "zones",
]
