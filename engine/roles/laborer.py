"""The Laborer: gather materials into the Stockpile (Black Box rulebook, Laborer)."""

from __future__ import annotations

from itertools import product
from typing import Any

from .. import powers, revisions
from ..actions import SKIP, Action, Gather, Skip
from ..errors import IllegalAction
from ..flow import FrameKind, draw_one, kind, move, push
from ..state import Frame, State
from .base import (
    ROLES,
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


def deck_first(state: State) -> bool:
    """A gather from the deck (the first edition's Foundry) draws its card alone; whether to take
    the Pool's card is decided once it is seen (FoundryFrame; engine/revisions.py)."""
    return revisions.follows(state, revisions.FOUNDRY_DECK_FIRST)


class Laborer(Role):
    """Move one card from the Pool into your Stockpile (Black Box rulebook, Laborer); cards played
    as roles this turn are on the Camps, not yet in the Pool. A Dock adds a card from hand; the
    first edition's Foundry a card from the deck, drawn first."""

    name = "laborer"
    accepts = (Gather,)

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        hands = optional_cards(state, seat, powers.GATHER_FROM_HAND, hand_orders(state, seat))
        decks = optional_draw(state, seat, powers.GATHER_FROM_DECK)
        alone = deck_first(state)
        out: list[Action] = []
        for card, hand, deck in product([None, *state.pool], hands, decks):
            if combines_hand(state, seat, powers.GATHER_HAND_INSTEAD, card, hand):
                continue
            if deck and alone and (card is not None or hand is not None):
                continue  # the other card is chosen after the draw
            if card is not None or hand is not None or deck:
                out.append(Gather(card, hand, deck))
        return out

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Gather)
        if action.card is None and action.from_hand is None and not action.from_deck:
            raise IllegalAction("no_cards", "Name a card to gather.")
        if action.from_deck:
            require(state, seat, powers.GATHER_FROM_DECK, "gather from the deck")
            if deck_first(state) and (action.card is not None or action.from_hand is not None):
                raise IllegalAction(
                    "not_allowed",
                    "The deck's card is drawn first: gather from the deck alone, then decide.",
                )
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
            drawn = draw_one(state, seat, "stockpile")
            if state.end is not None:
                return
            if deck_first(state):
                push(state, [{"kind": "foundry", "seat": seat, "drawn": drawn}])
                return
        if action.card is not None:
            move(action.card, state.pool, player.stockpile)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.stockpile)


role(Laborer)


LABORER = ROLES["laborer"]


class FoundryFrame(FrameKind):
    """The rest of a Laborer action whose first card the first edition's Foundry drew from the
    deck into the Stockpile: the Pool's card (or, with a Dock (2005), a card from hand instead),
    or none. "As you execute each Laborer role, you draw from the deck before taking from the
    Pool"; "you first draw a material from the deck, a Marble, and place it into your Stockpile.
    You then decide to take a Marble from the Pool" (First edition rulebook (2005), Appendix,
    Foundry, and its example)."""

    kind = "foundry"
    accepts = (Gather, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        drawn = state.names[frame["drawn"]]
        return {
            "text": f"Foundry: you drew {drawn} into your Stockpile; you may take a card from "
            "the Pool as well.",
            "drawn": frame["drawn"],
        }

    def options(self, state: State, frame: Frame) -> list[Action]:
        out: list[Action] = [SKIP]
        for action in LABORER.options(state, frame["seat"], 1):
            if isinstance(action, Gather) and not action.from_deck:
                out.append(action)
        return out

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        assert isinstance(action, Gather)
        if action.from_deck:
            raise IllegalAction("not_allowed", "The deck's card is drawn already.")
        LABORER.check(state, frame["seat"], 1, action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Gather):
            LABORER.perform(state, frame["seat"], action)

    def settle(self, state: State, frame: Frame) -> bool:
        """Nothing to ask when the Pool (and the hand) offer nothing."""
        return self.pop_if_only_skip(state, frame)


kind(FoundryFrame)
