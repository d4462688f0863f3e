"""axe-core (Deque's accessibility engine, from npm, pinned in tests/web/axe/package-lock.json) run
in the real Chromium on a page of the web client: no serious or critical violation allowed.

`npm ci` installs it once into .cache/axe-<checksum of the lock>/ (the way .ci/sdk installs its
npm packages); the test reads axe.min.js and runs it with WebDriver's execute_script, which the
page's Content-Security-Policy does not apply to (only the page's own scripts are checked)."""

from __future__ import annotations

import shutil
import subprocess
import zlib
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PINS = Path(__file__).parent / "axe"
SERIOUS = ("serious", "critical")


@cache
def source() -> str:
    lock = (PINS / "package-lock.json").read_bytes()
    folder = ROOT / ".cache" / f"axe-{zlib.crc32(lock):08x}"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        if shutil.which("npm") is None:
            raise RuntimeError("npm is missing: apt-get install npm (as .ci/sdk does)")
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(PINS / name, folder / name)
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=folder,
            check=True,
            capture_output=True,
        )
    return script.read_text()


RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']})
  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))
  .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


def violations(driver: Any) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on the page shown."""
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        driver.execute_script(source())
    found = driver.execute_async_script(RUN)
    return [v for v in found if v["impact"] in SERIOUS]


def check(person: Any, what: str) -> None:
    found = violations(person.driver)
    assert not found, (what, found)
