"""The Patron: hire clients (Black Box rulebook, Hiring Clients)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .. import powers
from ..actions import Action, Hire
from ..errors import IllegalAction
from ..flow import draw_one, move, push, require_held, require_order
from ..state import State
from .base import Role, hand_orders, optional_cards, require, require_in_pool, role


@role
class Patron(Role):
    """Move one card from the Pool into your Clientele, limited by Influence (rules/001 HIRING
    CLIENTS); an Aqueduct adds a client from hand, a Bar one from the deck."""

    name = "patron"
    accepts = (Hire,)

    def room(self, state: State, seat: int) -> int:
        return powers.clientele_limit(state, seat) - len(state.players[seat].clientele)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        room = self.room(state, seat)
        if room <= 0:
            return
        hands = optional_cards(state, seat, powers.HIRE_FROM_HAND, hand_orders(state, seat))
        decks = [False, True] if powers.has(state, seat, powers.HIRE_FROM_DECK) else [False]
        for card, hand, deck in product([None, *state.pool], hands, decks):
            if 1 <= (card is not None) + (hand is not None) + deck <= room:
                yield Hire(card, hand, deck)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Hire)
        count = (action.card is not None) + (action.from_hand is not None) + action.from_deck
        if count == 0:
            raise IllegalAction("no_cards", "Name a card to hire.")
        if action.card is not None:
            require_in_pool(state, action.card)
        if action.from_hand is not None:
            require(state, seat, powers.HIRE_FROM_HAND, "hire from your hand")
            require_held(state, seat, (action.from_hand,))
            require_order(state, action.from_hand)
        if action.from_deck:
            require(state, seat, powers.HIRE_FROM_DECK, "hire from the deck")
        if count > self.room(state, seat):
            raise IllegalAction("clientele_full", "Your Clientele is full (limited by Influence).")

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Hire)
        player = state.players[seat]
        new = []
        if action.card is not None:
            move(action.card, state.pool, player.clientele)
            new.append(action.card)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.clientele)
            new.append(action.from_hand)
        if action.from_deck:
            new.append(draw_one(state, player.clientele))
        player.hired.extend(new)
        push(state, powers.hire_frames(state, seat, new))
