"""The six roles' actions, taken in an `act` frame: one for leading or following, one per client
(rules/001 GAME PLAY steps 3-4), or a fixed count for a building's burst. Any action may be skipped.
Optional sources and extras come from capabilities the buildings grant (engine/powers.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product
from typing import Any, ClassVar

from . import powers
from .actions import (
    Action,
    Build,
    Demand,
    Fountain,
    Gather,
    Give,
    Hire,
    Lay,
    Publicize,
    Sell,
    Skip,
)
from .cards import is_order
from .endgame import end_game
from .errors import IllegalAction
from .flow import (
    ChooseFrame,
    FrameKind,
    complete,
    draw_one,
    kind,
    move,
    push,
    require_held,
    require_order,
    resolved,
    subsets,
)
from .state import Building, Frame, State


@kind
class ActFrame(FrameKind):
    """A player's actions of one role."""

    kind = "act"
    accepts = (Hire, Gather, Lay, Build, Fountain, Publicize, Demand, Sell, Skip)

    def left(self, state: State, frame: Frame) -> int:
        return act_left(state, frame)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        left = self.left(state, frame)
        return {
            "text": f"{frame['role'].capitalize()}: {left} action(s) left.",
            "role": frame["role"],
            "actions_left": left,
        }

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        yield Skip()
        yield from ROLES[frame["role"]].options(state, frame["seat"], self.left(state, frame))

    def settle(self, state: State, frame: Frame) -> bool:
        if self.left(state, frame) > 0:
            return self.pop_if_only_skip(state, frame)
        state.frames.pop()
        return True

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        role = ROLES[frame["role"]]
        if not isinstance(action, role.accepts):
            raise IllegalAction(
                "wrong_role", f"A '{action.TYPE}' action is not a {frame['role']} action."
            )
        role.check(state, frame["seat"], self.left(state, frame), action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            state.frames.pop()
            return
        seat, role = frame["seat"], ROLES[frame["role"]]
        # Count the cost first: the action may push decisions above this frame.
        frame["used"] += role.cost(state, seat, self.left(state, frame), action)
        acted = state.players[seat].acted
        if frame["role"] not in acted:
            acted.append(frame["role"])
        role.perform(state, seat, action)


def act_left(state: State, frame: Frame) -> int:
    """Actions left in an act frame: a burst's fixed count, or the role's action count."""
    if "count" in frame:
        total = int(frame["count"])
    else:
        total = powers.action_count(state, frame["seat"], frame["role"])
    return total - int(frame["used"])


class Role:
    name: ClassVar[str]
    accepts: ClassVar[tuple[type[Action], ...]]

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        raise NotImplementedError

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        raise NotImplementedError

    def perform(self, state: State, seat: int, action: Action) -> None:
        raise NotImplementedError

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return 1


ROLES: dict[str, Role] = {}


def role(cls: type[Role]) -> type[Role]:
    ROLES[cls.name] = cls()
    return cls


def require_in_pool(state: State, card: int) -> None:
    if card not in state.pool:
        raise IllegalAction("card_not_in_pool", f"Card {card} is not in the Pool.")


def require(state: State, seat: int, capability: str, what: str) -> None:
    if not powers.has(state, seat, capability):
        raise IllegalAction("not_allowed", f"You have no building that lets you {what}.")


def hand_orders(state: State, seat: int) -> list[int]:
    return [c for c in state.players[seat].hand if is_order(state.names[c])]


def optional_cards(state: State, seat: int, capability: str, cards: list[int]) -> list[int | None]:
    return [None, *cards] if powers.has(state, seat, capability) else [None]


@role
class Patron(Role):
    """Move one card from the Pool into your Clientele, limited by Influence (rules/001 HIRING
    CLIENTS); an Aqueduct adds a client from hand, a Bar one from the deck."""

    name = "patron"
    accepts = (Hire,)

    def room(self, state: State, seat: int) -> int:
        return powers.clientele_limit(state, seat) - len(state.players[seat].clientele)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        room = self.room(state, seat)
        if room <= 0:
            return
        hands = optional_cards(state, seat, powers.HIRE_FROM_HAND, hand_orders(state, seat))
        decks = [False, True] if powers.has(state, seat, powers.HIRE_FROM_DECK) else [False]
        for card, hand, deck in product([None, *state.pool], hands, decks):
            if 1 <= (card is not None) + (hand is not None) + deck <= room:
                yield Hire(card, hand, deck)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Hire)
        count = (action.card is not None) + (action.from_hand is not None) + action.from_deck
        if count == 0:
            raise IllegalAction("no_cards", "Name a card to hire.")
        if action.card is not None:
            require_in_pool(state, action.card)
        if action.from_hand is not None:
            require(state, seat, powers.HIRE_FROM_HAND, "hire from your hand")
            require_held(state, seat, (action.from_hand,))
            require_order(state, action.from_hand)
        if action.from_deck:
            require(state, seat, powers.HIRE_FROM_DECK, "hire from the deck")
        if count > self.room(state, seat):
            raise IllegalAction("clientele_full", "Your Clientele is full (limited by Influence).")

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Hire)
        player = state.players[seat]
        new = []
        if action.card is not None:
            move(action.card, state.pool, player.clientele)
            new.append(action.card)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.clientele)
            new.append(action.from_hand)
        if action.from_deck:
            new.append(draw_one(state, seat, "clientele"))
        player.hired.extend(new)
        push(state, powers.hire_frames(state, seat, new))


