"""The bot interface: a seat's view and the legal actions in, one of those actions out.

A bot sees exactly what a player at that seat sees (`engine.view(state, seat)`), the legal actions
of the pending decision (`engine.legal_actions(state)`), the public catalog (engine.cards) and,
optionally, the seat's `Memory` of its earlier views (engine.determinize: what went into the
Vaults in the open, a Legionary's revealed cards); never the full state. Each decision draws its
randomness from a `random.Random` the bot owns, reseeded from the bot's seed and the view, so a
choice depends on nothing but (seed, view, legal, memory): the same question asked twice (a
retried task, a replay) gets the same answer. A bot given a clock (a function returning seconds,
such as `time.perf_counter`) may think for as long as its time budget allows instead; without
one it does a fixed amount of work. The engine itself never reads a clock.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any, ClassVar

from ..determinize import Memory

Action = dict[str, Any]
View = dict[str, Any]
Clock = Callable[[], float]


def decision_seed(seed: int, view: View, legal: list[Action]) -> int:
    """A 64-bit seed from the bot's seed and what it is shown (the view settles the legal
    actions; their number is enough, and cheaper than hashing thousands of petitions)."""
    blob = json.dumps([seed, len(legal), view], sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(blob.encode()).digest()[:8], "big")


class Bot:
    """Subclasses set `name` and implement `decide`."""

    name: ClassVar[str] = ""
    remembers: ClassVar[bool] = False  # decides better with the seat's Memory (the arena gives it)

    def __init__(
        self, seed: int = 0, clock: Clock | None = None, budget: float | None = None
    ) -> None:
        self.seed = seed
        self.clock = clock
        self.budget = budget  # at most this many seconds per decision (with a clock)
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action], memory: Memory | None = None) -> Action:
        """Return one of `legal` (the very dict, not a copy) for the seat whose view this is."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        seat, to_act = view.get("seat"), view.get("to_act")
        if seat is None or (to_act is not None and seat != to_act):
            raise ValueError("a bot decides from the view of the seat to act, not another's")
        if memory is not None and memory.seat != seat:
            raise ValueError("a bot decides with its own seat's memory, not another's")
        self.rng.seed(decision_seed(self.seed, view, legal))
        choice = self.decide(view, legal, memory)
        if not any(choice is a for a in legal):
            raise AssertionError(f"{self.name} bot chose an action that was not offered")
        return choice

    def decide(self, view: View, legal: list[Action], memory: Memory | None = None) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"
