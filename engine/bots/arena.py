"""The arena: bots play complete games against each other; win rates, scores and decision times.

    python -m engine.bots.arena --bots greedy,random,random --games 200 [--version both] [--seed N]
    python -m engine.bots.arena --bots ismcts-2,greedy --games 100 --timed   # bots on the clock

One game per (version, index): its seed is `--seed` plus the index, and the bots' seats rotate from
game to game so that no bot keeps the seat that leads first. A game is driven through the public
API only: `engine.to_act` names the seat, its bot is shown `engine.view(state, seat)` and
`engine.legal_actions(state)`, and its choice goes to `engine.apply`. A win shared by k tied
players gives each 1/k; a win rate comes with its 95% interval (Wilson's). Time per decision is
the bot's `choose` alone (not the engine's work), its mean and 95th percentile. A bot that keeps a
memory of the game (ismcts) is given one per seat, fed every view of that seat and every move as
that seat may see it. With `--timed`
bots get the clock and think for their time budget; without, they do a fixed amount of work and
the same command gives the same figures. The arena is the only part of engine.bots that prints
(the progress bar, on stderr) or reads the clock.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import (
    State,
    apply,
    is_over,
    legal_actions,
    new_game,
    public_action,
    scores,
    to_act,
    view,
)
from ..cards import VERSIONS
from ..determinize import Memory
from . import BOTS, Bot, make_bot

MAX_STEPS = 20_000
Z95 = 1.96
BotFactory = Callable[[str, int], Bot]
Timer = Callable[[], float]


def wilson(successes: float, trials: int) -> tuple[float, float] | None:
    """The 95% interval of a success rate (Wilson score interval)."""
    if trials <= 0:
        return None
    p, z2 = successes / trials, Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


@dataclass
class Entry:
    """One bot of the line-up, across all games."""

    name: str
    label: str
    wins: float = 0.0
    points: int = 0
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)  # seconds per decision

    def summary(self) -> dict[str, Any]:
        p95 = percentile(self.times, 0.95)
        return {
            "bot": self.name,
            "label": self.label,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.games, 4) if self.games else None,
            "win_rate_ci95": wilson(self.wins, self.games),
            "mean_score": round(self.points / self.games, 3) if self.games else None,
            "decisions": self.decisions,
            "mean_decision_ms": round(1000 * self.seconds / self.decisions, 4)
            if self.decisions
            else None,
            "p95_decision_ms": None if p95 is None else round(1000 * p95, 4),
        }


@dataclass
class Tally:
    entries: list[Entry]
    games: int = 0
    steps: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)


def labels(names: Sequence[str]) -> list[str]:
    """'random', 'random' become 'random#1', 'random#2'; unique names stay as they are."""
    out = []
    for i, name in enumerate(names):
        same = [j for j, n in enumerate(names) if n == name]
        out.append(name if len(same) == 1 else f"{name}#{same.index(i) + 1}")
    return out


def play_game(
    names: Sequence[str],
    version: str,
    seed: int,
    tally: Tally,
    rotation: int = 0,
    max_steps: int = MAX_STEPS,
    options: dict[str, Any] | None = None,
    factory: BotFactory = make_bot,
    timer: Timer = time.perf_counter,
) -> State | None:
    """Play one game; entry i of the line-up sits at seat (i + rotation) % n. Returns the
    finished game (None when it failed: the tally has the error)."""
    n = len(names)
    seat_of = [(i + rotation) % n for i in range(n)]
    entry_at = {seat: i for i, seat in enumerate(seat_of)}
    bots = {seat: factory(names[i], seed * 101 + seat) for seat, i in entry_at.items()}
    memories = {seat: Memory(seat) for seat, bot in bots.items() if bot.remembers}
    state = new_game(version, n, seed, options)
    steps = 0
    try:
        while not is_over(state):
            if steps >= max_steps:
                raise RuntimeError(f"no end after {max_steps} steps")
            for s, memory in memories.items():
                memory.observe(view(state, s))
            seat = to_act(state)
            assert seat is not None
            seen, legal = view(state, seat), legal_actions(state)
            start = timer()
            action = bots[seat].choose(seen, legal, memories.get(seat))
            took = timer() - start
            entry = tally.entries[entry_at[seat]]
            entry.seconds += took
            entry.times.append(took)
            entry.decisions += 1
            state = apply(state, action, seat)
            for s, memory in memories.items():
                memory.record(seat, public_action(action, seat, s))
            steps += 1
    except Exception as exc:  # report the game and go on with the others
        tally.errors.append({"version": version, "seed": seed, "step": steps, "error": repr(exc)})
        return None
    tally.games += 1
    tally.steps += steps
    end = state.end or {}
    reason = str(end.get("reason"))
    tally.reasons[reason] = tally.reasons.get(reason, 0) + 1
    winners = list(end.get("winners", []))
    final = {s["seat"]: s["total"] for s in scores(state)}
    for seat, i in entry_at.items():
        entry = tally.entries[i]
        entry.games += 1
        entry.points += int(final.get(seat, 0))
        if seat in winners:
            entry.wins += 1 / len(winners)
    return state


def run(
    names: Sequence[str],
    version: str,
    games: int,
    seed: int = 0,
    max_steps: int = MAX_STEPS,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    factory: BotFactory = make_bot,
) -> dict[str, Any]:
    """Play `games` games of one version and return the summary."""
    tally = Tally([Entry(n, label) for n, label in zip(names, labels(names), strict=True)])
    for g in range(games):
        play_game(names, version, seed + g, tally, g % len(names), max_steps, options, factory)
        if progress:
            progress(1)
    return summarize(names, version, games, tally)


def summarize(names: Sequence[str], version: str, games: int, tally: Tally) -> dict[str, Any]:
    by_name: dict[str, dict[str, Any]] = {}
    for e in tally.entries:
        agg = by_name.setdefault(e.name, {"seats": 0, "wins": 0.0, "points": 0, "games": 0})
        agg["seats"] += 1
        agg["wins"] += e.wins
        agg["points"] += e.points
        agg["games"] += e.games
    played = tally.games
    return {
        "version": version,
        "players": len(names),
        "games": games,
        "completed": played,
        "mean_steps": round(tally.steps / played, 1) if played else None,
        "end_reasons": dict(sorted(tally.reasons.items())),
        "errors": tally.errors,
        "entries": [e.summary() for e in tally.entries],
        "bots": {
            name: {
                "seats": agg["seats"],
                "share_of_wins": round(agg["wins"] / played, 4) if played else None,
                "share_of_wins_ci95": wilson(agg["wins"], played),
                "fair_share": round(agg["seats"] / len(names), 4),
                "mean_score": round(agg["points"] / agg["games"], 3) if agg["games"] else None,
            }
            for name, agg in by_name.items()
        },
    }


class Bar:
    """A progress bar on stderr, redrawn in place."""

    def __init__(self, total: int, enabled: bool = True, width: int = 30) -> None:
        self.total, self.done, self.width, self.enabled = max(total, 1), 0, width, enabled
        self.start = time.perf_counter()

    def __call__(self, step: int) -> None:
        self.done += step
        if not self.enabled:
            return
        filled = self.width * self.done // self.total
        elapsed = time.perf_counter() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} games"
            f" {elapsed:5.1f}s ({rate:.1f}/s)"
        )
        if self.done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def render(result: dict[str, Any]) -> str:
    lines = [
        f"{result['version']}, {result['players']} players: {result['completed']}/"
        f"{result['games']} games, {result['mean_steps']} decisions per game, "
        f"ended by {result['end_reasons']}",
        f"  {'bot':<12} {'win rate':>9} {'95% interval':>15} {'mean score':>11}"
        f" {'ms/decision':>12} {'p95 ms':>10}",
    ]
    for e in result["entries"]:
        rate = "-" if e["win_rate"] is None else f"{100 * e['win_rate']:.1f}%"
        ci = e["win_rate_ci95"]
        interval = "-" if ci is None else f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%"
        score = "-" if e["mean_score"] is None else f"{e['mean_score']:.2f}"
        ms = "-" if e["mean_decision_ms"] is None else f"{e['mean_decision_ms']:.3f}"
        p95 = "-" if e["p95_decision_ms"] is None else f"{e['p95_decision_ms']:.3f}"
        lines.append(f"  {e['label']:<12} {rate:>9} {interval:>15} {score:>11} {ms:>12} {p95:>10}")
    for err in result["errors"][:5]:
        lines.append(f"  error: seed {err['seed']} step {err['step']}: {err['error']}")
    if len(result["errors"]) > 5:
        lines.append(f"  ... and {len(result['errors']) - 5} more errors")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engine.bots.arena", description="Play bots against each other."
    )
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help=f"comma-separated line-up, 2-5 of: {', '.join(sorted(BOTS))} (default greedy,random)",
    )
    parser.add_argument("--games", type=int, default=200, help="games per version (default 200)")
    parser.add_argument(
        "--version",
        choices=[*VERSIONS, "both", "all"],
        default="both",
        help="a version; both: Republic and Imperium; all: every ruleset",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--max-steps", type=int, default=MAX_STEPS, help="per game")
    parser.add_argument("--training", action="store_true", help="training games (no powers)")
    parser.add_argument(
        "--timed",
        action="store_true",
        help="give bots the clock: ismcts stops at its time budget if it comes first",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    args.names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in args.names if n not in BOTS]
    if unknown:
        parser.error(f"unknown bot(s): {', '.join(unknown)}; known: {', '.join(sorted(BOTS))}")
    if not 2 <= len(args.names) <= 5:
        parser.error("a game takes 2 to 5 bots")
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    chosen = {"both": ["republic", "imperium"], "all": list(VERSIONS)}
    versions = chosen.get(args.version, [args.version])
    options = {"training": True} if args.training else None
    bar = Bar(args.games * len(versions), enabled=not args.no_progress)
    clock = time.perf_counter if args.timed else None

    def factory(name: str, seed: int) -> Bot:
        return make_bot(name, seed, clock)

    results = [
        run(args.names, v, args.games, args.seed, args.max_steps, options, bar, factory)
        for v in versions
    ]
    if args.json:
        out = {
            "bots": args.names,
            "games_per_version": args.games,
            "seed": args.seed,
            "training": args.training,
            "timed": args.timed,
            "results": results,
        }
        print(json.dumps(out))
    else:
        print("\n\n".join(render(r) for r in results))
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
