"""The ismcts bot's default policy against uniform random play, as players of whole games.

    python bench/playout_policy.py [--games 200] [--players 2 3 4 5]

One seat plays the default policy (engine/bots/ismcts/policy.py: weighted by the kind of action),
the others uniform random legal actions, on full states through engine.fast (the way the search
plays its playouts); seats rotate from game to game, game g has seed g. Prints the policy's share
of wins (fair share 1/n) and the mean scores: whether the policy is a better model of a player
than uniform random, which is what a playout needs.
"""

from __future__ import annotations

import argparse
import json
import random

import engine
from engine import fast
from engine.bots.ismcts import policy


def run(players: int, games: int, version: str) -> dict[str, object]:
    pickers = [policy.pick] + [policy.pick_uniform] * (players - 1)
    wins, points = [0.0] * players, [0] * players
    for g in range(games):
        state, r = engine.new_game(version, players, g), random.Random(g)
        while not engine.is_over(state):
            seat = engine.to_act(state)
            assert seat is not None
            picker = pickers[(seat - g) % players]
            fast.play(state, picker(state, seat, fast.options(state), r))
        assert state.end is not None
        winners = state.end["winners"]
        for seat, score in enumerate(engine.scores(state)):
            entry = (seat - g) % players
            wins[entry] += 1 / len(winners) if seat in winners else 0
            points[entry] += score["total"]
    return {
        "players": players,
        "version": version,
        "games": games,
        "policy_wins": round(wins[0] / games, 3),
        "each_uniform_wins": round(sum(wins[1:]) / (players - 1) / games, 3),
        "policy_mean_score": round(points[0] / games, 1),
        "uniform_mean_score": round(sum(points[1:]) / (players - 1) / games, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = parser.parse_args()
    for players in args.players:
        for version in ("republic", "imperium"):
            print(json.dumps(run(players, args.games, version)))


if __name__ == "__main__":
    main()
