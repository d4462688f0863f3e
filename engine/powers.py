"""Building functions as a table of hooks, and the quantities the turn flow asks them about.

The rules ask a dozen questions: hand size, clientele and vault limits, how many actions a role
gives, which cards may be played as a role, where a role action may take its cards from, which
materials fit a structure and when it is complete, who a Legionary reaches, what happens upon
completion, at the end of a turn, at scoring, and whether someone wins at once. The core answers
each question here, once, from the player's active powers. A building changes an answer by
overriding the matching `Power` attribute or method in its own class in `engine/buildings/`,
registered by `register(...)`; the turn flow never tests a building's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from .cards import MATERIALS, ORDER_TYPE, VALUE_OF_MATERIAL
from .state import Building, Frame, State

BASE_HAND_SIZE = 5
# The first edition has no petition: only a Circus lets two cards play as a Jack (First edition
# rulebook (2005), Jacks; Appendix, Circus).
PETITION_SIZES = {
    "republic": frozenset({2}),
    "imperium": frozenset({3}),
    "first_edition": frozenset(),
}
OUT_OF_TOWN_COST = 2

# Capabilities a power may grant (Power.grants): optional sources and extra choices.
HIRE_FROM_HAND = "hire_from_hand"  # Aqueduct
HIRE_FROM_DECK = "hire_from_deck"  # Bar
GATHER_FROM_HAND = "gather_from_hand"  # Dock
SELL_FROM_DECK = "sell_from_deck"  # Atrium
SELL_FROM_HAND = "sell_from_hand"  # Basilica
BUILD_FROM_POOL = "build_from_pool"  # Archway (Architect)
CRAFT_FROM_DECK = "craft_from_deck"  # Fountain (Craftsman)
PUBLICIZE = "publicize"  # Stairway (Architect)
THINK_DISCARD_ONE = "think_discard_one"  # Latrine
THINK_DISCARD_ALL = "think_discard_all"  # Vomitorium
THINK_EXTRA_JACK = "think_extra_jack"  # Tribunal
MULTI_PLAY = "multi_play"  # Palace
ACT_ON_HIRE = "act_on_hire"  # Bath
LEGIONARY_BRIDGE = "legionary_bridge"  # Bridge
OVERRIDES_PALISADE = "overrides_palisade"  # Bridge
# The 2005 first edition's functions (engine/buildings/first_edition.py):
HIRE_HAND_INSTEAD = "hire_hand_instead"  # Bar (2005): a client from hand instead of the Pool
GATHER_HAND_INSTEAD = "gather_hand_instead"  # Dock (2005)
SELL_HAND_INSTEAD = "sell_hand_instead"  # Atrium (2005)
THINK_TWICE = "think_twice"  # School (2005)
LEAD_ANY_AS_JACK = "lead_any_as_jack"  # Circus Maximus (2005)
LEGIONARY_ALL = "legionary_all"  # Bridge (2005): every opponent, whatever the player count
THINK_AFTER_LEADING = "think_after_leading"  # Senate (2005)
GATHER_FROM_DECK = "gather_from_deck"  # Foundry (2005)
REPLACE_CLIENT = "replace_client"  # Bath (2005)
# The Geek expansion's (engine/buildings/geek.py):
THINK_AFTER_LOSS = "think_after_loss"  # Castra
DEMAND_WITH_FOUNDATIONS = "demand_with_foundations"  # Castra Praetoria
HIGHEST_INFLUENCE = "highest_influence"  # Aerarium
TEAR_DOWN = "tear_down"  # Watch Post


class Power:
    """A building's function. Subclasses set or override only what their card changes; the docstring
    of each subclass is the card's text (Black Box rulebook, Appendix I) and any ruling of
    docs/rules.md."""

    name: ClassVar[str] = ""
    grants: ClassVar[frozenset[str]] = frozenset()
    hand_size_bonus: ClassVar[int] = 0
    clientele_bonus: ClassVar[int] = 0
    clientele_factor: ClassVar[int] = 1
    vault_bonus: ClassVar[int] = 0
    vault_factor: ClassVar[int] = 1
    # Sites any of the owner's foundations may be laid on besides its own material's (Tower and
    # Scriptorium of the first edition).
    foundation_sites: ClassVar[tuple[str, ...]] = ()
    # An action of this role that adds a material to any of the owner's structures completes it
    # (the first edition's Stairway).
    completing_role: ClassVar[str | None] = None
    # Roles the owner may execute as he leads or follows, out of turn order (the first edition's
    # Bar, Dock and Bridge).
    early_roles: ClassVar[frozenset[str]] = frozenset()
    petition_sizes: ClassVar[frozenset[int]] = frozenset()
    wild_roles: ClassVar[frozenset[str]] = frozenset()  # roles any single card may be played as
    out_of_town_cost: ClassVar[int | None] = None
    # The owner's clients and foundations are safe from an opponent's Legionary (a Colosseum, a
    # Domus Aurea), even when his Materials are not (Palisade against a Bridge).
    shelters: ClassVar[bool] = False
    win_reason: ClassVar[str] = "forum"  # the end's reason when `wins` (engine/endgame.py)

    def client_counts_as(self, client_role: str, role: str) -> bool:
        return False

    def extra_client_actions(self, state: State, seat: int, role: str, clients: int) -> int:
        return 0

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return False

    def may_complete(self, state: State, seat: int, building: Building, material: str) -> bool:
        """Adding `material` lets the player complete `building` whatever its count, if he
        chooses (Scriptorium)."""
        return False

    def activates(self, state: State, seat: int, building: Building, active: list[Power]) -> bool:
        """An incomplete structure of the owner whose function works already (Gate), given the
        functions `active` for him without such structures."""
        return False

    def legionary_immune(self, state: State, seat: int, demander: int) -> bool:
        """The owner need not give Materials to `demander`'s Legionary (Palisade, Wall)."""
        return False

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return []

    def on_hire(self, state: State, seat: int, clients: list[int]) -> list[Frame]:
        """Decisions after one Patron action hired `clients` (in the order hired)."""
        return []

    def on_demand(
        self, state: State, seat: int, demand: list[str], victims: list[int]
    ) -> list[Frame]:
        """Decisions after a Legionary's demand is answered, against the victims a power does not
        protect."""
        return []

    def end_of_turn(self, state: State, seat: int) -> list[Frame]:
        """Decisions at the end of the turn, while the played cards are still on the camps."""
        return []

    def on_play(self, state: State, seat: int, role: str) -> list[Frame]:
        """Decisions that follow the owner's own actions of `role`, which he just led or
        followed (Watermill)."""
        return []

    def on_build_complete(
        self, state: State, seat: int, building: Building, role: str
    ) -> list[Frame]:
        """Decisions after the owner completed `building` with an action of `role` (Solarium)."""
        return []

    def after_action(self, state: State, seat: int, frame: Frame, taken: int) -> list[Frame]:
        """Decisions once the action just taken in the act frame `frame` is over, an action that
        was `taken` actions (a Legionary's demand, a lay out of town) (Triclinium)."""
        return []

    def after_turn(self, state: State, seat: int) -> list[Frame]:
        """Decisions after the turn, once the played cards are in the Pool and the Jacks in their
        pile (what the player did this turn is still known)."""
        return []

    def victory_points(self, state: State, seat: int) -> int:
        return 0

    def wins(self, state: State, seat: int) -> bool:
        return False

    # Rules of the building's own card, in force from its foundation (not a function of a
    # completed structure, but still switched off in the training game).
    def own_sites(self, material: str) -> tuple[str, ...]:
        return (material,)

    def own_material_fits(self, state: State, building: Building, material: str) -> bool:
        return False

    def own_materials_needed(self, state: State, building: Building) -> int | None:
        return None

    def own_completes(self, state: State, building: Building, role: str) -> bool:
        return False


