"""The turn: a stack of pending decisions (frames), each of one kind with one owner.

A turn is pushed as a schedule when the leader leads: each other player's follow-or-think, then
each player's role actions from the leader clockwise, then the end of the turn. Sub-decisions (a
Legionary's pool claim, each victim's answer, upon-completion bursts) are pushed on top and popped
when done. The prompt is read off the top frame.

Every frame kind offers the same three things for its actions (PokerKit's verify/can/do triad):
`options` enumerates the legal ones, `check` raises IllegalAction with a reason, and `perform`
changes the state after `check` passed. Frames that need no decision resolve themselves in `settle`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, product
from typing import Any, ClassVar

from . import powers
from .actions import (
    Action,
    Build,
    Claim,
    Demand,
    Follow,
    Gather,
    Give,
    Hire,
    Lay,
    Lead,
    Sell,
    Skip,
    Think,
)
from .cards import JACK, ROLES, is_order
from .endgame import end_game
from .errors import IllegalAction
from .state import Building, Frame, State

# Cards and zones -------------------------------------------------------------------------------


def move(card: int, source: list[int], target: list[int]) -> None:
    source.remove(card)
    target.append(card)


def require_held(state: State, seat: int, cards: tuple[int, ...]) -> None:
    hand = state.players[seat].hand
    for c in cards:
        if c not in hand:
            raise IllegalAction("card_not_held", f"Card {c} is not in your hand.")


def draw(state: State, seat: int, count: int) -> None:
    """Draw from the deck; the game ends the moment the deck runs out (rules/001 ENDING THE GAME:
    "The draw deck runs out")."""
    hand = state.players[seat].hand
    for _ in range(count):
        hand.append(state.deck.pop())
        if not state.deck:
            end_game(state, "deck")
            return


# Thinking ---------------------------------------------------------------------------------------


def think_options(state: State) -> Iterator[Action]:
    if state.jacks:
        yield Think("jack")
    yield Think("cards")


def check_think(state: State, action: Think) -> None:
    if action.take == "jack" and not state.jacks:
        raise IllegalAction("no_jacks", "There is no Jack left to take.")


def think(state: State, seat: int, take: str) -> None:
    """One Thinker action: take a Jack, or draw up to hand size (all the way, never partly), or
    draw one card when at or above it (rules/001 THINKING)."""
    player = state.players[seat]
    if take == "jack":
        player.hand.append(state.jacks.pop())
        return
    missing = powers.hand_size(state, seat) - len(player.hand)
    draw(state, seat, max(missing, 1))


# Playing cards to lead or follow ---------------------------------------------------------------


def play_options(
    state: State, seat: int, roles: tuple[str, ...]
) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Every (role, cards) a player may lead or follow with: one order card of the role, a Jack,
    or a petition of same-role order cards (rules/001 JACKS, PETITIONING)."""
    hand = state.players[seat].hand
    by_role: dict[str, list[int]] = {}
    jacks = []
    for c in hand:
        if state.names[c] == JACK:
            jacks.append(c)
        else:
            by_role.setdefault(powers.role_of(state, c) or "", []).append(c)
    sizes = sorted(powers.petition_sizes(state, seat))
    for role in roles:
        for c in by_role.get(role, ()):
            yield role, (c,)
        for j in jacks:
            yield role, (j,)
        for group in by_role.values():
            for size in sizes:
                for combo in combinations(group, size):
                    yield role, combo


def check_play(state: State, seat: int, role: str, cards: tuple[int, ...]) -> None:
    if not cards:
        raise IllegalAction("no_cards", "Play at least one card.")
    require_held(state, seat, cards)
    names = [state.names[c] for c in cards]
    if len(cards) == 1:
        if names[0] != JACK and powers.role_of(state, cards[0]) != role:
            raise IllegalAction("wrong_role", f"{names[0]} is not a {role} card.")
        return
    if JACK in names:
        raise IllegalAction("jack_in_petition", "A Jack cannot be part of a petition.")
    if len(cards) not in powers.petition_sizes(state, seat):
        sizes = " or ".join(str(s) for s in sorted(powers.petition_sizes(state, seat)))
        raise IllegalAction("petition_size", f"A petition takes {sizes} cards of one role.")
    if len({powers.role_of(state, c) for c in cards}) != 1:
        raise IllegalAction("petition_mixed", "A petition's cards must all be of one role.")


def play(state: State, seat: int, cards: tuple[int, ...]) -> None:
    player = state.players[seat]
    for c in cards:
        move(c, player.hand, player.camp)


