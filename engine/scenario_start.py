"""Where in the turn a scenario's table starts (docs/scenarios.md, "Starting within a turn").

By default at the leader's lead-or-think decision. Given the role led and a `start`, at another
player's follow-or-think, at a player's role actions, or within a Legionary's demand (his Pool
claim, or a victim's give): the turn's decisions are scheduled as a lead schedules them, those
already taken are dropped, and the cards on the camps say who led or followed with what. Every
check is the engine's own; a refusal becomes a `bad_scenario` error that names the decision.
"""

from __future__ import annotations

from typing import Any

from .actions import Demand
from .cards import ROLES, is_order, material_named
from .errors import EngineError, SetupError
from .flow import KINDS, check_cards_play, pending, played_actions, settle
from .roles.base import ActFrame
from .schedule import turn_schedule
from .state import Frame, State

DECISIONS = ("lead", "follow", "act", "claim", "give")
START_KEYS = {"decision", "seat", "used", "by", "revealed"}


def start_turn(state: State, role: Any, start: Any) -> None:
    """Set the role led, the camps' plays and the pending decisions of `start`."""
    spec = _spec(start)
    decision = spec.get("decision", "lead")
    if decision not in DECISIONS:
        raise SetupError(
            "bad_scenario", f"start: 'decision' must be one of {', '.join(DECISIONS)}."
        )
    if decision == "lead":
        _start_at_lead(state, role, spec)
        return
    if role not in ROLES:
        raise SetupError("bad_scenario", f"start: a {decision} needs 'role', the role led.")
    state.role = role
    seat = _start_seat(state, decision, spec)
    _play_camps(state, role, decided=_decided(state, decision, seat))
    state.frames = turn_schedule(state, role)
    if decision in ("follow", "act"):
        frame = _drop_until(state, decision, seat)
        if decision == "act":
            frame["used"] = _count(spec.get("used", 0), "start: 'used'")
    else:
        _demand(state, spec)
        _drop_until(state, decision, seat)
    _settle_at(state, decision, seat)


def _spec(start: Any) -> dict[str, Any]:
    if start is None:
        return {}
    if not isinstance(start, dict) or set(start) - START_KEYS:
        raise SetupError(
            "bad_scenario", f"'start' is an object with keys among {', '.join(sorted(START_KEYS))}."
        )
    return start


def seat_number(value: Any, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise SetupError("bad_scenario", f"{what} must be a seat number (0 to {n - 1}).")
    return int(value)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SetupError("bad_scenario", f"{what} must be a whole number.")
    return int(value)


def _start_at_lead(state: State, role: Any, spec: dict[str, Any]) -> None:
    if role is not None:
        raise SetupError("bad_scenario", "No role is led before the lead: drop 'role' or 'start'.")
    if spec.get("seat", state.leader) != state.leader:
        raise SetupError("bad_scenario", "start: the lead is the leader's decision.")
    for seat, p in enumerate(state.players):
        if p.camp:
            raise SetupError("bad_scenario", f"player {seat}'s camp: no role is led yet.")
    state.frames = [{"kind": "lead", "seat": state.leader}]


def _start_seat(state: State, decision: str, spec: dict[str, Any]) -> int:
    """The seat whose decision it is: by default the first follower, the leader's actions, the
    demander's claim, or the demander's first victim."""
    default = {"follow": (state.leader + 1) % state.n, "act": state.leader}.get(decision)
    if decision in ("claim", "give"):
        by = seat_number(spec.get("by", state.leader), state.n, "start: 'by'")
        default = by if decision == "claim" else None
    seat = spec.get("seat", default)
    if seat is None:
        raise SetupError("bad_scenario", "start: a give needs 'seat', the victim who answers.")
    seat = seat_number(seat, state.n, "start: 'seat'")
    if decision == "follow" and seat == state.leader:
        raise SetupError("bad_scenario", "start: the leader does not follow.")
    if decision == "claim" and seat != default:
        raise SetupError("bad_scenario", "start: the Pool claim is the demander's ('by').")
    return seat


def _decided(state: State, decision: str, seat: int) -> set[int]:
    """The seats that have led, followed or thought before the decision."""
    order = state.clockwise(state.leader)
    return set(order[: order.index(seat)]) if decision == "follow" else set(order)


def _play_camps(state: State, role: str, decided: set[int]) -> None:
    """Each camp is a lead or follow of the role (the leader's is required); a decided player
    with an empty camp thought. The actions the cards earn are counted as a lead counts them."""
    for seat, p in enumerate(state.players):
        where = f"player {seat}'s camp"
        if seat not in decided:
            if p.camp:
                raise SetupError("bad_scenario", f"{where}: this player has not followed yet.")
            continue
        if not p.camp:
            if seat == state.leader:
                raise SetupError("bad_scenario", f"{where}: the leader's cards must be on it.")
            continue
        try:
            check_cards_play(state, seat, role, tuple(p.camp), seat == state.leader)
        except EngineError as exc:
            raise SetupError("bad_scenario", f"{where}: {exc.detail}") from exc
        p.played = played_actions(state, seat, role, tuple(p.camp), seat == state.leader)


def _drop_until(state: State, kind: str, seat: int) -> Frame:
    """Drop the decisions taken before the `kind` decision of `seat`; return its frame."""
    for i in range(len(state.frames) - 1, -1, -1):
        frame = state.frames[i]
        if frame["kind"] == kind and frame.get("seat") == seat:
            del state.frames[i + 1 :]
            return frame
    raise SetupError("bad_scenario", f"start: seat {seat} has no {kind} decision at this point.")


def _demand(state: State, spec: dict[str, Any]) -> None:
    """The demander's Legionary action, played by the engine: he reveals the named cards."""
    by = seat_number(spec.get("by", state.leader), state.n, "start: 'by'")
    frame = _drop_until(state, "act", by)
    hand = list(state.players[by].hand)
    revealed = []
    names = spec.get("revealed", [])
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise SetupError("bad_scenario", "start: 'revealed' lists the cards the demander shows.")
    for name in names:
        card = next((c for c in hand if _answers(state, c, name)), None)
        if card is None:
            raise SetupError(
                "bad_scenario", f"start: player {by}'s hand holds no {name} to reveal."
            )
        hand.remove(card)
        revealed.append(card)
    action = Demand(tuple(revealed))
    act = KINDS[ActFrame.kind]
    try:
        act.check(state, frame, action)
    except EngineError as exc:
        raise SetupError("bad_scenario", f"start: the demand: {exc.detail}") from exc
    act.perform(state, frame, action)


def _answers(state: State, card: int, name: str) -> bool:
    """The card answers to a scenario name: its own, or its material or role."""
    actual = state.names[card]
    return actual == name or (is_order(actual) and material_named(name) == state.material(card))


def _settle_at(state: State, decision: str, seat: int) -> None:
    """Resolve what needs no decision; the table must then wait on the decision asked for."""
    settle(state)
    top = pending(state)
    if top is None or top[1]["kind"] != decision or top[1]["seat"] != seat:
        raise SetupError(
            "bad_scenario",
            f"start: seat {seat}'s {decision} needs no decision (nothing to choose or no action "
            "left): the table would move on at once.",
        )
