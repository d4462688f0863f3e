"""Policies: a function from the seat's view to one of its legal actions.

`greedy_like` is the default: it prefers actions that build or gain points, and the roles that
lead to them; a lead or follow by petition, or with more cards than needed, costs a little. It
looks one decision ahead of nothing: simple on purpose, so that it is easy to replace.
"""

from __future__ import annotations

from collections.abc import Callable

from gtr_client.models import GameView, LegalAction

Policy = Callable[[GameView], LegalAction]

ACTIONS = {
    "build": 6.0,  # completing structures: influence and powers
    "sell": 4.0,  # points in the vault
    "lay": 3.0,
    "gather": 2.5,
    "claim": 2.5,
    "hire": 2.0,
    "demand": 1.5,
    "give": 0.5,
    "skip": 0.0,
}
ROLES = {
    "architect": 3.0,
    "craftsman": 3.0,
    "merchant": 2.5,
    "laborer": 2.0,
    "patron": 1.5,
    "legionary": 1.0,
}


def hand_size(view: GameView) -> int:
    table, seat = view.table, view.my_seat
    if table is None or seat is None:
        return 0
    return len(table.players[seat].hand or [])


def score(entry: LegalAction, cards_in_hand: int) -> float:
    action = entry.action.to_dict()
    kind = str(action["type"])
    if kind in ("lead", "follow"):
        cards = action.get("cards")
        extra = len(cards) - 1 if isinstance(cards, list) and cards else 0
        role = str(action.get("role", ""))
        return ROLES.get(role, 1.0) - (1.0 if entry.petition else 0.0) - 0.5 * extra
    if kind == "think":
        return 3.5 if cards_in_hand <= 2 else 1.0
    return ACTIONS.get(kind, 0.5)


def greedy_like(view: GameView) -> LegalAction:
    """The legal action of the highest score; the first of them on a tie."""
    cards = hand_size(view)
    return max(view.legal_actions, key=lambda entry: score(entry, cards))
