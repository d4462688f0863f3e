"""The import contracts of pyproject.toml ([tool.importlinter]), checked by import-linter: no
import circle anywhere in games, players and gtr_api, and imports pointing inward (engine <- games
<- players <- web <- the project; in each app, its rooms in layers: docs/architecture.md); the
environment for game AI (gtr_env) imports the engine alone, and nothing imports it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "gtr_env", "games", "players", "tournaments", "web", "gtr_api")


def lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on the packages in `folder`, with the contracts of its pyproject.toml."""
    command = [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", "--no-logo"]
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_the_import_contracts_hold() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 9 kept, 0 broken." in result.stdout


def test_every_module_has_its_layer() -> None:
    """Each layered container's modules and sub-packages all sit in one of its layers: a module
    outside every layer would be free to import anything."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    for contract in contracts["contracts"]:
        if contract["type"] != "layers" or "containers" not in contract:
            continue
        placed = {name.strip() for layer in contract["layers"] for name in _names(layer)}
        for container in contract["containers"]:
            folder = ROOT / container.replace(".", "/")
            found = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
            found |= {p.parent.name for p in folder.glob("*/__init__.py")}
            assert found == placed, (container, sorted(found ^ placed))
    assert len(_games_layers(contracts)) <= 8


def _names(layer: str) -> list[str]:
    return [n for part in layer.split("|") for n in part.split(":")]


def _games_layers(contracts: dict) -> list[str]:
    return next(c["layers"] for c in contracts["contracts"] if c["id"] == "games")


def test_a_service_importing_an_adapter_breaks_them(tmp_path: Path) -> None:
    """The same contracts on a copy whose lobby imports the tasks (which import the services):
    the layering of games and the no-circle contract both fail."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    lobby = tmp_path / "games" / "services" / "lobby.py"
    lobby.write_text(lobby.read_text() + "\nfrom games import tasks  # noqa: E402\n")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "games.services is not allowed to import games.tasks" in result.stdout
    assert "Contracts: 7 kept, 2 broken." in result.stdout
