"""Each action type says its fields three times, by hand (so that mypyc compiles it into a native
class: engine/actions.py): in FIELDS, which the parser, the API's schema and the environment read;
in its constructor; and in `values()`, which equality, hashing and `to_json` read. They agree."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import ACTION_TYPES, SKIP, Action, Claim, Field, Follow, Skip, parse

# A value of each JSON type a field may have, other than any default.
SAMPLES: dict[str, Any] = {"int": 7, "int | None": 8, "bool": True, "tuple[int, ...]": (3, 4)}
WORDS = {"take": "jack", "role": "laborer", "site": "brick"}


def sample(field: Field) -> Any:
    return WORDS[field.name] if field.annotation == "str" else SAMPLES[field.annotation]


@pytest.mark.parametrize("type_name", sorted(ACTION_TYPES))
def test_fields_constructor_and_values_agree(type_name: str) -> None:
    cls = ACTION_TYPES[type_name]
    assert type_name == cls.TYPE
    given = {f.name: sample(f) for f in cls.FIELDS}
    action = cls(**given)  # the constructor takes FIELDS' names
    assert action.values() == tuple(given.values())  # in FIELDS' order
    assert action.to_json() == {
        "type": type_name,
        **{k: list(v) if isinstance(v, tuple) else v for k, v in given.items()},
    }
    assert parse(action.to_json()) == action
    required = {f.name: given[f.name] for f in cls.FIELDS if not f.optional}
    plain = cls(**required)  # the others take FIELDS' defaults, which to_json leaves out
    assert plain.values() == tuple(f.default if f.optional else given[f.name] for f in cls.FIELDS)
    assert parse(plain.to_json()) == plain
    assert len(plain.to_json()) == 1 + len(required)


def test_actions_compare_and_hash_by_type_and_values() -> None:
    a, b = Follow((1, 2)), Follow((1, 2))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Follow((2, 1))
    assert a != Claim((1, 2))  # the same fields, another type
    assert Skip() == SKIP and isinstance(SKIP, Action)
    assert repr(a) == "Follow(cards=(1, 2))"
