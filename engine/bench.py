"""Benchmark: random complete games, `legal_actions` + `apply` per step.

    python -m engine.bench --json [--players N] [--games N] [--seed N] [--version V] [--training]

Prints one JSON object with games_per_sec, steps_per_sec and us_per_step (with --json), or a line
of text. The random choice of an action is timed too; it is a small part of a step.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from . import apply, is_over, legal_actions, new_game


def run(players: int, games: int, seed: int, version: str, training: bool) -> dict[str, Any]:
    steps = 0
    ends: dict[str, int] = {}
    start = time.perf_counter()
    for game in range(games):
        r = random.Random(seed + game)
        state = new_game(version, players, seed + game, {"training": training})
        while not is_over(state):
            state = apply(state, r.choice(legal_actions(state)))
            steps += 1
        assert state.end is not None
        ends[state.end["reason"]] = ends.get(state.end["reason"], 0) + 1
    elapsed = time.perf_counter() - start
    return {
        "version": version,
        "players": players,
        "games": games,
        "training": training,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "games_per_sec": round(games / elapsed, 2),
        "steps_per_sec": round(steps / elapsed, 1),
        "us_per_step": round(elapsed / steps * 1e6, 1),
        "steps_per_game": round(steps / games, 1),
        "end_reasons": ends,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--version", default="republic", choices=["republic", "imperium"])
    parser.add_argument("--training", action="store_true", help="no building functions")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = run(args.players, args.games, args.seed, args.version, args.training)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['games']} games, {result['players']} players: "
            f"{result['games_per_sec']} games/s, {result['steps_per_sec']} steps/s, "
            f"{result['us_per_step']} us/step"
        )


if __name__ == "__main__":
    main()
