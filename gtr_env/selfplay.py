"""Batch self-play: N games in P processes, each step's observation, mask, sub-choice and
reward written to NumPy `.npz` files (docs/research.md, Batch self-play).

    python -m gtr_env.selfplay --games 100 --processes 2 --out var/selfplay \\
        [--version imperium] [--players 3] [--options '{"geek": true}'] \\
        [--policy random|greedy|ismcts-1|... (one, or one per seat: greedy,random,random)] \\
        [--seed 0] [--per-file 10] [--reward win|placement] [--margin 0.0]

Game i is `engine.new_game(version, players, seed + i, ...)` played through the PettingZoo
environment (gtr_env.aec), every seat by the policy given: `random` picks a legal index
uniformly (its generator seeded from the game's seed), a bot's name has that bot choose each
decision from its seat's view (engine.bots) and spells its action out index by index. So the same
command writes the same files. Each file `selfplay-<first>-<last>.npz` holds the games
`seed + first` to `seed + last`, one row per sub-choice an agent made (forced ones are not
asked, so not written):

    obs (T, OBS_SIZE) uint16       the deciding agent's observation (every value is an integer)
    mask (T, ACTION_SIZE) bool     its action mask
    action (T,) int16              the index it chose
    seat (T,) int8, episode (T,) int64 (the game's seed), step (T,) int32 (the row in its game)
    reward (T,) float32            the seat's final reward on its last row in the game, else 0
    ret (T,) float32               the seat's final reward on each of its rows (the return)
    episode_seed (E,) int64, episode_moves (E,) int32 (engine actions), episode_reason (E,) str
    episode_rewards (E, 5) float32 each seat's final reward (NaN past the table's seats)
    meta ()                        JSON: the command's settings and the spaces' sizes

The loop that trains nothing (`python -m gtr_env.loop`) reads batches the same way, in memory.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.bots import Bot, make_bot
from engine.determinize import Memory

from .actions import SIZE, Decision, sentence_of
from .aec import GloryToRomeEnv
from .observation import OBS_SIZE

MAX_PLAYERS = 5
Arrays = dict[str, npt.NDArray[Any]]


@dataclass(frozen=True)
class Spec:
    """What to play: the table, each seat's policy, the rewards."""

    version: str = "republic"
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    rules_revision: int | None = None
    policy: tuple[str, ...] = ("random",)  # one for every seat, or one per seat
    reward: str = "win"
    margin: float = 0.0
    auto_forced: bool = True

    def policies(self) -> tuple[str, ...]:
        if len(self.policy) == 1:
            return self.policy * self.players
        if len(self.policy) != self.players:
            raise ValueError(f"one policy for every seat, or {self.players}: {self.policy}")
        return self.policy

    def env(self) -> GloryToRomeEnv:
        return GloryToRomeEnv(
            version=self.version,
            players=self.players,
            options=self.options,
            rules_revision=self.rules_revision,
            reward=self.reward,
            margin=self.margin,
            auto_forced=self.auto_forced,
        )


def play_game(spec: Spec, seed: int, game: GloryToRomeEnv | None = None) -> Arrays:
    """One game's rows (the arrays of the module's docstring, for one episode)."""
    game = game or spec.env()
    policies = spec.policies()
    rng = np.random.default_rng(seed)
    bots: dict[int, Bot] = {
        s: make_bot(name, seed=seed * 101 + s)
        for s, name in enumerate(policies)
        if name != "random"
    }
    game.table.memories = {s: Memory(s) for s, bot in bots.items() if bot.remembers}
    game.reset(seed=seed)
    table = game.table
    obs: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.int8]] = []
    chosen: list[int] = []
    seats: list[int] = []
    planned: tuple[Decision | None, tuple[int, ...]] = (None, ())
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        seat = game.possible_agents.index(agent)
        decision = table.decision
        assert decision is not None
        if seat in bots:
            if planned[0] is not decision:  # a new decision: the bot says its action
                view = table.view(seat)
                action = bots[seat].choose(view, table.legal, table.memories.get(seat))
                sentence = sentence_of(view, action)
                decision.settle(sentence, action)
                planned = (decision, sentence)
            token = planned[1][len(decision.prefix)]
        else:
            token = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        obs.append(observation["observation"])
        masks.append(observation["action_mask"])
        chosen.append(token)
        seats.append(seat)
        game.step(token)
    final = table.rewards(spec.reward, spec.margin)
    seat_array = np.asarray(seats, dtype=np.int8)
    returns = np.asarray([final[s] for s in seats], dtype=np.float32)
    rewards = np.zeros(len(seats), dtype=np.float32)
    for s in range(spec.players):
        rows = np.flatnonzero(seat_array == s)
        if rows.size:
            rewards[rows[-1]] = final[s]
    padded = np.full(MAX_PLAYERS, np.nan, dtype=np.float32)
    padded[: spec.players] = final
    assert table.state is not None and table.state.end is not None
    return {
        "obs": _exact_uint16(np.stack(obs) if obs else np.zeros((0, OBS_SIZE), np.float32)),
        "mask": np.stack(masks).astype(bool) if masks else np.zeros((0, SIZE), bool),
        "action": np.asarray(chosen, dtype=np.int16),
        "seat": seat_array,
        "episode": np.full(len(seats), seed, dtype=np.int64),
        "step": np.arange(len(seats), dtype=np.int32),
        "reward": rewards,
        "ret": returns,
        "episode_seed": np.asarray([seed], dtype=np.int64),
        "episode_moves": np.asarray([len(table.log)], dtype=np.int32),
        "episode_reason": np.asarray([table.state.end["reason"]]),
        "episode_rewards": padded[None, :],
    }


