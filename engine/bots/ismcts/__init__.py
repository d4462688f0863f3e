"""The `ismcts` bots: information-set Monte Carlo tree search from the seat's own view.

    make_bot("ismcts-2", seed, clock=time.perf_counter)  # 30 iterations, at most 0.8 s
    make_bot("ismcts-2", seed)                            # no clock: a fixed number of iterations

Each decision deals possible worlds from the view and the seat's memory (engine.determinize),
searches one tree across them (search.py), and plays the root's most visited action. The legal
actions are ranked by the `greedy` bot's heuristic first: that ranking is the search's prior,
so a short search plays at least as sensibly as `greedy` and a long one finds better. A decision
with a single legal action is played at once.

Levels set the iterations and how far the playouts look past the tree: 3 and 30 iterations
one turn ahead, 300 two turns ahead. Each level beats the one below in two-player games by the
margins docs/bots.md gives, the top one `greedy` almost always. With a clock the level's time
budget caps its iterations on a slow or busy machine. The clock-free mode is deterministic, a
function of (seed, view, legal, memory) like every bot; the timed mode is too, unless the budget
runs out first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...actions import parse
from ...determinize import Dealer, Memory
from ..base import Action, Bot, Clock, View
from ..greedy import action_scores
from .keys import Key, key
from .search import Search, Settings

PRIOR_SPREAD = 2.0  # heuristic points for a prior e times smaller


@dataclass(frozen=True)
class Level:
    seconds: float  # at most this long per decision, with a clock
    iterations: int  # per decision, unless the time runs out first
    playout_turns: int  # turns the playouts play past the tree


# On this project's 2-core machine a decision takes 2, 10 and 150 ms of CPU (p95 3, 14 and 220;
# two-player games). The budgets only cap them, on a slow or busy machine.
LEVELS = {1: Level(0.2, 3, 1), 2: Level(0.8, 30, 1), 3: Level(2.5, 300, 2)}


def priors(view: View, legal: list[Action]) -> list[float]:
    """The greedy heuristic's scores as weights in (0, 1]: 1 for its favourite."""
    scores = action_scores(view, legal)
    best = max(scores)
    return [0.0 if s == -math.inf else math.exp((s - best) / PRIOR_SPREAD) for s in scores]


class IsmctsBot(Bot):
    name: ClassVar[str] = "ismcts"
    level: ClassVar[int] = 2
    remembers: ClassVar[bool] = True

    def __init__(
        self,
        seed: int = 0,
        clock: Clock | None = None,
        budget: float | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        settings: Settings | None = None,
    ) -> None:
        super().__init__(seed, clock, budget)
        level = LEVELS[self.level]
        self.iterations = level.iterations if iterations is None else iterations
        self.seconds = level.seconds if seconds is None else seconds
        if budget is not None:
            self.seconds = min(self.seconds, budget)
        self.settings = settings or Settings(playout_turns=level.playout_turns)
        self.by_time = False  # search until the budget is spent, past the iterations
        self.last_iterations = 0  # of the last decision (for the arena and the logs)

    def decide(self, view: View, legal: list[Action], memory: Memory | None = None) -> Action:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        start = self.clock() if self.clock else 0.0
        dealer = Dealer(view, memory)
        seat = int(view["seat"])
        weights = priors(view, legal)
        first: dict[Key, int] = {}
        for i, a in enumerate(legal):
            first.setdefault(key(dealer.template, seat, parse(a)), i)
        if any(weights[i] > 0 for i in first.values()):  # petitions greedy rules out stay out
            first = {k: i for k, i in first.items() if weights[i] > 0}
        search = Search(
            dealer, list(first), [weights[i] for i in first.values()], self.rng, self.settings
        )
        search.run(self.keep_going(start))
        self.last_iterations = search.iterations
        return legal[first[search.best()]]

    def keep_going(self, start: float) -> Callable[[int], bool]:
        """Whether to go on after `done` iterations: until the iterations are done or, with a
        clock, the time budget is spent; always at least one."""
        clock, limit = self.clock, self.iterations
        if clock is None:
            return lambda done: done < limit
        deadline = start + self.seconds
        if self.by_time:
            return lambda done: done == 0 or clock() < deadline
        return lambda done: done == 0 or (done < limit and clock() < deadline)


def level_bot(level: int) -> type[IsmctsBot]:
    """The registered bot of one level: `ismcts-1` (3 iterations a decision, at most 0.2 s),
    `ismcts-2` (30, 0.8 s), `ismcts-3` (300 two turns ahead, 2.5 s)."""
    cls: type[IsmctsBot] = type(
        f"Ismcts{level}Bot", (IsmctsBot,), {"name": f"ismcts-{level}", "level": level}
    )
    return cls


LEVEL_BOTS = [level_bot(level) for level in sorted(LEVELS)]

__all__ = ["LEVELS", "LEVEL_BOTS", "IsmctsBot", "Level", "Settings"]
