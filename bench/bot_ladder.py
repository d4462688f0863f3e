"""The bots' ladder: pairings of two-player games, played a game at a time into a file.

    python bench/bot_ladder.py play --pairs ismcts-1:greedy,ismcts-2:ismcts-1 --games 50 \
        --out ladder.jsonl [--version both] [--seed 0] [--timed]
    python bench/bot_ladder.py report ladder.jsonl [--json | --markdown]

`play` goes round the pairings game by game (game g of each version, seed + g, seats alternating
as in the arena) and appends one line per game to the file, so a long run can be stopped at any
time and resumed (games already in the file are skipped) or split across processes (each with
its own pairings and file). Decisions are timed in the process's CPU time: what a bot costs on a
machine that others load. Without `--timed` the search bots run their level's iterations (the
clock-free mode: the same command plays the same games).

`report` gives, per pairing and version and for both versions together, the first bot's share of
the wins with its Wilson 95% interval and each bot's mean and 95th-percentile time per decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.bots import Bot, make_bot
from engine.bots.arena import Entry, Tally, percentile, play_game, wilson

VERSIONS = {"both": ["republic", "imperium"], "republic": ["republic"], "imperium": ["imperium"]}


def done_games(path: Path) -> set[tuple[str, str, int]]:
    if not path.exists():
        return set()
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {(r["pair"], r["version"], r["seed"]) for r in rows}


def one_game(
    pair: list[str], version: str, seed: int, rotation: int, timed: bool
) -> dict[str, Any]:
    clock = time.perf_counter if timed else None

    def factory(name: str, bot_seed: int) -> Bot:
        return make_bot(name, bot_seed, clock)

    tally = Tally([Entry(n, n) for n in pair])
    play_game(pair, version, seed, tally, rotation, factory=factory, timer=time.process_time)
    return {
        "pair": ":".join(pair),
        "version": version,
        "seed": seed,
        "errors": tally.errors,
        "wins": [e.wins for e in tally.entries],
        "points": [e.points for e in tally.entries],
        "times": [[round(t, 5) for t in e.times] for e in tally.entries],
    }


def play(args: argparse.Namespace) -> None:
    pairs = [p.split(":") for p in args.pairs.split(",")]
    out = Path(args.out)
    done = done_games(out)
    for g in range(args.games):
        for version in VERSIONS[args.version]:
            for pair in pairs:
                seed = args.seed + g
                if (":".join(pair), version, seed) in done:
                    continue
                row = one_game(pair, version, seed, g % 2, args.timed)
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
                print(f"{row['pair']} {version} seed {seed}: wins {row['wins']}", file=sys.stderr)


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    games = [r for r in rows if not r["errors"]]
    wins = sum(r["wins"][0] for r in games)
    times = [[t for r in games for t in r["times"][i]] for i in range(2)]
    per_bot = []
    for i in range(2):
        p95 = percentile(times[i], 0.95)
        per_bot.append(
            {
                "mean_ms": round(1000 * sum(times[i]) / len(times[i]), 1) if times[i] else None,
                "p95_ms": None if p95 is None else round(1000 * p95, 1),
                "mean_score": round(sum(r["points"][i] for r in games) / len(games), 2)
                if games
                else None,
            }
        )
    return {
        "games": len(games),
        "errors": len(rows) - len(games),
        "wins": round(wins, 2),
        "win_rate": round(wins / len(games), 4) if games else None,
        "ci95": wilson(wins, len(games)),
        "bots": per_bot,
    }


def report(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in Path(args.file).read_text().splitlines() if line.strip()]
    out: list[dict[str, Any]] = []
    for pair in dict.fromkeys(r["pair"] for r in rows):
        mine = [r for r in rows if r["pair"] == pair]
        for version in [*dict.fromkeys(r["version"] for r in mine), "both"]:
            chosen = [r for r in mine if version == "both" or r["version"] == version]
            out.append({"pair": pair, "version": version} | summary(chosen))
    if args.json:
        print(json.dumps(out))
        return
    if args.markdown:
        print(markdown(out))
        return
    print(
        f"{'pair':<20} {'version':<9} {'games':>5} {'first wins':>10} {'95% interval':>13}"
        f" {'ms mean, p95 (first)':>21} {'ms mean, p95 (second)':>22}"
    )
    for r in out:
        ci = r["ci95"] or (0, 0)
        a, b = r["bots"]
        print(
            f"{r['pair']:<20} {r['version']:<9} {r['games']:>5} {100 * (r['win_rate'] or 0):>9.1f}%"
            f" {100 * ci[0]:>5.1f}-{100 * ci[1]:.1f}% {a['mean_ms']:>12}, {a['p95_ms']:<8}"
            f" {b['mean_ms']:>12}, {b['p95_ms']}"
        )


def markdown(out: list[dict[str, Any]]) -> str:
    lines = [
        "| pairing | version | games | first's wins | 95% interval | first's ms a decision "
        "(mean, p95) | second's ms a decision (mean, p95) | mean scores |",
        "|---|---|---:|---:|---|---:|---:|---|",
    ]
    for r in out:
        ci = r["ci95"] or (0, 0)
        a, b = r["bots"]
        first, second = r["pair"].split(":")
        rate = 100 * (r["win_rate"] or 0)
        lines.append(
            f"| {first} v {second} | {r['version']} | {r['games']} | {rate:.0f}% ({r['wins']:g})"
            f" | {100 * ci[0]:.0f}-{100 * ci[1]:.0f}% | {a['mean_ms']:.0f}, "
            f"{a['p95_ms']:.0f} | {b['mean_ms']:.0f}, {b['p95_ms']:.0f} | {a['mean_score']:.1f}, "
            f"{b['mean_score']:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--pairs", required=True, help="first:second,... (two-player games)")
    p.add_argument("--games", type=int, default=50, help="per version and pairing")
    p.add_argument("--version", choices=sorted(VERSIONS), default="both")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timed", action="store_true", help="search bots on the clock")
    p.add_argument("--out", required=True)
    r = sub.add_parser("report")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.add_argument("--markdown", action="store_true", help="a table for the docs")
    args = parser.parse_args()
    (play if args.command == "play" else report)(args)


if __name__ == "__main__":
    main()
