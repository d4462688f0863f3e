"""Brick structures (value 2)."""

from __future__ import annotations

from ..flow import burst
from ..powers import BUILD_FROM_POOL, SELL_FROM_DECK, Power, register, role_of
from ..state import Building, Frame, State
from .rubble import Road


@register
class Academy(Power):
    """You may execute one Thinker action after any turn in which you executed at least one
    Craftsman action, even if only with a Client; it works on the turn it is completed
    (rules/001 Academy). Ruling "Academy: after the turn": once the turn's cards are in the Pool
    and its Jacks back in their pile."""

    name = "Academy"

    def after_turn(self, state: State, seat: int) -> list[Frame]:
        return [burst(seat, "thinker", 1)] if "craftsman" in state.players[seat].acted else []


@register
class Archway(Power):
    """When executing an Architect action you may take materials from the Pool instead of your
    Stockpile; never foundations (rules/001 Archway)."""

    name = "Archway"
    grants = frozenset({BUILD_FROM_POOL})


@register
class Atrium(Power):
    """When executing a Merchant action, you may take an Order card from the deck instead of your
    Stockpile and put it in your Vault without looking at it (rules/001 Atrium)."""

    name = "Atrium"
    grants = frozenset({SELL_FROM_DECK})


@register
class Bath(Power):
    """When you gain a new Client, you may immediately execute an action of its Role; influence
    gained by it is available to later Patron actions; "two actions may be combined to start an
    out of town Site" (rules/001 Bath). Ruling: a Patron action that hires several clients at once
    (Aqueduct, Bar) hires them all, then they act in the order hired, and the actions of clients
    of one role form one burst, so two of them can lay out of town together."""

    name = "Bath"

    def on_hire(self, state: State, seat: int, clients: list[int]) -> list[Frame]:
        roles = [role_of(state, c) or "" for c in clients]
        return [burst(seat, r, roles.count(r)) for r in dict.fromkeys(roles)]


@register
class Foundry(Power):
    """When you complete a Foundry you may perform one Laborer action for each point of
    Influence you have, including the Foundry's (rules/001 Foundry)."""

    name = "Foundry"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [burst(seat, "laborer", state.influence(seat))]


@register
class Gate(Power):
    """You gain the Functions of your Marble Structures as soon as their Foundations are laid;
    their Influence comes on completion. With a Road, a Stone structure holding a Marble counts
    as Marble too (rules/001 Gate, Gate combined with Road). A public Gate or Road works so for
    every player (Black Box rulebook, Appendix I, Stairway: "grant that Structure's function to
    all players")."""

    name = "Gate"

    def activates(self, state: State, seat: int, building: Building, active: list[Power]) -> bool:
        material = state.material(building.foundation)
        if material == "marble":
            return True
        has_road = any(isinstance(p, Road) for p in active)  # his own, or a public one
        marbled = any(state.material(c) == "marble" for c in building.materials)
        return material == "stone" and has_road and marbled


@register
class School(Power):
    """When you complete a School, you may perform one Thinker action for each point of
    Influence you have, including the School's (rules/001 School)."""

    name = "School"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [burst(seat, "thinker", state.influence(seat))]


@register
class Shrine(Power):
    """Your hand refill size is increased by two (rules/001 Shrine)."""

    name = "Shrine"
    hand_size_bonus = 2
