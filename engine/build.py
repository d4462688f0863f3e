"""Build the compiled engine (engine/compiled.py) into the virtualenv, or say why not.

    python -m engine.build

Prints one line: which engine the next process will run. Nothing is built when the build is
current; without a C compiler or mypyc the engine stays pure Python, and that is no error.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .compiled import BUILD, ROOT, SOURCES, built, digest, sources

LOG = BUILD.with_suffix(".log")  # the last build's output
# The engine's own type-checking options for mypyc. Not the project's (pyproject.toml): they load
# Django's mypy plugins, which a server installs without (the `compiled` extra).
MYPY_CONFIG = "[mypy]\nstrict = True\n"


def compiler() -> str | None:
    """Why the engine cannot be compiled here (no C compiler, no mypyc), or None."""
    if not (os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")):
        return "no C compiler"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "no mypyc (pip install '.[compiled]', or '.[dev]')"
    return None


def build() -> str:
    """Compile the engine into BUILD unless the build is current; the line to print. The
    compiler's output goes to LOG."""
    made_from = digest()
    if built() == made_from:
        return "engine: compiled with mypyc (up to date)"
    shutil.rmtree(BUILD, ignore_errors=True)
    missing = compiler()
    if missing:
        return f"engine: pure Python ({missing})"
    with LOG.open("w") as log:
        done = subprocess.run(
            [sys.executable, "-m", "engine.build", "--compile"],
            cwd=ROOT,  # mypyc names the modules by their paths
            stdout=log,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode != 0:
        shutil.rmtree(BUILD, ignore_errors=True)
        return f"engine: pure Python (the build failed: {LOG})"
    SOURCES.write_text(made_from + "\n")
    return f"engine: compiled with mypyc ({len(sources())} modules; its output in {LOG})"


def compile_modules() -> None:
    """mypyc and the C compiler, in this process (run from the project's root)."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(path.relative_to(ROOT)) for path in sources()]
    with tempfile.TemporaryDirectory() as temp:
        config = Path(temp) / "mypy.ini"
        config.write_text(MYPY_CONFIG)
        setup(
            name="engine-compiled",
            ext_modules=mypycify(
                [f"--config-file={config}", *paths], opt_level="3", target_dir=temp
            ),
            script_args=[
                *("build_ext", "--build-lib", str(BUILD), "--build-temp", temp),
                *("--parallel", str(os.cpu_count() or 1)),
            ],
        )


def main() -> None:
    if sys.argv[1:] == ["--compile"]:
        compile_modules()
    else:
        print(build())


if __name__ == "__main__":
    main()
