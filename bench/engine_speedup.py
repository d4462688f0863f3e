"""Engine speed before and after, and RLCard's gin rummy, measured side by side in one run.

    python bench/engine_speedup.py --before a9ec82e [--rounds 5] [--games 10] [--players 2 4]

Extracts the engine of commit `--before` (git archive) into a temporary folder and plays random
complete games (engine.bench: every building function on) with it and with the working tree's
engine, round after round in fresh processes, in turn: the old facade, the new facade, the new
search path (engine.fast), and RLCard's gin rummy for comparison. Each line is one process; the
summary gives the median over rounds of each rate relative to the old facade measured in the same
round, in CPU time (steadier on a shared machine) and in wall time. Needs RLCard for the gin rummy
column (`pip install -e '.[bench]'`), git, and nothing else.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter with the engine to measure first on sys.path.
PROGRAM = """
import json, sys, time
sys.path.insert(0, {where!r})
import engine.bench as bench
if {what!r} == "gin":
    import rlcard.games.gin_rummy.game  # imported before the clock starts
start, cpu = time.perf_counter(), time.process_time()
if {what!r} == "gin":
    out = bench.gin_rummy({seconds}, 1)
    steps = out["steps"]
else:
    args = ({players}, {games}, 1, "republic", False)
    out = bench.run(*args, path="fast") if {what!r} == "fast" else bench.run(*args)
    steps = out["steps"]
print(json.dumps({{"steps": steps, "wall": time.perf_counter() - start,
                  "cpu": time.process_time() - cpu, "engine": bench.__file__}}))
"""


def measure(where: Path, what: str, players: int, games: int, seconds: float) -> dict[str, float]:
    code = PROGRAM.format(
        where=str(where), what=what, players=players, games=games, seconds=seconds
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir()
    )
    if done.returncode:
        raise SystemExit(done.stderr)
    out: dict[str, Any] = json.loads(done.stdout)
    if what != "gin" and not out["engine"].startswith(str(where)):
        raise SystemExit(f"measured the wrong engine: {out['engine']}")
    return {
        "cpu": out["steps"] / out["cpu"],
        "wall": out["steps"] / out["wall"],
        "seconds": out["wall"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="games per measurement")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.before, "engine"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
        report = {str(p): compare(old, p, args) for p in args.players}
    print(json.dumps(report) if args.json else "")


def compare(old: Path, players: int, args: argparse.Namespace) -> dict[str, object]:
    rows: dict[str, list[dict[str, float]]] = {"old": [], "facade": [], "fast": [], "gin": []}
    for r in range(args.rounds):
        rows["old"].append(measure(old, "facade", players, args.games, 0))
        rows["facade"].append(measure(ROOT, "facade", players, args.games, 0))
        rows["fast"].append(measure(ROOT, "fast", players, args.games, 0))
        seconds = rows["fast"][-1]["seconds"]  # about as long as the others
        rows["gin"].append(measure(ROOT, "gin", players, args.games, seconds))
        line = "  ".join(f"{k} {v[-1]['cpu']:8.0f}/{v[-1]['wall']:6.0f}" for k, v in rows.items())
        print(f"{players}p round {r + 1}: steps/s CPU/wall  {line}", file=sys.stderr)
    summary: dict[str, object] = {"players": players, "rounds": args.rounds, "games": args.games}
    for clock in ("cpu", "wall"):
        summary[clock] = {
            k: {
                "median_steps_per_sec": round(statistics.median(x[clock] for x in v)),
                "vs_old_facade": round(
                    statistics.median(
                        x[clock] / o[clock] for x, o in zip(v, rows["old"], strict=True)
                    ),
                    2,
                ),
                "vs_gin_rummy": round(
                    statistics.median(
                        x[clock] / g[clock] for x, g in zip(v, rows["gin"], strict=True)
                    ),
                    2,
                ),
            }
            for k, v in rows.items()
        }
    print(json.dumps(summary), file=sys.stderr)
    return summary


if __name__ == "__main__":
    main()
