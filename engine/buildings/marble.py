"""Marble structures (value 3)."""

from __future__ import annotations

from typing import Any

from ..actions import SKIP, Action, Build, Lay, Skip
from ..cards import MATERIALS, ROLES, VALUE_OF_MATERIAL
from ..errors import IllegalAction
from ..flow import FrameKind, kind
from ..powers import (
    CRAFT_FROM_DECK,
    MULTI_PLAY,
    PUBLICIZE,
    SELL_FROM_HAND,
    Power,
    active_powers,
    client_acts_as,
    materials_of_all_types,
    out_of_town_cost,
    register,
)
from ..roles.base import act_left
from ..roles.building import (
    add_material,
    check_lay,
    check_material,
    lay,
    lay_options,
    own_building,
)
from ..state import Building, Frame, State


class Basilica(Power):
    """Each time you execute a Merchant action, you may also take a card from your hand into your
    Vault, hidden from your opponents; a Stockpile card is not required (Black Box rulebook,
    Appendix I, Basilica)."""

    name = "Basilica"
    grants = frozenset({SELL_FROM_HAND})


register(Basilica)


def client_of_each_role(state: State, seat: int) -> bool:
    """A distinct client for each of the six roles, each client counting as one role only (Black Box
    rulebook, Appendix I, Forum (Romanum) with Ludus Magna, with Storeroom: "not as both at
    once")."""
    clients = state.players[seat].clientele
    if len(clients) < len(ROLES):
        return False
    active = active_powers(state, seat)
    can = [{r for r in ROLES if client_acts_as(state, seat, c, r, active)} for c in clients]
    match: dict[str, int] = {}  # role -> index of the client filling it

    def assign(i: int, seen: set[str]) -> bool:
        for r in can[i]:
            if r not in seen:
                seen.add(r)
                if r not in match or assign(match[r], seen):
                    match[r] = i
                    return True
        return False

    for i in range(len(clients)):
        assign(i, set())
    return len(match) == len(ROLES)


class Forum(Power):
    """Imperium only. You win immediately whenever you have a Client of each type in your
    Clientele (Black Box rulebook, Appendix I, Forum)."""

    name = "Forum"

    def wins(self, state: State, seat: int) -> bool:
        return client_of_each_role(state, seat)


register(Forum)


class ForumRomanum(Power):
    """Republic only. You win immediately with one Client of each type and one Material of each
    type in your Stockpile (Black Box rulebook, Appendix I, Forum Romanum, Ending the Game)."""

    name = "Forum Romanum"

    def wins(self, state: State, seat: int) -> bool:
        stockpile = state.players[seat].stockpile
        return materials_of_all_types(state, stockpile) and client_of_each_role(state, seat)


register(ForumRomanum)


class Fountain(Power):
    """When executing a Craftsman action, you may take the top card of the deck instead of one
    from your hand; having seen it, you may lay it as a Foundation (a second action for an
    out-of-town Site), add it to one of your Foundations, or keep it in hand
    (Black Box rulebook, Appendix I, Fountain)."""

    name = "Fountain"
    grants = frozenset({CRAFT_FROM_DECK})


register(Fountain)


class FountainFrame(FrameKind):
    """The card drawn by a Fountain waits in its owner's hand (hidden from the others)."""

    kind = "fountain"
    accepts = (Lay, Build, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Fountain: lay the drawn card, build with it, or keep it in hand."}

    def left(self, state: State, frame: Frame) -> int:
        """The draw paid one action; a second comes from the Craftsman actions beneath."""
        return 1 + act_left(state, state.frames[-2])

    def options(self, state: State, frame: Frame) -> list[Action]:
        card, seat = frame["card"], frame["seat"]
        out: list[Action] = [SKIP, *lay_options(state, seat, card, self.left(state, frame))]
        for b in state.players[seat].buildings:
            if not b.complete:
                try:
                    check_material(state, seat, card, b)
                except IllegalAction:
                    continue
                out.append(Build(card, b.foundation))
        return out

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        assert isinstance(action, Lay | Build)
        if action.card != frame["card"]:
            raise IllegalAction("not_offered", "Use the card the Fountain drew.")
        if isinstance(action, Lay):
            check_lay(state, frame["seat"], self.left(state, frame), action)
        else:
            check_material(
                state,
                frame["seat"],
                action.card,
                own_building(state, frame["seat"], action.building),
            )

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        seat = frame["seat"]
        if isinstance(action, Lay):
            if action.out_of_town:
                state.frames[-1]["used"] += out_of_town_cost(state, seat) - 1
            lay(state, seat, action)
        elif isinstance(action, Build):
            building = own_building(state, seat, action.building)
            add_material(state, seat, action.card, state.players[seat].hand, building, "craftsman")


kind(FountainFrame)


class LudusMagna(Power):
    """Each Merchant Client in your Clientele counts as any type of Client, at once
    (Black Box rulebook, Appendix I, Ludus Magna)."""

    name = "Ludus Magna"

    def client_counts_as(self, client_role: str, role: str) -> bool:
        return client_role == "merchant"


register(LudusMagna)


class Palace(Power):
    """You may lead or follow with several cards of the Role, Jacks included, and execute one action
    for each card played (Black Box rulebook, Appendix I, Palace). Ruling "Palace: cards of the
    role" (docs/rules.md): the cards must each be of the Role or Jacks; petitions are not combined
    with it."""

    name = "Palace"
    grants = frozenset({MULTI_PLAY})


register(Palace)


class Stairway(Power):
    """Each time you execute an Architect action you may also add a matching Material to an
    opponent's completed Structure, making its Function public to all; owners of a structure of that
    name get no second copy; upon-completion functions do not trigger again; allowed even if you
    skip the Architect action itself (Black Box rulebook, Appendix I, Stairway). A lay out of town
    spends two Architect actions, so it gives two chances (Black Box rulebook, Out of Town
    Sites)."""

    name = "Stairway"
    grants = frozenset({PUBLICIZE})


register(Stairway)


class Statue(Power):
    """A Statue Foundation may go on any Site; it is completed with Materials matching the Site or
    Marble, as many as the Site's value, and gives the Site's Influence. A completed Statue is
    worth three more Victory Points (Black Box rulebook, Appendix I, Statue)."""

    name = "Statue"

    def own_sites(self, material: str) -> tuple[str, ...]:
        return MATERIALS

    def own_material_fits(self, state: State, building: Building, material: str) -> bool:
        return material == state.material(building.site)

    def own_materials_needed(self, state: State, building: Building) -> int | None:
        return VALUE_OF_MATERIAL[state.material(building.site) or ""]

    def victory_points(self, state: State, seat: int) -> int:
        mine = state.players[seat].buildings
        return 3 if any(b.complete and state.names[b.foundation] == self.name for b in mine) else 0


register(Statue)


class Temple(Power):
    """Your hand refill size is increased by four (Black Box rulebook, Appendix I, Temple)."""

    name = "Temple"
    hand_size_bonus = 4


register(Temple)
