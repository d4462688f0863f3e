"""Brick structures (value 2)."""

from __future__ import annotations

from typing import Any

from .. import revisions
from ..actions import SKIP, Action, Skip
from ..cards import ROLES as ROLE_NAMES
from ..errors import IllegalAction
from ..flow import burst, kind, push, resolved
from ..powers import (
    ACT_ON_HIRE,
    BUILD_FROM_POOL,
    SELL_FROM_DECK,
    Power,
    active_powers,
    after_action_frames,
    client_acts_as,
    out_of_town_cost,
    register,
    role_of,
)
from ..roles.base import ROLES, ActFrame, record_acted
from ..state import Building, Frame, State
from .bursts import CompletionBurst
from .rubble import Road


class Academy(Power):
    """You may execute one Thinker action after any turn in which you executed at least one
    Craftsman action, even if only with a Client; it works on the turn it is completed (Black Box
    rulebook, Appendix I, Academy). Ruling "Academy: after the turn": once the turn's cards are in
    the Pool and its Jacks back in their pile."""

    name = "Academy"

    def after_turn(self, state: State, seat: int) -> list[Frame]:
        return [burst(seat, "thinker", 1)] if "craftsman" in state.players[seat].acted else []


register(Academy)


class Archway(Power):
    """When executing an Architect action you may take materials from the Pool instead of your
    Stockpile; never foundations (Black Box rulebook, Appendix I, Archway)."""

    name = "Archway"
    grants = frozenset({BUILD_FROM_POOL})


register(Archway)


class Atrium(Power):
    """When executing a Merchant action, you may take an Order card from the deck instead of your
    Stockpile and put it in your Vault without looking at it (Black Box rulebook, Appendix I,
    Atrium)."""

    name = "Atrium"
    grants = frozenset({SELL_FROM_DECK})


register(Atrium)


class Bath(Power):
    """When you gain a new Client, you may immediately execute an action of its Role; "This action
    must be completed before a new Client is hired, although two actions may be combined to start an
    out of town Site"; influence gained by it is available to later Patron actions (Black Box
    rulebook, Appendix I, Bath). Rulings "Bath: one client at a time" (several clients named by one
    Patron action are hired one by one, each after the last one's action), "Bath: combining for an
    out-of-town Site" and "Bath: the roles a new client may act as"."""

    name = "Bath"
    grants = frozenset({ACT_ON_HIRE})

    def on_hire(self, state: State, seat: int, clients: list[int]) -> list[Frame]:
        return [bath_action(state, seat, c) for c in clients]


register(Bath)


BUILDERS = ("architect", "craftsman")  # the roles that lay foundations


def turn_frame(state: State) -> Frame | None:
    """The turn's own frame, beneath its decisions: where an action waiting for the next new
    client is noted (by seat) until that client is hired or the turn ends."""
    return next((f for f in state.frames if f["kind"] == "end_turn"), None)


def notes_waiting_client(state: State) -> bool:
    """Whether the client whose action waits is noted, for a Triclinium to offer it once the
    action is taken: Geek games from revision 2 only, so other states stay as they were."""
    return bool(state.geek) and revisions.follows(state, revisions.TRICLINIUM_EACH_CLIENT)


def bath_action(state: State, seat: int, client: int) -> Frame:
    """The new client's one action; two if the last new client's action waits to join it."""
    frame: Frame = {"kind": "bath", "seat": seat, "client": client, "used": 0, "count": 1}
    frame["role"] = role_of(state, client) or ""
    turn = turn_frame(state)
    if turn is not None and seat in turn.get("bath_waiting", ()):
        turn["bath_waiting"] = [s for s in turn["bath_waiting"] if s != seat]
        waited = turn.get("bath_waited", {}).pop(str(seat), None)
        if any(client_acts_as(state, seat, client, r) for r in BUILDERS):
            frame.update(count=2, waiting=1)
            if waited is not None:
                frame["waited"] = waited  # the client whose action joins (a Triclinium asks)
    return frame


