"""Benchmark: random complete games, one decision per step.

    python -m engine.bench --json [--players N] [--games N] [--seed N] [--version V] [--training]
                                  [--path facade|fast] [--rlcard]

A step is one random legal action played. `--path facade` (the default) goes through the public
API, as clients and the server do: `legal_actions` (JSON) + `apply` (which checks the action and
copies the state). `--path fast` is the search path (engine.fast): the options as action objects
and the move played in place, as the ismcts bot plays its playouts. The random choice is timed
too; it is a small part of a step.

`--rlcard` also plays RLCard's gin rummy (pure Python, a well-known card-game engine) with random
legal actions for as long, in the same process, and reports the ratio of the two rates: a baseline
measured in the same run, so figures from a noisy, shared machine can be compared (`pip install
-e '.[bench]'` installs RLCard). Times are wall-clock and process CPU time; on a loaded machine
the CPU rate is the steadier of the two.

Prints one JSON object (with --json) or a line of text per run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from . import apply, fast, is_over, legal_actions, new_game


def facade_game(state: Any, r: random.Random) -> tuple[Any, int]:
    steps = 0
    while not is_over(state):
        state = apply(state, r.choice(legal_actions(state)))
        steps += 1
    return state, steps


def fast_game(state: Any, r: random.Random) -> tuple[Any, int]:
    steps = 0
    while not is_over(state):
        fast.play(state, r.choice(fast.options(state)))
        steps += 1
    return state, steps


PATHS: dict[str, Callable[[Any, random.Random], tuple[Any, int]]] = {
    "facade": facade_game,
    "fast": fast_game,
}


def rates(steps: int, games: int, wall: float, cpu: float) -> dict[str, Any]:
    return {
        "games": games,
        "steps": steps,
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 3),
        "games_per_sec": round(games / wall, 2),
        "steps_per_sec": round(steps / wall, 1),
        "steps_per_cpu_sec": round(steps / cpu, 1) if cpu > 0 else None,
        "us_per_step": round(wall / steps * 1e6, 1),
        "steps_per_game": round(steps / games, 1),
    }


def run(
    players: int, games: int, seed: int, version: str, training: bool, path: str = "facade"
) -> dict[str, Any]:
    play = PATHS[path]
    steps = 0
    ends: dict[str, int] = {}
    start, cpu = time.perf_counter(), time.process_time()
    for game in range(games):
        r = random.Random(seed + game)
        state, taken = play(new_game(version, players, seed + game, {"training": training}), r)
        steps += taken
        assert state.end is not None
        ends[state.end["reason"]] = ends.get(state.end["reason"], 0) + 1
    out = {"version": version, "players": players, "training": training, "path": path}
    out.update(rates(steps, games, time.perf_counter() - start, time.process_time() - cpu))
    out["end_reasons"] = ends
    return out


def gin_rummy(seconds: float, seed: int) -> dict[str, Any]:
    """RLCard's gin rummy game engine (`rlcard.games.gin_rummy`) with random legal actions for
    about `seconds`: its own `judge.get_legal_actions` and `step`, the same work as ours."""
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError as exc:  # pragma: no cover - an optional dependency
        raise SystemExit("--rlcard needs RLCard: pip install -e '.[bench]'") from exc
    game = GinRummyGame()
    game.np_random.seed(seed)
    r = random.Random(seed)
    steps = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(r.choice(game.judge.get_legal_actions()))
            steps += 1
        games += 1
    return {"game": "rlcard gin rummy"} | rates(
        steps, games, time.perf_counter() - start, time.process_time() - cpu
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--version", default="republic", choices=["republic", "imperium"])
    parser.add_argument("--training", action="store_true", help="no building functions")
    parser.add_argument("--path", default="facade", choices=sorted(PATHS))
    parser.add_argument("--rlcard", action="store_true", help="and RLCard's gin rummy, as long")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = run(args.players, args.games, args.seed, args.version, args.training, args.path)
    if args.rlcard:
        gin = gin_rummy(result["seconds"], args.seed)
        result["rlcard_gin_rummy"] = gin
        result["vs_rlcard"] = round(result["steps_per_sec"] / gin["steps_per_sec"], 3)
        result["vs_rlcard_cpu"] = round(result["steps_per_cpu_sec"] / gin["steps_per_cpu_sec"], 3)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['games']} games, {result['players']} players, {args.path} path: "
        f"{result['games_per_sec']} games/s, {result['steps_per_sec']} steps/s "
        f"({result['steps_per_cpu_sec']} per CPU second), {result['us_per_step']} us/step"
    )
    if args.rlcard:
        print(
            f"RLCard gin rummy, as long: {result['rlcard_gin_rummy']['steps_per_sec']} steps/s; "
            f"ours / theirs: {result['vs_rlcard']} (CPU: {result['vs_rlcard_cpu']})"
        )


if __name__ == "__main__":
    main()