POWERS: dict[str, Power] = {}
ACTIVATORS: set[str] = set()  # powers that activate incomplete structures (Gate)
WINNERS: set[str] = set()  # powers that can win the game at once (Forum, Forum Romanum)


def register(cls: type[Power]) -> type[Power]:
    """Make `cls` the power of its card. Called after the class, not as its decorator: mypyc
    compiles no decorated class (engine/compiled.py)."""
    if cls.name not in ORDER_TYPE:
        raise ValueError(f"no such card: {cls.name}")
    POWERS[cls.name] = cls()
    if cls.activates is not Power.activates:
        ACTIVATORS.add(cls.name)
    if cls.wins is not Power.wins:
        WINNERS.add(cls.name)
    return cls


def own_power(state: State, building: Building) -> Power | None:
    """The power of a structure's own card, for rules that apply to that structure itself."""
    return None if state.training else POWERS.get(state.names[building.foundation])


class SeatPowers:
    """A seat's active powers and what they answer, worked out as the rules ask and kept in
    `State.memo` until a structure changes. Copies of a state share them."""

    def __init__(self, active: list[Power]) -> None:
        self.active = active
        self.answers: dict[str, tuple[Power, ...]] = {}  # by question (`answering`)
        self.grants: frozenset[str] | None = None
        self.petition_sizes: frozenset[int] | None = None
        self.wild_roles: frozenset[str] | None = None


