"""The Architect and the Craftsman: lay foundations and add materials to structures (Black Box
rulebook, Building Structures, Adding Materials to a Building); with a Stairway, the Architect's
extra action that makes an opponent's structure public; with a Fountain, the Craftsman's draw from
the deck (the drawn card's decision is the Fountain's own, in engine/buildings/marble.py)."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import powers
from ..actions import SKIP, Action, Build, Fountain, Lay, Publicize, Skip, TearDown
from ..cards import is_order
from ..endgame import end_game
from ..errors import IllegalAction
from ..flow import (
    ChooseFrame,
    FrameKind,
    complete,
    draw_one,
    kind,
    move,
    push,
    require_held,
    require_order,
)
from ..state import Building, Frame, State
from .base import Role, hand_orders, require, role


def has_structure_named(state: State, seat: int, name: str) -> bool:
    """ "You already have a Foundation or Structure of the same name in play" (Black Box rulebook,
    Laying a Foundation); a structure stolen with a Prison counts too (Black Box rulebook, Appendix
    I, Prison)."""
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
    if action.site not in powers.lay_sites(state, seat, action.card):
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


def lay_options(state: State, seat: int, card: int, left: int) -> list[Action]:
    out: list[Action] = []
    if has_structure_named(state, seat, state.names[card]):
        return out
    for site in powers.lay_sites(state, seat, card):
        if state.sites[site]:
            out.append(Lay(card, site, False))
        if state.out_of_town[site] and left >= powers.out_of_town_cost(state, seat):
            out.append(Lay(card, site, True))
    return out


def lay(state: State, seat: int, action: Lay) -> None:
    player = state.players[seat]
    sites = state.out_of_town if action.out_of_town else state.sites
    site = sites[action.site].pop()
    player.hand.remove(action.card)
    player.buildings.append(Building(action.card, site, out_of_town=action.out_of_town))
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
    material = state.material(card) or ""
    if powers.completes(state, seat, building, material, role):
        complete(state, seat, building, role)
    elif powers.may_complete(state, seat, building, material):
        frame: Frame = {"kind": "complete", "seat": seat, "building": building.foundation}
        if state.geek and role:  # only Geek games note it (a Solarium asks): older states
            frame["role"] = role  # keep their hashes
        push(state, [frame])


class CompleteFrame(ChooseFrame):
    """A structure the player may complete early, or leave to be completed by its count
    (Scriptorium): `claim` it to complete it, `skip` to leave it."""

    kind = "complete"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        name = state.names[frame["building"]]
        return {"text": f"You may complete your {name} now.", "building": frame["building"]}

    def offered(self, state: State, frame: Frame) -> list[int]:
        return [frame["building"]]

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        seat = frame["seat"]
        complete(state, seat, own_building(state, seat, frame["building"]), frame.get("role"))


kind(CompleteFrame)


class Builder(Role):
    """Architect and Craftsman: lay a foundation from hand, or add a material to a structure
    (Black Box rulebook, Building Structures)."""

    accepts: ClassVar[tuple[type[Action], ...]] = (Lay, Build)
    missing_code: ClassVar[str] = "card_not_held"
    source_name: ClassVar[str] = "hand"

    def sources(self, state: State, seat: int) -> list[list[int]]:
        raise NotImplementedError

    def source_of(self, state: State, seat: int, card: int) -> list[int] | None:
        return next((zone for zone in self.sources(state, seat) if card in zone), None)

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        player = state.players[seat]
        out: list[Action] = []
        for c in hand_orders(state, seat):
            out.extend(lay_options(state, seat, c, left))
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
                        out.append(Build(c, b.foundation))
        return out

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


class Architect(Builder):
    """Architect adds materials from the Stockpile (an Archway adds the Pool); a Stairway lets
    each action also make an opponent's structure public."""

    name = "architect"
    accepts = (Lay, Build, Publicize)
    missing_code = "card_not_in_stockpile"
    source_name = "Stockpile"

    def sources(self, state: State, seat: int) -> list[list[int]]:
        return architect_sources(state, seat)

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        out = super().options(state, seat, left)
        out.extend(publicize_options(state, seat, self.sources(state, seat)))
        return out

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        if isinstance(action, Publicize):
            check_publicize(state, seat, self.sources(state, seat), action)
        else:
            super().check(state, seat, left, action)

    def perform(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Publicize):
            publicize(state, seat, self.sources(state, seat), action)
            return
        # A Stairway's chance comes with each Architect action the action spends (two for a lay
        # out of town), after what the action itself brings (a completion, a Scriptorium's
        # choice), which may be what grants it; with no Stairway the chances pass at once.
        actions = lay_cost(state, seat, action) if isinstance(action, Lay) else 1
        push(state, [{"kind": "stairway", "seat": seat}] * actions)
        super().perform(state, seat, action)


