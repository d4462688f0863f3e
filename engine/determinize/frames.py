"""The stack of pending decisions, rebuilt from a view: the turn's schedule is public.

A view shows only the decision on top (its prompt). What lies beneath follows from the turn order
(Black Box rulebook, Game Play): the other players' follows, then each player's role actions from
the leader clockwise, then the end of the turn with its building functions; a Legionary's demand
stacks its claim, each victim's answer and the Colosseum's or Domus Aurea's choice above the
demander's actions. The decision is always the viewer's own (a seat determinises to decide).

What the view does not show is estimated, never looked up: the actions left beneath a sub-decision
(a Stairway, a Fountain card, a Foundry (2005)'s Pool card, an upon-completion burst, a Bath's new
client, a Scriptorium's choice) come from the seat's memory of its last act prompt this turn (one
action fewer: the one that led here), or none without a memory; a burst of the led role itself reads
as the seat's ordinary actions. A Thinker prompt after the turn (no role) is the seat's Academy; the
later seats' Academies are estimated from the memory (a Craftsman prompt of theirs seen this turn).
An Architect's or Craftsman's Bath action waits for the next new client when the memory saw it
declined (one declined unseen, with nothing to do at the time, is not known). In the 2005 first
edition the turn has its moment after the leader's actions (Senate), and an act offered out of turn
order (Bar, Dock, Bridge) comes to the top; others' early acts are over when the memory saw them.
"""

from __future__ import annotations

from typing import Any

from .. import powers, revisions
from ..buildings.stone import Prison
from ..cards import FIRST_EDITION
from ..state import Frame, State
from .memory import Memory, card_ids

View = dict[str, Any]
END_OF_TURN_KINDS = ("senate", "sewer")


def rebuild(state: State, view: View, memory: Memory | None) -> list[Frame]:
    """The pending decisions, bottom first; also marks the roles acted this turn (`acted`)."""
    frames = stack(state, view, memory)
    note_bath_waiting(state, frames, memory)
    return frames


def stack(state: State, view: View, memory: Memory | None) -> list[Frame]:
    prompt = view["prompt"]
    me, kind = int(prompt["seat"]), str(prompt["kind"])
    if kind == "lead":
        return [{"kind": "lead", "seat": me}]
    role = str(view["role"])
    order = state.clockwise(state.leader)
    if kind == "think" and view["role"] is None:
        later = order[order.index(me) + 1 :]
        return [*after_turn(state, later, memory), top(state, view, memory)]
    if kind in END_OF_TURN_KINDS:
        mark_acted(state, order, role)
        frames = end_of_turn(state, order[order.index(me) + 1 :])
        mine = powers.end_of_turn_frames(state, me)
        at = next((i for i, f in enumerate(mine) if f["kind"] == kind), len(mine))
        return frames + list(reversed(mine[at + 1 :])) + [top(state, view, memory)]
    if kind == "follow":
        after = order[order.index(me) :]
        frames = schedule(state, order, role, memory)
        return frames + [{"kind": "follow", "seat": s} for s in reversed(after)]
    if kind == "act" and prompt.get("early"):
        return early_act(state, view, memory, order, me, role)
    owner = int(prompt["to"]) if kind == "give" else me
    position = order.index(owner)
    mark_acted(state, order[:position], role)
    forget = None if memory is None else memory.without(owner)
    frames = schedule(state, order[position:], role, forget)[:-1]  # the owner's act comes below
    if kind == "act" and prompt["role"] == role:  # the seat's own role actions
        return [*frames, act(state, owner, role, int(prompt["actions_left"]))]
    state.players[owner].acted.append(role)
    frames.append(act(state, owner, role, left_beneath(view, memory, owner, kind)))
    if kind in ("claim", "give"):
        return frames + legionary(state, view, memory, owner)
    return [*frames, top(state, view, memory)]


def note_bath_waiting(state: State, frames: list[Frame], memory: Memory | None) -> None:
    """Note on the turn's own frame whose Bath action waits for the next new client."""
    turn = next((f for f in frames if f["kind"] == "end_turn"), None)
    if turn is not None and memory is not None and memory.bath_waiting is not None:
        turn["bath_waiting"] = [
            s for s in memory.bath_waiting if powers.out_of_town_cost(state, s) > 1
        ]


