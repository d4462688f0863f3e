"""Bots: players that decide from their own seat's view and the legal actions, nothing else.

>>> import engine
>>> from engine.bots import make_bot
>>> state = engine.new_game("republic", players=2, seed=1)
>>> bot = make_bot("greedy", seed=7)
>>> seat = engine.to_act(state)
>>> action = bot.choose(engine.view(state, seat), engine.legal_actions(state))
>>> action in engine.legal_actions(state)
True

Pure Python, like the rest of the engine: no I/O, no clock, no global random. Each bot owns a
`random.Random` seeded from its seed and what it is shown, so a decision is a function of
(seed, view, legal actions). `python -m engine.bots.arena` plays bots against each other.
"""

from __future__ import annotations

from .base import Action, Bot, Clock, View
from .greedy import GreedyBot
from .ismcts import LEVEL_BOTS, IsmctsBot
from .random_bot import RandomBot

KINDS: list[type[Bot]] = [RandomBot, GreedyBot, *LEVEL_BOTS]
BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in KINDS}


def make_bot(
    name: str, seed: int = 0, clock: Clock | None = None, budget: float | None = None
) -> Bot:
    """A new bot of a registered kind; raises ValueError for an unknown name. A bot that can
    think for longer (ismcts) uses `clock` for its time budget, at most `budget` seconds per
    decision when given; the others ignore both."""
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    return cls(seed, clock, budget)


__all__ = ["BOTS", "Action", "Bot", "GreedyBot", "IsmctsBot", "RandomBot", "View", "make_bot"]
