"""The engine's imports: no module anywhere in engine/ (the bots included) imports a framework of
the service, and no engine modules import each other in a circle, module by module or package by
package. The import graph is grimp's, the library import-linter is built on."""

from __future__ import annotations

import graphlib
import json
import subprocess
import sys

import grimp
import pytest

FRAMEWORKS = {"django", "rest_framework", "celery"}
SUBPACKAGES = ("engine.bots", "engine.buildings", "engine.roles")


def engine_graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine", include_external_packages=True, cache_dir=None)


def engine_imports(*, by_package: bool = False) -> dict[str, set[str]]:
    """Each engine module (or, `by_package`, each of the subpackages as one) and the engine
    modules it imports."""
    graph = engine_graph()

    def unit(module: str) -> str:
        if by_package:
            return next(
                (p for p in SUBPACKAGES if module == p or module.startswith(p + ".")), module
            )
        return module

    out: dict[str, set[str]] = {}
    for module in graph.modules:
        if module == "engine" or module.startswith("engine."):
            imported = graph.find_modules_directly_imported_by(module)
            targets = {unit(m) for m in imported if m == "engine" or m.startswith("engine.")}
            out.setdefault(unit(module), set()).update(targets - {unit(module)})
    return out


def cycle(imports: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, if there is one (graphlib finds it)."""
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as error:
        return list(error.args[1])
    return None


def test_no_engine_module_imports_a_framework() -> None:
    graph = engine_graph()
    assert "engine.bots.greedy" in graph.modules  # the graph does reach into the subpackages
    assert not FRAMEWORKS & graph.modules, {
        f: sorted(graph.find_modules_that_directly_import(f)) for f in FRAMEWORKS & graph.modules
    }


def test_importing_every_engine_module_loads_no_framework() -> None:
    """At run time too (an import made by name, with importlib, would escape the graph), in a
    fresh interpreter, since the test run itself has Django loaded."""
    script = (
        "import importlib, json, pkgutil, sys\n"
        "import engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(json.dumps(sorted({k.split('.')[0] for k in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = set(json.loads(done.stdout))
    assert "engine" in loaded
    assert not FRAMEWORKS & loaded


@pytest.mark.parametrize("by_package", [False, True], ids=["modules", "packages"])
def test_no_import_cycle_in_the_engine(by_package: bool) -> None:
    imports = engine_imports(by_package=by_package)
    assert len(imports) >= (10 if by_package else 30)
    assert cycle(imports) is None


def test_a_cycle_would_be_found() -> None:
    """The check above can fail: an import of flow from cards closes a circle (flow imports
    cards), and so would one of the bots from the facade (the arena imports the facade)."""
    imports = engine_imports()
    imports["engine.cards"].add("engine.flow")
    assert {"engine.cards", "engine.flow"} <= set(cycle(imports) or ())
    packages = engine_imports(by_package=True)
    packages["engine"].add("engine.bots")
    assert {"engine", "engine.bots"} <= set(cycle(packages) or ())