@role
class Laborer(Role):
    """Move one card from the Pool into your Stockpile (rules/001 LABORER); cards played as roles
    this turn are on the Camps, not yet in the Pool. A Dock adds a card from hand."""

    name = "laborer"
    accepts = (Gather,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        hands = optional_cards(state, seat, powers.GATHER_FROM_HAND, hand_orders(state, seat))
        for card, hand in product([None, *state.pool], hands):
            if card is not None or hand is not None:
                yield Gather(card, hand)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Gather)
        if action.card is None and action.from_hand is None:
            raise IllegalAction("no_cards", "Name a card to gather.")
        if action.card is not None:
            require_in_pool(state, action.card)
        if action.from_hand is not None:
            require(state, seat, powers.GATHER_FROM_HAND, "gather from your hand")
            require_held(state, seat, (action.from_hand,))
            require_order(state, action.from_hand)

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Gather)
        player = state.players[seat]
        if action.card is not None:
            move(action.card, state.pool, player.stockpile)
        if action.from_hand is not None:
            move(action.from_hand, player.hand, player.stockpile)


@role
class Merchant(Role):
    """Move one material from your Stockpile into your Vault, limited by Influence (rules/001
    SELLING MATERIALS); an Atrium may take the deck's top card instead, a Basilica adds one from
    hand (hidden from opponents)."""

    name = "merchant"
    accepts = (Sell,)

    def room(self, state: State, seat: int) -> int:
        return powers.vault_limit(state, seat) - len(state.players[seat].vault)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        room = self.room(state, seat)
        if room <= 0:
            return
        decks = [False, True] if powers.has(state, seat, powers.SELL_FROM_DECK) else [False]
        hands = optional_cards(state, seat, powers.SELL_FROM_HAND, hand_orders(state, seat))
        for card, deck, hand in product([None, *state.players[seat].stockpile], decks, hands):
            count = (card is not None) + deck + (hand is not None)
            if not (card is not None and deck) and 1 <= count <= room:
                yield Sell(card, deck, hand)

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
        if action.from_hand is not None:
            require(state, seat, powers.SELL_FROM_HAND, "sell from your hand")
            require_held(state, seat, (action.from_hand,))
            require_order(state, action.from_hand)
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


def has_structure_named(state: State, seat: int, name: str) -> bool:
    """ "You already have a Foundation or Structure of the same name in play" (rules/001); a
    structure stolen with a Prison counts too (rules/001 Prison)."""
    return any(state.names[b.foundation] == name for b in state.players[seat].buildings)


def own_building(state: State, seat: int, foundation: int) -> Building:
    for b in state.players[seat].buildings:
        if b.foundation == foundation:
            if b.complete:
                raise IllegalAction("building_complete", "That structure is already complete.")
            return b
    raise IllegalAction("no_such_building", f"You have no foundation {foundation}.")


def check_lay(state: State, seat: int, left: int, action: Lay) -> None:
    require_held(state, seat, (action.card,))
    name = state.names[action.card]
    if not is_order(name):
        raise IllegalAction("not_an_order", "A Jack cannot be laid as a foundation.")
    if has_structure_named(state, seat, name):
        raise IllegalAction("duplicate_building", f"You already have a {name}.")
    if action.site not in powers.lay_sites(state, action.card):
        raise IllegalAction("wrong_site", f"A {name} cannot be laid on a {action.site} Site.")
    sites = state.out_of_town if action.out_of_town else state.sites
    if not sites[action.site]:
        where = "out of town" if action.out_of_town else "in town"
        raise IllegalAction("no_site", f"No {action.site} Site is left {where}.")
    if lay_cost(state, seat, action) > left:
        raise IllegalAction(
            "not_enough_actions", "An out-of-town Site takes two consecutive actions."
        )


