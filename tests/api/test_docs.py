"""docs/api.md stays true to the server: its table of rate limits lists each class with the
server's default and every operation of the class as the schema declares it."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = yaml.safe_load((ROOT / "openapi.yaml").read_text())
API_DOC = (ROOT / "docs" / "api.md").read_text()
PERIODS = {"s": "a second", "m": "a minute", "h": "an hour", "d": "a day"}


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
