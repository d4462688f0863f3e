"""The dependency audit (.ci/audit.py, the suite's audit stages): a known vulnerability with a fix
fails it, one without a fix is only reported, and an audit that could not look fails. Each audit
also runs for real against a vulnerability service of this test's own, on this machine: an OSV
server for pip-audit, an npm registry for npm audit, each naming a package the project really
installs or locks."""

from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import version
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.live import ROOT

AUDIT = ROOT / ".ci" / "audit.py"
LOCK = ROOT / "clients" / "ts" / "package-lock.json"


def load_audit() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_audit", AUDIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


audit = load_audit()


def bumped(text: str) -> str:
    """The next patch release: 1.2.3 -> 1.2.4."""
    *head, last = text.split(".")
    return ".".join([*head, str(int("".join(c for c in last if c.isdigit()) or 0) + 1)])


# The verdicts, from reports as the tools write them ----------------------------------------------


def test_a_python_vulnerability_with_a_fix_fails_and_one_without_is_reported() -> None:
    report = {
        "dependencies": [
            {"name": "django", "version": "5.2.1", "vulns": [
                {"id": "PYSEC-1", "aliases": ["CVE-1"], "fix_versions": ["5.2.2"],
                 "description": "fixable"},
                {"id": "GHSA-2", "aliases": [], "fix_versions": [], "description": "not yet"},
            ]},
            {"name": "pytest", "version": "9.0", "vulns": []},
        ],
        "fixes": [],
    }  # fmt: skip
    failing, noted = audit.python_verdict(report)
    assert failing == ["django 5.2.1: PYSEC-1, CVE-1, fixed in 5.2.2"]
    assert noted == ["django 5.2.1: GHSA-2, no fix yet: not yet"]
    report["dependencies"][0]["vulns"].pop(0)
    assert audit.python_verdict(report)[0] == []


def test_a_python_package_that_could_not_be_looked_up_fails() -> None:
    """What PyPI's service answers when it is not there (a mirror without per-release pages):
    pip-audit itself says "No known vulnerabilities found" and exits 0."""
    report = {
        "dependencies": [
            {"name": "django", "skip_reason": "Dependency not found on PyPI and could not be "
             "audited: django (5.2.19)"},
            {"name": "pytest", "version": "9.0", "vulns": []},
        ]
    }  # fmt: skip
    failing, _ = audit.python_verdict(report)
    assert len(failing) == 1 and "1 of 2 packages could not be looked up" in failing[0]


NPM_REPORT = {
    "auditReportVersion": 2,
    "vulnerabilities": {
        "openapi-fetch": {
            "name": "openapi-fetch", "severity": "high", "isDirect": True, "range": "0.17.0",
            "via": [{"source": 1, "name": "openapi-fetch", "title": "t", "severity": "high",
                     "url": "https://github.com/advisories/GHSA-aaaa-aaaa-aaaa", "range": "<0.18"}],
            "fixAvailable": {"name": "openapi-fetch", "version": "0.18.0", "isSemVerMajor": True},
        },
        "picocolors": {
            "name": "picocolors", "severity": "low", "isDirect": False, "range": "1.1.1",
            "via": [{"source": 2, "url": "https://github.com/advisories/GHSA-bbbb-bbbb-bbbb"}],
            "fixAvailable": True,
        },
        "pluralize": {
            "name": "pluralize", "severity": "moderate", "isDirect": False, "range": "*",
            "via": [{"source": 3, "url": "https://github.com/advisories/GHSA-cccc-cccc-cccc"}],
            "fixAvailable": False,
        },
        "@redocly/openapi-core": {
            "name": "@redocly/openapi-core", "severity": "moderate", "isDirect": False,
            "range": "*", "via": ["pluralize"], "fixAvailable": False,
        },
    },
    "metadata": {"dependencies": {"total": 37}},
}  # fmt: skip


def test_an_npm_vulnerability_with_a_fix_fails_and_one_without_is_reported() -> None:
    failing, noted = audit.npm_verdict(NPM_REPORT, set())
    assert failing == [
        "openapi-fetch 0.17.0 (high): GHSA-aaaa-aaaa-aaaa, fixed by openapi-fetch@0.18.0 "
        "(a major upgrade)",
        "picocolors 1.1.1 (low): GHSA-bbbb-bbbb-bbbb, fixed by npm audit fix",
    ]
    assert noted == [
        "@redocly/openapi-core * (moderate): GHSA-cccc-cccc-cccc, no fix yet",
        "pluralize * (moderate): GHSA-cccc-cccc-cccc, no fix yet",
    ]


