"""The `random` bot: uniform over the legal actions."""

from __future__ import annotations

from ..determinize import Memory
from .base import Action, Bot, View


class RandomBot(Bot):
    name = "random"

    def decide(self, view: View, legal: list[Action], memory: Memory | None = None) -> Action:
        return self.rng.choice(legal)