def schedule(state: State, seats: list[int], role: str, memory: Memory | None) -> list[Frame]:
    """`turn_acts`, with the first edition's moment after the leader's actions (a Senate's
    Thinker action, engine.schedule.after_leading) above the others' acts while the leader's are
    still to come (`seats` begins with the leader), and without the acts of seats the memory saw
    act out of turn order (their actions are over)."""
    gone = set(memory.acted_early) if memory is not None else set()
    leading = bool(seats) and seats[0] == state.leader
    frames = turn_acts(seats[1:] if leading else seats, role)
    if leading:
        if state.version == FIRST_EDITION:
            frames.append({"kind": "after_leading", "seat": state.leader})
        frames += turn_acts([state.leader], role)[1:]
    return [f for f in frames if f["kind"] != "act" or f["seat"] not in gone]


def early_act(
    state: State, view: View, memory: Memory | None, order: list[int], me: int, role: str
) -> list[Frame]:
    """The first edition's out-of-turn act (Bar, Dock, Bridge), offered as the seat leads or
    follows (engine.schedule.offer_early): the turn's schedule without the seat's act, the follows
    still to come, and the act on top, marked with its place. Other seats offered theirs earlier
    wait for their turn unless the memory saw them act."""
    frames = schedule(state, order, role, None if memory is None else memory.without(me))
    at = next(i for i, f in enumerate(frames) if f["kind"] == "act" and f["seat"] == me)
    del frames[at]
    after = order[order.index(me) + 1 :]
    frames += [{"kind": "follow", "seat": s} for s in reversed(after)]
    left = int(view["prompt"]["actions_left"])
    return [*frames, {**act(state, me, role, left), "early": at}]


def turn_acts(seats: list[int], role: str) -> list[Frame]:
    """The end of the turn, and the role actions of `seats` (in play order) above it."""
    frames: list[Frame] = [{"kind": "end_turn"}]
    return frames + [{"kind": "act", "seat": s, "role": role, "used": 0} for s in reversed(seats)]


def act(state: State, seat: int, role: str, left: int) -> Frame:
    used = powers.action_count(state, seat, role) - left
    return {"kind": "act", "seat": seat, "role": role, "used": used}


def end_of_turn(state: State, seats: list[int]) -> list[Frame]:
    """The end of the turn with its functions of `seats` (in play order) still to come."""
    frames: list[Frame] = [{"kind": "end_turn", "hooks_done": True}]
    for s in reversed(seats):
        frames.extend(reversed(powers.end_of_turn_frames(state, s)))
    return frames


def mark_acted(state: State, seats: list[int], role: str) -> None:
    """Seats whose role actions are over took them, as far as anyone can tell."""
    for s in seats:
        if powers.action_count(state, s, role) > 0 and role not in state.players[s].acted:
            state.players[s].acted.append(role)


def left_beneath(view: View, memory: Memory | None, seat: int, kind: str) -> int:
    """Actions left in the seat's role actions beneath its sub-decision."""
    if kind in ("claim", "give", "slay", "raze"):
        return 0  # a Legionary makes all his demands at once
    seen = None if memory is None else memory.left(seat, "act", view["role"])
    return max(0, seen - 1) if seen is not None else 0


def after_turn(state: State, seats: list[int], memory: Memory | None) -> list[Frame]:
    """The turn over, with the Academies of `seats` (in play order) still to come: one Thinker
    action each for a seat seen at a Craftsman prompt this turn."""
    frames: list[Frame] = [{"kind": "end_turn", "hooks_done": True, "turn_over": True}]
    for s in reversed(seats):
        academy = any(p.name == "Academy" for p in powers.active_powers(state, s))
        if academy and memory is not None and memory.left(s, "act", "craftsman") is not None:
            frames.append({"kind": "think", "seat": s, "count": 1, "used": 0})
    return frames


def demand_of(view: View, memory: Memory | None) -> tuple[list[str], list[int]]:
    prompt = view["prompt"]
    if "demand" in prompt:
        return list(prompt["demand"]), card_ids(prompt.get("revealed"))
    if memory is not None and memory.demand is not None:
        return list(memory.demand), list(memory.revealed)
    return [], []


