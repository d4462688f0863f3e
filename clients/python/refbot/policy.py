"""Policies: a function from the seat's view to one of its legal actions.

`greedy_like` is the default. It reads what its own open foundations need (their Sites'
materials) and prefers, in turn: completing a structure, a foundation when none is open, the
needed materials (Laborer from the Pool, Architect from the stockpile, Craftsman from hand),
then selling (Merchant) what it holds while its Vault has room. A petition, or more cards than
needed, costs a little. It looks no further than that: simple on purpose, so that it is easy to
replace.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gtr_client.models import GameView, LegalAction

Policy = Callable[[GameView], LegalAction]

ACTIONS = {
    "build": 6.0,  # completing structures: influence and powers
    "sell": 4.0,  # points in the vault
    "claim": 2.5,
    "hire": 2.0,
    "demand": 1.5,
    "give": 0.5,
    "skip": 0.0,
}


@dataclass(frozen=True)
class Position:
    """What the policy reads of its own seat and the Pool, by material."""

    hand: int  # cards in hand
    open: int  # foundations not yet complete
    needed: frozenset[str]  # the materials they need
    in_hand: frozenset[str]
    in_stockpile: frozenset[str]
    pool: dict[int, str]  # card id -> material
    vault_room: bool = True


def position(view: GameView) -> Position:
    table, seat = view.table, view.my_seat
    if table is None or seat is None:
        return Position(0, 0, frozenset(), frozenset(), frozenset(), {})
    me = table.players[seat]
    open_ = [b for b in me.buildings if not b.complete]
    return Position(
        hand=len(me.hand or []),
        open=len(open_),
        needed=frozenset(str(b.site) for b in open_ if b.site is not None),
        in_hand=frozenset(str(c.material) for c in me.hand or [] if c.material is not None),
        in_stockpile=frozenset(str(c.material) for c in me.stockpile if c.material is not None),
        pool={c.id: str(c.material) for c in table.pool if c.material is not None},
        vault_room=me.vault_count < me.vault_limit,
    )


def role_worth(role: str, at: Position) -> float:
    if role == "architect":
        return 4.0 if at.needed & at.in_stockpile else 1.0
    if role == "craftsman":
        return 3.5 if at.needed & at.in_hand or not at.open else 1.0
    if role == "laborer":
        return 3.0 if at.needed & set(at.pool.values()) else 1.5
    if role == "merchant":
        return 2.5 if at.in_stockpile and at.vault_room else 0.5
    return {"patron": 1.5, "legionary": 1.0}.get(role, 1.0)


def score(entry: LegalAction, at: Position) -> float:
    action = entry.action.to_dict()
    kind = str(action["type"])
    if kind in ("lead", "follow"):
        cards = action.get("cards")
        extra = len(cards) - 1 if isinstance(cards, list) and cards else 0
        role = role_worth(str(action.get("role", "")), at)
        return role - (1.0 if entry.petition else 0.0) - 0.5 * extra
    if kind == "think":
        return 3.0 if at.hand <= 2 else 1.0
    if kind == "lay":
        return 3.0 if at.open == 0 else 0.5
    if kind == "gather":
        return 4.0 if at.pool.get(int(action.get("card") or -1)) in at.needed else 1.5
    return ACTIONS.get(kind, 0.5)


def greedy_like(view: GameView) -> LegalAction:
    """The legal action of the highest score; the first of them on a tie."""
    at = position(view)
    return max(view.legal_actions, key=lambda entry: score(entry, at))