role(Architect)


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


def publicize_options(state: State, seat: int, sources: list[list[int]]) -> list[Action]:
    out: list[Action] = []
    if not powers.has(state, seat, powers.PUBLICIZE):
        return out
    targets = public_targets(state, seat)
    for zone in sources if targets else []:
        for c in zone:
            material = state.material(c)
            for b in targets:
                if material and powers.material_fits(state, seat, b, material):
                    out.append(Publicize(c, b.foundation))
    return out


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
    (Black Box rulebook, Appendix I, Stairway). Upon-completion functions do not trigger again."""
    target = next(b for b in public_targets(state, seat) if b.foundation == action.building)
    source = next(zone for zone in sources if action.card in zone)
    move(action.card, source, target.materials)
    target.public = True
    state.structures_changed()


class StairwayFrame(FrameKind):
    """After an Architect action with a Stairway: may also make an opponent's structure public."""

    kind = "stairway"
    accepts = (Publicize, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": "Stairway: you may add a material to an opponent's structure to make it public."
        }

    def options(self, state: State, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [SKIP, *publicize_options(state, seat, architect_sources(state, seat))]

    def settle(self, state: State, frame: Frame) -> bool:
        return self.pop_if_only_skip(state, frame)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Publicize):
            check_publicize(state, frame["seat"], architect_sources(state, frame["seat"]), action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Publicize):
            publicize(state, frame["seat"], architect_sources(state, frame["seat"]), action)


kind(StairwayFrame)


class Craftsman(Builder):
    """Craftsman adds materials from hand; a Fountain may draw the card from the deck; a Watch
    Post (the Geek expansion) may tear down a structure instead."""

    name = "craftsman"
    accepts = (Lay, Build, Fountain, TearDown)

    def sources(self, state: State, seat: int) -> list[list[int]]:
        return [state.players[seat].hand]

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        out: list[Action] = []
        if powers.has(state, seat, powers.CRAFT_FROM_DECK):
            out.append(Fountain())
        out.extend(super().options(state, seat, left))
        if powers.has(state, seat, powers.TEAR_DOWN):
            out.extend(TearDown(b.foundation) for b in state.players[seat].buildings if b.complete)
        return out

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        if isinstance(action, Fountain):
            require(state, seat, powers.CRAFT_FROM_DECK, "take a Craftsman's card from the deck")
        elif isinstance(action, TearDown):
            require(state, seat, powers.TEAR_DOWN, "tear down a structure")
            completed_building(state, seat, action.building)
        else:
            super().check(state, seat, left, action)

    def perform(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Fountain):
            card = draw_one(state, seat, "hand")
            push(state, [{"kind": "fountain", "seat": seat, "card": card}])
        elif isinstance(action, TearDown):
            tear_down(state, seat, completed_building(state, seat, action.building))
        else:
            super().perform(state, seat, action)


role(Craftsman)


def completed_building(state: State, seat: int, foundation: int) -> Building:
    for b in state.players[seat].buildings:
        if b.foundation == foundation and b.complete:
            return b
    raise IllegalAction("no_such_building", f"You have no completed structure {foundation}.")


def tear_down(state: State, seat: int, building: Building) -> None:
    """The foundation goes back to the hand and the materials to the Stockpile (Black Box rulebook,
    Appendix III, Watch Post); the Site stays in Influence (docs/rules.md, ruling "Watch Post: the
    Site stays")."""
    player = state.players[seat]
    player.buildings.remove(building)
    player.hand.append(building.foundation)
    player.stockpile.extend(building.materials)
    state.structures_changed()