def legionary(state: State, view: View, memory: Memory | None, demander: int) -> list[Frame]:
    """A demand's pending decisions: the claim, each victim's answer still to come, then the
    Colosseum's or Domus Aurea's choice (bottom first)."""
    prompt = view["prompt"]
    demand, revealed = demand_of(view, memory)
    victims = powers.legionary_victims(state, demander)
    exposed = [v for v in victims if not powers.legionary_immune(state, v, demander)]
    bridge = powers.has(state, demander, powers.LEGIONARY_BRIDGE)
    frames: list[Frame] = list(reversed(powers.demand_frames(state, demander, demand, exposed)))
    pending = victims if prompt["kind"] == "claim" else victims[victims.index(prompt["seat"]) :]
    for v in reversed(pending):
        immune = v not in exposed
        frames.append(
            {
                "kind": "give",
                "seat": v,
                "to": demander,
                "demand": list(demand),
                "revealed": list(revealed),
                "optional": immune,
                "stockpile": bridge,  # ruling "Wall: a gift to a Bridge", as the demand has it
            }
        )
    if prompt["kind"] == "claim":
        frames.append({"kind": "claim", "seat": demander, "demand": demand, "revealed": revealed})
    return frames


def top(state: State, view: View, memory: Memory | None) -> Frame:
    """The viewer's own pending decision, from its prompt."""
    prompt = view["prompt"]
    me, kind = int(prompt["seat"]), str(prompt["kind"])
    if kind == "act":  # a burst of another role than the one led
        actions: Frame = {
            "kind": "act",
            "seat": me,
            "role": prompt["role"],
            "used": 0,
            "count": int(prompt["actions_left"]),
        }
        if watermill(state, view):
            actions["by_clients"] = True
        return actions
    if kind == "think":
        return {"kind": "think", "seat": me, "count": int(prompt["actions_left"]), "used": 0}
    if kind in ("slay", "raze"):
        demand, _ = demand_of(view, memory)
        victims = powers.legionary_victims(state, me)
        exposed = [v for v in victims if not powers.legionary_immune(state, v, me)]
        return {"kind": kind, "seat": me, "demand": demand, "victims": exposed}
    if kind == "fountain":  # the card drawn went to the end of the hand
        return {"kind": kind, "seat": me, "card": state.players[me].hand[-1]}
    if kind == "bath":
        frame: Frame = {
            "kind": kind,
            "seat": me,
            "client": int(prompt["client"]),
            "role": str(prompt["role"]),
            "used": 0,
            "count": int(prompt["actions_left"]),
        }
        if prompt["waiting"]:
            frame["waiting"] = int(prompt["waiting"])
        return frame
    if kind == "complete":
        return {"kind": kind, "seat": me, "building": int(prompt["building"])}
    if kind == "foundry":  # the first edition's Foundry drew this card into the Stockpile
        return {"kind": kind, "seat": me, "drawn": int(prompt["drawn"])}
    if kind == "steal":
        if prompt.get("ransom"):  # a Prison an Aerarium re-triggered (the Geek expansion)
            return {"kind": kind, "seat": me, "prison": -1, "ransom": True}
        # The frame the Prison's completion made: the 2005 first edition's (Prison (2005))
        # marks that no Sites are exchanged.
        for b in state.players[me].buildings:
            power = powers.own_power(state, b)
            if b.complete and isinstance(power, Prison):
                return power.on_complete(state, me, b)[0]
        raise ValueError("a Prison's steal without a completed Prison")
    return {"kind": kind, "seat": me, **geek_frame(prompt)}


def watermill(state: State, view: View) -> bool:
    """An Architect burst in a Laborer turn is a Watermill's: its actions are the Architect
    clients', marked so from the revision that lets a Triclinium vault them
    (engine/buildings/geek.py)."""
    architects = view["prompt"]["role"] == "architect" and view["role"] == "laborer"
    return architects and revisions.follows(state, revisions.TRICLINIUM_WATERMILL)


def geek_frame(prompt: dict[str, Any]) -> Frame:
    """What the Geek expansion's decisions need besides their kind and seat, from their prompts
    (engine/buildings/geek.py, geek_bacchanalia.py)."""
    kind = prompt["kind"]
    if kind in ("enlist", "solarium", "aerarium"):
        return {"building": int(prompt["building"])}
    if kind == "triclinium":
        if "client" in prompt:
            return {"client": int(prompt["client"])}
        most = {"most": int(prompt["most"])} if "most" in prompt else {}
        return {"clients": [int(c) for c in prompt["clients"]], **most}
    if kind == "bacchanalia":
        return {"revealed": card_ids(prompt["revealed"]), "uses": list(prompt["uses"])}
    return {}
