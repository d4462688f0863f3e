"""Concrete structures (value 2)."""

from __future__ import annotations

from typing import Any

from ..cards import JACK
from ..flow import ChooseFrame, kind, move
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
from .bursts import CompletionBurst


class Amphitheatre(CompletionBurst):
    """When you complete an Amphitheatre, you may immediately execute one Craftsman action for every
    point of Influence you have, including the Amphitheatre's (Black Box rulebook, Appendix I,
    Amphitheatre)."""

    name = "Amphitheatre"
    burst_role = "craftsman"


register(Amphitheatre)


class Aqueduct(Power):
    """Your maximum Clientele is doubled, after the Insula's bonus. Each Patron action may also
    take a card from your hand as a Client; taking one from the Pool is not required
    (Black Box rulebook, Appendix I, Aqueduct)."""

    name = "Aqueduct"
    clientele_factor = 2
    grants = frozenset({HIRE_FROM_HAND})


register(Aqueduct)


class Bridge(Power):
    """Your Legionary demands reach opponents with Palisades (not Walls); in a game of four or
    five, every opponent; and each victim also gives a matching Material from his Stockpile
    (Black Box rulebook, Appendix I, Bridge)."""

    name = "Bridge"
    grants = frozenset({LEGIONARY_BRIDGE, OVERRIDES_PALISADE})


register(Bridge)


class Senate(Power):
    """Imperium only. At the end of each turn you may take into your hand any Jacks played by
    opponents; several Senates act in the order their owners played this turn (Black Box rulebook,
    Appendix I, Senate)."""

    name = "Senate"

    def end_of_turn(self, state: State, seat: int) -> list[Frame]:
        return [{"kind": "senate", "seat": seat}]


register(Senate)


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


kind(SenateFrame)


class Storeroom(Power):
    """Each Client may act as a Laborer Client instead of itself (Black Box rulebook, Appendix I,
    Storeroom)."""

    name = "Storeroom"

    def client_counts_as(self, client_role: str, role: str) -> bool:
        return role == "laborer"


register(Storeroom)


class Tower(Power):
    """You may use Rubble towards any Foundation, and lay a Foundation out of town with one
    Craftsman or Architect action (Black Box rulebook, Appendix I, Tower)."""

    name = "Tower"
    out_of_town_cost = 1

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return material == "rubble"


register(Tower)


class Tribunal(Power):
    """Republic only. Whenever you Think, you may draw an additional Jack after the normal Think
    action (Black Box rulebook, Appendix I, Tribunal)."""

    name = "Tribunal"
    grants = frozenset({THINK_EXTRA_JACK})


register(Tribunal)


class Vomitorium(Power):
    """You may discard all the cards from your hand before a Thinker action: orders to the Pool,
    Jacks to their pile (Black Box rulebook, Appendix I, Vomitorium)."""

    name = "Vomitorium"
    grants = frozenset({THINK_DISCARD_ALL})


register(Vomitorium)


class Wall(Power):
    """Opponents' Legionaries cannot take your cards, even with a Bridge; you may give them up if
    you wish. At the end of the game, one Victory Point per two Materials in your Stockpile
    (Black Box rulebook, Appendix I, Wall)."""

    name = "Wall"
    shelters = True

    def legionary_immune(self, state: State, seat: int, demander: int) -> bool:
        return True

    def victory_points(self, state: State, seat: int) -> int:
        return len(state.players[seat].stockpile) // 2


register(Wall)
