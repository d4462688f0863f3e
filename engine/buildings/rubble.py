"""Rubble structures (value 1)."""

from __future__ import annotations

from ..powers import HIRE_FROM_DECK, THINK_DISCARD_ONE, Power, register
from ..state import Building, State


class Bar(Power):
    """Each time you execute a Patron action, you may choose to take an additional card from the
    draw deck as a Client. You need not take a Client from the Pool; the Clientele limit still
    applies (Black Box rulebook, Appendix I, Bar). Ruling "Bar: the Pool card first"
    (docs/rules.md): a hire that takes from the Pool and the deck takes the Pool card first, so the
    deck never comes "before" the Pool."""

    name = "Bar"
    grants = frozenset({HIRE_FROM_DECK})


register(Bar)


class Insula(Power):
    """Your maximum Clientele is increased by two (Black Box rulebook, Appendix I, Insula)."""

    name = "Insula"
    clientele_bonus = 2


register(Insula)


class Latrine(Power):
    """You may discard an Order card from your hand into the Pool before executing a Thinker
    action (Black Box rulebook, Appendix I, Latrine)."""

    name = "Latrine"
    grants = frozenset({THINK_DISCARD_ONE})


register(Latrine)


class Road(Power):
    """You may use any Material towards the completion of Stone Structures (Black Box rulebook,
    Appendix I, Road)."""

    name = "Road"

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return state.material(building.foundation) == "stone"


register(Road)