def seat_powers(state: State, seat: int) -> SeatPowers:
    memo = state.memo
    if not memo:
        memo = state.memo = [None] * state.n
    cached: SeatPowers | None = memo[seat]
    if cached is None:
        cached = memo[seat] = SeatPowers(_active_powers(state, seat))
    return cached


def active_powers(state: State, seat: int) -> list[Power]:
    """The functions a player benefits from now, once each by name: his completed structures, the
    incomplete ones a power activates (Gate), and opponents' public structures (Stairway). None in
    the training game (Black Box rulebook, Completing a Structure, "Training Game: Ignore the
    special Function")."""
    return seat_powers(state, seat).active


def _active_powers(state: State, seat: int) -> list[Power]:
    if state.options.get("training"):
        return []
    names = state.names
    seen: set[str] = set()
    out: list[Power] = []

    def add(name: str) -> None:
        power = POWERS.get(name)
        if power is not None and name not in seen:
            seen.add(name)
            out.append(power)

    buildings = state.players[seat].buildings
    for b in buildings:
        if b.complete:
            add(names[b.foundation])
    for other, player in enumerate(state.players):
        if other != seat:
            for b in player.buildings:
                if b.public:
                    add(names[b.foundation])
    # A public structure's function is everyone's (Black Box rulebook, Appendix I, Stairway):
    # an opponent's public Gate (or Road) wakes this player's foundations too.
    if not seen.isdisjoint(ACTIVATORS):
        base = list(out)
        for b in buildings:
            if not b.complete and any(p.activates(state, seat, b, base) for p in base):
                add(names[b.foundation])
    return out


def answering(state: State, seat: int, question: str) -> tuple[Power, ...]:
    """The seat's active powers that answer `question` (override that `Power` method): the
    others give the default answer (False, 0, nothing), so asking them changes nothing.
    Memoised with the active powers."""
    memo = seat_powers(state, seat)
    cached = memo.answers.get(question)
    if cached is None:
        default = getattr(Power, question)
        cached = memo.answers[question] = tuple(
            p for p in memo.active if getattr(type(p), question) is not default
        )
    return cached


def capabilities(state: State, seat: int) -> frozenset[str]:
    """What the seat's active powers grant (memoised with them)."""
    memo = seat_powers(state, seat)
    if memo.grants is None:
        out: set[str] = set()
        for p in memo.active:
            out |= p.grants
        memo.grants = frozenset(out)
    return memo.grants


def has(state: State, seat: int, capability: str) -> bool:
    return capability in capabilities(state, seat)


# The questions the rules ask --------------------------------------------------------------------


def hand_size(state: State, seat: int, active: list[Power] | None = None) -> int:
    """Hand refill size: five, plus building bonuses (Black Box rulebook, Thinking)."""
    active = active_powers(state, seat) if active is None else active
    return BASE_HAND_SIZE + sum(p.hand_size_bonus for p in active)


def checked_influence(state: State, seat: int) -> int:
    """The Influence the rules check during the game (limits, bursts): the player's own, or with
    an Aerarium the highest of all players'; scoring counts his own (Black Box rulebook, Appendix
    III, Aerarium)."""
    if has(state, seat, HIGHEST_INFLUENCE):
        return max(state.influence(s) for s in range(state.n))
    return state.influence(seat)


def clientele_limit(state: State, seat: int, active: list[Power] | None = None) -> int:
    """Clientele is limited by Influence (Black Box rulebook, Hiring Clients); bonuses are added
    before factors (Black Box rulebook, Appendix I, Aqueduct, first example: "five Influence, plus
    two ..., doubled")."""
    active = active_powers(state, seat) if active is None else active
    limit = checked_influence(state, seat) + sum(p.clientele_bonus for p in active)
    for p in active:
        limit *= p.clientele_factor
    return limit


