"""The environment's libraries stay an optional extra: no module of the engine, nor of the
server, imports PettingZoo, Gymnasium or NumPy (the import graph is grimp's), and gtr_env reaches
into the project through the engine alone (the contracts `env` and `env-optional` of
pyproject.toml hold them too: tests/test_imports.py)."""

from __future__ import annotations

import sys

import grimp

EXTRA = {"pettingzoo", "gymnasium", "numpy"}
SERVER = ("engine", "games", "players", "web", "gtr_api")


def test_neither_the_engine_nor_the_server_imports_the_extra() -> None:
    graph = grimp.build_graph(*SERVER, include_external_packages=True, cache_dir=None)
    assert "engine.bots.greedy" in graph.modules and "games.api.play" in graph.modules
    found = {f: sorted(graph.find_modules_that_directly_import(f)) for f in EXTRA & graph.modules}
    assert not found, found


def test_the_environment_imports_the_engine_and_its_libraries_only() -> None:
    graph = grimp.build_graph("gtr_env", *SERVER, include_external_packages=True, cache_dir=None)
    imported = set()
    for module in graph.modules:
        if module.startswith("gtr_env"):
            imported |= graph.find_modules_directly_imported_by(module)
    roots = {m.split(".")[0] for m in imported} - set(sys.stdlib_module_names)
    assert roots <= {"gtr_env", "engine", *EXTRA}, sorted(roots)
    assert {"engine", "pettingzoo", "gymnasium", "numpy"} <= roots
