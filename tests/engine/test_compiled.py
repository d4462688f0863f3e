"""The compiled engine (engine/compiled.py) plays exactly as the pure one, and is used only when
it was built from the sources as they are."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import compiled
from engine.build import build, compiler

ROOT = Path(__file__).resolve().parents[2]
GAMES = 48  # of each kind (tests/engine/compiled_games.py), facade and search path in turn


def played(engine: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV}
    if engine:
        env[compiled.ENV] = engine
    out = subprocess.run(
        [sys.executable, "-m", "tests.engine.compiled_games", str(GAMES)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.splitlines()


@pytest.mark.slow
def test_the_compiled_engine_plays_every_game_as_the_pure_one() -> None:
    line = build()  # nothing to do after `make test` built it; else it builds now
    built = played(None)
    pure = played("pure")
    assert pure[0] == "pure"
    # With a C compiler the build must have worked: a broken one is no silent fallback here.
    assert built[0] == ("pure" if compiler() else "compiled"), line
    assert len(pure) == GAMES + 1
    assert built[1:] == pure[1:]


# A script that imports the engine, then has a worker started by spawn (as gtr_env.selfplay and
# bench/env.py do) import it afresh, with the parent's sys.path.
SPAWNER = """
import multiprocessing
import os

import engine
import engine.buildings
import engine.determinize
import engine.roles


def worker_engine() -> bool:
    return hasattr(engine, "apply")  # the package, not a namespace of the build's modules


if __name__ == "__main__":
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        print(engine.ENGINE, pool.apply(worker_engine))
    # Where the subpackages' modules are looked for: a directory that holds them.
    packages = (engine.buildings, engine.determinize, engine.roles)
    print(all(os.path.isdir(path) for package in packages for path in package.__path__))
"""


@pytest.mark.slow
def test_a_spawned_worker_imports_the_engine_package(tmp_path: Path) -> None:
    """The build's directory of compiled modules is no `engine` package: were it on sys.path, a
    spawned worker's fresh import would find it there first (as a namespace package without a
    single function) instead of the installed package. And mypyc's library stays where it places
    the compiled subpackages' `__path__` from."""
    line = build()
    (tmp_path / "spawner.py").write_text(SPAWNER)
    env = {k: v for k, v in os.environ.items() if k not in (compiled.ENV, "PYTHONPATH")}
    out = subprocess.run(
        [sys.executable, "spawner.py"],
        cwd=tmp_path,  # away from the project's root, which would hide the fault
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["pure" if compiler() else "compiled", "True", "True"], line


@pytest.fixture
def build_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(compiled, "BUILD", tmp_path)
    monkeypatch.setattr(compiled, "SOURCES", tmp_path / "SOURCES")
    monkeypatch.delenv(compiled.ENV, raising=False)
    return tmp_path


def test_a_current_build_goes_in_front_of_the_sources(build_dir: Path) -> None:
    (build_dir / "SOURCES").write_text(compiled.digest() + "\n")
    path = ["/the/sources"]
    assert compiled.select(path) == "compiled"
    assert path == [str(build_dir / "engine"), "/the/sources"]


def test_a_build_older_than_the_sources_is_not_used(build_dir: Path) -> None:
    (build_dir / "SOURCES").write_text("the digest of other sources\n")
    path = ["/the/sources"]
    with pytest.warns(RuntimeWarning, match="older than its sources"):
        assert compiled.select(path) == "pure"
    assert path == ["/the/sources"]


def test_no_build_or_gtr_engine_pure_is_the_pure_engine(
    build_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = ["/the/sources"]
    assert compiled.select(path) == "pure"
    (build_dir / "SOURCES").write_text(compiled.digest() + "\n")
    monkeypatch.setenv(compiled.ENV, "pure")
    assert compiled.select(path) == "pure"
    assert path == ["/the/sources"]


def test_the_digest_changes_with_any_compiled_source(tmp_path: Path, monkeypatch) -> None:
    before = compiled.digest()
    copy = tmp_path / "engine"
    for path in compiled.sources():
        target = copy / path.relative_to(compiled.PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    monkeypatch.setattr(compiled, "PACKAGE", copy)
    assert compiled.digest() == before
    (copy / "flow.py").write_text((copy / "flow.py").read_text() + "\n# a change\n")
    assert compiled.digest() != before