def test_an_accepted_npm_advisory_is_only_reported() -> None:
    failing, noted = audit.npm_verdict(NPM_REPORT, {"GHSA-bbbb-bbbb-bbbb"})
    assert [line.split()[0] for line in failing] == ["openapi-fetch"]
    assert "picocolors: accepted (GHSA-bbbb-bbbb-bbbb)" in noted


def test_npm_audit_that_did_not_answer_fails() -> None:
    refused = {"message": "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/..."}
    failing, _ = audit.npm_verdict(refused, set())
    assert failing and "405 Method Not Allowed" in failing[0]


def test_the_python_audit_covers_the_project_as_installed() -> None:
    pins = dict(line.split("==") for line in audit.installed_requirements())
    for name in ("django", "django-csp", "djangorestframework", "uvicorn", "pytest", "pip-audit"):
        assert pins[name] == version(name), name
    assert pins["pip"] == version("pip")  # pip-audit needs it (through pip-api)
    assert "gtr-api" not in pins and "setuptools" not in pins  # nothing needs the venv's
    assert "rlcard" not in pins  # the bench extra is not installed for the suite


# The audits against services of this test's own -------------------------------------------------


@pytest.fixture
def service() -> Iterator[Callable[[Any], str]]:
    """`service(Handler)` serves the handler class on a free loopback port; its base URL."""
    servers: list[ThreadingHTTPServer] = []

    def start(handler: Any) -> str:
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


class JSONHandler(BaseHTTPRequestHandler):
    def answer(self, body: Any, status: int = 200) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self) -> Any:
        data = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return json.loads(data)

    def log_message(self, *args: Any) -> None:
        pass


def osv(vulnerable: dict[str, list[str]]) -> type[JSONHandler]:
    """An OSV query service (POST /v1/query) knowing one vulnerability per package named, with
    the given fixed versions (none: no fix)."""

    class OSV(JSONHandler):
        def do_POST(self) -> None:
            asked = self.body()
            name, installed = asked["package"]["name"], asked["version"]
            if name not in vulnerable:
                return self.answer({})
            events: list[dict[str, str]] = [{"introduced": "0"}]
            events += [{"fixed": fixed} for fixed in vulnerable[name]]
            affected = {"package": {"name": name, "ecosystem": "PyPI"}, "versions": [installed]}
            affected["ranges"] = [{"type": "ECOSYSTEM", "events": events}]
            vuln = {"id": f"TEST-{name}", "summary": "a test", "affected": [affected]}
            self.answer({"vulns": [vuln]})

    return OSV


def run_audit(kind: str, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(AUDIT), kind, "--", *options]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_pip_audit_fails_on_a_fixable_vulnerability_of_an_installed_package(
    service: Callable[[Any], str],
) -> None:
    fixed = bumped(version("sqlparse"))
    url = service(osv({"sqlparse": [fixed], "pytest": []}))
    done = run_audit("python", "--vulnerability-service", "osv", "--osv-url", f"{url}/v1/query")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"FAILS: sqlparse {version('sqlparse')}: TEST-sqlparse, fixed in {fixed}" in done.stdout
    assert f"reported: pytest {version('pytest')}: TEST-pytest, no fix yet" in done.stdout

    url = service(osv({"pytest": []}))  # only a vulnerability without a fix: reported, passes
    done = run_audit("python", "--vulnerability-service", "osv", "--osv-url", f"{url}/v1/query")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "reported: pytest" in done.stdout and "audit python passed" in done.stdout


def test_pip_audit_without_its_service_fails(service: Callable[[Any], str]) -> None:
    url = service(JSONHandler)  # answers every query with 501
    done = run_audit("python", "--vulnerability-service", "osv", "--osv-url", f"{url}/v1/query")
    assert done.returncode == 1 and "pip-audit did not answer" in done.stdout, done.stdout


