"""The end of the game and scoring (Black Box rulebook, Ending the Game, Scoring and Winning)."""

from __future__ import annotations

from typing import Any

from .cards import MATERIALS, VALUE_OF_MATERIAL
from .powers import building_points
from .state import State

MERCHANT_BONUS = 3
# Why a game ended: the deck ran out, the last Site in town was taken, a Catacomb was completed,
# a Forum's owner won, or all other players surrendered (Black Box rulebook, Ending the Game); in
# the Geek expansion a Plebian Council's owner won, or a Bacchanalia wanted more cards than the
# deck had (Appendix III).
END_REASONS = (
    "deck",
    "last_site",
    "catacomb",
    "forum",
    "surrender",
    "plebian_council",
    "bacchanalia",
)


def end_game(state: State, reason: str, winners: list[int] | None = None) -> None:
    """End at once, mid-turn: no further actions are taken ("The game ends immediately")."""
    state.frames.clear()
    final = scores(state)
    if winners is None:
        winners = ranked_winners(final)
    state.end = {"reason": reason, "winners": winners, "scores": final}


def merchant_bonuses(state: State) -> dict[str, int | None]:
    """Each material's bonus goes to the one player with strictly the most of it in his Vault;
    a tie grants it to no one (Black Box rulebook, Merchant Bonuses)."""
    out: dict[str, int | None] = {}
    for m in MATERIALS:
        counts = [sum(1 for c in p.vault if state.material(c) == m) for p in state.players]
        best = max(counts)
        out[m] = counts.index(best) if best > 0 and counts.count(best) == 1 else None
    return out


def scores(state: State) -> list[dict[str, Any]]:
    """Victory points per seat: Influence + Vault values + 3 per Merchant bonus + building VP."""
    bonuses = merchant_bonuses(state)
    out = []
    for seat, p in enumerate(state.players):
        vault = sum(VALUE_OF_MATERIAL[state.material(c) or ""] for c in p.vault)
        won = [m for m, owner in bonuses.items() if owner == seat]
        influence = state.influence(seat)
        buildings = building_points(state, seat)
        out.append(
            {
                "seat": seat,
                "influence": influence,
                "vault": vault,
                "merchant_bonuses": won,
                "buildings": buildings,
                "total": influence + vault + MERCHANT_BONUS * len(won) + buildings,
                "hand": len(p.hand),
            }
        )
    return out


def ranked_winners(final: list[dict[str, Any]]) -> list[int]:
    """Most points; a tie goes to the tied player with the most cards in hand. Players still
    tied share the win."""
    best = max((s["total"], s["hand"]) for s in final)
    return [s["seat"] for s in final if (s["total"], s["hand"]) == best]
