"""Random games of every ruleset and option for the environment's tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import engine
from engine import revisions
from engine.cards import VERSIONS


def config(game: int) -> tuple[str, int, dict[str, Any], int]:
    """Game `game`'s ruleset, players, options and rules revision: the three rulesets in turn,
    2 to 5 players, the Geek expansion in one Republic or Imperium game in four and the training
    game in another, one game in eight by its ruleset's first rules revision."""
    version = VERSIONS[game % 3]
    players = 2 + (game // 3) % 4
    options: dict[str, Any] = {}
    if version != "first_edition":
        if game % 4 == 1:
            options["geek"] = True
        elif game % 4 == 3:
            options["training"] = True
    old = game % 8 == 5
    return version, players, options, revisions.BASELINE if old else revisions.current(version)


def new_game(game: int) -> engine.State:
    version, players, options, revision = config(game)
    return engine.new_game(version, players, game, options, rules_revision=revision)


def decisions(game: int) -> Iterator[engine.State]:
    """Every decision of a random game (uniform over the engine's legal actions)."""
    state = new_game(game)
    r = random.Random(1_000_000 + game)
    while not engine.is_over(state):
        yield state
        state = engine.apply(state, r.choice(engine.legal_actions(state)))
