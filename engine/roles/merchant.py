"""The Merchant: sell materials into the Vault (Black Box rulebook, Selling Materials)."""

from __future__ import annotations

from itertools import product

from .. import powers
from ..actions import Action, Sell
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
    role,
)


class Merchant(Role):
    """Move one material from your Stockpile into your Vault, limited by Influence (Black Box
    rulebook, Selling Materials); an Atrium may take the deck's top card instead, a Basilica adds
    one from hand (hidden from opponents)."""

    name = "merchant"
    accepts = (Sell,)

    def room(self, state: State, seat: int) -> int:
        return powers.vault_limit(state, seat) - len(state.players[seat].vault)

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        room = self.room(state, seat)
        out: list[Action] = []
        if room <= 0:
            return out
        decks = optional_draw(state, seat, powers.SELL_FROM_DECK)
        hands = optional_cards(state, seat, powers.SELL_FROM_HAND, hand_orders(state, seat))
        for card, deck, hand in product([None, *state.players[seat].stockpile], decks, hands):
            count = (card is not None) + deck + (hand is not None)
            if combines_hand(state, seat, powers.SELL_HAND_INSTEAD, card, hand):
                continue
            if not (card is not None and deck) and 1 <= count <= room:
                out.append(Sell(card, deck, hand))
        return out

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Sell)
        player = state.players[seat]
        count = (action.card is not None) + action.from_deck + (action.from_hand is not None)
        if count == 0:
            raise IllegalAction("no_cards", "Name a material to sell.")
        if action.card is not None and action.card not in player.stockpile:
            raise IllegalAction(
                "card_not_in_stockpile", f"Card {action.card} is not in your Stockpile."
            )
        if action.from_deck:
            require(state, seat, powers.SELL_FROM_DECK, "sell from the deck")
            if action.card is not None:
                raise IllegalAction(
                    "not_allowed", "The deck's card replaces the Stockpile's, not both."
                )
        require_from_hand(
            state, seat, action.from_hand, powers.SELL_FROM_HAND, "sell from your hand"
        )
        refuse_combined(state, seat, powers.SELL_HAND_INSTEAD, action.card, action.from_hand)
        if count > self.room(state, seat):
            raise IllegalAction("vault_full", "Your Vault is full (limited by Influence).")

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Sell)
        player = state.players[seat]
        if action.card is not None:
            move(action.card, player.stockpile, player.vault)
            player.vaulted.append(action.card)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.vault)
            player.filched.append(action.from_hand)
        if action.from_deck:  # unseen by anyone, the owner included
            draw_one(state, seat, "vault")


role(Merchant)