def lay_cost(state: State, seat: int, action: Lay) -> int:
    return powers.out_of_town_cost(state, seat) if action.out_of_town else 1


def lay_options(state: State, seat: int, card: int, left: int) -> Iterator[Action]:
    if has_structure_named(state, seat, state.names[card]):
        return
    for site in powers.lay_sites(state, card):
        if state.sites[site]:
            yield Lay(card, site, False)
        if state.out_of_town[site] and left >= powers.out_of_town_cost(state, seat):
            yield Lay(card, site, True)


def lay(state: State, seat: int, action: Lay) -> None:
    player = state.players[seat]
    sites = state.out_of_town if action.out_of_town else state.sites
    site = sites[action.site].pop()
    player.hand.remove(action.card)
    player.buildings.append(Building(action.card, site))
    state.structures_changed()
    if not action.out_of_town and not any(state.sites.values()):
        # "A player lays a Foundation which claims the last Site card ... that is not Out of Town."
        end_game(state, "last_site")


def check_material(state: State, seat: int, card: int, building: Building) -> str:
    require_order(state, card)
    material = state.material(card) or ""
    if not powers.material_fits(state, seat, building, material):
        name = state.names[building.foundation]
        raise IllegalAction("wrong_material", f"{material.capitalize()} does not fit the {name}.")
    return material


def add_material(
    state: State, seat: int, card: int, source: list[int], building: Building, role: str
) -> None:
    move(card, source, building.materials)
    state.structures_changed()  # a Marble in a Stone structure may wake it (Gate with Road)
    if powers.completes(state, seat, building, state.material(card) or "", role):
        complete(state, seat, building)


class Builder(Role):
    """Architect and Craftsman: lay a foundation from hand, or add a material to a structure
    (rules/001 BUILDING STRUCTURES)."""

    accepts: ClassVar[tuple[type[Action], ...]] = (Lay, Build)
    missing_code: ClassVar[str] = "card_not_held"
    source_name: ClassVar[str] = "hand"

    def sources(self, state: State, seat: int) -> list[list[int]]:
        raise NotImplementedError

    def source_of(self, state: State, seat: int, card: int) -> list[int] | None:
        return next((zone for zone in self.sources(state, seat) if card in zone), None)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        player = state.players[seat]
        for c in hand_orders(state, seat):
            yield from lay_options(state, seat, c, left)
        incomplete = [b for b in player.buildings if not b.complete]
        for zone in self.sources(state, seat) if incomplete else []:
            for c in zone:
                material = state.material(c)
                for b in incomplete:
                    if (
                        material
                        and is_order(state.names[c])
                        and powers.material_fits(state, seat, b, material)
                    ):
                        yield Build(c, b.foundation)

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return lay_cost(state, seat, action) if isinstance(action, Lay) else 1

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        if isinstance(action, Lay):
            check_lay(state, seat, left, action)
            return
        assert isinstance(action, Build)
        if self.source_of(state, seat, action.card) is None:
            raise IllegalAction(
                self.missing_code, f"Card {action.card} is not in your {self.source_name}."
            )
        check_material(state, seat, action.card, own_building(state, seat, action.building))

    def perform(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Lay):
            lay(state, seat, action)
            return
        assert isinstance(action, Build)
        source = self.source_of(state, seat, action.card)
        assert source is not None
        add_material(
            state, seat, action.card, source, own_building(state, seat, action.building), self.name
        )


@role
class Architect(Builder):
    """Architect adds materials from the Stockpile (an Archway adds the Pool); a Stairway lets
    each action also make an opponent's structure public."""

    name = "architect"
    accepts = (Lay, Build, Publicize)
    missing_code = "card_not_in_stockpile"
    source_name = "Stockpile"

    def sources(self, state: State, seat: int) -> list[list[int]]:
        return architect_sources(state, seat)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        yield from super().options(state, seat, left)
        yield from publicize_options(state, seat, self.sources(state, seat))

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        if isinstance(action, Publicize):
            check_publicize(state, seat, self.sources(state, seat), action)
        else:
            super().check(state, seat, left, action)

    def perform(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Publicize):
            publicize(state, seat, self.sources(state, seat), action)
            return
        super().perform(state, seat, action)
        if powers.has(state, seat, powers.PUBLICIZE):
            push(state, [{"kind": "stairway", "seat": seat}])


