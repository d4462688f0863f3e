"""The engine's facade: `engine.__all__` is exactly the public names the facade defines or
re-exports, and the examples in the engine's docstrings run (doctest), the facade's first."""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import io
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import engine

ENGINE_MODULES = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))


def facade_public_names() -> set[str]:
    """Names engine/__init__.py binds itself, without a leading underscore: its functions, classes
    and constants, and what it imports from the engine's own modules. A submodule it imports
    (`from . import flow`) is not one of its names: it is `engine.flow` whether imported or not."""
    tree = ast.parse(Path(str(engine.__file__)).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            for alias in node.names:
                submodule = node.module is None and importlib.util.find_spec(f"engine.{alias.name}")
                if not submodule:
                    names.add(alias.asname or alias.name)
    return {n for n in names if not n.startswith("_")}


def test_all_is_exactly_the_public_names_of_the_facade() -> None:
    assert len(engine.__all__) == len(set(engine.__all__))
    assert set(engine.__all__) == facade_public_names()


def test_all_names_the_functions_a_client_needs() -> None:
    """The ones the service plays with, which the old `__all__` left out among them."""
    for name in ("apply", "check", "legal_actions", "safe_action", "public_action", "view"):
        assert name in engine.__all__


@pytest.mark.parametrize("module", ["engine", "engine.bots", "engine.buildings", "engine.roles"])
def test_every_name_in_all_exists(module: str) -> None:
    mod = importlib.import_module(module)
    for name in mod.__all__:
        assert hasattr(mod, name), f"{module}.__all__ names {name}, which it does not have"


def run_doctests(module: ModuleType) -> tuple[int, int, str]:
    """(examples tried, failed, report) for every docstring example of `module`."""
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module, module.__name__):
        runner.run(test, out=out.write)
    return runner.tries, runner.failures, out.getvalue()


@pytest.mark.parametrize("name", ["engine", *ENGINE_MODULES])
def test_docstring_examples_run(name: str) -> None:
    tried, failed, report = run_doctests(importlib.import_module(name))
    assert failed == 0, report
    if name == "engine":
        assert tried >= 5  # the facade's example is found and run
