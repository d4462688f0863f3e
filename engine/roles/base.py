"""The `act` frame in which every role's actions are taken, the `Role` interface each role
implements, and the checks several roles share."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import powers
from ..actions import (
    SKIP,
    Action,
    Build,
    Demand,
    Fountain,
    Gather,
    Hire,
    Lay,
    Publicize,
    Sell,
    Skip,
    TearDown,
)
from ..cards import is_order
from ..errors import IllegalAction
from ..flow import FrameKind, kind, push, require_held, require_order
from ..state import Frame, State


class ActFrame(FrameKind):
    """A player's actions of one role."""

    kind = "act"
    accepts = (Hire, Gather, Lay, Build, Fountain, Publicize, TearDown, Demand, Sell, Skip)

    def left(self, state: State, frame: Frame) -> int:
        return act_left(state, frame)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        left = self.left(state, frame)
        out = {
            "text": f"{frame['role'].capitalize()}: {left} action{'' if left == 1 else 's'} left.",
            "role": frame["role"],
            "actions_left": left,
        }
        if waits(frame):
            out["text"] += " Act now, out of turn order, or skip to wait for your turn."
            out["early"] = True
        return out

    def options(self, state: State, frame: Frame) -> list[Action]:
        return [SKIP, *ROLES[frame["role"]].options(state, frame["seat"], self.left(state, frame))]

    def settle(self, state: State, frame: Frame) -> bool:
        if self.left(state, frame) > 0:
            if waits(frame) and all(isinstance(a, Skip) for a in self.options(state, frame)):
                put_back(state, frame)  # nothing to do now: wait for the turn's order
                return True
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
            if waits(frame):
                put_back(state, frame)
            else:
                state.frames.pop()
            return
        seat, role, left = frame["seat"], ROLES[frame["role"]], self.left(state, frame)
        # Count the cost first: the action may push decisions above this frame.
        frame["used"] += role.cost(state, seat, left, action)
        record_acted(state, seat, frame["role"])
        taken = role.taken(state, seat, left, action)
        push(state, powers.after_action_frames(state, seat, frame, taken))  # once it is over
        role.perform(state, seat, action)


kind(ActFrame)


def waits(frame: Frame) -> bool:
    """An act frame offered early (schedule.offer_early) in which nothing was done yet: skipping it
    means waiting for the player's turn."""
    return frame.get("early") is not None and frame["used"] == 0


def put_back(state: State, frame: Frame) -> None:
    """Return an early act frame to its place in the turn's order."""
    state.frames.pop()
    state.frames.insert(frame["early"], {k: v for k, v in frame.items() if k != "early"})


def record_acted(state: State, seat: int, role: str) -> None:
    """The player took an action of `role` this turn (an Academy asks)."""
    acted = state.players[seat].acted
    if role not in acted:
        acted.append(role)


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

    def options(self, state: State, seat: int, left: int) -> list[Action]:
        """The legal actions with `left` actions left, in a stable order."""
        raise NotImplementedError

    def check(self, state: State, seat: int, left: int, action: Action) -> None:
        raise NotImplementedError

    def perform(self, state: State, seat: int, action: Action) -> None:
        raise NotImplementedError

    def cost(self, state: State, seat: int, left: int, action: Action) -> int:
        return 1

    def taken(self, state: State, seat: int, left: int, action: Action) -> int:
        """The actions the action is made of: its cost, less any it loses (a Legionary's)."""
        return self.cost(state, seat, left, action)


ROLES: dict[str, Role] = {}


def role(cls: type[Role]) -> type[Role]:
    """Register a role. Called after the class, not as its decorator: mypyc compiles no decorated
    class (engine/compiled.py)."""
    ROLES[cls.name] = cls()
    return cls


def require_in_pool(state: State, card: int) -> None:
    if card not in state.pool:
        raise IllegalAction("card_not_in_pool", f"Card {card} is not in the Pool.")


def require(state: State, seat: int, capability: str, what: str) -> None:
    if not powers.has(state, seat, capability):
        raise IllegalAction("not_allowed", f"You have no building that lets you {what}.")


def require_from_hand(
    state: State, seat: int, card: int | None, capability: str, what: str
) -> None:
    """An extra order card from hand, which only a building's capability allows (an Aqueduct's
    hire, a Dock's gather, a Basilica's sale)."""
    if card is not None:
        require(state, seat, capability, what)
        require_held(state, seat, (card,))
        require_order(state, card)


def combines_hand(state: State, seat: int, instead: str, usual: object, hand: object) -> bool:
    """Whether a choice takes a card from hand together with the usual card although the power
    that allows the hand's card gives it only instead of the usual one (the first edition's Bar,
    Dock and Atrium)."""
    return usual is not None and hand is not None and powers.has(state, seat, instead)


def refuse_combined(state: State, seat: int, instead: str, usual: object, hand: object) -> None:
    if combines_hand(state, seat, instead, usual, hand):
        raise IllegalAction("not_allowed", "The card from your hand replaces the usual one.")


def hand_orders(state: State, seat: int) -> list[int]:
    return [c for c in state.players[seat].hand if is_order(state.names[c])]


def optional_cards(state: State, seat: int, capability: str, cards: list[int]) -> list[int | None]:
    """The choices for an extra card a capability allows: none, or one of `cards`."""
    return [None, *cards] if powers.has(state, seat, capability) else [None]


def optional_draw(state: State, seat: int, capability: str) -> list[bool]:
    """The choices for an extra card from the deck a capability allows: without it, or with it."""
    return [False, True] if powers.has(state, seat, capability) else [False]
