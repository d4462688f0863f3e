"""The environment's speed (gtr_env) beside the engine's facade and RLCard's gin rummy
environment, measured in one run (docs/benchmarks.md, Environment).

    python bench/env.py [--rounds 3] [--games 6] [--players 2 4] [--processes 2] [--json]

Each round measures, one after the other in this process:

- `facade`: random complete games through the engine's facade, as `python -m engine.bench`
  plays them (`legal_actions`, a uniform choice, `apply`): engine actions per second;
- `env`: the same number of games through the PettingZoo environment, every agent picking a
  legal index uniformly from its mask: each step is one sub-choice with its observation (the
  vector and the mask); sub-choices and engine actions per second;
- `batch`: `env` with the same games split over `--processes` worker processes, started
  beforehand: sub-choices per second of wall time, all processes together (and its ratio to
  `env`'s own wall-time rate in that round);
- `gin`: RLCard's gin rummy environment (`rlcard.make("gin-rummy")`, its observation and legal
  actions at every step) with uniform random legal actions, for as long as `env` took, when
  RLCard is installed (`pip install -e '.[bench]'`).

The summary is the median over rounds of each rate and of its ratio to `facade` measured in the
same round (CPU time for single processes, steadier on a shared machine; wall time for the batch).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from typing import Any

import numpy as np

import engine
from gtr_env import env as make_env

VERSION = "republic"


def facade(players: int, seeds: range) -> dict[str, float]:
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        r = random.Random(seed)
        state = engine.new_game(VERSION, players, seed)
        while not engine.is_over(state):
            state = engine.apply(state, r.choice(engine.legal_actions(state)))
            steps += 1
    return rates(steps, steps, start, cpu)


def environment(players: int, seeds: range) -> dict[str, float]:
    game = make_env(version=VERSION, players=players)
    steps = actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game.reset(seed=seed)
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        actions += len(game.table.log)
    return rates(steps, actions, start, cpu)


def batch(players: int, seeds: range, processes: int) -> dict[str, float]:
    """`environment` over the games split among `processes` worker processes, started (their
    imports done) before the clock starts. CPU time is this process's, so only the wall-time
    rates mean anything."""
    per = -(-len(seeds) // processes)
    jobs = [(players, seeds[i : i + per]) for i in range(0, len(seeds), per)]
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        pool.map(played, [(2, range(0, 0))] * processes)
        start, cpu = time.perf_counter(), time.process_time()
        parts = pool.map(played, jobs)
    return rates(sum(p[0] for p in parts), sum(p[1] for p in parts), start, cpu)


def played(job: tuple[int, range]) -> tuple[int, int]:
    """A worker's games: (sub-choices, engine actions)."""
    out = environment(*job)
    return int(out["steps"]), int(out["actions"])


def gin(seconds: float, seed: int) -> dict[str, float] | None:
    try:
        import rlcard  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:  # an optional dependency: pip install -e '.[bench]'
        return None
    game = rlcard.make("gin-rummy", config={"seed": seed})
    r = random.Random(seed)
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state, _ = game.reset()
        while not game.is_over():
            state, _ = game.step(r.choice(list(state["legal_actions"])))
            steps += 1
    return rates(steps, steps, start, cpu)


def rates(steps: int, actions: int, start: float, cpu: float) -> dict[str, float]:
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return {
        "steps": steps,
        "actions": actions,
        "seconds": wall,
        "steps_per_sec": steps / wall,
        "steps_per_cpu_sec": steps / used,
        "actions_per_sec": actions / wall,
        "actions_per_cpu_sec": actions / used,
    }


def median(rounds: list[dict[str, Any]], *path: str) -> float:
    values = []
    for r in rounds:
        value: Any = r
        for key in path:
            value = value[key]
        values.append(value)
    return round(float(statistics.median(values)), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=6, help="games per measurement")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    summary: dict[str, Any] = {"version": VERSION, "processes": args.processes, "tables": []}
    for players in args.players:
        rounds = []
        for i in range(args.rounds):
            seeds = range(1000 * i, 1000 * i + args.games)
            row: dict[str, Any] = {"facade": facade(players, seeds)}
            row["env"] = environment(players, seeds)
            row["batch"] = batch(players, seeds, args.processes)
            row["gin"] = gin(row["env"]["seconds"], i)
            base = row["facade"]
            row["env_vs_facade_cpu"] = row["env"]["actions_per_cpu_sec"] / base["steps_per_cpu_sec"]
            row["batch_vs_env"] = row["batch"]["steps_per_sec"] / row["env"]["steps_per_sec"]
            if row["gin"] is not None:
                row["env_vs_gin_cpu"] = (
                    row["env"]["steps_per_cpu_sec"] / row["gin"]["steps_per_cpu_sec"]
                )
            rounds.append(row)
            if not args.json:
                print(f"{players} players, round {i + 1}: " + line(row), flush=True)
        table = {
            "players": players,
            "facade_actions_per_cpu_sec": median(rounds, "facade", "steps_per_cpu_sec"),
            "env_steps_per_cpu_sec": median(rounds, "env", "steps_per_cpu_sec"),
            "env_actions_per_cpu_sec": median(rounds, "env", "actions_per_cpu_sec"),
            "env_steps_per_action": round(
                sum(r["env"]["steps"] for r in rounds) / sum(r["env"]["actions"] for r in rounds),
                3,
            ),
            "batch_steps_per_sec": median(rounds, "batch", "steps_per_sec"),
            "env_steps_per_sec": median(rounds, "env", "steps_per_sec"),
            "env_vs_facade_cpu": median(rounds, "env_vs_facade_cpu"),
            "batch_vs_env": median(rounds, "batch_vs_env"),
        }
        if all(r["gin"] is not None for r in rounds):
            table["gin_steps_per_cpu_sec"] = median(rounds, "gin", "steps_per_cpu_sec")
            table["env_vs_gin_cpu"] = median(rounds, "env_vs_gin_cpu")
        summary["tables"].append(table)
    print(json.dumps(summary, indent=None if args.json else 2))


def line(row: dict[str, Any]) -> str:
    out = (
        f"facade {row['facade']['steps_per_cpu_sec']:,.0f} actions/cpu-s; "
        f"env {row['env']['steps_per_cpu_sec']:,.0f} steps/cpu-s "
        f"({row['env']['actions_per_cpu_sec']:,.0f} actions, "
        f"{row['env_vs_facade_cpu']:.2f}x the facade); "
        f"batch {row['batch']['steps_per_sec']:,.0f} steps/s ({row['batch_vs_env']:.2f}x)"
    )
    if row["gin"] is not None:
        out += f"; gin rummy env {row['gin']['steps_per_cpu_sec']:,.0f} steps/cpu-s"
    return out


if __name__ == "__main__":
    main()
