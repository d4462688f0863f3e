"""The Legionary: demand materials from the Pool and from the neighbours (Black Box rulebook,
Demanding Materials)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from .. import powers, revisions
from ..actions import SKIP, Action, Claim, Demand, Give
from ..cards import FIRST_EDITION, is_order
from ..errors import IllegalAction
from ..flow import (
    ChooseFrame,
    FrameKind,
    kind,
    move,
    push,
    require_held,
    resolved,
    subsets,
)
from ..state import Frame, State
from .base import Role, hand_orders, role


class Legionary(Role):
    """Reveal cards from hand, all demands at once; one matching card from the Pool per demand,
    and each neighbour gives matching cards from hand. Extra actions are lost if the hand is short;
    the revealed cards stay in hand (Black Box rulebook, Demanding Materials, Legionary Clients)."""

    name = "legionary"
    accepts = (Demand,)

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        cards = hand_orders(state, seat) + foundations(state, seat)
        return [Demand(combo) for combo in subsets(cards, 1, left)]

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        assert isinstance(action, Demand)
        if not action.cards:
            raise IllegalAction("no_cards", "Reveal at least one card to demand.")
        shown = foundations(state, seat)
        require_held(state, seat, [c for c in action.cards if c not in shown])
        if any(not is_order(state.names[c]) for c in action.cards):
            raise IllegalAction("not_an_order", "A Jack cannot be revealed to demand a material.")
        if len(action.cards) > left:
            raise IllegalAction(
                "not_enough_actions", f"You have {left} Legionary action{'' if left == 1 else 's'}."
            )

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return left  # all demands are made at once; what is not revealed is lost

    def taken(self, state: State, seat: int, left: int, action: Action) -> int:
        assert isinstance(action, Demand)
        return len(action.cards)  # one action per card revealed

    def perform(self, state: State, seat: int, action: Action) -> None:
        assert isinstance(action, Demand)
        demand = [state.material(c) or "" for c in action.cards]
        revealed = list(action.cards)
        bridge = powers.has(state, seat, powers.LEGIONARY_BRIDGE)
        frames: list[Frame] = [
            {"kind": "claim", "seat": seat, "demand": demand, "revealed": revealed}
        ]
        victims = powers.legionary_victims(state, seat)
        for victim in victims:
            immune = powers.legionary_immune(state, victim, seat)
            frames.append(
                {
                    "kind": "give",
                    "seat": victim,
                    "to": seat,
                    "demand": demand,
                    "revealed": revealed,
                    "optional": immune,  # Palisade, Wall: "You may still choose to give up cards"
                    "stockpile": bridge,  # ruling "Wall: a gift to a Bridge"
                }
            )
        exposed = [v for v in victims if not powers.sheltered(state, v)]
        push(state, frames + powers.demand_frames(state, seat, demand, exposed))


role(Legionary)


def foundations(state: State, seat: int) -> list[int]:
    """The incomplete structures a Castra Praetoria lets its owner show as well as cards from
    hand; each once per demand, and they stay where they are (Black Box rulebook, Appendix III,
    Castra Praetoria)."""
    if not powers.has(state, seat, powers.DEMAND_WITH_FOUNDATIONS):
        return []
    return [b.foundation for b in state.players[seat].buildings if not b.complete]


def demand_counts(frame: Frame) -> dict[str, int]:
    """How many of each material Rome demands (not a Counter: compiled, a dict is cheaper)."""
    counts: dict[str, int] = {}
    for material in frame["demand"]:
        counts[material] = counts.get(material, 0) + 1
    return counts


def demand_text(frame: Frame) -> str:
    return ", ".join(frame["demand"])


# The rulesets whose Legionary must take the matching Pool cards: "If there is a matching material
# in the Pool then take it" (First edition rulebook (2005), Legionary Role).
POOL_TAKE_MUST = frozenset({FIRST_EDITION})


def pool_take_compulsory(state: State) -> bool:
    """The demander takes one matching Pool card per demand, as many as the Pool has, choosing
    which only (the first edition, from the revision that changed it: engine/revisions.py)."""
    return state.version in POOL_TAKE_MUST and revisions.follows(
        state, revisions.POOL_TAKE_COMPULSORY
    )


class ClaimFrame(ChooseFrame):
    """A Legionary may take one matching card from the Pool per demand (Black Box rulebook,
    Demanding Materials, step 3; docs/rules.md, ruling "the Pool take is optional"); in the first
    edition he must ("then take it": First edition rulebook (2005), Legionary Role), and only
    which cards is his choice, asked when there is one."""

    kind = "claim"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": f"Rome demands {demand_text(frame)}: take from the Pool.",
            "demand": frame["demand"],
        }

    def offered(self, state: State, frame: Frame) -> list[int]:
        wanted = set(frame["demand"])
        return [c for c in state.pool if state.material(c) in wanted]

    def owed(self, state: State, frame: Frame) -> Counter[str | None]:
        """Of each demanded material, as many Pool cards as there are demands and the Pool has."""
        have = Counter(state.material(c) for c in self.offered(state, frame))
        return Counter({m: min(n, have[m]) for m, n in demand_counts(frame).items() if have[m]})

    def choices(self, state: State, frame: Frame) -> list[tuple[int, ...]]:
        offered = self.offered(state, frame)
        must = pool_take_compulsory(state)
        per_material = []
        for m, count in demand_counts(frame).items():
            matching = [c for c in offered if state.material(c) == m]
            per_material.append(subsets(matching, min(count, len(matching)) if must else 0, count))
        return [tuple(c for combo in choice for c in combo) for choice in product(*per_material)]

    def options(self, state: State, frame: Frame) -> list[Action]:
        if not pool_take_compulsory(state):
            return super().options(state, frame)
        claims: list[Action] = [Claim(cards) for cards in self.choices(state, frame) if cards]
        return claims or [SKIP]

    def settle(self, state: State, frame: Frame) -> bool:
        """Nothing to ask when there is nothing to take, or, where the take is compulsory, one
        way only to take it."""
        if not pool_take_compulsory(state):
            return super().settle(state, frame)
        options = self.options(state, frame)
        if len(options) > 1:
            return False
        resolved(state, frame, options[0])
        self.perform(state, frame, options[0])
        return True

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        return over_demand(state, frame["demand"], cards)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        super().check(state, frame, action)
        cards = action.cards if isinstance(action, Claim) else ()
        taken = Counter(state.material(c) for c in cards)
        if pool_take_compulsory(state) and taken != self.owed(state, frame):
            raise IllegalAction(
                "must_take",
                "Take a matching card from the Pool for each demand, as many as it holds.",
            )

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        for c in cards:
            move(c, state.pool, state.players[frame["seat"]].stockpile)


kind(ClaimFrame)


def over_demand(state: State, demand: list[str], cards: tuple[int, ...]) -> str | None:
    counts: dict[str | None, int] = {}  # not a Counter: this runs for every subset offered
    for c in cards:
        material = state.material(c)
        counts[material] = counts.get(material, 0) + 1
    for material, count in counts.items():
        if count > demand.count(material or ""):
            return f"Rome did not demand that much {material}."
    return None


class GiveFrame(FrameKind):
    """A victim gives one matching card from hand per demand, as many as he has, choosing which
    (Black Box rulebook, Demanding Materials, step 4); from his Stockpile too against a Bridge; and
    only if he wishes when a Palisade or Wall protects him."""

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
            subsets(cards, need if low is None else low, need)
            for cards, need in self.owed(state, frame)
        ]

    def options(self, state: State, frame: Frame) -> list[Action]:
        return [
            Give(tuple(c for combo in choice for c in combo))
            for choice in product(*self.choices(state, frame))
        ]

    def settle(self, state: State, frame: Frame) -> bool:
        if all(len(c) == 1 for c in self.choices(state, frame)):  # nothing to choose
            action = self.options(state, frame)[0]
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
        if any(c in giver.hand for c in action.cards):
            note_loss(state, frame["seat"])
        for c in action.cards:
            move(c, giver.hand if c in giver.hand else giver.stockpile, taker.stockpile)


kind(GiveFrame)


def note_loss(state: State, seat: int) -> None:
    """A Castra's owner lost cards from hand to a Legionary: noted on the turn's own frame for
    his Thinker action at the end of the turn (engine/buildings/geek.py)."""
    if not powers.has(state, seat, powers.THINK_AFTER_LOSS):
        return
    turn = next((f for f in state.frames if f["kind"] == "end_turn"), None)
    if turn is not None and seat not in turn.get("lost_to_legionary", ()):
        turn["lost_to_legionary"] = [*turn.get("lost_to_legionary", ()), seat]
