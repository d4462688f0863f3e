"""The rules of Glory to Rome (Black Box edition, Republic and Imperium; the 2005 first edition),
pure Python.

No Django, no I/O, no clock, no global randomness: a game is fully determined by its configuration,
its seed and the list of actions applied. The service plays games through this module alone (its
`__all__`); it also uses `engine.bots` to fill empty seats and `engine.cards` for card facts. The
command-line tools `python -m engine.bench` and `python -m engine.bots.arena` sit on top of it.

>>> import engine
>>> state = engine.new_game("republic", players=3, seed=7)
>>> seat = engine.to_act(state)
>>> engine.prompt(state)["kind"]
'lead'
>>> state = engine.apply(state, {"type": "think", "take": "cards"})
>>> engine.to_act(state) == (seat + 1) % 3
True
"""

from __future__ import annotations

# First: whether the modules below are the compiled ones (engine/compiled.py).
from .compiled import ENGINE

# isort: split
# Importing `buildings` and `roles` registers every building's power and every role.
from . import buildings, flow, roles  # noqa: F401
from .actions import ACTION_TYPES, Action, parse
from .cards import catalog
from .endgame import END_REASONS
from .errors import EngineError, IllegalAction, MalformedAction, SetupError
from .events import ZONES as DRAW_ZONES
from .events import Event, event_view, public_action
from .orders import order_kinds, order_pick, order_stale, orders_checked
from .play import (
    apply,
    check,
    events_of,
    is_over,
    is_petition,
    legal_actions,
    safe_action,
    scores,
    surrender,
)
from .revisions import current as current_revision
from .scenario import scenario
from .setup import new_game
from .state import State, from_json, state_hash, to_json
from .undo import UNDO, learnt
from .undo import Trail as UndoTrail
from .views import prompt, to_act, view

__all__ = [
    "ACTION_TYPES",
    "DRAW_ZONES",
    "END_REASONS",
    "ENGINE",
    "PROMPT_KINDS",
    "UNDO",
    "Action",
    "EngineError",
    "Event",
    "IllegalAction",
    "MalformedAction",
    "SetupError",
    "State",
    "UndoTrail",
    "apply",
    "catalog",
    "check",
    "current_revision",
    "event_view",
    "events_of",
    "from_json",
    "is_over",
    "is_petition",
    "learnt",
    "legal_actions",
    "new_game",
    "order_kinds",
    "order_pick",
    "order_stale",
    "orders_checked",
    "parse",
    "prompt",
    "public_action",
    "safe_action",
    "scenario",
    "scores",
    "state_hash",
    "surrender",
    "to_act",
    "to_json",
    "view",
]


# Every kind of pending decision a prompt may name (buildings register theirs on import).
PROMPT_KINDS: tuple[str, ...] = tuple(flow.KINDS)