def architect_sources(state: State, seat: int) -> list[list[int]]:
    zones = [state.players[seat].stockpile]
    if powers.has(state, seat, powers.BUILD_FROM_POOL):
        zones.append(state.pool)
    return zones


def public_targets(state: State, seat: int) -> list[Building]:
    return [
        b
        for other, p in enumerate(state.players)
        if other != seat
        for b in p.buildings
        if b.complete and not b.public
    ]


def publicize_options(state: State, seat: int, sources: list[list[int]]) -> Iterator[Action]:
    if not powers.has(state, seat, powers.PUBLICIZE):
        return
    targets = public_targets(state, seat)
    for zone in sources if targets else []:
        for c in zone:
            material = state.material(c)
            for b in targets:
                if material and powers.material_fits(state, seat, b, material):
                    yield Publicize(c, b.foundation)


def check_publicize(state: State, seat: int, sources: list[list[int]], action: Publicize) -> None:
    require(state, seat, powers.PUBLICIZE, "make a structure public")
    if not any(action.card in zone for zone in sources):
        raise IllegalAction(
            "card_not_in_stockpile", f"Card {action.card} is not in your Stockpile."
        )
    target = next((b for b in public_targets(state, seat) if b.foundation == action.building), None)
    if target is None:
        raise IllegalAction(
            "no_such_building", "Name an opponent's completed structure that is not yet public."
        )
    check_material(state, seat, action.card, target)


def publicize(state: State, seat: int, sources: list[list[int]], action: Publicize) -> None:
    """The material sticks out from beneath the structure; its function is now everyone's
    (rules/001 Stairway). Upon-completion functions do not trigger again."""
    target = next(b for b in public_targets(state, seat) if b.foundation == action.building)
    source = next(zone for zone in sources if action.card in zone)
    move(action.card, source, target.materials)
    target.public = True
    state.structures_changed()


@kind
class StairwayFrame(FrameKind):
    """After an Architect action with a Stairway: may also make an opponent's structure public."""

    kind = "stairway"
    accepts = (Publicize, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": "Stairway: you may add a material to an opponent's structure to make it public."
        }

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        yield Skip()
        yield from publicize_options(state, frame["seat"], architect_sources(state, frame["seat"]))

    def settle(self, state: State, frame: Frame) -> bool:
        return self.pop_if_only_skip(state, frame)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Publicize):
            check_publicize(state, frame["seat"], architect_sources(state, frame["seat"]), action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Publicize):
            publicize(state, frame["seat"], architect_sources(state, frame["seat"]), action)


@role
class Craftsman(Builder):
    """Craftsman adds materials from hand; a Fountain may draw the card from the deck."""

    name = "craftsman"
    accepts = (Lay, Build, Fountain)

    def sources(self, state: State, seat: int) -> list[list[int]]:
        return [state.players[seat].hand]

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        if powers.has(state, seat, powers.CRAFT_FROM_DECK):
            yield Fountain()
        yield from super().options(state, seat, left)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        if isinstance(action, Fountain):
            require(state, seat, powers.CRAFT_FROM_DECK, "take a Craftsman's card from the deck")
        else:
            super().check(state, seat, left, action)

    def perform(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Fountain):
            card = draw_one(state, seat, "hand")
            push(state, [{"kind": "fountain", "seat": seat, "card": card}])
        else:
            super().perform(state, seat, action)


@role
class Legionary(Role):
    """Reveal cards from hand, all demands at once; one matching card from the Pool per demand,
    and each neighbour gives matching cards from hand. Extra actions are lost if the hand is short;
    the revealed cards stay in hand (rules/001 DEMANDING MATERIALS, Legionary Clients)."""

    name = "legionary"
    accepts = (Demand,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        for combo in subsets(hand_orders(state, seat), 1, left):
            yield Demand(combo)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Demand)
        if not action.cards:
            raise IllegalAction("no_cards", "Reveal at least one card to demand.")
        require_held(state, seat, action.cards)
        if any(not is_order(state.names[c]) for c in action.cards):
            raise IllegalAction("not_an_order", "A Jack cannot be revealed to demand a material.")
        if len(action.cards) > left:
            raise IllegalAction("not_enough_actions", f"You have {left} Legionary action(s).")

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return left  # all demands are made at once; what is not revealed is lost

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Demand)
        demand = [state.material(c) or "" for c in action.cards]
        revealed = list(action.cards)
        bridge = powers.has(state, seat, powers.LEGIONARY_BRIDGE)
        frames: list[Frame] = [
            {"kind": "claim", "seat": seat, "demand": demand, "revealed": revealed}
        ]
        exposed = []
        for victim in powers.legionary_victims(state, seat):
            immune = powers.legionary_immune(state, victim, seat)
            if not immune:
                exposed.append(victim)
            frames.append(
                {
                    "kind": "give",
                    "seat": victim,
                    "to": seat,
                    "demand": demand,
                    "revealed": revealed,
                    "optional": immune,  # Palisade, Wall: "You may still choose to give up cards"
                    "stockpile": bridge and not immune,
                }
            )
        push(state, frames + powers.demand_frames(state, seat, demand, exposed))


