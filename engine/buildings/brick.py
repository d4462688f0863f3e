"""Brick structures (value 2)."""

from __future__ import annotations

from ..flow import burst
from ..powers import BUILD_FROM_POOL, SELL_FROM_DECK, Power, register, role_of
from ..state import Building, Frame, State
from .bursts import CompletionBurst


@register
class Academy(Power):
    """You may execute one Thinker action after any turn in which you executed at least one
    Craftsman action, even if only with a Client; it works on the turn it is completed
    (Black Box rulebook, Appendix I, Academy)."""

    name = "Academy"

    def end_of_turn(self, state: State, seat: int) -> list[Frame]:
        return [burst(seat, "thinker", 1)] if "craftsman" in state.players[seat].acted else []


@register
class Archway(Power):
    """When executing an Architect action you may take materials from the Pool instead of your
    Stockpile; never foundations (Black Box rulebook, Appendix I, Archway)."""

    name = "Archway"
    grants = frozenset({BUILD_FROM_POOL})


@register
class Atrium(Power):
    """When executing a Merchant action, you may take an Order card from the deck instead of your
    Stockpile and put it in your Vault without looking at it (Black Box rulebook, Appendix I,
    Atrium)."""

    name = "Atrium"
    grants = frozenset({SELL_FROM_DECK})


@register
class Bath(Power):
    """When you gain a new Client, you may immediately execute an action of its Role; influence
    gained by it is available to later Patron actions; "two actions may be combined to start an out
    of town Site" (Black Box rulebook, Appendix I, Bath). Ruling "Bath: several clients at once"
    (docs/rules.md): a Patron action that hires several clients at once (Aqueduct, Bar) hires them
    all, then they act in the order hired, and the actions of clients of one role form one burst, so
    two of them can lay out of town together."""

    name = "Bath"

    def on_hire(self, state: State, seat: int, clients: list[int]) -> list[Frame]:
        roles = [role_of(state, c) or "" for c in clients]
        return [burst(seat, r, roles.count(r)) for r in dict.fromkeys(roles)]


@register
class Foundry(CompletionBurst):
    """When you complete a Foundry you may perform one Laborer action for each point of
    Influence you have, including the Foundry's (Black Box rulebook, Appendix I, Foundry)."""

    name = "Foundry"
    burst_role = "laborer"


@register
class Gate(Power):
    """You gain the Functions of your Marble Structures as soon as their Foundations are laid;
    their Influence comes on completion. With a Road, a Stone structure holding a Marble counts
    as Marble too (Black Box rulebook, Appendix I, Gate, Gate combined with Road)."""

    name = "Gate"

    def activates(self, state: State, seat: int, building: Building) -> bool:
        material = state.material(building.foundation)
        if material == "marble":
            return True
        has_road = any(
            b.complete and state.names[b.foundation] == "Road"
            for b in state.players[seat].buildings
        )
        marbled = any(state.material(c) == "marble" for c in building.materials)
        return material == "stone" and has_road and marbled


@register
class School(CompletionBurst):
    """When you complete a School, you may perform one Thinker action for each point of
    Influence you have, including the School's (Black Box rulebook, Appendix I, School)."""

    name = "School"
    burst_role = "thinker"


@register
class Shrine(Power):
    """Your hand refill size is increased by two (Black Box rulebook, Appendix I, Shrine)."""

    name = "Shrine"
    hand_size_bonus = 2
