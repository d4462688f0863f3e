"""Random games, one line per game: a digest of everything the engine showed while playing it.

    GTR_ENGINE=pure python -m tests.engine.compiled_games GAMES

Run once on each engine (tests/engine/test_compiled.py): the lines must be the same. The first line
says which engine played. Each game is played through the facade (the legal actions as JSON, a
random one applied, the state's hash, every seat's view and the prompt after each move) or,
every other game, through the search path (engine.fast), hashing the state after each move.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import engine
from engine import fast

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("republic", 2, {}),
    ("imperium", 3, {}),
    ("first_edition", 4, {}),
    ("republic", 5, {"geek": True}),
    ("imperium", 2, {"geek": True}),
    ("republic", 4, {"training": True}),
]


def facade_game(version: str, players: int, seed: int, options: dict[str, Any]) -> str:
    r, h = random.Random(seed), hashlib.sha256()
    state = engine.new_game(version, players, seed, options)
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        state = engine.apply(state, r.choice(legal))
        views = [engine.view(state, seat) for seat in range(players)]
        h.update(json.dumps([legal, engine.state_hash(state), views], sort_keys=True).encode())
    h.update(json.dumps(engine.to_json(state), sort_keys=True).encode())
    return h.hexdigest()


def fast_game(version: str, players: int, seed: int, options: dict[str, Any]) -> str:
    r, h = random.Random(seed), hashlib.sha256()
    state = engine.new_game(version, players, seed, options)
    while not engine.is_over(state):
        fast.play(state, r.choice(fast.options(state)))
        h.update(engine.state_hash(state).encode())
    return h.hexdigest()


def main(games: int) -> None:
    print(engine.ENGINE)
    for game in range(games):
        version, players, options = CONFIGS[game % len(CONFIGS)]
        play = fast_game if game % 2 else facade_game
        print(f"{version} {players} {game} {play(version, players, 1000 + game, options)}")


if __name__ == "__main__":
    main(int(sys.argv[1]))
