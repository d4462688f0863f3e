"""The facade's moves: the legal actions in JSON, checking and applying one, the scores.

`engine.apply` never changes the state it is given: it checks the action (MalformedAction,
IllegalAction), copies the state and plays the action on the copy. Its functions are the
package's (`engine.apply`, `engine.legal_actions`, ...); they live here so that they are
compiled with the rules (engine/compiled.py).
"""

from __future__ import annotations

from typing import Any

from . import flow
from .actions import Action, parse
from .endgame import end_game as _end_game
from .endgame import scores as _scores
from .errors import IllegalAction
from .events import Event
from .events import record as _record
from .state import State
from .views import to_act


def legal_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of the pending decision, in JSON form (empty when the game is over)."""
    top = flow.pending(state)
    if top is None:
        return []
    kind, frame = top
    return [a.to_json() for a in flow.listed_options(state, kind, frame)]


def check(state: State, action: Any, seat: int | None = None) -> Action:
    """Raise MalformedAction or IllegalAction unless `action` (an action, or its JSON form: any
    JSON value a client sent) may be played now (by `seat`, when given); return it parsed."""
    parsed = parse(action)
    top = flow.pending(state)
    if top is None:
        raise IllegalAction("game_over", "The game is over.")
    kind, frame = top
    if seat is not None and seat != frame["seat"]:
        raise IllegalAction("not_your_turn", f"It is seat {frame['seat']}'s decision, not yours.")
    if not isinstance(parsed, kind.accepts):
        raise IllegalAction(
            "wrong_action",
            f"A '{parsed.TYPE}' action cannot be played now: {kind.prompt(state, frame)['text']}",
        )
    kind.check(state, frame, parsed)
    return parsed


def apply(state: State, action: Any, seat: int | None = None) -> State:
    """Play `action` for the seat to act and return the new state; `state` is not changed.
    Raises MalformedAction or IllegalAction (nothing changes) when it cannot be played.
    `events_of(new)` tells what happened."""
    parsed = check(state, action, seat)
    new = state.clone()
    kind, frame = flow.pending(new) or (None, None)
    assert kind is not None and frame is not None
    _record(new, {"type": "action", "seat": frame["seat"], "action": parsed.to_json()})
    kind.perform(new, frame, parsed)
    new.moves += 1
    flow.settle(new)
    _record_end(new)
    return new


def events_of(state: State) -> list[Event]:
    """What the `apply` (or `surrender`) that made `state` did, in order, raw: render each for a
    viewer with `event_view` (engine/events.py). Empty for a state that no apply made."""
    return list(state.events)


def _record_end(state: State) -> None:
    if state.end is not None:
        _record(state, {"type": "game_over", **state.end})


def safe_action(state: State) -> dict[str, Any]:
    """The engine's own choice for a seat that let its time run out: think (draw cards) at a
    lead or follow, skip anything optional, and give the least a Legionary's victim must give.
    Always one of `legal_actions(state)`."""
    legal = legal_actions(state)
    if not legal:
        raise IllegalAction("game_over", "The game is over.")
    for preferred in ({"type": "think", "take": "cards"}, {"type": "skip"}):
        if preferred in legal:
            return preferred
    return min(legal, key=lambda a: len(a.get("cards", ())))


def is_petition(state: State, action: dict[str, Any]) -> bool:
    """A lead or follow by petition: several cards of one role standing for one card of the
    role (Black Box rulebook, Jacks, Petitioning), not a Palace's several actions."""
    if action.get("type") not in ("lead", "follow") or len(action.get("cards", ())) < 2:
        return False
    seat, role = to_act(state), action.get("role", state.role)
    if seat is None or role is None:
        return False
    return flow.played_actions(state, seat, role, tuple(action["cards"])) == 1


def is_over(state: State) -> bool:
    return state.end is not None


def scores(state: State) -> list[dict[str, Any]]:
    """Victory points per seat as they stand (final once the game is over). Full information:
    reveals vault contents, so show it to players only when the game is over."""
    if state.end is not None:
        return list(state.end["scores"])
    return _scores(state)


def surrender(state: State, winner: Any) -> State:
    """End the game because all other players surrendered to `winner` (Black Box rulebook, Ending
    the Game); that player wins with no need to score."""
    if state.end is not None:
        raise IllegalAction("game_over", "The game is over.")
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < state.n:
        raise IllegalAction("no_such_seat", f"There is no seat {winner}.")
    new = state.clone()
    _end_game(new, "surrender", [winner])
    new.moves += 1
    _record_end(new)
    return new
