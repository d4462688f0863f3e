"""Stone structures (value 3)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from .. import powers
from ..endgame import end_game
from ..flow import ChooseFrame, kind, move, push
from ..powers import Power, register, role_of
from ..state import STARTING_INFLUENCE, Building, Frame, State
from .bursts import CompletionBurst


class Catacomb(Power):
    """Upon completion of a Catacomb the game ends and the winner is determined; the turn does
    not go on (Black Box rulebook, Appendix I, Catacomb)."""

    name = "Catacomb"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        end_game(state, "catacomb")
        return []


register(Catacomb)


class CircusMaximus(Power):
    """Whenever you lead or follow a Role, each of your Clients of that Role gives an additional
    action (Black Box rulebook, Appendix I, Circus Maximus)."""

    name = "Circus Maximus"

    def extra_client_actions(self, state: State, seat: int, role: str, clients: int) -> int:
        return clients if state.players[seat].played else 0


register(CircusMaximus)


class Colosseum(Power):
    """Imperium only. With a Legionary action you may also take matching Clients from your victims'
    Clienteles into your Vault, as far as your Vault has room; you choose which. Slain Legionary
    clients no longer act this turn. Palisades and Walls protect; a Bridge extends the reach (Black
    Box rulebook, Appendix I, Colosseum). Ruling "Colosseum: the Vault is the only limit": any
    number of matching clients from each victim."""

    name = "Colosseum"

    def on_demand(
        self, state: State, seat: int, demand: list[str], victims: list[int]
    ) -> list[Frame]:
        return [{"kind": "slay", "seat": seat, "demand": demand, "victims": victims}]


register(Colosseum)


def victims_cards(state: State, frame: Frame, zone: str) -> dict[int, list[int]]:
    wanted = set(frame["demand"])
    return {
        v: [c for c in getattr(state.players[v], zone) if state.material(c) in wanted]
        for v in frame["victims"]
    }


class SlayFrame(ChooseFrame):
    kind = "slay"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Colosseum: you may throw matching clients to the lions, into your Vault."}

    def offered(self, state: State, frame: Frame) -> list[int]:
        return [c for cards in victims_cards(state, frame, "clientele").values() for c in cards]

    def room(self, state: State, frame: Frame) -> int:
        return powers.vault_limit(state, frame["seat"]) - len(state.players[frame["seat"]].vault)

    def choices(self, state: State, frame: Frame) -> Iterator[tuple[int, ...]]:
        """Up to the Vault's room, once per number of clients of each name from each victim
        (clients of one name in one Clientele are alike)."""
        groups: list[list[int]] = []
        for cards in victims_cards(state, frame, "clientele").values():
            by_name: dict[str, list[int]] = {}
            for c in cards:
                by_name.setdefault(state.names[c], []).append(c)
            groups.extend(by_name.values())
        room = self.room(state, frame)
        for counts in product(*(range(min(len(g), room) + 1) for g in groups)):
            if 0 < sum(counts) <= room:
                yield tuple(c for g, k in zip(groups, counts, strict=True) for c in g[:k])

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        return None if len(cards) <= self.room(state, frame) else "Your Vault has no room."

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        slayer = state.players[frame["seat"]]
        for c in cards:
            victim = next(p for p in state.players if c in p.clientele)
            move(c, victim.clientele, slayer.vault)
            slayer.vaulted.append(c)
            if c in victim.hired:
                victim.hired.remove(c)


kind(SlayFrame)


class DomusAurea(Power):
    """Republic only. With a Legionary action you may also choose, from each victim, an
    incomplete building of a demanded colour with no Material: its Foundation goes to your
    Stockpile and its Site to your Influence (Black Box rulebook, Appendix I, Domus Aurea; where its
    example says otherwise, docs/rules.md, ruling "Domus Aurea: the Site to Influence")."""

    name = "Domus Aurea"

    def on_demand(
        self, state: State, seat: int, demand: list[str], victims: list[int]
    ) -> list[Frame]:
        return [{"kind": "raze", "seat": seat, "demand": demand, "victims": victims}]


register(DomusAurea)


def razable(state: State, frame: Frame) -> dict[int, list[Building]]:
    wanted = set(frame["demand"])
    return {
        v: [
            b
            for b in state.players[v].buildings
            if not b.complete and not b.materials and state.material(b.foundation) in wanted
        ]
        for v in frame["victims"]
    }


class RazeFrame(ChooseFrame):
    kind = "raze"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Domus Aurea: you may tear down one empty matching foundation per victim."}

    def offered(self, state: State, frame: Frame) -> list[int]:
        return [b.foundation for found in razable(state, frame).values() for b in found]

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        for v, found in razable(state, frame).items():
            if sum(1 for b in found if b.foundation in cards) > 1:
                return f"Tear down at most one foundation of seat {v}."
        return None

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        taker = state.players[frame["seat"]]
        for v, found in razable(state, frame).items():
            for b in found:
                if b.foundation in cards:
                    state.players[v].buildings.remove(b)
                    state.structures_changed()
                    taker.stockpile.append(b.foundation)
                    taker.influence.append(b.site)


kind(RazeFrame)


class Garden(CompletionBurst):
    """When you complete a Garden, you may immediately execute one Patron action for each point of
    Influence you have, including the Garden's; the new Clients do not act this turn
    (Black Box rulebook, Appendix I, Garden)."""

    name = "Garden"
    burst_role = "patron"


register(Garden)


class Prison(Power):
    """When you complete a Prison, you may take an opponent's completed Structure onto it: you gain
    its Function as if you had just completed it, he loses it, and he gets the Prison's Site (3
    Influence). Not one whose name you already have in play (Black Box rulebook, Appendix I,
    Prison). Ruling "Prison: the function before the exchange": an upon-completion function of the
    stolen structure counts the thief's Influence before he gives the Prison's Site away."""

    name = "Prison"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [{"kind": "steal", "seat": seat, "prison": building.foundation}]


register(Prison)


class StealFrame(ChooseFrame):
    kind = "steal"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        out: dict[str, Any] = {"text": "Prison: you may take an opponent's completed structure."}
        if frame.get("ransom"):  # an Aerarium's: Sites worth 3 to pay, not the Prison's Site
            out["ransom"] = True
        return out

    def offered(self, state: State, frame: Frame) -> list[int]:
        seat = frame["seat"]
        if frame.get("ransom") and ransom_worth(state, seat) < RANSOM:
            return []  # an Aerarium's Prison: he cannot pay Sites worth 3
        mine = {state.names[b.foundation] for b in state.players[seat].buildings}
        return [
            b.foundation
            for s, p in enumerate(state.players)
            if s != frame["seat"]
            for b in p.buildings
            if b.complete and state.names[b.foundation] not in mine
        ]

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        return None if len(cards) == 1 else "Take one structure."

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        seat = frame["seat"]
        thief = state.players[seat]
        victim = next(
            s
            for s, p in enumerate(state.players)
            if any(b.foundation == cards[0] for b in p.buildings)
        )
        owner = state.players[victim]
        stolen = next(b for b in owner.buildings if b.foundation == cards[0])
        owner.buildings.remove(stolen)
        thief.buildings.append(stolen)
        state.structures_changed()
        # "as if you had just completed it", then "In exchange" the Prison's Site: an
        # upon-completion function counts the thief's Influence with that Site still his.
        frames = powers.completion_frames(state, seat, stolen)
        if frame.get("ransom"):  # re-triggered by an Aerarium (engine/buildings/geek.py)
            frames.append({"kind": "ransom", "seat": seat, "to": victim})
        elif frame.get("exchange", True):  # not in the first edition: the thief keeps the Site
            prison = next(b for b in thief.buildings if b.foundation == frame["prison"])
            move(prison.site, thief.influence, owner.influence)
        push(state, frames)


kind(StealFrame)


RANSOM = 3  # "Site cards from your Influence that sum to 3 or more" (Appendix III)


def ransom_worth(state: State, seat: int) -> int:
    """The Influence of the Sites a player could give (the 2 he began with are no Site)."""
    return state.influence(seat) - STARTING_INFLUENCE


class Scriptorium(Power):
    """You may complete any of your Structures by adding one Marble Material to it with a Craftsman
    or Architect action (Black Box rulebook, Appendix I, Scriptorium). "May": the player chooses; a
    Marble that does not complete the structure stays in it as one of its materials."""

    name = "Scriptorium"

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return material == "marble"

    def may_complete(self, state: State, seat: int, building: Building, material: str) -> bool:
        return material == "marble"


register(Scriptorium)


class Sewer(Power):
    """At the end of each turn, you may place the Order cards you played to lead or follow into
    your Stockpile (Black Box rulebook, Appendix I, Sewer)."""

    name = "Sewer"

    def end_of_turn(self, state: State, seat: int) -> list[Frame]:
        return [{"kind": "sewer", "seat": seat}]


register(Sewer)


class SewerFrame(ChooseFrame):
    kind = "sewer"
    by_name = True

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Sewer: you may put the cards you played this turn into your Stockpile."}

    def offered(self, state: State, frame: Frame) -> list[int]:
        return [c for c in state.players[frame["seat"]].camp if role_of(state, c) is not None]

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        player = state.players[frame["seat"]]
        for c in cards:
            move(c, player.camp, player.stockpile)


kind(SewerFrame)


class Villa(Power):
    """If you have a Villa Foundation, you complete it whenever you use an Architect action to put
    a Material into it (Black Box rulebook, Appendix I, Villa)."""

    name = "Villa"

    def own_completes(self, state: State, building: Building, role: str) -> bool:
        return role == "architect"


register(Villa)
