"""The Patron: hire clients (Black Box rulebook, Hiring Clients)."""

from __future__ import annotations

from itertools import product
from typing import Any

from .. import powers
from ..actions import Action, Hire
from ..errors import IllegalAction
from ..flow import FrameKind, draw_one, kind, move, push
from ..state import Frame, State
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


def room(state: State, seat: int) -> int:
    return powers.clientele_limit(state, seat) - len(state.players[seat].clientele)


class Patron(Role):
    """Move one card from the Pool into your Clientele, limited by Influence (Black Box rulebook,
    Hiring Clients); an Aqueduct adds a client from hand, a Bar one from the deck. The clients one
    action names are hired one at a time, the Pool's first (ruling "Bar: the Pool card first"):
    with a Bath each acts before the next is hired, and each is hired only if there is room then
    (ruling "Bath: one client at a time"); so with a Bath the action needs room for its first
    client."""

    name = "patron"
    accepts = (Hire,)

    def most(self, state: State, seat: int, replacing: bool = False) -> int:
        """The most clients one action may name: as many as there is room for (one more when one
        is replaced), or, with a Bath, all three sources as long as the first fits."""
        space = room(state, seat) + replacing
        return 3 if space > 0 and powers.has(state, seat, powers.ACT_ON_HIRE) else space

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        hands = optional_cards(state, seat, powers.HIRE_FROM_HAND, hand_orders(state, seat))
        decks = optional_draw(state, seat, powers.HIRE_FROM_DECK)
        clients = state.players[seat].clientele
        replaces = optional_cards(state, seat, powers.REPLACE_CLIENT, clients)
        out: list[Action] = []
        for replace in replaces:
            most = self.most(state, seat, replace is not None)
            for card, hand, deck in product([None, *state.pool], hands, decks):
                if combines_hand(state, seat, powers.HIRE_HAND_INSTEAD, card, hand):
                    continue
                if 1 <= (card is not None) + (hand is not None) + deck <= most:
                    out.append(Hire(card, hand, deck, replace))
        return out

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Hire)
        count = (action.card is not None) + (action.from_hand is not None) + action.from_deck
        if count == 0:
            raise IllegalAction("no_cards", "Name a card to hire.")
        if action.card is not None:
            require_in_pool(state, action.card)
        require_from_hand(
            state, seat, action.from_hand, powers.HIRE_FROM_HAND, "hire from your hand"
        )
        refuse_combined(state, seat, powers.HIRE_HAND_INSTEAD, action.card, action.from_hand)
        if action.from_deck:
            require(state, seat, powers.HIRE_FROM_DECK, "hire from the deck")
        if action.replace is not None:
            require(state, seat, powers.REPLACE_CLIENT, "replace a client")
            if action.replace not in state.players[seat].clientele:
                raise IllegalAction("not_a_client", f"Card {action.replace} is not your client.")
        if count > self.most(state, seat, action.replace is not None):
            raise IllegalAction("clientele_full", "Your Clientele is full (limited by Influence).")

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Hire)
        if action.replace is not None:  # "The old client is in the Pool immediately"
            player = state.players[seat]
            move(action.replace, player.clientele, state.pool)
            if action.replace in player.hired:
                player.hired.remove(action.replace)
        hiring = {"card": action.card, "from_hand": action.from_hand, "from_deck": action.from_deck}
        push(state, [{"kind": "hire", "seat": seat, **hiring}])


role(Patron)


class HireFrame(FrameKind):
    """The clients named by one Patron action and not hired yet: the next is hired, if there is
    room, once what the last one brought (a Bath action) is done."""

    kind = "hire"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        state.frames.pop()
        seat = frame["seat"]
        client = next_client(state, seat, frame) if room(state, seat) > 0 else None
        if client is None:
            return True  # no room (or nothing left): the clients not hired stay where they are
        state.players[seat].hired.append(client)
        rest = [frame] if any(frame[k] not in (None, False) for k in HIRING) else []
        push(state, powers.hire_frames(state, seat, [client]) + rest)
        return True


kind(HireFrame)


HIRING = ("card", "from_hand", "from_deck")


def next_client(state: State, seat: int, hiring: dict[str, Any]) -> int | None:
    """Take the first source still named into the Clientele, and strike it from `hiring`: the
    Pool's card, the card from hand (passed over if a Bath action has used it), the deck's top."""
    clientele = state.players[seat].clientele
    card, hiring["card"] = hiring["card"], None
    if card is not None:
        move(card, state.pool, clientele)
        return int(card)
    card, hiring["from_hand"] = hiring["from_hand"], None
    if card is not None and card in state.players[seat].hand:
        move(card, state.players[seat].hand, clientele)
        return int(card)
    if hiring["from_deck"]:
        hiring["from_deck"] = False
        return draw_one(state, seat, "clientele")
    return None
