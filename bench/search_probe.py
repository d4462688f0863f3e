"""Does more search choose better moves? (docs/bots.md, How strong each bot is)

    python bench/search_probe.py --games 4 --rollouts 20 --low 100 --high 1200 [--players 2]
        [--low-turns 1] [--high-turns T]

Two bots playing a whole game give one bit of evidence for hundreds of decisions. This asks the
question per decision instead. `greedy` plays every seat of `--games` games; at every third
decision of seat 0 with more than two legal actions, the ismcts bot chooses from seat 0's view
and memory at `--low` and at `--high` iterations (clock-free, so a run is reproducible; with
`--low-turns` and `--high-turns` each search's playouts go on for that many turns past its tree,
one by default). Where
the two choose differently, each choice is judged by `--rollouts` continuations from the true
state: the deck reshuffled (nobody knows its order), the choice played, then `greedy` at every
seat to the end; the judge is seat 0's share of the wins. Prints each disagreement, then the
mean judged value of each choice and how often each was the better one.

The judge is a model (`greedy` continuing), not the truth: a choice that needs a good player to
follow it up is undervalued. It is cheap, and it sees a difference of a few percent per decision
where games between bots would need thousands.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import State, apply, is_over, legal_actions, new_game, public_action, to_act, view
from engine.bots import make_bot
from engine.bots.ismcts import IsmctsBot, Settings
from engine.determinize import Memory


def judged(state: State, action: dict[str, Any], seed: int, players: int) -> float:
    """Seat 0's share of the win after `action`, greedy playing on, the deck reshuffled."""
    world = state.clone()
    random.Random(seed).shuffle(world.deck)
    world = apply(world, action, to_act(world))
    bots = [make_bot("greedy", seed * 7 + seat) for seat in range(players)]
    while not is_over(world):
        seat = to_act(world)
        assert seat is not None
        world = apply(world, bots[seat].choose(view(world, seat), legal_actions(world)), seat)
    winners = (world.end or {})["winners"]
    return 1.0 / len(winners) if 0 in winners else 0.0


def compared(
    state: State, memory: Memory, asked: int, args: argparse.Namespace
) -> tuple[float, float] | None:
    """Both choices judged, if the two searches choose differently."""
    seen, legal = view(state, 0), legal_actions(state)
    low, high = (
        IsmctsBot(seed=asked, iterations=n, settings=Settings(playout_turns=t)).choose(
            seen, legal, memory
        )
        for n, t in ((args.low, args.low_turns), (args.high, args.high_turns))
    )
    if low == high:
        return None
    seeds = range(1000 * asked, 1000 * asked + args.rollouts)
    a = sum(judged(state, low, s, args.players) for s in seeds) / args.rollouts
    b = sum(judged(state, high, s, args.players) for s in seeds) / args.rollouts
    print(f"decision {asked}: {args.low}: {low} {a:.2f} | {args.high}: {high} {b:.2f}", flush=True)
    return a, b


def probe(args: argparse.Namespace) -> list[tuple[float, float]]:
    pairs = []
    for game in range(args.games):
        state = new_game(args.version, args.players, args.seed + game)
        greedy = [make_bot("greedy", game * 10 + seat) for seat in range(args.players)]
        memory = Memory(0)
        asked = 0
        while not is_over(state):
            memory.observe(view(state, 0))
            seat = to_act(state)
            assert seat is not None
            seen, legal = view(state, seat), legal_actions(state)
            if seat == 0 and len(legal) > 2:
                asked += 1
                pair = compared(state, memory, asked, args) if asked % 3 == 0 else None
                if pair:
                    pairs.append(pair)
            action = greedy[seat].choose(seen, legal)
            state = apply(state, action, seat)
            memory.record(seat, public_action(action, seat, 0))
    return pairs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rollouts", type=int, default=20)
    parser.add_argument("--low", type=int, default=100)
    parser.add_argument("--high", type=int, default=1200)
    parser.add_argument("--low-turns", type=int, default=1)
    parser.add_argument("--high-turns", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--version", default="republic")
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    pairs = probe(args)
    n = len(pairs)
    if not n:
        print("no disagreement")
        return 0
    low, high = sum(p[0] for p in pairs) / n, sum(p[1] for p in pairs) / n
    print(
        f"{n} disagreements: {args.low} iterations {low:.3f}, {args.high} iterations {high:.3f};"
        f" {args.high} better at {sum(b > a for a, b in pairs)}, {args.low} better at"
        f" {sum(a > b for a, b in pairs)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
