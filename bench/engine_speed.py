"""The engine compiled and pure, beside RLCard's gin rummy and uno and OpenSpiel's hearts.

    python bench/engine_speed.py [--rounds 3] [--games 20] [--players 2 4] [--json]

Each round plays, for each number of players, `--games` random complete Republic games (every
building function on) on each path (`facade`: `legal_actions` + `apply`, as clients and the
server play; `fast`: the search path, engine.fast) with each engine: `python -m engine.bench` in a
child process, once with the compiled engine (when `make engine` built it: engine/compiled.py)
and once with `GTR_ENGINE=pure`. Then, in this process and for about as long, random legal play of
three well-known card-game engines: RLCard 1.2's gin rummy and uno (pure Python) and OpenSpiel's
hearts (C++, through pyspiel), when the `bench` extra is installed. A step is one decision taken
(OpenSpiel's chance nodes, the deal, are played but not counted). Rates are decisions per second
of the process's own CPU time, so a loaded machine slows them less than the wall clock; figures
are the medians of the rounds, and each ratio the median of the rounds' ratios (same round, same
load).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("compiled", "pure")
PATHS = ("fast", "facade")


def engine_rate(engine: str, path: str, players: int, games: int) -> tuple[float, str]:
    """Decisions per CPU second of one run of engine.bench, and which engine ran it."""
    env = dict(os.environ)
    env.pop("GTR_ENGINE", None)
    if engine == "pure":
        env["GTR_ENGINE"] = "pure"
    command = [sys.executable, "-c", RUN, path, str(players), str(games)]
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    return result["steps_per_cpu_sec"], result["engine"]


# engine.bench's run, and which engine the child imported.
RUN = """
import json, sys
import engine
from engine.bench import run
path, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
result = run(players, games, 1, "republic", False, path)
print(json.dumps({**result, "engine": engine.ENGINE}))
"""


def timed(step_game: Callable[[random.Random], int], seconds: float) -> float:
    """Decisions per CPU second of whole games played for about `seconds` of CPU time."""
    r = random.Random(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += step_game(r)
    return steps / (time.process_time() - start)


def gin_rummy_game(r: random.Random) -> int:
    from rlcard.games.gin_rummy.game import GinRummyGame  # type: ignore[import-not-found, import-untyped, unused-ignore]

    game, steps = GinRummyGame(), 0
    game.np_random.seed(r.randrange(2**31))
    game.init_game()
    while not game.is_over():
        game.step(r.choice(game.judge.get_legal_actions()))
        steps += 1
    return steps


def uno_game(r: random.Random) -> int:
    import numpy as np
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found, import-untyped, unused-ignore]

    game, steps = UnoGame(), 0
    game.np_random = np.random.RandomState(r.randrange(2**31))
    game.init_game()
    while not game.is_over():
        game.step(r.choice(game.get_legal_actions()))
        steps += 1
    return steps


def hearts_game(r: random.Random) -> int:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

    state, steps = pyspiel.load_game("hearts").new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(r.choice(state.chance_outcomes())[0])
            continue
        state.apply_action(r.choice(state.legal_actions()))
        steps += 1
    return steps


BASELINES: dict[str, Callable[[random.Random], int]] = {
    "rlcard gin rummy": gin_rummy_game,
    "rlcard uno": uno_game,
    "openspiel hearts": hearts_game,
}


def one_round(players: list[int], games: int) -> dict[str, Any]:
    rates: dict[str, float] = {}
    engines: set[str] = set()
    start = time.process_time()
    for n in players:
        for path in PATHS:
            for engine in ENGINES:
                rate, ran = engine_rate(engine, path, n, games)
                rates[f"{engine} {path} {n}p"] = rate
                engines.add(f"{engine}: {ran}")
    # The children's CPU time is not this process's: give each baseline a few seconds.
    seconds = max(2.0, (time.process_time() - start) / len(BASELINES))
    for name, game in BASELINES.items():
        with contextlib.suppress(ImportError):  # the `bench` extra is not installed
            rates[name] = timed(game, seconds)
    return {"rates": rates, "engines": sorted(engines)}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rounds = []
    for i in range(args.rounds):
        rounds.append(one_round(args.players, args.games))
        print(f"round {i + 1}: {rounds[-1]}", file=sys.stderr, flush=True)
    names = list(rounds[0]["rates"])
    median = {name: statistics.median(r["rates"][name] for r in rounds) for name in names}

    def ratio(a: str, b: str) -> float | None:
        if b not in median:
            return None
        return statistics.median(r["rates"][a] / r["rates"][b] for r in rounds)

    ratios = {}
    for name in names:
        if name.startswith("compiled"):
            ratios[f"{name} / pure"] = ratio(name, name.replace("compiled", "pure", 1))
        if name.startswith(ENGINES):
            for base in BASELINES:
                ratios[f"{name} / {base}"] = ratio(name, base)
    if args.json:
        print(json.dumps({"median": median, "ratios": ratios, "engines": rounds[0]["engines"]}))
        return
    print("which ran:", ", ".join(rounds[0]["engines"]))
    for name, rate in median.items():
        print(f"{name:28} {rate:12,.0f} decisions per CPU second")
    for name, value in ratios.items():
        if value is not None:
            print(f"{name:50} {value:6.3f}")


if __name__ == "__main__":
    main()
