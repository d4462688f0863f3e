"""Batch self-play writes what the environment played, and the same command writes the same
files (gtr_env.selfplay); the loop that trains nothing reads its batches (gtr_env.loop)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import gtr_env
from gtr_env import loop, selfplay
from gtr_env.selfplay import Spec


def load(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def test_selfplay_files_replay_through_the_environment(tmp_path: Path) -> None:
    spec = Spec(
        version="imperium", players=3, options={"geek": True}, policy=("greedy", "random", "random")
    )
    command = "--games 3 --processes 2 --per-file 2 --version imperium --players 3 --seed 40"
    command += ' --options {"geek":true} --policy greedy,random,random --out ' + str(tmp_path / "a")
    assert selfplay.main(command.split()) == 0
    files = sorted((tmp_path / "a").glob("*.npz"))
    assert [f.name for f in files] == ["selfplay-000000-000001.npz", "selfplay-000002-000002.npz"]
    data = [load(f) for f in files]
    assert json.loads(str(data[0]["meta"]))["policy"] == ["greedy", "random", "random"]
    seeds = np.concatenate([d["episode_seed"] for d in data])
    assert seeds.tolist() == [40, 41, 42]
    for d in data:
        rows = d["action"].shape[0]
        assert d["obs"].shape == (rows, gtr_env.OBS_SIZE) and d["obs"].dtype == np.uint16
        assert d["mask"].shape == (rows, gtr_env.ACTION_SIZE)
        assert d["mask"][np.arange(rows), d["action"]].all()  # every index chosen was legal
        for seed, rewards in zip(d["episode_seed"], d["episode_rewards"], strict=True):
            mine = d["episode"] == seed
            assert np.isnan(rewards[3:]).all() and sorted(rewards[:3]) in ([-1, -1, 1], [0, 0, -1])
            for seat in range(3):
                rows_of_seat = np.flatnonzero(mine & (d["seat"] == seat))
                assert (d["ret"][rows_of_seat] == rewards[seat]).all()
                assert d["reward"][rows_of_seat].tolist() == [0] * (len(rows_of_seat) - 1) + [
                    rewards[seat]
                ]

    # The first game again, its recorded sub-choices fed to a fresh environment.
    first = data[0]
    rows = np.flatnonzero(first["episode"] == 40)
    game = spec.env()
    game.reset(seed=40)
    for row in rows:
        observation, *_ = game.last()
        assert game.agent_selection == f"player_{first['seat'][row]}"
        assert (observation["observation"] == first["obs"][row]).all()
        assert (observation["action_mask"].astype(bool) == first["mask"][row]).all()
        game.step(int(first["action"][row]))
    assert game.table.over

    # The same command, one process: the same files.
    selfplay.run(spec, 3, 1, tmp_path / "b", seed=40, per_file=2)
    for f, mine in zip(files, data, strict=True):
        again = load(tmp_path / "b" / f.name)
        assert mine.keys() == again.keys()
        for key, value in mine.items():
            assert value.dtype == again[key].dtype
            assert np.array_equal(value, again[key], equal_nan=value.dtype.kind == "f"), key


def test_the_loop_that_trains_nothing(capsys: object) -> None:
    assert loop.main(["--iterations", "1", "--games", "2", "--processes", "1"]) == 0