def vault_limit(state: State, seat: int, active: list[Power] | None = None) -> int:
    """Vault space is limited by Influence (Black Box rulebook, Selling Materials)."""
    active = active_powers(state, seat) if active is None else active
    limit = checked_influence(state, seat) + sum(p.vault_bonus for p in active)
    # Bonuses before factors, as for the Clientele (First edition rulebook (2005), Appendix,
    # Basilica, example: "five ... plus two ... doubled").
    for p in active:
        limit *= p.vault_factor
    return limit


def petition_sizes(state: State, seat: int) -> frozenset[int]:
    """Cards in a petition: two in Republic, three in Imperium (Black Box rulebook, Petitioning,
    Appendix II); none in the first edition."""
    memo = seat_powers(state, seat)
    if memo.petition_sizes is None:
        sizes = set(PETITION_SIZES[state.version])
        for p in memo.active:
            sizes |= p.petition_sizes
        memo.petition_sizes = frozenset(sizes)
    return memo.petition_sizes


def early(state: State, seat: int, role: str) -> bool:
    return any(role in p.early_roles for p in active_powers(state, seat))


def wild_roles(state: State, seat: int) -> frozenset[str]:
    memo = seat_powers(state, seat)
    if memo.wild_roles is None:
        out: set[str] = set()
        for p in memo.active:
            out |= p.wild_roles
        memo.wild_roles = frozenset(out)
    return memo.wild_roles


def role_of(state: State, card: int) -> str | None:
    return state.card_role(card)


def client_acts_as(
    state: State, seat: int, client: int, role: str, active: Sequence[Power] | None = None
) -> bool:
    client_role = role_of(state, client) or ""
    if client_role == role:
        return True
    powers = answering(state, seat, "client_counts_as") if active is None else active
    return any(p.client_counts_as(client_role, role) for p in powers)


def acting_clients(state: State, seat: int, role: str) -> int:
    """Clients that act for `role` this turn; a client hired this turn does not act (Black Box
    rulebook, Hiring Clients, Clients: "A new Client does not perform its action during the turn
    that it is hired")."""
    player = state.players[seat]
    active = answering(state, seat, "client_counts_as")
    hired = player.hired
    count = 0
    for c in player.clientele:
        if c not in hired and client_acts_as(state, seat, c, role, active):
            count += 1
    return count


def action_count(state: State, seat: int, role: str) -> int:
    """One action for leading or following (one per card with a Palace), plus one per client of
    the role, even for a player who thought (Black Box rulebook, Game Play, steps 3-4)."""
    clients = acting_clients(state, seat, role)
    extra = sum(
        p.extra_client_actions(state, seat, role, clients)
        for p in answering(state, seat, "extra_client_actions")
    )
    return state.players[seat].played + clients + extra


def out_of_town_cost(state: State, seat: int) -> int:
    """Two consecutive actions (Black Box rulebook, Out of Town Sites), unless a power says less."""
    costs = [p.out_of_town_cost for p in active_powers(state, seat) if p.out_of_town_cost]
    return min([OUT_OF_TOWN_COST, *costs])


def lay_sites(state: State, seat: int, card: int) -> tuple[str, ...]:
    """The Site materials a card may be laid on: its own material, unless its card or an active
    power says more."""
    material = state.material(card) or ""
    power = None if state.training else POWERS.get(state.names[card])
    own = power.own_sites(material) if power else (material,)
    extra = {m for p in active_powers(state, seat) for m in p.foundation_sites}
    return own if extra <= set(own) else tuple(m for m in MATERIALS if m in extra or m in own)


def material_fits(state: State, seat: int, building: Building, material: str) -> bool:
    """A material must match the foundation (Black Box rulebook, Adding Materials to a Building),
    or the Site of a structure laid on another material's Site (First edition rulebook (2005),
    Appendix, Tower and Scriptorium; the Black Box Statue says the same of itself)."""
    if material in (state.material(building.foundation), state.material(building.site)):
        return True
    own = own_power(state, building)
    if own is not None and own.own_material_fits(state, building, material):
        return True
    return any(
        p.material_fits(state, seat, building, material)
        for p in answering(state, seat, "material_fits")
    )


