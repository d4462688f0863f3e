"""The turn's schedule of decisions, and what building functions add to it: the first edition's
moment after the leader's actions (Senate) and its acts out of turn order (Bar, Dock, Bridge), the
Geek expansion's decisions after a player's own actions (Watermill). The turn flow
(engine/flow.py) pushes them."""

from __future__ import annotations

from . import powers
from .cards import FIRST_EDITION
from .state import Frame, State


def after_leading(state: State) -> list[Frame]:
    """The moment after the leader's own actions, where the first edition's Senate gives a Thinker
    action (engine/buildings/first_edition.py). Only first-edition turns have it, so that the
    stored states of Black Box games keep their hashes."""
    return (
        [{"kind": "after_leading", "seat": state.leader}] if state.version == FIRST_EDITION else []
    )


def offer_early(state: State, seat: int) -> None:
    """With the first edition's Bar, Dock or Bridge, a player may execute the led role as he leads
    or follows, out of turn order: his `act` frame comes to the top of the stack at once, marked
    with the place it came from (`early`). Skipping it before any action puts it back (he waits for
    his turn); once he has acted, skipping ends his actions as usual (engine/roles/base.py;
    docs/rules.md, ruling "Out of turn order: asked at once")."""
    role = state.role
    if role is None or not powers.early(state, seat, role):
        return
    for i, frame in enumerate(state.frames):
        if frame["kind"] == "act" and frame["seat"] == seat and "count" not in frame:
            if powers.action_count(state, seat, role) > 0:
                del state.frames[i]
                state.frames.append({**frame, "early": i})
            return


def follow_own_actions(state: State, seat: int) -> None:
    """Put what a power adds after a player's own actions of the role he led or followed (the
    Geek expansion's Watermill) beneath his act frame, so that it comes once they are over."""
    added = powers.play_frames(state, seat, state.role or "")
    if not added:
        return
    at = next(
        i
        for i, f in enumerate(state.frames)
        if f["kind"] == "act" and f["seat"] == seat and "count" not in f
    )
    state.frames[at:at] = list(reversed(added))


def turn_schedule(state: State, role: str) -> list[Frame]:
    """The decisions of a turn led as `role`, bottom of the stack first: the end of the turn, each
    player's role actions from the leader clockwise, each other player's follow-or-think."""
    order = state.clockwise(state.leader)
    frames: list[Frame] = [{"kind": "end_turn"}]
    frames += [
        {"kind": "act", "seat": seat, "role": role, "used": 0} for seat in reversed(order[1:])
    ]
    frames += after_leading(state)
    frames.append({"kind": "act", "seat": state.leader, "role": role, "used": 0})
    frames += [{"kind": "follow", "seat": seat} for seat in reversed(order[1:])]
    return frames
