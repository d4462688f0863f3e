"""gtr_api.settle: a web process, once its application is loaded (ASGI as production serves it,
WSGI as `runserver` does), has loaded its URLconf and put start-up's objects out of the garbage
collector's sight, so that a full collection walks only what requests kept since."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOOK = (
    "import gc, sys; import gtr_api.{module}; "
    "print(gc.get_freeze_count(), len(gc.get_objects()), 'games.api.play' in sys.modules)"
)


@pytest.mark.parametrize("module", ["asgi", "wsgi"])
def test_a_web_process_settles_before_its_first_request(module: str, tmp_path: Path) -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "gtr_api.settings", "GTR_VAR_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", LOOK.format(module=module)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    frozen, watched, views_loaded = done.stdout.split()
    assert views_loaded == "True"  # the URLconf and the views it imports: loaded, then frozen
    assert int(frozen) > 50_000  # Django, DRF, the engine, ...
    assert int(watched) < int(frozen) / 10  # what a full collection still walks
