"""The compiled engine: the rules' modules built with mypyc, used in place of their source.

    python -m engine.build             # build into .venv/engine-compiled (make run, make test)
    GTR_ENGINE=pure python ...         # run the pure-Python engine anyway

The engine is `mypy --strict`, so mypyc compiles it to C as it is; the compiled modules play
exactly as the source does (tests/engine/test_compiled.py plays both over many random games),
about three times as fast. The build is optional: without a C compiler (or mypyc) the engine runs
as pure Python, and everything else is the same. Two things differ, which the source allows for: a
compiled function refuses an argument of another type than it declares with a TypeError (so what
takes a client's data declares `Any` and checks it), and a compiled class keeps no docstring (so
what the API shows is in a class variable: `Action.ABOUT`).

On importing `engine`, this module comes first: `select` puts the build's directory in front of
the package's own path, so each compiled module is found there before its source, when the build
exists, was made from the sources as they are now (their digest is the build's `SOURCES`), and
`GTR_ENGINE` is not `pure`. A build older than the sources is left alone with a warning: the
engine runs as pure Python until the next build. `engine.ENGINE` says which runs. Not compiled:
the package's `__init__`, this module and the builder; the bots and the tools.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import warnings
from collections.abc import MutableSequence
from pathlib import Path

ENV = "GTR_ENGINE"  # "pure": never the compiled modules
PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
BUILD = Path(sys.prefix) / "engine-compiled"  # in the virtualenv
SOURCES = BUILD / "SOURCES"
NOT_COMPILED = ("__init__.py", "compiled.py", "build.py", "bench.py", "__main__.py")
NOT_COMPILED_DIRS = ("bots",)


def sources() -> list[Path]:
    """The modules compiled, in a stable order."""
    return sorted(
        path
        for path in PACKAGE.rglob("*.py")
        if not (path.parent == PACKAGE and path.name in NOT_COMPILED)
        and not any(part in NOT_COMPILED_DIRS for part in path.relative_to(PACKAGE).parts)
    )


def digest() -> str:
    """What the compiled modules were built from: their paths and contents."""
    h = hashlib.sha256()
    for path in sources():
        h.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def built() -> str | None:
    """The digest of the sources the build was made from; None without a build."""
    try:
        return SOURCES.read_text().strip()
    except OSError:
        return None


def select(package_path: MutableSequence[str]) -> str:
    """Put the build in front of `engine.__path__` when it may be used; say which engine runs:
    "compiled" or "pure"."""
    if os.environ.get(ENV) == "pure":
        return "pure"
    made_from = built()
    if made_from is None:
        return "pure"
    if made_from != digest():
        warnings.warn(
            "the compiled engine is older than its sources: running pure Python "
            "(python -m engine.build builds it again)",
            RuntimeWarning,
            stacklevel=2,
        )
        return "pure"
    package_path.insert(0, str(BUILD / "engine"))
    load_library()
    return "compiled"


def load_library() -> None:
    """Load mypyc's shared library, a top-level module which every compiled module imports, from
    the build by its path. The build's directory stays off `sys.path`: its `engine/` has no
    `__init__`, and a process importing `engine` afresh (a worker started by spawn) would take it
    for a namespace package before the installed one. The library stays where mypyc put it, beside
    `engine/`: it places the compiled packages' `__path__` by its own."""
    for path in BUILD.glob("*__mypyc.*"):
        name = path.name.split(".")[0]
        if name in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        library = importlib.util.module_from_spec(spec)
        sys.modules[name] = library
        spec.loader.exec_module(library)


ENGINE = select(sys.modules[__package__].__path__)  # "compiled" or "pure"
