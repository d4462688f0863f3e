"""Fits the ismcts bots' judgement of an unfinished game (engine/bots/ismcts/evaluate.py).

    python bench/fit_evaluation.py --games 600 [--processes 2] [--out positions.npz]

`greedy` plays `--games` two-player games against itself (Republic and Imperium in turn, every
building function on). In each game about one position in five is kept: each seat's features
(`evaluate.features`), how far the game has gone (`evaluate.phase`), and who won. A logistic
regression then fits the chance that seat 0 wins from the difference of the two seats' features,
each weighted by one weight at the start of the game and one at its end, mixed by the phase:
the evaluation's `START` and `END`. A fifth of the games is held out: the script prints the
log-loss and accuracy there of the fitted weights and of the ones in evaluate.py, then the new
weights as Python to paste. NumPy is the `env` extra's.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import apply, is_over, legal_actions, new_game, to_act, view
from engine.bots import make_bot
from engine.bots.ismcts import evaluate
from engine.endgame import scores

KEEP_ONE_IN = 5
MAX_STEPS = 3000  # greedy against itself can loop on Jacks for ever: such a game is dropped
RIDGE = 1.0  # L2 penalty of the fit


def positions(game: int) -> list[tuple[int, float, list[float], float]]:
    """(game, phase, seat 0's features minus seat 1's, seat 0's share of the win) of one
    game's kept positions; none if it has not ended after MAX_STEPS decisions."""
    rng = random.Random(game)
    state = new_game(("republic", "imperium")[game % 2], 2, game)
    bots = [make_bot("greedy", game * 10 + seat) for seat in range(2)]
    kept = []
    for _ in range(MAX_STEPS):
        if is_over(state):
            break
        if rng.randrange(KEEP_ONE_IN) == 0:
            lines = scores(state)
            mine, theirs = (evaluate.features(state, s, lines[s]) for s in range(2))
            kept.append((evaluate.phase(state), [a - b for a, b in zip(mine, theirs, strict=True)]))
        seat = to_act(state)
        assert seat is not None
        state = apply(state, bots[seat].choose(view(state, seat), legal_actions(state)), seat)
    else:
        return []
    winners = (state.end or {})["winners"]
    won = 1.0 / len(winners) if 0 in winners else 0.0
    return [(game, phase, diff, won) for phase, diff in kept]


def design(phase: np.ndarray, diff: np.ndarray) -> np.ndarray:
    """Columns: the differences weighted by the phase (START), then by its complement (END)."""
    return np.hstack([diff * phase[:, None], diff * (1 - phase)[:, None]])


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge logistic regression by Newton's method (no intercept: the seats are alike)."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, gradient)
    return w


def judged(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Log-loss and accuracy of the weights on these positions."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    return float(loss), float(np.mean((p > 0.5) == (y > 0.5)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--out", type=Path, help="keep the positions (.npz)")
    parser.add_argument(
        "--fit-all",
        action="store_true",
        help="fit on every game (the held-out figures are then in-sample)",
    )
    args = parser.parse_args(argv)
    games = range(args.seed, args.seed + args.games)
    rows = []
    with ProcessPoolExecutor(args.processes) as pool:
        for done, game_rows in enumerate(pool.map(positions, games, chunksize=10), 1):
            rows += game_rows
            if done % 100 == 0:
                print(f"{done} games", file=sys.stderr, flush=True)
    game = np.array([r[0] for r in rows])
    phase = np.array([r[1] for r in rows])
    diff = np.array([r[2] for r in rows])
    y = np.array([r[3] for r in rows])
    if args.out:
        np.savez_compressed(args.out, game=game, phase=phase, diff=diff, won=y)
    x = design(phase, diff)
    # Both seats' points of view: the mirror of each position, seat 1's chance.
    x, y, game = np.vstack([x, -x]), np.concatenate([y, 1 - y]), np.concatenate([game, game])
    held = game % 5 == 0
    w = fit(x, y) if args.fit_all else fit(x[~held], y[~held])
    now = np.array([*evaluate.START, *evaluate.END])
    n = len(evaluate.START)
    played = len(set(game.tolist()))
    print(f"{len(rows)} positions from {played} games ({args.games - played} dropped: no end)")
    for name, weights in (("fitted", w), ("evaluate.py's", now)):
        loss, accuracy = judged(x[held], y[held], weights)
        print(f"held-out log-loss {loss:.4f}, accuracy {accuracy:.3f}: {name}")
    print(f"START = {tuple(round(float(v), 3) for v in w[:n])}")
    print(f"END = {tuple(round(float(v), 3) for v in w[n:])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
