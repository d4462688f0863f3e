"""The bots' ratings after an arena of rated games (docs/bots.md, How strong each bot is).

    python bench/bot_ratings.py --rounds 5 --jobs 2 [--players 3] [--seed 0] [--json]

A round is one game for every line-up of `--players` different bots among `--bots` (by default
the server's five: `random`, `greedy`, `ismcts-1` to `ismcts-3`; a round of three-player games
is then ten games). Games alternate between
Republic and Imperium and rotate the seats. Each bot decides as on the server without a clock:
an ismcts level does its level's fixed number of iterations, so a run is reproducible.

Every finished game is rated, in the order played, as the server rates a rated game
(games.services.rating_rules: the same ranks from the final scores, openskill's Plackett-Luce,
the displayed rating). Games are played in `--jobs` processes; the rating does not depend on
how many. Prints a table (or one JSON object): per bot, its games, wins, mean place, mu, sigma,
its displayed rating and its mean time per decision.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import BOTS
from engine.bots.arena import Entry, Tally, play_game
from games.services import rating_rules as rules

VERSIONS = ("republic", "imperium")


@dataclass(frozen=True)
class Game:
    index: int
    lineup: tuple[str, ...]
    version: str
    seed: int


@dataclass(frozen=True)
class Result:
    game: Game
    seats: list[rules.SeatEnd]
    winners: list[int]
    seconds: dict[str, float]  # per bot: time spent deciding
    decisions: dict[str, int]
    error: str = ""


def schedule(bots: Sequence[str], rounds: int, players: int, seed: int) -> list[Game]:
    """Every line-up once a round; seats rotate and versions alternate from game to game."""
    lineups = list(itertools.combinations(sorted(bots), players))
    games = []
    for n in range(rounds * len(lineups)):
        lineup = lineups[n % len(lineups)]
        turn = n % players
        games.append(Game(n, lineup[turn:] + lineup[:turn], VERSIONS[n % len(VERSIONS)], seed + n))
    return games


def play(game: Game) -> Result:
    """One game among the line-up; entry i sits at seat i."""
    tally = Tally([Entry(name, name) for name in game.lineup])
    state = play_game(game.lineup, game.version, game.seed, tally)
    seconds = {e.name: e.seconds for e in tally.entries}
    decisions = {e.name: e.decisions for e in tally.entries}
    if state is None:
        return Result(game, [], [], seconds, decisions, tally.errors[0]["error"])
    end = state.end or {}
    scored = {s["seat"]: s for s in end.get("scores", [])}
    seats = [
        rules.SeatEnd(
            position=seat,
            subject=f"bot:{name}",
            person=False,
            forfeit=False,
            total=scored.get(seat, {}).get("total", 0),
            hand=scored.get(seat, {}).get("hand", 0),
        )
        for seat, name in enumerate(game.lineup)
    ]
    return Result(game, seats, list(end.get("winners", [])), seconds, decisions)


@dataclass
class Line:
    """One bot's record across the arena."""

    games: int = 0
    wins: float = 0.0
    places: int = 0
    seconds: float = 0.0
    decisions: int = 0


def rate_all(
    bots: Sequence[str], results: Iterator[Result], progress: bool
) -> tuple[dict[str, Any], list[str]]:
    """Rate the games in order, as the server would; the bots' lines and the failed games."""
    skills: dict[str, rules.Skill] = {}
    lines = {name: Line() for name in bots}
    errors = []
    for done, result in enumerate(results, 1):
        if result.error:
            errors.append(f"game {result.game.index}: {result.error}")
            continue
        standings, why = rules.standings_of(result.seats, result.winners, False, 1.0)
        assert not why, why
        priors = {s.subject: skills.get(s.subject, (rules.MU, rules.SIGMA)) for s in standings}
        skills.update(rules.rate(priors, standings))
        for standing in standings:
            name = standing.subject.removeprefix("bot:")
            line = lines[name]
            line.games += 1
            line.places += standing.rank
            line.wins += (standing.position in result.winners) / len(result.winners)
            line.seconds += result.seconds[name]
            line.decisions += result.decisions[name]
        if progress:  # the table so far, should the run be cut short
            print(f"after {done} games:\n{render(_table(lines, skills))}", file=sys.stderr)
    return _table(lines, skills), errors


def _table(lines: dict[str, Line], skills: dict[str, rules.Skill]) -> dict[str, Any]:
    table = {}
    for name, line in lines.items():
        mu, sigma = skills.get(f"bot:{name}", (rules.MU, rules.SIGMA))
        table[name] = {
            "games": line.games,
            "wins": round(line.wins, 2),
            "mean_place": round(line.places / line.games, 2) if line.games else None,
            "mu": round(mu, 2),
            "sigma": round(sigma, 2),
            "rating": round(rules.shown(mu, sigma)),
            "ms_per_decision": round(1000 * line.seconds / line.decisions, 1)
            if line.decisions
            else None,
        }
    return table


def render(table: dict[str, Any]) -> str:
    rows = sorted(table.items(), key=lambda item: -item[1]["rating"])
    out = [
        "| bot | rating | mu | sigma | games | wins | mean place | ms a decision |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, r in rows:
        out.append(
            f"| `{name}` | {r['rating']} | {r['mu']} | {r['sigma']} | {r['games']} | "
            f"{r['wins']} | {r['mean_place']} | {r['ms_per_decision']} |"
        )
    return "\n".join(out)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python bench/bot_ratings.py", description=__doc__)
    parser.add_argument("--bots", default=",".join(sorted(BOTS)), help="the line-up (all five)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of every line-up (5)")
    parser.add_argument("--players", type=int, default=3, choices=[2, 3, 4, 5])
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games (1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-progress", action="store_true", help="no table after each game")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.jobs < 1:
        parser.error("--rounds and --jobs must be at least 1")
    args.bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in args.bots if name not in BOTS]
    if unknown or len(args.bots) < args.players:
        parser.error(f"--players {args.players} different bots among: {', '.join(sorted(BOTS))}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    games = schedule(args.bots, args.rounds, args.players, args.seed)
    start = time.monotonic()
    with multiprocessing.Pool(args.jobs) as pool:
        table, errors = rate_all(args.bots, pool.imap(play, games), not args.no_progress)
    minutes = round((time.monotonic() - start) / 60, 1)
    if args.json:
        out = {"games": len(games), "minutes": minutes, "bots": table, "errors": errors}
        print(json.dumps(out))
    else:
        print(render(table))
        print(f"\n{len(games)} games of {args.players} players in {minutes} min; errors: {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