class BathFrame(ActFrame):
    """A new client's action: one action of any role the client may act as (its own; a Laborer's
    with a Storeroom; any with a Ludus Magna, for a Merchant). An Architect's or Craftsman's action
    may wait (skip) to join the next new client's for a foundation out of town; an action that
    waited serves for nothing else, so a frame with one waiting takes one action, whatever it is."""

    kind = "bath"

    def roles(self, state: State, frame: Frame) -> list[str]:
        """The client's own role first, then the others it may act as, in the rules' order."""
        seat, client = frame["seat"], frame["client"]
        own = role_of(state, client) or ""
        active = active_powers(state, seat)
        others = [r for r in ROLE_NAMES if client_acts_as(state, seat, client, r, active)]
        return [own, *(r for r in others if r != own)]

    def left_as(self, state: State, frame: Frame, role: str) -> int:
        """Actions left for `role`: a waiting action counts only towards a lay out of town."""
        waiting = 0 if role in BUILDERS else int(frame.get("waiting", 0))
        return self.left(state, frame) - waiting

    def role_for(self, state: State, frame: Frame, action: Action) -> str | None:
        """The role `action` is taken as: the first of the client's roles that accepts it and
        whose checks it passes (ruling "Bath: the roles a new client may act as": a lay open to
        both the Craftsman and the Architect is a Craftsman's)."""
        fitting = [r for r in self.roles(state, frame) if isinstance(action, ROLES[r].accepts)]
        for r in fitting:
            try:
                ROLES[r].check(state, frame["seat"], self.left_as(state, frame, r), action)
            except IllegalAction:
                continue
            return r
        return fitting[0] if fitting else None

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        roles, left = self.roles(state, frame), self.left(state, frame)
        text = f"Bath: your new client may act now, as {' or '.join(roles)}."
        if frame.get("waiting"):
            text += " Your last new client's action waits to join this one out of town."
        out = {"text": text, "role": roles[0], "roles": roles, "actions_left": left}
        return {**out, "client": frame["client"], "waiting": int(frame.get("waiting", 0))}

    def options(self, state: State, frame: Frame) -> list[Action]:
        out: list[Action] = [SKIP]
        seen: set[Action] = set()
        for r in self.roles(state, frame):
            for action in ROLES[r].options(state, frame["seat"], self.left_as(state, frame, r)):
                if action not in seen:
                    seen.add(action)
                    out.append(action)
        return out

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        role = self.role_for(state, frame, action)
        if role is None:
            raise IllegalAction(
                "wrong_role", f"A '{action.TYPE}' action is not one this new client may take."
            )
        ROLES[role].check(state, frame["seat"], self.left_as(state, frame, role), action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            self.decline(state, frame)
            return
        role = self.role_for(state, frame, action)
        assert role is not None
        taken = ROLES[role].taken(state, frame["seat"], self.left_as(state, frame, role), action)
        frame["role"], frame["used"] = role, frame["count"]  # one action, whatever it spends
        record_acted(state, frame["seat"], role)
        push(state, after_action_frames(state, frame["seat"], frame, taken))  # once it is over
        ROLES[role].perform(state, frame["seat"], action)

    def settle(self, state: State, frame: Frame) -> bool:
        if frame["used"] >= frame["count"]:
            state.frames.pop()
            return True
        if any(not isinstance(a, Skip) for a in self.options(state, frame)):
            return False
        resolved(state, frame, Skip())
        self.decline(state, frame)  # nothing to do now; it may still wait
        return True

    def decline(self, state: State, frame: Frame) -> None:
        """The action is not taken; an Architect's or Craftsman's waits for the next new client
        (this turn), unless a foundation out of town needs only one action (Tower)."""
        state.frames.pop()
        seat = frame["seat"]
        alone = frame["count"] == 1 and not frame.get("waiting")
        builds = any(r in BUILDERS for r in self.roles(state, frame))
        turn = turn_frame(state)
        if alone and builds and out_of_town_cost(state, seat) > 1 and turn is not None:
            turn["bath_waiting"] = [*turn.get("bath_waiting", ()), seat]
            if notes_waiting_client(state):
                turn.setdefault("bath_waited", {})[str(seat)] = frame["client"]


kind(BathFrame)


class Foundry(CompletionBurst):
    """When you complete a Foundry you may perform one Laborer action for each point of
    Influence you have, including the Foundry's (Black Box rulebook, Appendix I, Foundry)."""

    name = "Foundry"
    burst_role = "laborer"


register(Foundry)


class Gate(Power):
    """You gain the Functions of your Marble Structures as soon as their Foundations are laid; their
    Influence comes on completion. With a Road, a Stone structure holding a Marble counts as Marble
    too (Black Box rulebook, Appendix I, Gate; Gate combined with Road). A public Gate or Road works
    so for every player (Black Box rulebook, Appendix I, Stairway: "grant that Structure's function
    to all players")."""

    name = "Gate"

    def activates(self, state: State, seat: int, building: Building, active: list[Power]) -> bool:
        material = state.material(building.foundation)
        if material == "marble":
            return True
        has_road = any(isinstance(p, Road) for p in active)  # his own, or a public one
        marbled = any(state.material(c) == "marble" for c in building.materials)
        return material == "stone" and has_road and marbled


register(Gate)


class School(CompletionBurst):
    """When you complete a School, you may perform one Thinker action for each point of
    Influence you have, including the School's (Black Box rulebook, Appendix I, School)."""

    name = "School"
    burst_role = "thinker"


register(School)


class Shrine(Power):
    """Your hand refill size is increased by two (Black Box rulebook, Appendix I, Shrine)."""

    name = "Shrine"
    hand_size_bonus = 2


register(Shrine)
