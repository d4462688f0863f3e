"""The search path: the engine's own moves, in place, with action objects and no JSON.

A search plays millions of moves it generated itself from the legal options, so it needs neither
the facade's copy (`engine.apply` leaves its input untouched) nor its parse and check (an option
is legal by construction). Here a state is changed in place:

>>> import engine
>>> from engine import fast
>>> state = engine.new_game("republic", players=2, seed=3)
>>> before = engine.state_hash(engine.apply(state, fast.options(state)[0]))
>>> fast.play(state, fast.options(state)[0])
>>> engine.state_hash(state) == before
True

`play(state, a)` for an `a` of `options(state)` leaves `state` exactly as `engine.apply(state, a)`
would return it (tests/engine/test_fast.py checks the hashes over many random games). Take a
`copy` first to keep the original. Anything else (a client's action, a replay) goes through the
facade, which checks.
"""

from __future__ import annotations

from .actions import Action
from .flow import listed_options, pending, settle
from .state import State


def options(state: State) -> list[Action]:
    """The legal actions of the pending decision as action objects, in the order of
    `engine.legal_actions` (empty when the game is over). Listed once per decision (settling
    the last move often had to list them already), so the list is the state's own until the
    next move: read it, do not change it."""
    top = pending(state)
    if top is None:
        return []
    kind, frame = top
    listed = listed_options(state, kind, frame)
    state.decision = (state.moves, frame, listed)
    return listed


def play(state: State, action: Action) -> None:
    """Play one of `options(state)` in place (unchecked: anything else is undefined)."""
    top = pending(state)
    assert top is not None, "the game is over"
    kind, frame = top
    state.events.clear()  # as `engine.apply`'s new state holds only what its move did
    kind.perform(state, frame, action)
    state.moves += 1
    settle(state)


def copy(state: State) -> State:
    """An independent copy to play on (the memoised powers come along)."""
    return state.clone()
