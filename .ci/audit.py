#!/usr/bin/env python3
"""The dependency audit (.ci/suite's audit stages; docs/deploy.md, Dependency audit).

  .venv/bin/python .ci/audit.py python [-- PIP-AUDIT OPTIONS]
      the project's dependencies as installed in .venv: pyproject.toml's, with the dev extra,
      and theirs, at their installed versions, by pip-audit against PyPI's vulnerability data
      (pip is one: pip-audit needs it; the venv's setuptools is not: nothing needs it)
  .ci/audit.py npm [-- NPM OPTIONS]
      the TypeScript client's build (clients/ts/package-lock.json), by npm audit

A known vulnerability with a fix (a fixed version on PyPI; npm's `fixAvailable`) fails the
stage: upgrade the package within its range. One without a fix is reported and does not fail:
there is nothing to upgrade to yet. Some packages not looked up fails too: an audit that did not
look has not passed. .ci/audit-accepted lists the advisories accepted for now, each with its
reason. Exits 0 when nothing fixable was found, 1 when something was.

When the vulnerability data cannot be reached at all (no package could be looked up, or npm's
advisory service refuses), the audit did not run: it says so in a line `NOT RUN: ...` and exits
3. .ci/summary lists such a stage as not run, in neither count, so it never passes silently.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ACCEPTED = ROOT / ".ci" / "audit-accepted"
PROJECT = "gtr-api"
NOT_RUN = 3  # the exit status of an audit that could not reach its data


def accepted() -> set[str]:
    """The advisories accepted for now: the first word of each line of .ci/audit-accepted."""
    if not ACCEPTED.exists():
        return set()
    lines = (line.split("#", 1)[0].split() for line in ACCEPTED.read_text().splitlines())
    return {words[0] for words in lines if words}


# Python ------------------------------------------------------------------------------------------


def installed_requirements(project: str = PROJECT, extras: Iterable[str] = ("dev",)) -> list[str]:
    """`name==version` for every distribution the project needs, with its extras, as installed
    in the running interpreter's environment."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pinned: dict[str, str] = {}
    done: set[tuple[str, str]] = set()
    todo = [(project, extra) for extra in ("", *extras)]
    while todo:
        name, extra = todo.pop()
        key = canonicalize_name(name)
        if (key, extra) in done:
            continue
        done.add((key, extra))
        try:
            found = distribution(name)
        except PackageNotFoundError:
            continue  # not installed: its marker did not apply here
        if key != canonicalize_name(project):
            pinned[key] = found.version
        for text in found.requires or []:
            need = Requirement(text)
            if need.marker is not None and not need.marker.evaluate({"extra": extra}):
                continue
            todo.extend((need.name, wanted) for wanted in ("", *need.extras))
    return [f"{name}=={version}" for name, version in sorted(pinned.items())]


