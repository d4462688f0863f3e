"""The Laborer: gather materials into the Stockpile (Black Box rulebook, Laborer)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .. import powers
from ..actions import Action, Gather
from ..errors import IllegalAction
from ..flow import move
from ..state import State
from .base import (
    Role,
    hand_orders,
    optional_cards,
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
        for card, hand in product([None, *state.pool], hands):
            if card is not None or hand is not None:
                yield Gather(card, hand)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Gather)
        if action.card is None and action.from_hand is None:
            raise IllegalAction("no_cards", "Name a card to gather.")
        if action.card is not None:
            require_in_pool(state, action.card)
        require_from_hand(
            state, seat, action.from_hand, powers.GATHER_FROM_HAND, "gather from your hand"
        )

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Gather)
        player = state.players[seat]
        if action.card is not None:
            move(action.card, state.pool, player.stockpile)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.stockpile)