def materials_needed(state: State, building: Building) -> int:
    """One, two or three materials by the foundation's value (Black Box rulebook, Completing a
    Structure)."""
    own = own_power(state, building)
    needed = own.own_materials_needed(state, building) if own else None
    return (
        needed
        if needed is not None
        else VALUE_OF_MATERIAL[state.material(building.foundation) or ""]
    )


def completes(state: State, seat: int, building: Building, material: str, role: str) -> bool:
    """Whether adding `material` by a `role` action completes `building`."""
    if len(building.materials) >= materials_needed(state, building):
        return True
    own = own_power(state, building)
    if own is not None and own.own_completes(state, building, role):
        return True
    return any(p.completing_role == role for p in active_powers(state, seat))


def may_complete(state: State, seat: int, building: Building, material: str) -> bool:
    """Whether the player may choose to complete `building` now that `material` is added."""
    return any(
        p.may_complete(state, seat, building, material)
        for p in answering(state, seat, "may_complete")
    )


def legionary_victims(state: State, seat: int) -> list[int]:
    """Both neighbours; in a two-player game the opponent is the only one (Black Box rulebook,
    Demanding Materials); every opponent with a Bridge in a game of four or five (Black Box
    rulebook, Appendix I, Bridge)."""
    n = state.n
    if n == 2:
        return [(seat + 1) % n]
    if has(state, seat, LEGIONARY_ALL):  # First edition rulebook (2005), Appendix, Bridge
        return [(seat + i) % n for i in range(1, n)]
    if n >= 4 and has(state, seat, LEGIONARY_BRIDGE):
        return [(seat + i) % n for i in range(1, n)]
    return [(seat + 1) % n, (seat - 1) % n]


def legionary_immune(state: State, victim: int, demander: int) -> bool:
    return any(
        p.legionary_immune(state, victim, demander)
        for p in answering(state, victim, "legionary_immune")
    )


def sheltered(state: State, victim: int) -> bool:
    return any(p.shelters for p in active_powers(state, victim))


def completion_frames(state: State, seat: int, building: Building) -> list[Frame]:
    power = own_power(state, building)
    return power.on_complete(state, seat, building) if power else []


def hire_frames(state: State, seat: int, clients: list[int]) -> list[Frame]:
    return [f for p in answering(state, seat, "on_hire") for f in p.on_hire(state, seat, clients)]


def demand_frames(state: State, seat: int, demand: list[str], victims: list[int]) -> list[Frame]:
    return [
        f
        for p in answering(state, seat, "on_demand")
        for f in p.on_demand(state, seat, demand, victims)
    ]


def end_of_turn_frames(state: State, seat: int) -> list[Frame]:
    return [f for p in answering(state, seat, "end_of_turn") for f in p.end_of_turn(state, seat)]


def play_frames(state: State, seat: int, role: str) -> list[Frame]:
    return [f for p in answering(state, seat, "on_play") for f in p.on_play(state, seat, role)]


def build_complete_frames(
    state: State, seat: int, building: Building, role: str | None
) -> list[Frame]:
    if not role:
        return []
    return [
        f
        for p in answering(state, seat, "on_build_complete")
        for f in p.on_build_complete(state, seat, building, role)
    ]


def after_action_frames(state: State, seat: int, frame: Frame, taken: int) -> list[Frame]:
    return [
        f
        for p in answering(state, seat, "after_action")
        for f in p.after_action(state, seat, frame, taken)
    ]


def after_turn_frames(state: State, seat: int) -> list[Frame]:
    return [f for p in answering(state, seat, "after_turn") for f in p.after_turn(state, seat)]


def building_points(state: State, seat: int) -> int:
    """Victory points granted by structures (Black Box rulebook, Scoring and Winning)."""
    return sum(p.victory_points(state, seat) for p in answering(state, seat, "victory_points"))


def instant_winners(state: State) -> list[int]:
    possible = state.winners_possible
    if possible is None:  # memoised with the structures
        possible = state.winners_possible = any(
            state.names[b.foundation] in WINNERS for p in state.players for b in p.buildings
        )
    if not possible:
        return []
    return [s for s in range(state.n) if win_reason(state, s) is not None]


def win_reason(state: State, seat: int) -> str | None:
    """Why the seat wins at once (the winning power's `win_reason`), or None."""
    return next((p.win_reason for p in active_powers(state, seat) if p.wins(state, seat)), None)


def materials_of_all_types(state: State, cards: list[int]) -> bool:
    return {state.material(c) for c in cards} >= set(MATERIALS)
