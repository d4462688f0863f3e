"""How good a position is for each seat, where a playout stops before the end of the game.

A finished game pays its winners (a win shared by k players pays 1/k each). An unfinished one is
judged by an estimate of each seat's final score: the points it would score now (Influence, Vault,
Merchant bonuses, building points; engine.endgame.scores, the rules' own count) plus what its
table promises (materials towards an open foundation, a stockpile to sell, clients to act, cards
to play), promises being worth less as the deck runs out. A seat's reward is a logistic function
of its lead over the best other seat, so it is near 1 only when it is clearly ahead.
"""

from __future__ import annotations

import math

from ...cards import VALUE_OF_MATERIAL
from ...endgame import scores
from ...powers import materials_needed
from ...state import State

SCALE = 4.0  # points of lead for a reward of about 0.73
DECK_LATE = 40  # below this many cards in the deck, promises fade
PROGRESS = 0.7  # of a Site's Influence, per share of its materials in place
STOCKPILE = 0.35
CLIENT = 0.6
HAND = 0.25
HAND_CAP = 7


def estimates(state: State) -> list[float]:
    """Each seat's estimated final score."""
    totals = [s["total"] for s in scores(state)]
    promise = min(1.0, len(state.deck) / DECK_LATE)
    out = []
    for seat, p in enumerate(state.players):
        progress = sum(
            VALUE_OF_MATERIAL[state.material(b.site) or ""]
            * min(1.0, len(b.materials) / max(1, materials_needed(state, b)))
            for b in p.buildings
            if not b.complete
        )
        table = (
            PROGRESS * progress
            + STOCKPILE * len(p.stockpile)
            + CLIENT * len(p.clientele)
            + HAND * min(len(p.hand), HAND_CAP)
        )
        out.append(totals[seat] + promise * table)
    return out


def rewards(state: State) -> list[float]:
    """Each seat's reward in [0, 1]."""
    if state.end is not None:
        winners = state.end["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.n)]
    est = estimates(state)
    out = []
    for seat, mine in enumerate(est):
        lead = mine - max(e for s, e in enumerate(est) if s != seat)
        out.append(1.0 / (1.0 + math.exp(-lead / SCALE)))
    return out
