"""The arena's command line: it plays, prints a progress bar on stderr and parseable JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots.arena import labels, main

ROOT = Path(__file__).resolve().parents[3]


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.bots.arena", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_output() -> None:
    done = arena("--bots", "greedy,random,random", "--games", "2", "--version", "both", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["bots"] == ["greedy", "random", "random"]
    assert [r["version"] for r in out["results"]] == ["republic", "imperium"]
    for r in out["results"]:
        assert r["completed"] == 2 and r["errors"] == []
        assert [e["label"] for e in r["entries"]] == ["greedy", "random#1", "random#2"]
        assert abs(sum(e["wins"] for e in r["entries"]) - 2) < 1e-6
        assert r["bots"]["random"]["fair_share"] == round(2 / 3, 4)
        assert all(e["mean_decision_ms"] > 0 for e in r["entries"])
    assert "games" in done.stderr  # the progress bar


def test_text_output() -> None:
    done = arena("--bots", "random,greedy", "--games", "1", "--version", "imperium", "--seed", "9")
    assert done.returncode == 0, done.stderr
    assert "imperium, 2 players" in done.stdout and "win rate" in done.stdout


def test_a_game_that_does_not_end_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--bots", "random,random", "--games", "1", "--max-steps", "3", "--json"]
    code = main([*argv, "--no-progress"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    for result in out["results"]:
        assert result["completed"] == 0
        [error] = result["errors"]
        assert "no end after 3 steps" in error["error"]


def test_bad_arguments() -> None:
    assert arena("--bots", "greedy", "--games", "1").returncode == 2
    assert arena("--bots", "greedy,nobody", "--games", "1").returncode == 2


def test_labels() -> None:
    assert labels(["greedy", "random", "random"]) == ["greedy", "random#1", "random#2"]