# Frame kinds ------------------------------------------------------------------------------------


class FrameKind:
    kind: ClassVar[str]
    accepts: ClassVar[tuple[type[Action], ...]]

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        raise NotImplementedError

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        raise NotImplementedError

    def check(self, state: State, frame: Frame, action: Action) -> None:
        raise NotImplementedError

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        raise NotImplementedError

    def settle(self, state: State, frame: Frame) -> bool:
        """Resolve the frame without a decision if nothing is left to decide; True if it did."""
        return False


KINDS: dict[str, FrameKind] = {}


def kind(cls: type[FrameKind]) -> type[FrameKind]:
    KINDS[cls.kind] = cls()
    return cls


@kind
class LeadFrame(FrameKind):
    """The leader leads a role or thinks (rules/001 GAME PLAY step 1)."""

    kind = "lead"
    accepts = (Lead, Think)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Lead a role, or think."}

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        yield from think_options(state)
        for role, cards in play_options(state, frame["seat"], ROLES):
            yield Lead(role, cards)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Think):
            check_think(state, action)
        else:
            assert isinstance(action, Lead)
            check_play(state, frame["seat"], action.role, action.cards)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        leader = frame["seat"]
        state.frames.pop()
        if isinstance(action, Think):
            # "If ... you choose to Think instead of leading ... the turn ends."
            state.frames.append({"kind": "end_turn"})
            think(state, leader, action.take)
            return
        assert isinstance(action, Lead)
        play(state, leader, action.cards)
        state.role = action.role
        order = state.clockwise(leader)
        state.frames.append({"kind": "end_turn"})
        for seat in reversed(order):
            state.frames.append({"kind": "act", "seat": seat, "role": action.role, "used": 0})
        for seat in reversed(order[1:]):
            state.frames.append({"kind": "follow", "seat": seat})


@kind
class FollowFrame(FrameKind):
    """Each other player, clockwise, follows the led role or thinks (rules/001 GAME PLAY step 2)."""

    kind = "follow"
    accepts = (Follow, Think)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": f"Follow {state.role}, or think.", "role": state.role}

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        yield from think_options(state)
        for _, cards in play_options(state, frame["seat"], (state.role or "",)):
            yield Follow(cards)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Think):
            check_think(state, action)
        else:
            assert isinstance(action, Follow)
            check_play(state, frame["seat"], state.role or "", action.cards)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Think):
            think(state, frame["seat"], action.take)
        else:
            assert isinstance(action, Follow)
            play(state, frame["seat"], action.cards)


@kind
class EndTurnFrame(FrameKind):
    """Role cards go to the Pool, Jacks to their pile; the Leader card passes left (rules/001
    GAME PLAY step 5, JACKS)."""

    kind = "end_turn"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        for seat in state.clockwise(state.leader):
            player = state.players[seat]
            for c in player.camp:
                (state.jacks if state.names[c] == JACK else state.pool).append(c)
            player.camp.clear()
            player.hired.clear()
            player.vaulted.clear()
        state.role = None
        state.leader = (state.leader + 1) % state.n
        state.turn += 1
        state.frames.pop()
        state.frames.append({"kind": "lead", "seat": state.leader})
        return True


