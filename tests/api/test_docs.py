"""The docs stay true to the server: every API path they write with a parameter is the schema's,
with the schema's parameter names (a reader copies them into a typed client, whose paths are the
schema's keys); docs/api.md's table of rate limits lists each class with the server's default and
every operation of the class as the schema declares it."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = yaml.safe_load((ROOT / "openapi.yaml").read_text())
API_DOC = (ROOT / "docs" / "api.md").read_text()
PERIODS = {"s": "a second", "m": "a minute", "h": "an hour", "d": "a day"}


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TEMPLATED = re.compile(r"(?<![\w/])/api/[\w./-]*\{\w+\}[\w./{}-]*")


def test_every_api_path_in_the_docs_is_the_schemas() -> None:
    written = {(doc.name, path) for doc in DOCS for path in TEMPLATED.findall(doc.read_text())}
    assert len(written) > 20  # the pattern finds them
    wrong = sorted((name, path) for name, path in written if path not in SCHEMA["paths"])
    assert not wrong, f"paths the schema writes otherwise: {wrong}"


def test_the_path_check_finds_a_wrong_name() -> None:
    text = "read `GET /api/games/{id}/` and `/api/games/{game_id}/moves/?after=N`"
    assert TEMPLATED.findall(text) == ["/api/games/{id}/", "/api/games/{game_id}/moves/"]
    assert "/api/games/{id}/" not in SCHEMA["paths"]


def rate_rows() -> dict[str, str]:
    section = API_DOC.split("## Rate limits", 1)[1].split("\n## ", 1)[0]
    return {
        m.group(1): line for line in section.splitlines() if (m := re.match(r"\| `(\w+)` \|", line))
    }


def test_the_rate_table_has_every_class_with_its_default() -> None:
    rows = rate_rows()
    assert set(rows) == set(settings.GTR_RATE_DEFAULTS)
    for scope, rate in settings.GTR_RATE_DEFAULTS.items():
        number, period = rate.split("/")
        assert f"| {number} {PERIODS[period[0]]} |" in rows[scope], scope
        assert f"`GTR_{scope.upper()}_RATE`" in rows[scope], scope


def test_the_rate_table_names_each_operation_under_its_class() -> None:
    rows = rate_rows()
    for path, item in SCHEMA["paths"].items():
        for method, op in item.items():
            described = op["responses"]["429"]["description"]
            scope = re.search(r"rate limit, `(\w+)`", described)
            assert scope, (method, path)
            if scope.group(1) == "view":
                assert method == "get", (method, path)
            else:
                assert f"`{method.upper()} {path}`" in rows[scope.group(1)], (method, path)


def test_the_client_install_lines_pin_what_ci_builds_with() -> None:
    """docs/api.md's install lines are copyable and give the versions .ci/sdk uses."""
    import json

    clients = ROOT / "clients"
    python = re.search(
        r"^openapi-python-client==\S+$",
        (clients / "python" / "requirements.txt").read_text(),
        re.MULTILINE,
    )
    assert python and f"pip install {python.group(0)}\n" in API_DOC
    package = json.loads((clients / "ts" / "package.json").read_text())
    pins = {**package["dependencies"], **package["devDependencies"]}
    assert pins["typescript"].startswith("5.")  # openapi-typescript 7 crashes on TypeScript 7
    assert f"npm install openapi-fetch@{pins['openapi-fetch']}\n" in API_DOC
    dev = f"openapi-typescript@{pins['openapi-typescript']} typescript@{pins['typescript']}\n"
    assert f"npm install --save-dev {dev}" in API_DOC
