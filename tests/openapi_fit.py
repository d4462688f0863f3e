"""Every answer a test receives fits the committed openapi.yaml: its status is documented for the
operation, and a JSON body is valid against that status's schema (tests/conftest.py checks each
response the test clients get). A generated client trusts the schema; the suite holds it true.

OpenAPI 3.0's `nullable` is not JSON Schema: `as_json_schema` rewrites it as `anyOf [..., null]`.
jsonschema-rs validates every answer; the pure-Python jsonschema only explains a misfit.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import yaml

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "openapi.yaml"


def as_json_schema(node: Any) -> Any:
    if isinstance(node, list):
        return [as_json_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: as_json_schema(v) for k, v in node.items() if k not in ("nullable", "discriminator")}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@functools.cache
def _openapi() -> dict[str, Any]:
    return yaml.safe_load(SCHEMA_FILE.read_text())


@functools.cache
def _operations() -> list[tuple[re.Pattern[str], str]]:
    """(regex of the path, its template), the most specific first (no parameter beats one)."""
    out = []
    for template in _openapi()["paths"]:
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        out.append((re.compile(f"^{pattern}$"), template))
    return sorted(out, key=lambda pair: pair[1].count("{"))


@functools.cache
def _schema(template: str, method: str, status: str) -> dict[str, Any] | None:
    """The JSON Schema of an operation's JSON answer under `status`; None where the answer has
    no JSON body (204, a stream). KeyError: the status is not documented."""
    responses = _openapi()["paths"][template][method]["responses"]
    response = responses[status] if status in responses else responses[f"{status[0]}XX"]
    schema = response.get("content", {}).get("application/json", {}).get("schema")
    if schema is None:
        return None
    return {**as_json_schema(schema), "components": as_json_schema(_openapi()["components"])}


@functools.cache
def _validator(template: str, method: str, status: str) -> Any:
    schema = _schema(template, method, status)
    return None if schema is None else jsonschema_rs.Draft4Validator(schema)


def check(method: str, path: str, status: int, content_type: str, body: bytes) -> None:
    """Assert that an answer of the API fits the schema (the web client's pages are not in it)."""
    template = next((t for rx, t in _operations() if rx.match(path)), None)
    if template is None or not template.startswith("/api/") or template == "/api/schema/":
        return
    method = method.lower()
    assert method in _openapi()["paths"][template], f"{method.upper()} {template} undocumented"
    try:
        validator = _validator(template, method, str(status))
    except KeyError:
        raise AssertionError(f"{method.upper()} {template}: status {status} undocumented") from None
    if validator is None or not content_type.startswith("application/json") or not body:
        return
    data = json.loads(body)
    if validator.is_valid(data):
        return
    schema = _schema(template, method, str(status))
    error = jsonschema.exceptions.best_match(jsonschema.Draft4Validator(schema).iter_errors(data))
    raise AssertionError(
        f"{method.upper()} {path} {status} does not fit openapi.yaml at "
        f"{list(error.absolute_path) if error else []}: {error.message[:300] if error else ''}"
    )