@kind
class ActFrame(FrameKind):
    """A player's actions of the led role: one for leading or following, one per client
    (rules/001 GAME PLAY steps 3-4). Any action may be skipped."""

    kind = "act"
    accepts = (Hire, Gather, Lay, Build, Demand, Sell, Skip)

    def left(self, state: State, frame: Frame) -> int:
        return powers.action_count(state, frame["seat"], frame["role"]) - frame["used"]

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        left = self.left(state, frame)
        return {
            "text": f"{frame['role'].capitalize()}: {left} action(s) left.",
            "role": frame["role"],
            "actions_left": left,
        }

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        yield Skip()
        yield from ROLE_ACTIONS[frame["role"]].options(
            state, frame["seat"], self.left(state, frame)
        )

    def settle(self, state: State, frame: Frame) -> bool:
        left = self.left(state, frame)
        role = ROLE_ACTIONS[frame["role"]]
        if left > 0 and any(True for _ in role.options(state, frame["seat"], left)):
            return False
        state.frames.pop()
        return True

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        role = ROLE_ACTIONS[frame["role"]]
        if not isinstance(action, role.accepts):
            raise IllegalAction(
                "wrong_role", f"A '{action.TYPE}' action is not a {frame['role']} action."
            )
        role.check(state, frame["seat"], self.left(state, frame), action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            state.frames.pop()
            return
        left = self.left(state, frame)
        # Record the cost first: the action may push frames above this one.
        frame["used"] += ROLE_ACTIONS[frame["role"]].cost(state, frame["seat"], left, action)
        ROLE_ACTIONS[frame["role"]].perform(state, frame["seat"], action)


@kind
class ClaimFrame(FrameKind):
    """A Legionary may take one matching card from the Pool per demand (rules/001 DEMANDING
    MATERIALS step 3; CARDS.md ruling: optional)."""

    kind = "claim"
    accepts = (Claim, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        demand = frame["demand"]
        return {"text": f"Rome demands {', '.join(demand)}: take from the Pool.", "demand": demand}

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        yield Skip()
        per_material = []
        for material, count in Counter(frame["demand"]).items():
            matching = [c for c in state.pool if state.material(c) == material]
            per_material.append(
                [
                    combo
                    for k in range(min(count, len(matching)) + 1)
                    for combo in combinations(matching, k)
                ]
            )
        for choice in product(*per_material):
            cards = tuple(c for combo in choice for c in combo)
            if cards:
                yield Claim(cards)

    def settle(self, state: State, frame: Frame) -> bool:
        wanted = set(frame["demand"])
        if any(state.material(c) in wanted for c in state.pool):
            return False
        state.frames.pop()
        return True

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        assert isinstance(action, Claim)
        for c in action.cards:
            if c not in state.pool:
                raise IllegalAction("card_not_in_pool", f"Card {c} is not in the Pool.")
        check_within_demand(state, frame["demand"], action.cards)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Claim):
            stockpile = state.players[frame["seat"]].stockpile
            for c in action.cards:
                move(c, state.pool, stockpile)


def check_within_demand(state: State, demand: list[str], cards: tuple[int, ...]) -> None:
    wanted = Counter(demand)
    given = Counter(state.material(c) for c in cards)
    for material, count in given.items():
        if count > wanted.get(material or "", 0):
            raise IllegalAction("not_demanded", f"Rome did not demand that much {material}.")


def owed(state: State, seat: int, demand: list[str]) -> dict[str, list[int]]:
    """For each demanded material, the matching cards in the victim's hand."""
    wanted = set(demand)
    out: dict[str, list[int]] = {m: [] for m in wanted}
    for c in state.players[seat].hand:
        m = state.material(c)
        if m in wanted:
            out[m].append(c)
    return out


@kind
class GiveFrame(FrameKind):
    """A neighbour gives one matching card from hand per demand, as many as he has, choosing
    which (rules/001 DEMANDING MATERIALS step 4, Legionary Clients)."""

    kind = "give"
    accepts = (Give,)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        demand = frame["demand"]
        return {
            "text": f"Rome demands {', '.join(demand)}: give to seat {frame['to']}.",
            "demand": demand,
            "to": frame["to"],
        }

    def choices(self, state: State, frame: Frame) -> list[list[tuple[int, ...]]]:
        counts = Counter(frame["demand"])
        return [
            list(combinations(cards, min(counts[m], len(cards))))
            for m, cards in owed(state, frame["seat"], frame["demand"]).items()
        ]

    def options(self, state: State, frame: Frame) -> Iterator[Action]:
        for choice in product(*self.choices(state, frame)):
            yield Give(tuple(c for combo in choice for c in combo))

    def settle(self, state: State, frame: Frame) -> bool:
        choices = self.choices(state, frame)
        if all(
            len(c) == 1 for c in choices
        ):  # nothing to choose: "Glory to Rome!" or must give all
            self.perform(state, frame, next(self.options(state, frame)))
            return True
        return False

    def check(self, state: State, frame: Frame, action: Action) -> None:
        assert isinstance(action, Give)
        require_held(state, frame["seat"], action.cards)
        check_within_demand(state, frame["demand"], action.cards)
        counts = Counter(frame["demand"])
        given = Counter(state.material(c) for c in action.cards)
        for m, cards in owed(state, frame["seat"], frame["demand"]).items():
            if given.get(m, 0) != min(counts[m], len(cards)):
                raise IllegalAction(
                    "must_give", f"You must give {min(counts[m], len(cards))} {m} card(s)."
                )

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        assert isinstance(action, Give)
        state.frames.pop()
        giver = state.players[frame["seat"]]
        taker = state.players[frame["to"]]
        for c in action.cards:
            move(c, giver.hand, taker.stockpile)


# Role actions ------------------------------------------------------------------------------------


class RoleActions:
    role: ClassVar[str]
    accepts: ClassVar[tuple[type[Action], ...]]

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        raise NotImplementedError

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        raise NotImplementedError

    def perform(self, state: State, seat: int, action: Action) -> None:
        raise NotImplementedError

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return 1


ROLE_ACTIONS: dict[str, RoleActions] = {}


def role(cls: type[RoleActions]) -> type[RoleActions]:
    ROLE_ACTIONS[cls.role] = cls()
    return cls


def require_in_pool(state: State, card: int) -> None:
    if card not in state.pool:
        raise IllegalAction("card_not_in_pool", f"Card {card} is not in the Pool.")


@role
class Patron(RoleActions):
    """Move one card from the Pool into your Clientele, limited by Influence (rules/001 HIRING
    CLIENTS)."""

    role = "patron"
    accepts = (Hire,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        if len(state.players[seat].clientele) < powers.clientele_limit(state, seat):
            for c in state.pool:
                yield Hire(c)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Hire)
        require_in_pool(state, action.card)
        if len(state.players[seat].clientele) >= powers.clientele_limit(state, seat):
            raise IllegalAction("clientele_full", "Your Clientele is full (limited by Influence).")

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Hire)
        player = state.players[seat]
        move(action.card, state.pool, player.clientele)
        player.hired.append(action.card)


