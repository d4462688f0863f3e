"""One error model: every error raised on purpose is a GameError with a code from the one
complete list (games.codebook), the status each service error declares, and a list that
docs/api.md and the schema show in full."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml
from django.core.management import call_command

import engine
from engine.errors import GameError
from games import codebook, codes
from games.errors import ENGINE_STATUS, ServiceError, status_of
from games.management.commands.error_codes import DOCS, with_table

ROOT = Path(__file__).resolve().parents[2]


def service_error_classes() -> dict[str, type[ServiceError]]:
    found: dict[str, type[ServiceError]] = {}
    stack = [ServiceError]
    while stack:
        cls = stack.pop()
        found[cls.__name__] = cls
        stack.extend(cls.__subclasses__())
    return found


def test_docs_list_every_code() -> None:
    text = DOCS.read_text()
    assert with_table(text) == text, "run: .venv/bin/python manage.py error_codes --write"


def test_the_schema_lists_every_code() -> None:
    schema = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    code = schema["components"]["schemas"]["Error"]["properties"]["code"]
    assert code["description"] == codebook.schema_description(), "run: make schema"


def test_the_list_holds_the_service_and_the_engine_codes() -> None:
    listed = {(c.code, c.status) for c in codebook.all_codes()}
    assert {(c.code, c.status) for c in codes.CODES} <= listed
    assert {("not_your_turn", 422), ("unknown_action", 400), ("bad_version", 422)} <= listed
    assert ("card_not_in_stockpile", 422) in listed  # a code a class attribute names
    assert len(codes.CODES) == len({(c.code, c.status) for c in codes.CODES})


def test_engine_errors_keep_their_codes_and_get_the_status_of_their_kind() -> None:
    assert status_of(engine.IllegalAction("game_over", "The game is over.")) == 422
    assert status_of(engine.MalformedAction("bad_field", "...")) == 400
    assert status_of(engine.SetupError("bad_seed", "...")) == 422
    assert set(ENGINE_STATUS) == set(engine.EngineError.__subclasses__())
    assert issubclass(engine.EngineError, GameError) and issubclass(ServiceError, GameError)


def test_service_errors_are_raised_with_listed_codes_of_their_status() -> None:
    """Every raise of a service error in games/ and players/ names its code by a games.codes
    constant (or takes its class's default), registered under the status of that class."""
    classes = service_error_classes()
    statuses: dict[str, set[int]] = {}
    for c in codes.CODES:
        statuses.setdefault(c.code, set()).add(c.status)
    for cls in classes.values():
        assert cls.status in statuses.get(cls.default_code, set()), cls
    checked = 0
    for path in [*ROOT.glob("games/**/*.py"), *ROOT.glob("players/**/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            cls = classes.get(node.func.id)
            if cls is None or len(node.args) < 2:
                continue
            code = node.args[1]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            assert isinstance(code, ast.Attribute) and isinstance(code.value, ast.Name), where
            assert code.value.id == "codes", f"{where}: name the code by a games.codes constant"
            assert cls.status in statuses[getattr(codes, code.attr)], where
            checked += 1
    assert checked > 20


def test_the_management_command_prints_the_table(capsys) -> None:
    call_command("error_codes")
    assert capsys.readouterr().out.strip() == codebook.markdown_table()
