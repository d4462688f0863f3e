"""The Geek expansion's Bacchanalia (Black Box rulebook, Appendix III, Bacchanalia): a feast of the
deck's top cards, each put to one use at most once."""

from __future__ import annotations

from typing import Any

from .. import powers
from ..actions import SKIP, Action, Build, Gather, Hire, Lay, Sell, Skip
from ..endgame import end_game
from ..errors import IllegalAction
from ..flow import FrameKind, kind, move, push, resolved
from ..powers import Power, register
from ..roles.building import add_material, has_structure_named
from ..state import Building, Frame, State
from .geek import clientele_room, vault_room

# Each use of a revealed card, by the action that names it: "One at a time, you may do any subset
# of the following actions": to the Stockpile, the Clientele, the Vault, a new building in town, a
# building in progress.
USES: dict[type[Action], str] = {
    Gather: "stockpile",
    Hire: "clientele",
    Sell: "vault",
    Lay: "foundation",
    Build: "material",
}


class Bacchanalia(Power):
    """When you complete the Bacchanalia, add its Site to your Influence, tally your Influence and
    flip over that many cards from the top of the deck; one at a time you may put one into your
    Stockpile, one into your Clientele, one into your Vault, start one as a building on an in-town
    Site, add one to a building in progress; the rest go to your hand. If your Influence is more
    than the cards left in the deck, the game ends at once, with no bonus (Black Box rulebook,
    Appendix III, Bacchanalia). Rulings "Bacchanalia: the usual limits" and "Bacchanalia: the
    last card"."""

    name = "Bacchanalia"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        count = powers.checked_influence(state, seat)
        if count > len(state.deck):
            end_game(state, "bacchanalia")
            return []
        revealed = list(reversed(state.deck[len(state.deck) - count :]))  # the top card first
        return [{"kind": "bacchanalia", "seat": seat, "revealed": revealed, "uses": []}]


register(Bacchanalia)


def lay_sites(state: State, seat: int, card: int) -> list[str]:
    if has_structure_named(state, seat, state.names[card]):
        return []
    return [m for m in powers.lay_sites(state, seat, card) if state.sites[m]]


class BacchanaliaFrame(FrameKind):
    """The revealed cards stay on top of the deck, in the open (the frame's `revealed`), until
    each is used or goes to the hand when the player stops (skip)."""

    kind = "bacchanalia"
    accepts = (Gather, Hire, Sell, Lay, Build, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": "Bacchanalia: use the revealed cards (each use once), or skip: the rest go "
            "to your hand.",
            "uses": list(frame["uses"]),
        }

    def options(self, state: State, frame: Frame) -> list[Action]:
        out: list[Action] = [SKIP]
        seat, used = frame["seat"], frame["uses"]
        incomplete = [b for b in state.players[seat].buildings if not b.complete]
        for c in frame["revealed"]:
            if "stockpile" not in used:
                out.append(Gather(c))
            if "clientele" not in used and clientele_room(state, seat) > 0:
                out.append(Hire(c))
            if "vault" not in used and vault_room(state, seat) > 0:
                out.append(Sell(c))
            if "foundation" not in used:
                out.extend(Lay(c, m) for m in lay_sites(state, seat, c))
            if "material" not in used:
                material = state.material(c) or ""
                for b in incomplete:
                    if powers.material_fits(state, seat, b, material):
                        out.append(Build(c, b.foundation))
        return out

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        if getattr(action, "card", None) not in frame["revealed"]:
            raise IllegalAction("not_revealed", "Name one of the cards the Bacchanalia revealed.")
        if USES[type(action)] in frame["uses"]:
            raise IllegalAction("already_used", "That use of the Bacchanalia is taken already.")
        if action not in set(self.options(state, frame)):
            raise IllegalAction("cannot_use", "That card cannot be used so now (see the rules).")

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        seat = frame["seat"]
        player = state.players[seat]
        if isinstance(action, Skip):
            self.finish(state, frame)
            return
        card: int = getattr(action, "card")  # noqa: B009 (every use names its card)
        frame["revealed"].remove(card)
        frame["uses"].append(USES[type(action)])
        if isinstance(action, Gather):
            move(card, state.deck, player.stockpile)
        elif isinstance(action, Hire):
            move(card, state.deck, player.clientele)
            player.hired.append(card)
            push(state, powers.hire_frames(state, seat, [card]))
        elif isinstance(action, Sell):
            move(card, state.deck, player.vault)
            player.vaulted.append(card)  # revealed: put in in the open
        elif isinstance(action, Lay):
            state.deck.remove(card)
            player.buildings.append(Building(card, state.sites[action.site].pop()))
            state.structures_changed()
            if not any(state.sites.values()):
                end_game(state, "last_site")
        else:
            assert isinstance(action, Build)
            building = next(b for b in player.buildings if b.foundation == action.building)
            add_material(state, seat, card, state.deck, building, "")

    def settle(self, state: State, frame: Frame) -> bool:
        if any(not isinstance(a, Skip) for a in self.options(state, frame)):
            return False
        resolved(state, frame, Skip())
        self.finish(state, frame)
        return True

    def finish(self, state: State, frame: Frame) -> None:
        """The cards not used go to the hand; an empty deck then ends the game (Black Box
        rulebook, Ending the Game)."""
        state.frames.pop()
        hand = state.players[frame["seat"]].hand
        for c in frame["revealed"]:
            move(c, state.deck, hand)
        frame["revealed"] = []
        if not state.deck:
            end_game(state, "deck")


kind(BacchanaliaFrame)
