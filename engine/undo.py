"""Taking moves back: what one apply taught a seat, and logs that hold undo entries.

A player may take back their own last decisions while none of them taught them anything they
did not know (docs/rules.md, Taking moves back). The rule is decided here, from the engine's own
record of each apply, never by a client:

- `learnt(before, after, seat)` says whether the apply that made `after` from `before` taught
  `seat` something, and what kind of thing.
- `Trail` replays a log whose entries may be undo entries (`{"type": "undo", "to": k}`: the
  table as it was after entry `k`), as the server's move log and game records do.

>>> import engine
>>> from engine import undo
>>> state = engine.new_game("republic", players=2, seed=1)
>>> after = engine.apply(state, {"type": "think", "take": "cards"})
>>> undo.learnt(state, after, engine.to_act(state))
'drew'
"""

from __future__ import annotations

from typing import Any

from .cards import JACK
from .errors import IllegalAction
from .events import event_view
from .flow import pending
from .state import State
from .views import view

UNDO = "undo"

# What an apply may teach its seat, in the order `learnt` looks for it.
DREW = "drew"  # a card came from the deck: chance dealt, whoever saw the card
OTHER_SEAT = "other_seat"  # the engine decided for another seat, or another seat acted
DEMAND = "demand"  # another seat must answer a demand: that it is asked tells what it holds
REVEALED = "revealed"  # a card the seat could not see before is now shown to it
GAME_OVER = "game_over"  # the game ended: every vault and score is shown
LEARNT = (DREW, OTHER_SEAT, DEMAND, REVEALED, GAME_OVER)


def learnt(before: State, after: State, seat: int) -> str | None:
    """What the apply that made `after` from `before` taught `seat` (one of `LEARNT`), or None.

    A draw counts even when the card stays unseen (an Atrium's): the deck's order is the game's
    chance, and a draw taken back would let the same chance be dealt again. A decision the
    engine resolved for another seat counts too: that it had nothing to choose tells what it
    holds (a Legionary's victim with exactly the cards owed, or with none).
    """
    for event in after.events:
        kind = event["type"]
        if kind == "drew":
            return DREW
        if kind in ("action", "resolved") and event["seat"] != seat:
            return OTHER_SEAT
        if kind == "game_over":
            return GAME_OVER
    top = pending(after)
    if top is not None and top[1]["kind"] == "give" and top[1]["seat"] != seat:
        return DEMAND
    if seen(after, seat) - seen(before, seat):
        return REVEALED
    return None


def seen(state: State, seat: int) -> set[int]:
    """The cards `seat` may see by name in `state`: in its view (hand, table, prompt) and in the
    events of the apply that made it. A Jack is never hidden: the Jacks are alike."""
    found: set[int] = set()
    _named(view(state, seat), found)
    for event in state.events:
        _named(event_view(state, event, seat), found)
    return {c for c in found if state.names[c] != JACK}


def _named(data: Any, found: set[int]) -> None:
    if isinstance(data, dict):
        if isinstance(data.get("id"), int) and isinstance(data.get("name"), str):
            found.add(data["id"])
        for value in data.values():
            _named(value, found)
    elif isinstance(data, list):
        for value in data:
            _named(value, found)


def is_undo(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") == UNDO


class Trail:
    """Replays a log of entries, some of them undo entries.

    An undo entry restores a state of the current line of play (the states its undone entries
    left behind are gone from it) within the run of entries of the seat that made it: since the
    last entry of another seat (or of the table). Its state is that state exactly, the same hash.
    Entries are numbered from `seq` + 1, as the server's moves and a record's actions are.
    """

    def __init__(self, state: State, seq: int = 0) -> None:
        self.seq = seq
        self.seat: int | None = None
        # The line since the run began: (entry number, state), the state before the run first.
        self.line: list[tuple[int, State]] = [(seq, state)]

    @property
    def state(self) -> State:
        return self.line[-1][1]

    def play(self, seat: int | None, state: State) -> None:
        """Entry `seq` + 1, by `seat` (None: a table event), left `state`."""
        self.seq += 1
        if seat is None or seat != self.seat:
            self.line = self.line[-1:]
            self.seat = seat
        self.line.append((self.seq, state))

    def undo(self, seat: int | None, to: Any) -> State:
        """Entry `seq` + 1 is `seat`'s undo to entry `to`; returns the state it restores."""
        targets = [n for n, _ in self.line[:-1]]
        if seat is None or seat != self.seat or to not in targets:
            raise IllegalAction(
                "undo_not_allowed",
                f"An undo restores a state of its seat's own run ({targets or 'none'}), not {to}.",
            )
        kept = self.line[: targets.index(to) + 1]
        self.seq += 1
        restored = kept[-1][1].clone()
        self.line = [*kept[:-1], (self.seq, restored)]
        return restored