@role
class Laborer(RoleActions):
    """Move one card from the Pool into your Stockpile (rules/001 LABORER). Cards played as roles
    this turn are on the Camps, not yet in the Pool."""

    role = "laborer"
    accepts = (Gather,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        for c in state.pool:
            yield Gather(c)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Gather)
        require_in_pool(state, action.card)

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Gather)
        move(action.card, state.pool, state.players[seat].stockpile)


@role
class Merchant(RoleActions):
    """Move one material from your Stockpile into your Vault, limited by Influence (rules/001
    SELLING MATERIALS)."""

    role = "merchant"
    accepts = (Sell,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        player = state.players[seat]
        if len(player.vault) < powers.vault_limit(state, seat):
            for c in player.stockpile:
                yield Sell(c)

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Sell)
        player = state.players[seat]
        if action.card not in player.stockpile:
            raise IllegalAction(
                "card_not_in_stockpile", f"Card {action.card} is not in your Stockpile."
            )
        if len(player.vault) >= powers.vault_limit(state, seat):
            raise IllegalAction("vault_full", "Your Vault is full (limited by Influence).")

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Sell)
        player = state.players[seat]
        move(action.card, player.stockpile, player.vault)
        player.vaulted.append(action.card)


OUT_OF_TOWN_COST = 2


class Builder(RoleActions):
    """Architect and Craftsman: lay a foundation from hand, or add a material to a structure
    (rules/001 BUILDING STRUCTURES)."""

    accepts = (Lay, Build)

    def source(self, state: State, seat: int) -> list[int]:
        raise NotImplementedError

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        player = state.players[seat]
        for c in player.hand:
            if is_order(state.names[c]) and not has_structure_named(state, seat, state.names[c]):
                yield from self.lay_options(state, c, left)
        incomplete = [b for b in player.buildings if not b.complete]
        if incomplete:
            for c in self.source(state, seat):
                material = state.material(c)
                if material is None:
                    continue
                for b in incomplete:
                    if powers.material_fits(state, seat, b, material):
                        yield Build(c, b.foundation)

    def lay_options(self, state: State, card: int, left: int) -> Iterator[Action]:
        material = state.material(card) or ""
        if state.sites[material]:
            yield Lay(card, material, False)
        if state.out_of_town[material] and left >= OUT_OF_TOWN_COST:
            yield Lay(card, material, True)

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return OUT_OF_TOWN_COST if isinstance(action, Lay) and action.out_of_town else 1

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        if isinstance(action, Lay):
            self.check_lay(state, seat, left, action)
        else:
            assert isinstance(action, Build)
            self.check_build(state, seat, action)

    def check_lay(self, state: State, seat: int, left: int, action: Lay) -> None:
        require_held(state, seat, (action.card,))
        name = state.names[action.card]
        if not is_order(name):
            raise IllegalAction("not_an_order", "A Jack cannot be laid as a foundation.")
        if has_structure_named(state, seat, name):
            raise IllegalAction("duplicate_building", f"You already have a {name}.")
        if action.site != state.material(action.card):
            raise IllegalAction(
                "wrong_site", f"A {name} must be laid on a {state.material(action.card)} Site."
            )
        sites = state.out_of_town if action.out_of_town else state.sites
        if not sites[action.site]:
            where = "out of town" if action.out_of_town else "in town"
            raise IllegalAction("no_site", f"No {action.site} Site is left {where}.")
        if self.cost(state, seat, left, action) > left:
            raise IllegalAction(
                "not_enough_actions", "An out-of-town Site takes two consecutive actions."
            )

    def check_build(self, state: State, seat: int, action: Build) -> None:
        if action.card not in self.source(state, seat):
            raise IllegalAction(
                self.missing_code, f"Card {action.card} is not in your {self.source_name}."
            )
        building = find_building(state, seat, action.building)
        material = state.material(action.card)
        if material is None or not is_order(state.names[action.card]):
            raise IllegalAction("not_an_order", "A Jack is not a material.")
        if not powers.material_fits(state, seat, building, material):
            raise IllegalAction(
                "wrong_material",
                f"{material.capitalize()} does not fit your {state.names[building.foundation]}.",
            )

    missing_code: ClassVar[str] = "card_not_held"
    source_name: ClassVar[str] = "hand"

    def perform(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Lay):
            lay(state, seat, action)
        else:
            assert isinstance(action, Build)
            building = find_building(state, seat, action.building)
            move(action.card, self.source(state, seat), building.materials)
            if len(building.materials) >= powers.materials_needed(state, building):
                complete(state, seat, building)