def npm_registry(advisories: dict[str, tuple[str, str | None]]) -> type[JSONHandler]:
    """An npm registry for clients/ts/package-lock.json: the packuments of the locked versions,
    and the bulk advisory endpoint, which names one advisory per package given: its GHSA and
    the fixed version (published here as a newer release; None: no fix)."""
    lock = json.loads(LOCK.read_text())
    locked: dict[str, str] = {}
    for path, meta in lock["packages"].items():
        if path:
            locked[path.rsplit("node_modules/", 1)[-1]] = meta["version"]

    class Registry(JSONHandler):
        def do_POST(self) -> None:
            asked = self.body()
            self.answer(
                {
                    name: [
                        {
                            "id": number,
                            "url": f"https://github.com/advisories/{ghsa}",
                            "title": "a test",
                            "severity": "high",
                            "vulnerable_versions": f"<={locked[name]}" if fixed else "*",
                            "cwe": [],
                            "cvss": {},
                        }
                    ]
                    for number, (name, (ghsa, fixed)) in enumerate(advisories.items())
                    if name in asked
                }
            )

        def do_GET(self) -> None:
            name = self.path.lstrip("/").replace("%2f", "/").replace("%2F", "/")
            if name not in locked:
                return self.answer({"error": "Not found"}, 404)
            releases = [locked[name]]
            fixed = advisories.get(name, ("", None))[1]
            releases += [fixed] if fixed else []
            meta = lock["packages"][f"node_modules/{name}"]
            versions = {
                release: {
                    "name": name,
                    "version": release,
                    "dependencies": meta.get("dependencies", {}),
                    "dist": {"tarball": f"http://127.0.0.1/{name}-{release}.tgz"},
                }
                for release in releases
            }
            self.answer({"name": name, "dist-tags": {"latest": releases[-1]}, "versions": versions})

    return Registry


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm (.ci/parts installs it)")
def test_npm_audit_fails_on_a_fixable_vulnerability_of_the_locked_client(
    service: Callable[[Any], str], tmp_path: Path
) -> None:
    locked = json.loads(LOCK.read_text())["packages"]["node_modules/picocolors"]["version"]
    fixable = {"picocolors": ("GHSA-test-0000-0001", bumped(locked))}
    unfixed = {"pluralize": ("GHSA-test-0000-0002", None)}
    url = service(npm_registry({**fixable, **unfixed}))
    done = run_audit("npm", "--registry", f"{url}/", "--cache", str(tmp_path / "a"))
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"FAILS: picocolors {locked} (high): GHSA-test-0000-0001, fixed by" in done.stdout
    assert "reported: pluralize * (high): GHSA-test-0000-0002, no fix yet" in done.stdout

    url = service(npm_registry(unfixed))
    done = run_audit("npm", "--registry", f"{url}/", "--cache", str(tmp_path / "b"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "audit npm passed" in done.stdout


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm (.ci/parts installs it)")
def test_npm_audit_without_its_service_did_not_run(
    service: Callable[[Any], str], tmp_path: Path
) -> None:
    """A registry whose advisory service refuses (as this machine's does): not a pass, not a
    failure of ours: the audit says it did not run."""
    url = service(JSONHandler)  # no advisory endpoint: 501
    done = run_audit("npm", "--registry", f"{url}/", "--cache", str(tmp_path))
    assert done.returncode == audit.NOT_RUN, done.stdout + done.stderr
    assert done.stdout.startswith("NOT RUN: the npm audit could not reach"), done.stdout


def test_a_python_audit_that_could_look_nothing_up_did_not_run() -> None:
    """PyPI's per-release pages all missing (as on this machine): every package skipped."""
    skipped = {"name": "django", "skip_reason": "Dependency not found on PyPI"}
    assert audit.python_unreached({"dependencies": [skipped, {**skipped, "name": "celery"}]})
    looked = {"name": "celery", "version": "5.5", "vulns": []}
    assert audit.python_unreached({"dependencies": [skipped, looked]}) is None


def test_the_summary_lists_an_audit_that_did_not_run_in_neither_count(tmp_path: Path) -> None:
    (tmp_path / "lint.log").write_text("All checks passed!\n")
    (tmp_path / "lint.rc").write_text("0\n")
    (tmp_path / "audit-npm.log").write_text("NOT RUN: the npm audit could not reach it: 405\n")
    (tmp_path / "audit-npm.rc").write_text(f"{audit.NOT_RUN}\n")
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "summary"), str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert (
        "audit-npm: not run, in neither count (the npm audit could not reach it: 405)"
        in done.stdout
    )
    assert done.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_the_summary_counts_each_audit_as_one_check(tmp_path: Path) -> None:
    """.ci/summary: an audit stage is one check, passed or failed, whatever it found."""
    stages = {
        "audit-python": (0, "reported: pytest 9.0: X, no fix yet\naudit python passed: ...\n"),
        "audit-npm": (1, "FAILS: a 1.0 (high): GHSA-x, fixed by npm audit fix\nFAILS: b\n"),
    }
    for name, (status, log) in stages.items():
        (tmp_path / f"{name}.log").write_text(log)
        (tmp_path / f"{name}.rc").write_text(f"{status}\n")
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "summary"), str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "audit-python: 1 passed, 0 failed" in done.stdout
    assert "audit-npm: 0 passed, 1 failed" in done.stdout
    assert done.stdout.splitlines()[-1] == "1 passed, 1 failed"