def demand_counts(frame: Frame) -> Counter[str]:
    demand: list[str] = frame["demand"]
    return Counter(demand)


def demand_text(frame: Frame) -> str:
    return ", ".join(frame["demand"])


@kind
class ClaimFrame(ChooseFrame):
    """A Legionary may take one matching card from the Pool per demand (rules/001 DEMANDING
    MATERIALS step 3; CARDS.md ruling: optional)."""

    kind = "claim"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": f"Rome demands {demand_text(frame)}: take from the Pool.",
            "demand": frame["demand"],
        }

    def offered(self, state: State, frame: Frame) -> list[int]:
        wanted = set(frame["demand"])
        return [c for c in state.pool if state.material(c) in wanted]

    def choices(self, state: State, frame: Frame) -> Iterator[tuple[int, ...]]:
        offered = self.offered(state, frame)
        per_material = [
            list(subsets([c for c in offered if state.material(c) == m], 0, count))
            for m, count in demand_counts(frame).items()
        ]
        for choice in product(*per_material):
            yield tuple(c for combo in choice for c in combo)

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        return over_demand(state, frame["demand"], cards)

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        for c in cards:
            move(c, state.pool, state.players[frame["seat"]].stockpile)


def over_demand(state: State, demand: list[str], cards: tuple[int, ...]) -> str | None:
    wanted = Counter(demand)
    for material, count in Counter(state.material(c) for c in cards).items():
        if count > wanted.get(material or "", 0):
            return f"Rome did not demand that much {material}."
    return None


@kind
class GiveFrame(FrameKind):
    """A victim gives one matching card from hand per demand, as many as he has, choosing which
    (rules/001 DEMANDING MATERIALS step 4); from his Stockpile too against a Bridge; and only if
    he wishes when a Palisade or Wall protects him."""

    kind = "give"
    accepts = (Give,)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": f"Rome demands {demand_text(frame)}: give to seat {frame['to']}.",
            "demand": frame["demand"],
            "to": frame["to"],
            "optional": frame["optional"],
        }

    def owed(self, state: State, frame: Frame) -> list[tuple[list[int], int]]:
        """(matching cards of one material in one zone, how many must be given)."""
        player = state.players[frame["seat"]]
        zones = [player.hand, player.stockpile] if frame["stockpile"] else [player.hand]
        out = []
        for material, count in demand_counts(frame).items():
            for zone in zones:
                matching = [c for c in zone if state.material(c) == material]
                out.append((matching, min(count, len(matching))))
        return out

    def choices(self, state: State, frame: Frame) -> list[list[tuple[int, ...]]]:
        low = 0 if frame["optional"] else None
        return [
            list(subsets(cards, need if low is None else low, need))
            for cards, need in self.owed(state, frame)
        ]

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        for choice in product(*self.choices(state, frame)):
            yield Give(tuple(c for combo in choice for c in combo))

    def settle(self, state: State, frame: Frame) -> bool:
        if all(len(c) == 1 for c in self.choices(state, frame)):  # nothing to choose
            action = next(self.options(state, frame))
            resolved(state, frame, action)
            self.perform(state, frame, action)
            return True
        return False

    def check(self, state: State, frame: Frame, action: Action) -> None:
        assert isinstance(action, Give)
        given = set(action.cards)
        owed = self.owed(state, frame)
        if not given <= {c for cards, _ in owed for c in cards}:
            raise IllegalAction("not_demanded", "Give only cards of the demanded materials.")
        for cards, need in owed:
            count = len(given.intersection(cards))
            if count > need or (count < need and not frame["optional"]):
                raise IllegalAction(
                    "must_give", f"You must give {need} of those card(s), not {count}."
                )

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        assert isinstance(action, Give)
        state.frames.pop()
        giver = state.players[frame["seat"]]
        taker = state.players[frame["to"]]
        for c in action.cards:
            move(c, giver.hand if c in giver.hand else giver.stockpile, taker.stockpile)