def python_verdict(report: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(what fails the audit, what is only reported) from pip-audit's JSON report."""
    failing: list[str] = []
    noted: list[str] = []
    not_looked_up = []
    for dep in report.get("dependencies", []):
        if "skip_reason" in dep:
            not_looked_up.append(f"{dep['name']}: {dep['skip_reason']}")
            continue
        for vuln in dep.get("vulns", []):
            ids = ", ".join([vuln["id"], *vuln.get("aliases", [])])
            where = f"{dep['name']} {dep['version']}: {ids}"
            if vuln.get("fix_versions"):
                failing.append(f"{where}, fixed in {', '.join(vuln['fix_versions'])}")
            else:
                noted.append(f"{where}, no fix yet: {vuln.get('description', '')[:160]}")
    if not_looked_up:
        failing.append(
            f"{len(not_looked_up)} of {len(report.get('dependencies', []))} packages could not be "
            "looked up (is the vulnerability service reachable?): " + "; ".join(not_looked_up[:5])
        )
    return failing, noted


def python_unreached(report: dict[str, Any]) -> str | None:
    """Why the audit looked nothing up, when no package at all could be (else None)."""
    dependencies = report.get("dependencies", [])
    if dependencies and all("skip_reason" in dep for dep in dependencies):
        return f"no package could be looked up ({dependencies[0]['skip_reason']})"
    return None


def audit_python(options: list[str]) -> int:
    pip_audit = Path(sys.executable).parent / "pip-audit"
    if not pip_audit.exists():
        print(f"{pip_audit} is missing: pip install -e '.[dev]'")
        return 1
    pins = installed_requirements()
    with tempfile.TemporaryDirectory() as folder:
        requirements = Path(folder) / "requirements.txt"
        requirements.write_text("\n".join(pins) + "\n")
        ignored = [arg for vuln in sorted(accepted()) for arg in ("--ignore-vuln", vuln)]
        command = [
            str(pip_audit),
            *("-r", str(requirements), "--no-deps", "--disable-pip"),
            *("--format", "json", "--progress-spinner", "off"),
            *ignored,
            *options,
        ]
        done = subprocess.run(command, capture_output=True, text=True)
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        print(f"pip-audit did not answer (exit {done.returncode}):\n{done.stderr[-3000:]}")
        return 1
    unreached = python_unreached(report)
    if unreached:
        return not_run("python", unreached)
    failing, noted = python_verdict(report)
    return verdict("python", len(pins), failing, noted)


# npm ---------------------------------------------------------------------------------------------


def npm_advisories(name: str, vulnerabilities: dict[str, Any], seen: set[str]) -> set[str]:
    """The advisories (their GHSA ids, else their addresses) behind a package's entry: its own,
    and those of the vulnerable packages it is vulnerable through."""
    if name in seen or name not in vulnerabilities:
        return set()
    seen.add(name)
    found: set[str] = set()
    for via in vulnerabilities[name].get("via", []):
        if isinstance(via, str):
            found |= npm_advisories(via, vulnerabilities, seen)
        else:
            found.add(str(via.get("url", via.get("source", ""))).rstrip("/").rsplit("/", 1)[-1])
    return found


def npm_verdict(report: dict[str, Any], accept: set[str]) -> tuple[list[str], list[str]]:
    """(what fails the audit, what is only reported) from `npm audit --json` (npm 7 and later)."""
    if "vulnerabilities" not in report:
        problem = report.get("message") or report.get("error") or report
        return [f"npm audit did not answer: {problem}"], []
    vulnerabilities = report["vulnerabilities"]
    failing: list[str] = []
    noted: list[str] = []
    for name, vuln in sorted(vulnerabilities.items()):
        advisories = npm_advisories(name, vulnerabilities, set())
        if advisories and advisories <= accept:
            noted.append(f"{name}: accepted ({', '.join(sorted(advisories))})")
            continue
        ids = ", ".join(sorted(advisories))
        where = f"{name} {vuln.get('range', '')} ({vuln.get('severity')}): {ids}"
        fix = vuln.get("fixAvailable")
        if fix:
            how = "npm audit fix"
            if isinstance(fix, dict):
                how = f"{fix.get('name')}@{fix.get('version')}"
                how += " (a major upgrade)" if fix.get("isSemVerMajor") else ""
            failing.append(f"{where}, fixed by {how}")
        else:
            noted.append(f"{where}, no fix yet")
    return failing, noted


def audit_npm(options: list[str]) -> int:
    if shutil.which("npm") is None:
        print("installing Node.js and npm", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "nodejs", "npm"], check=False)
    folder = ROOT / "clients" / "ts"
    command = ["npm", "audit", "--json", "--package-lock-only", *options]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        print(f"npm audit did not answer (exit {done.returncode}):\n{done.stderr[-3000:]}")
        return 1
    if "vulnerabilities" not in report:
        problem = report.get("message") or report.get("error") or report
        return not_run("npm", f"the registry's advisory service did not answer: {problem}")
    packages = report.get("metadata", {}).get("dependencies", {}).get("total", "?")
    failing, noted = npm_verdict(report, accepted())
    return verdict("npm", packages, failing, noted)


# -------------------------------------------------------------------------------------------------


def not_run(what: str, why: str) -> int:
    print(f"NOT RUN: the {what} audit could not reach its vulnerability data: {str(why)[:500]}")
    return NOT_RUN


def verdict(what: str, packages: Any, failing: list[str], noted: list[str]) -> int:
    for line in noted:
        print(f"reported: {line}")
    for line in failing:
        print(f"FAILS: {line}")
    outcome = "FAILED" if failing else "passed"
    counts = f"{len(failing)} failing, {len(noted)} reported"
    print(f"audit {what} {outcome}: {packages} packages; {counts}")
    return 1 if failing else 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("python", "npm"):
        print(__doc__)
        return 2
    options = argv[2:] if argv[1:2] == ["--"] else argv[1:]
    return audit_python(options) if argv[0] == "python" else audit_npm(options)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
