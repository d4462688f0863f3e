"""The import contracts of pyproject.toml ([tool.importlinter]), checked by import-linter: no
import circle anywhere in games, players and gtr_api, and imports pointing inward (engine <- games
<- players <- web <- the project; adapters on top of services in each app)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "games", "players", "web", "gtr_api")


def lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on the packages in `folder`, with the contracts of its pyproject.toml."""
    command = [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", "--no-logo"]
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_the_import_contracts_hold() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 5 kept, 0 broken." in result.stdout


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
    assert "Contracts: 3 kept, 2 broken." in result.stdout
