"""How good a position is for each seat, where a playout stops before the end of the game.

A finished game pays its winners (a win shared by k players pays 1/k each). An unfinished one is
judged by a value of each seat's table: a weighted sum of its features (the points it would
score now, by kind, and what its table promises: materials towards open foundations, a
Stockpile, clients by role, a hand). Each feature has one weight at the start of the game and one
at its end, mixed by how far the game has gone (`phase`): early, a Craftsman or Merchant client is
worth more than a point of Vault; at the end only points count. A seat's reward is the logistic
function of its value's lead over the best other seat's, which in a two-player game is the
chance that it wins.

The weights are fitted, not chosen: a logistic regression of who won on the difference of the
two seats' features, over positions of 1,500 two-player games of `greedy` against itself
(`bench/fit_evaluation.py --games 1500 --fit-all` gives these; docs/bots.md gives the fit and
what it bought).
"""

from __future__ import annotations

import math
from typing import Any

from ...cards import VALUE_OF_MATERIAL
from ...endgame import scores
from ...powers import materials_needed, role_of
from ...state import State

FEATURES = (
    "influence",
    "vault",
    "merchant bonuses",
    "building points",
    "progress",  # per open foundation: its Site's Influence times its share of materials in place
    "open foundations",
    "stockpile",
    "stockpile value",
    "hand",  # up to HAND_CAP cards
    "jacks in hand",
    "laborer clients",
    "craftsman clients",
    "architect clients",
    "merchant clients",
    "legionary clients",
    "patron clients",
)
CLIENT_ROLES = ("laborer", "craftsman", "architect", "merchant", "legionary", "patron")  # as above
START = (
    0.373,
    0.08,
    -0.005,
    0.092,
    0.216,
    0.115,
    -0.002,
    0.056,
    0.003,
    -0.096,
    0.161,
    0.479,
    -0.028,
    0.423,
    -0.089,
    -0.162,
)
END = (
    0.259,
    0.252,
    0.2,
    0.253,
    0.2,
    0.095,
    -0.089,
    0.11,
    0.054,
    -0.137,
    -0.103,
    -0.078,
    -0.021,
    0.295,
    0.004,
    0.448,
)
HAND_CAP = 7
DECK_START = 134  # a two-player Black Box game's deck after the deal
LEAD_CAP = 30.0  # math.exp's range


def features(state: State, seat: int, score: dict[str, Any]) -> list[float]:
    """The seat's FEATURES; `score` is its line of engine.endgame.scores."""
    p = state.players[seat]
    progress, open_ = 0.0, 0
    for b in p.buildings:
        if not b.complete:
            open_ += 1
            share = len(b.materials) / max(1, materials_needed(state, b))
            progress += VALUE_OF_MATERIAL[state.material(b.site) or ""] * min(1.0, share)
    stockpile = sum(VALUE_OF_MATERIAL[state.material(c) or ""] for c in p.stockpile)
    jacks = sum(1 for c in p.hand if state.material(c) is None)
    roles = [role_of(state, c) for c in p.clientele]
    return [
        score["influence"],
        score["vault"],
        3 * len(score["merchant_bonuses"]),
        score["buildings"],
        progress,
        open_,
        len(p.stockpile),
        stockpile,
        min(len(p.hand), HAND_CAP),
        jacks,
        *(float(roles.count(r)) for r in CLIENT_ROLES),
    ]


def phase(state: State) -> float:
    """1 at the start of the game, 0 at its end: the deck or the Sites in town, whichever
    runs out sooner (a two-player game mostly ends when the town's Sites are taken)."""
    town = sum(len(sites) for sites in state.sites.values())
    return min(1.0, len(state.deck) / DECK_START, town / (6 * state.n))


def values(state: State) -> list[float]:
    """Each seat's value: its features weighted for this phase of the game."""
    ph = phase(state)
    weights = [s * ph + e * (1 - ph) for s, e in zip(START, END, strict=True)]
    return [
        sum(w * f for w, f in zip(weights, features(state, seat, score), strict=True))
        for seat, score in enumerate(scores(state))
    ]


def rewards(state: State) -> list[float]:
    """Each seat's reward in [0, 1]."""
    if state.end is not None:
        winners = state.end["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.n)]
    value = values(state)
    out = []
    for seat, mine in enumerate(value):
        lead = mine - max(v for s, v in enumerate(value) if s != seat)
        out.append(1.0 / (1.0 + math.exp(-max(-LEAD_CAP, min(LEAD_CAP, lead)))))
    return out
