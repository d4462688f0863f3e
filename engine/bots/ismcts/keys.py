"""Action keys: what an action is, as anyone at the table would tell it apart.

The search tree shares statistics across determinisations, in which the same card id may be a
different card; and two cards of one name are interchangeable. So an action is keyed by card
names (and, where it matters, which zone or whose the card is), never by id: "lead Laborer with a
Road" is one key whichever Road it is, and an opponent's follow with a hidden card id is keyed by
the card it is in that world.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...actions import (
    Action,
    Build,
    Claim,
    Demand,
    Follow,
    Gather,
    Give,
    Hire,
    Lay,
    Lead,
    Publicize,
    Sell,
    TearDown,
    Think,
)
from ...state import State

Key = tuple[Any, ...]
# Claims of other players' cards, where whose matters (the Geek expansion's Aerarium too).
OWNED_CLAIMS = ("slay", "raze", "steal", "aerarium")


def key(state: State, seat: int, a: Action) -> Key:
    """The seat and the action, cards by name."""
    keyer = KEYERS.get(type(a))
    return (seat, a.TYPE) if keyer is None else (seat, a.TYPE, *keyer(state, a))


def name(state: State, card: int | None) -> str | None:
    return None if card is None else state.names[card]


def names(state: State, cards: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(sorted(state.names[c] for c in cards))


def owner(state: State, card: int) -> int:
    for seat, p in enumerate(state.players):
        if card in p.clientele or any(b.foundation == card for b in p.buildings):
            return seat
    return -1


def claim_key(state: State, a: Action) -> Key:
    assert isinstance(a, Claim)
    if state.frames and state.frames[-1]["kind"] in OWNED_CLAIMS:
        return tuple(sorted((state.names[c], owner(state, c)) for c in a.cards))
    return names(state, a.cards)


def give_key(state: State, a: Action) -> Key:
    assert isinstance(a, Give)
    stockpile = state.players[state.frames[-1]["seat"]].stockpile
    return tuple(sorted((state.names[c], c in stockpile) for c in a.cards))


KEYERS: dict[type[Action], Callable[[State, Any], Key]] = {
    Think: lambda s, a: (a.take, names(s, a.discard), a.extra_jack),
    Lead: lambda s, a: (a.role, names(s, a.cards)),
    Follow: lambda s, a: names(s, a.cards),
    Hire: lambda s, a: (name(s, a.card), name(s, a.from_hand), a.from_deck),
    Gather: lambda s, a: (name(s, a.card), name(s, a.from_hand), a.from_deck),
    Lay: lambda s, a: (s.names[a.card], a.site, a.out_of_town),
    Build: lambda s, a: (s.names[a.card], a.card in s.pool, s.names[a.building]),
    Publicize: lambda s, a: (
        s.names[a.card],
        a.card in s.pool,
        s.names[a.building],
        owner(s, a.building),
    ),
    TearDown: lambda s, a: (s.names[a.building],),
    Demand: lambda s, a: names(s, a.cards),
    Claim: claim_key,
    Give: give_key,
    Sell: lambda s, a: (name(s, a.card), a.from_deck, name(s, a.from_hand)),
}
