"""The generated clients' games (clients/, played by .ci/sdk) use the schema as it is: nothing
written around it. No token prefix set by hand (the token is a bearer token), no cast, no
`type: ignore` or `any`, no non-null assertion. .ci/sdk checks the rest: the Python game passes
`mypy --strict` against the generated package, and the TypeScript one `tsc --strict`."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

CLIENTS = Path(__file__).resolve().parents[1] / "clients"


def python_workarounds(source: str) -> list[str]:
    found = [
        f"line {t.start[0]}: {t.string}"
        for t in tokenize.generate_tokens(io.StringIO(source).readline)
        if t.type == tokenize.COMMENT and re.search(r"type:\s*ignore", t.string)
    ]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "cast":
                found.append(f"line {node.lineno}: cast()")
            found += [f"line {node.lineno}: prefix=" for k in node.keywords if k.arg == "prefix"]
        if isinstance(node, ast.Name | ast.Attribute) and "Any" in (
            getattr(node, "id", None),
            getattr(node, "attr", None),
        ):
            found.append(f"line {node.lineno}: Any")
        if isinstance(node, ast.ImportFrom) and "Any" in [a.name for a in node.names]:
            found.append(f"line {node.lineno}: import Any")
    return found


TS_WORKAROUNDS = {
    "a cast": r"\bas\s+(?!const\b)[A-Za-z{\[(]",
    "a non-null assertion": r"[\w\])]!(?=[.)\[,;\s])",
    "any": r"(:|<)\s*any\b",
    "a token keyword other than the schema's": r"Authorization:\s*`(?!Bearer )",
}


def ts_workarounds(source: str) -> list[str]:
    found = []
    for number, raw in enumerate(source.splitlines(), 1):
        if "@ts-" in raw:  # a directive lives in a comment
            found.append(f"line {number}: a compiler directive")
        line = re.sub(r'"[^"]*"', '""', raw)  # strings (a URL holds "//")
        line = line.split("//", 1)[0]  # play.ts has no block comment
        found += [
            f"line {number}: {what}" for what, rx in TS_WORKAROUNDS.items() if re.search(rx, line)
        ]
    return found


def test_the_python_client_game_works_around_nothing() -> None:
    source = (CLIENTS / "python" / "play.py").read_text()
    assert python_workarounds(source) == []
    assert "AuthenticatedClient(base_url=base_url, token=token)" in source


def test_the_bots_work_around_nothing_and_the_readme_shows_the_30_lines() -> None:
    """The bots (.ci/sdk plays them) cast nothing and ignore no type error; they read the
    stream's JSON lines, which the schema cannot type, as `dict[str, Any]` and hand them to the
    generated models. The README's bot is tinybot.py, and it is 30 lines at most."""
    python = CLIENTS / "python"
    for path in [*sorted((python / "refbot").glob("*.py")), python / "tinybot.py"]:
        found = python_workarounds(path.read_text())
        assert [f for f in found if not f.endswith("Any")] == [], path
    tiny = (python / "tinybot.py").read_text()
    assert len(tiny.splitlines()) <= 30
    readme = (CLIENTS.parent / "README.md").read_text()
    assert f"```python\n{tiny}```" in readme


def test_the_typescript_client_game_works_around_nothing() -> None:
    source = (CLIENTS / "ts" / "src" / "play.ts").read_text()
    assert ts_workarounds(source) == []
    assert "Authorization: `Bearer ${" in source


def test_the_checks_find_workarounds() -> None:
    python = (
        "from typing import Any, cast\n"
        "x = cast(int, y)  # type: ignore[arg-type]\n"
        "c = AuthenticatedClient(base_url=u, token=t, prefix='Token')\n"
    )
    assert len(python_workarounds(python)) == 4  # Any, cast, type: ignore, prefix
    ts = (
        "const a = players[0]!.POST(x);\n"
        "const b = data as GameView; // a cast\n"
        "const c: any = 1;\n"
        "// @ts-expect-error\n"
        "createClient({ headers: { Authorization: `Token ${t}` } });\n"
        'const d = "http://host" as const;\n'
    )
    assert [f.split(": ", 1)[1] for f in ts_workarounds(ts)] == [
        "a non-null assertion",
        "a cast",
        "any",
        "a compiler directive",
        "a token keyword other than the schema's",
    ]
