"""The loop that trains nothing: self-play batches in, a policy update out, and the update does
nothing (docs/research.md, Batch self-play). Put a network where `Policy` is.

    python -m gtr_env.loop [--iterations 3] [--games 4] [--processes 2]

Each iteration plays `games` games in parallel processes (gtr_env.selfplay), reads the batch
(observations, masks, chosen indices, returns) and hands it to the policy's `update`, which here
only reports what a learner would see: how many rows, how many legal indices a row has, the
mean return. A real learner would fit `obs -> action` (imitation of a bot's play: `--policy
greedy`) or a policy gradient on `ret`, masking the logits with `mask`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from .selfplay import Arrays, Spec, batches


class Policy:
    """A stand-in for a learner: remembers how much it has seen, learns nothing."""

    def __init__(self) -> None:
        self.rows = 0

    def update(self, batch: Arrays) -> dict[str, float]:
        rows = int(batch["action"].shape[0])
        self.rows += rows
        chosen_legal = batch["mask"][np.arange(rows), batch["action"]]
        assert chosen_legal.all(), "every chosen index was legal"
        return {
            "rows": rows,
            "games": int(batch["episode_seed"].shape[0]),
            "legal indices per row": float(batch["mask"].sum(axis=1).mean()),
            "mean return": float(batch["ret"].mean()),
        }


def train(spec: Spec, iterations: int, games: int, processes: int) -> Policy:
    policy = Policy()
    seed = 0
    for iteration in range(iterations):
        seeds = list(range(seed, seed + games))
        seed += games
        for batch in batches(spec, seeds, processes, per_batch=max(1, games // processes)):
            report = policy.update(batch)
            print(f"iteration {iteration}: " + ", ".join(f"{k} {v:g}" for k, v in report.items()))
    return policy


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gtr_env.loop", description=__doc__)
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--policy", default="random")
    args = parser.parse_args(argv)
    spec = Spec(players=args.players, policy=tuple(args.policy.split(",")))
    policy = train(spec, args.iterations, args.games, args.processes)
    print(f"{policy.rows} rows seen, nothing learnt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
