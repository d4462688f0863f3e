"""Building functions as a table of hooks, and the quantities the turn flow asks them about.

The rules ask a dozen questions (hand size, clientele and vault limits, how many actions a role
gives, which cards may be played as a role, which materials fit a structure, who a Legionary
reaches, what happens upon completion, at the end of a turn, at scoring). The core answers each
question here, once, from the player's active powers. A building changes an answer by overriding the
matching `Power` method in its own small class, registered with `@register`: the turn flow never
tests building names.
"""

from __future__ import annotations

from typing import ClassVar

from .cards import ORDER_TYPE, ROLE_OF_MATERIAL, VALUE_OF_MATERIAL
from .state import Building, Frame, State

BASE_HAND_SIZE = 5
PETITION_SIZE = {"republic": 2, "imperium": 3}


class Power:
    """A building's function. Subclasses override only the hooks their card changes; the
    docstring of each subclass is the card's text and any ruling."""

    name: ClassVar[str] = ""

    def hand_size_bonus(self, state: State, seat: int) -> int:
        return 0

    def clientele_bonus(self, state: State, seat: int) -> int:
        return 0

    def clientele_factor(self, state: State, seat: int) -> int:
        return 1

    def vault_bonus(self, state: State, seat: int) -> int:
        return 0

    def petition_sizes(self, state: State, seat: int) -> frozenset[int]:
        return frozenset()

    def client_counts_as(self, state: State, seat: int, client_role: str, role: str) -> bool:
        return False

    def extra_client_actions(self, state: State, seat: int, role: str, clients: int) -> int:
        return 0

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return False

    def legionary_immune(self, state: State, seat: int, demander: int) -> bool:
        return False

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return []

    def victory_points(self, state: State, seat: int) -> int:
        return 0


POWERS: dict[str, Power] = {}


def register(cls: type[Power]) -> type[Power]:
    if cls.name not in ORDER_TYPE:
        raise ValueError(f"no such card: {cls.name}")
    POWERS[cls.name] = cls()
    return cls


def active_powers(state: State, seat: int) -> list[Power]:
    """The functions a player benefits from now: those of completed structures (none in the
    training game, rules/001 "Training Game: Ignore the special Function")."""
    if state.training:
        return []
    out = []
    for b in state.players[seat].buildings:
        if b.complete:
            power = POWERS.get(state.names[b.foundation])
            if power is not None:
                out.append(power)
    return out


# The questions the rules ask --------------------------------------------------------------------


def hand_size(state: State, seat: int) -> int:
    """Hand refill size: five, plus building bonuses (rules/001 THINKING)."""
    return BASE_HAND_SIZE + sum(p.hand_size_bonus(state, seat) for p in active_powers(state, seat))


def clientele_limit(state: State, seat: int) -> int:
    """Clientele is limited by Influence (rules/001 HIRING CLIENTS)."""
    powers = active_powers(state, seat)
    limit = state.influence(seat) + sum(p.clientele_bonus(state, seat) for p in powers)
    for p in powers:
        limit *= p.clientele_factor(state, seat)
    return limit


def vault_limit(state: State, seat: int) -> int:
    """Vault space is limited by Influence (rules/001 SELLING MATERIALS)."""
    powers = active_powers(state, seat)
    return state.influence(seat) + sum(p.vault_bonus(state, seat) for p in powers)


def petition_sizes(state: State, seat: int) -> frozenset[int]:
    """Cards in a petition: two in Republic, three in Imperium (rules/001 PETITIONING, App. II)."""
    sizes = {PETITION_SIZE[state.version]}
    for p in active_powers(state, seat):
        sizes |= p.petition_sizes(state, seat)
    return frozenset(sizes)


def role_of(state: State, card: int) -> str | None:
    material = state.material(card)
    return ROLE_OF_MATERIAL[material] if material else None


def acting_clients(state: State, seat: int, role: str) -> int:
    """Clients that act for `role` this turn; a client hired this turn does not act (rules/001
    HIRING CLIENTS: "A new Client does not perform its action during the turn that it is hired")."""
    player = state.players[seat]
    powers = active_powers(state, seat)
    count = 0
    for client in player.clientele:
        if client in player.hired:
            continue
        client_role = role_of(state, client) or ""
        if client_role == role or any(
            p.client_counts_as(state, seat, client_role, role) for p in powers
        ):
            count += 1
    return count


def action_count(state: State, seat: int, role: str) -> int:
    """One action for leading or following, plus one per client of the role, even for a player
    who thought (rules/001 GAME PLAY steps 3-4)."""
    played = 1 if state.players[seat].camp else 0
    clients = acting_clients(state, seat, role)
    extra = sum(
        p.extra_client_actions(state, seat, role, clients) for p in active_powers(state, seat)
    )
    return played + clients + extra


def material_fits(state: State, seat: int, building: Building, material: str) -> bool:
    """A material must match the foundation (rules/001 ADDING MATERIALS TO A BUILDING)."""
    if state.material(building.foundation) == material:
        return True
    return any(p.material_fits(state, seat, building, material) for p in active_powers(state, seat))


def materials_needed(state: State, building: Building) -> int:
    """One, two or three materials by the foundation's value (rules/001 Completing a Structure)."""
    return VALUE_OF_MATERIAL[state.material(building.foundation) or ""]


def legionary_victims(state: State, seat: int) -> list[int]:
    """Both neighbours; in a two-player game the opponent is the only one (rules/001 DEMANDING
    MATERIALS). Players a power makes immune are left out."""
    n = state.n
    neighbours = [(seat + 1) % n] if n == 2 else [(seat + 1) % n, (seat - 1) % n]
    return [
        v
        for v in neighbours
        if not any(p.legionary_immune(state, v, seat) for p in active_powers(state, v))
    ]


def completion_frames(state: State, seat: int, building: Building) -> list[Frame]:
    power = None if state.training else POWERS.get(state.names[building.foundation])
    return power.on_complete(state, seat, building) if power else []


def building_points(state: State, seat: int) -> int:
    """Victory points granted by structures (rules/001 SCORING AND WINNING)."""
    return sum(p.victory_points(state, seat) for p in active_powers(state, seat))
