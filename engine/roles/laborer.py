"""The Laborer: gather materials into the Stockpile (Black Box rulebook, Laborer)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .. import powers
from ..actions import Action, Gather
from ..errors import IllegalAction
from ..flow import draw_one, move
from ..state import State
from .base import (
    Role,
    combines_hand,
    hand_orders,
    optional_cards,
    optional_draw,
    refuse_combined,
    require,
    require_from_hand,
    require_in_pool,
    role,
)


@role
class Laborer(Role):
    """Move one card from the Pool into your Stockpile (Black Box rulebook, Laborer); cards played
    as roles this turn are on the Camps, not yet in the Pool. A Dock adds a card from hand."""

    name = "laborer"
    accepts = (Gather,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        hands = optional_cards(state, seat, powers.GATHER_FROM_HAND, hand_orders(state, seat))
        decks = optional_draw(state, seat, powers.GATHER_FROM_DECK)
        for card, hand, deck in product([None, *state.pool], hands, decks):
            if combines_hand(state, seat, powers.GATHER_HAND_INSTEAD, card, hand):
                continue
            if card is not None or hand is not None or deck:
                yield Gather(card, hand, deck)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Gather)
        if action.card is None and action.from_hand is None and not action.from_deck:
            raise IllegalAction("no_cards", "Name a card to gather.")
        if action.from_deck:
            require(state, seat, powers.GATHER_FROM_DECK, "gather from the deck")
        if action.card is not None:
            require_in_pool(state, action.card)
        require_from_hand(
            state, seat, action.from_hand, powers.GATHER_FROM_HAND, "gather from your hand"
        )
        refuse_combined(state, seat, powers.GATHER_HAND_INSTEAD, action.card, action.from_hand)

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Gather)
        player = state.players[seat]
        if action.from_deck:  # drawn before the Pool's card (Foundry (2005))
            draw_one(state, seat, "stockpile")
            if state.end is not None:
                return
        if action.card is not None:
            move(action.card, state.pool, player.stockpile)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.stockpile)