@role
class Architect(Builder):
    """Architect adds materials from the Stockpile."""

    role = "architect"
    missing_code = "card_not_in_stockpile"
    source_name = "Stockpile"

    def source(self, state: State, seat: int) -> list[int]:
        return state.players[seat].stockpile


@role
class Craftsman(Builder):
    """Craftsman adds materials from hand."""

    role = "craftsman"

    def source(self, state: State, seat: int) -> list[int]:
        return state.players[seat].hand


def has_structure_named(state: State, seat: int, name: str) -> bool:
    """ "You already have a Foundation or Structure of the same name in play" (rules/001)."""
    return any(state.names[b.foundation] == name for b in state.players[seat].buildings)


def find_building(state: State, seat: int, foundation: int) -> Building:
    for b in state.players[seat].buildings:
        if b.foundation == foundation:
            if b.complete:
                raise IllegalAction("building_complete", "That structure is already complete.")
            return b
    raise IllegalAction("no_such_building", f"You have no foundation {foundation}.")


def lay(state: State, seat: int, action: Lay) -> None:
    player = state.players[seat]
    sites = state.out_of_town if action.out_of_town else state.sites
    site = sites[action.site].pop()
    player.hand.remove(action.card)
    player.buildings.append(Building(action.card, site))
    if not action.out_of_town and not any(state.sites.values()):
        # "A player lays a Foundation which claims the last Site card ... that is not Out of Town."
        end_game(state, "last_site")


def complete(state: State, seat: int, building: Building) -> None:
    """The Site goes to Influence and the function takes effect at once (rules/001 Benefits of
    Completing a Structure)."""
    building.complete = True
    state.players[seat].influence.append(building.site)
    state.frames.extend(reversed(powers.completion_frames(state, seat, building)))


@role
class Legionary(RoleActions):
    """Reveal cards from hand, all demands at once; one matching card from the Pool per demand,
    and each neighbour gives matching cards from hand. Extra actions are lost if the hand is short;
    the revealed cards stay in hand (rules/001 DEMANDING MATERIALS, Legionary Clients)."""

    role = "legionary"
    accepts = (Demand,)

    def options(self, state: State, seat: int, left: int) -> Iterator[Action]:
        orders = [c for c in state.players[seat].hand if is_order(state.names[c])]
        for k in range(1, min(left, len(orders)) + 1):
            for combo in combinations(orders, k):
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
        for victim in reversed(powers.legionary_victims(state, seat)):
            state.frames.append(
                {"kind": "give", "seat": victim, "to": seat, "demand": demand, "revealed": revealed}
            )
        state.frames.append({"kind": "claim", "seat": seat, "demand": demand, "revealed": revealed})


# Driving the flow --------------------------------------------------------------------------------


def settle(state: State) -> None:
    """Resolve frames that need no decision until one does, or the game is over."""
    while state.end is None:
        frame = state.frames[-1]
        if not KINDS[frame["kind"]].settle(state, frame):
            return


def pending(state: State) -> tuple[FrameKind, Frame] | None:
    if state.end is not None or not state.frames:
        return None
    frame = state.frames[-1]
    return KINDS[frame["kind"]], frame