def _exact_uint16(obs: npt.NDArray[np.float32]) -> npt.NDArray[np.uint16]:
    out = obs.astype(np.uint16)
    if not np.array_equal(out, obs):  # never: every value is an integer within 0..65535
        raise AssertionError("an observation does not fit uint16")
    return out


def concatenate(parts: Sequence[Arrays]) -> Arrays:
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


def play_batch(job: tuple[Spec, list[int]]) -> Arrays:
    """The rows of the games of `job`'s seeds, one after the other (a worker's job)."""
    spec, seeds = job
    game = spec.env()
    return concatenate([play_game(spec, seed, game) for seed in seeds])


def batches(spec: Spec, seeds: Sequence[int], processes: int, per_batch: int) -> Iterator[Arrays]:
    """The games of `seeds`, `per_batch` to a batch, played in `processes` processes; batches
    in the order of `seeds`."""
    jobs = [(spec, list(seeds[i : i + per_batch])) for i in range(0, len(seeds), per_batch)]
    if processes <= 1:
        yield from map(play_batch, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        yield from pool.imap(play_batch, jobs)


def write(out: Path, batch: Arrays, first: int, last: int, meta: dict[str, Any]) -> Path:
    path = out / f"selfplay-{first:06d}-{last:06d}.npz"
    arrays: dict[str, Any] = {**batch, "meta": np.asarray(json.dumps(meta, sort_keys=True))}
    np.savez_compressed(path, **arrays)
    return path


def run(
    spec: Spec, games: int, processes: int, out: Path, seed: int = 0, per_file: int = 10
) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    meta = {**asdict(spec), "obs_size": OBS_SIZE, "action_size": SIZE, "seed": seed}
    seeds = list(range(seed, seed + games))
    paths = []
    for i, batch in enumerate(batches(spec, seeds, processes, per_file)):
        first = i * per_file
        last = min(first + per_file, games) - 1
        paths.append(write(out, batch, first, last, meta))
    return paths


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m gtr_env.selfplay", description=__doc__)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--version", default="republic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", type=json.loads, default={}, help='JSON, e.g. {"geek": true}')
    parser.add_argument("--rules-revision", type=int, default=None)
    parser.add_argument("--policy", default="random", help="one, or comma-separated per seat")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-file", type=int, default=10)
    parser.add_argument("--reward", default="win", choices=["win", "placement"])
    parser.add_argument("--margin", type=float, default=0.0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    spec = Spec(
        version=args.version,
        players=args.players,
        options=args.options,
        rules_revision=args.rules_revision,
        policy=tuple(args.policy.split(",")),
        reward=args.reward,
        margin=args.margin,
    )
    spec.policies()  # one per seat, or one for all
    start = time.perf_counter()
    paths = run(spec, args.games, args.processes, args.out, args.seed, args.per_file)
    seconds = time.perf_counter() - start
    rows = sum(int(np.load(p)["action"].shape[0]) for p in paths)
    print(
        f"{args.games} games, {rows} rows in {len(paths)} files under {args.out} "
        f"in {seconds:.1f} s ({rows / seconds:,.0f} rows/s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
