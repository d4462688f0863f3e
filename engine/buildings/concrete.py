"""Concrete structures (value 2)."""

from __future__ import annotations

from typing import Any

from ..cards import JACK
from ..flow import ChooseFrame, burst, kind, move
from ..powers import (
    HIRE_FROM_HAND,
    LEGIONARY_BRIDGE,
    OVERRIDES_PALISADE,
    THINK_DISCARD_ALL,
    THINK_EXTRA_JACK,
    Power,
    register,
)
from ..state import Building, Frame, State


@register
class Amphitheatre(Power):
    """When you complete an Amphitheatre, you may immediately execute one Craftsman action for
    every point of Influence you have, including the Amphitheatre's (rules/001 Amphitheatre)."""

    name = "Amphitheatre"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [burst(seat, "craftsman", state.influence(seat))]


@register
class Aqueduct(Power):
    """Your maximum Clientele is doubled, after the Insula's bonus. Each Patron action may also
    take a card from your hand as a Client; taking one from the Pool is not required
    (rules/001 Aqueduct)."""

    name = "Aqueduct"
    clientele_factor = 2
    grants = frozenset({HIRE_FROM_HAND})


@register
class Bridge(Power):
    """Your Legionary demands reach opponents with Palisades (not Walls); in a game of four or
    five, every opponent; and each victim also gives a matching Material from his Stockpile
    (rules/001 Bridge)."""

    name = "Bridge"
    grants = frozenset({LEGIONARY_BRIDGE, OVERRIDES_PALISADE})


@register
class Senate(Power):
    """Imperium only. At the end of each turn you may take into your hand any Jacks played by
    opponents; several Senates act in the order their owners played this turn (rules/001
    Senate)."""

    name = "Senate"

    def end_of_turn(self, state: State, seat: int) -> list[Frame]:
        return [{"kind": "senate", "seat": seat}]


@kind
class SenateFrame(ChooseFrame):
    kind = "senate"
    by_name = True

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Senate: you may take the Jacks your opponents played this turn."}

    def offered(self, state: State, frame: Frame) -> list[int]:
        return [
            c
            for s, p in enumerate(state.players)
            if s != frame["seat"]
            for c in p.camp
            if state.names[c] == JACK
        ]

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        for c in cards:
            owner = next(p for p in state.players if c in p.camp)
            move(c, owner.camp, state.players[frame["seat"]].hand)


@register
class Storeroom(Power):
    """Each Client may act as a Laborer Client instead of itself (rules/001 Storeroom)."""

    name = "Storeroom"

    def client_counts_as(self, client_role: str, role: str) -> bool:
        return role == "laborer"


@register
class Tower(Power):
    """You may use Rubble towards any Foundation, and lay a Foundation out of town with one
    Craftsman or Architect action (rules/001 Tower)."""

    name = "Tower"
    out_of_town_cost = 1

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return material == "rubble"


@register
class Tribunal(Power):
    """Republic only. Whenever you Think, you may draw an additional Jack after the normal Think
    action (rules/001 Tribunal)."""

    name = "Tribunal"
    grants = frozenset({THINK_EXTRA_JACK})


@register
class Vomitorium(Power):
    """You may discard all the cards from your hand before a Thinker action: orders to the Pool,
    Jacks to their pile (rules/001 Vomitorium)."""

    name = "Vomitorium"
    grants = frozenset({THINK_DISCARD_ALL})


@register
class Wall(Power):
    """Opponents' Legionaries cannot take your cards, even with a Bridge; you may give them up if
    you wish. At the end of the game, one Victory Point per two Materials in your Stockpile
    (rules/001 Wall)."""

    name = "Wall"
    shelters = True

    def legionary_immune(self, state: State, seat: int, demander: int) -> bool:
        return True

    def victory_points(self, state: State, seat: int) -> int:
        return len(state.players[seat].stockpile) // 2
