"""The API's JSON renderer (games.api.renderers) writes exactly the bytes DRF's renderer writes, for
every shape an answer takes, and falls back to DRF's where orjson would refuse or differ."""

from __future__ import annotations

import datetime
import decimal
import json
import random
import uuid
from typing import Any

import pytest
from django.utils.translation import gettext_lazy
from rest_framework import renderers
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

import engine
from games.api.renderers import JSONRenderer
from games.models import Game
from games.read import selectors

DRF = renderers.JSONRenderer()
OURS = JSONRenderer()


def late_view() -> dict[str, Any]:
    """A view after 300 random moves, with its legal moves labelled: the largest answer."""
    state = engine.new_game("republic", 3, seed=7)
    rnd = random.Random(7)
    for _ in range(300):
        if engine.is_over(state):
            break
        state = engine.apply(state, rnd.choice(engine.legal_actions(state)))
    seat = engine.to_act(state)
    view = engine.view(state, seat)
    view["legal_actions"] = selectors.legal_moves(state, view, {0: "ann", 1: "bob", 2: "cy"})
    return view


SHAPES = {
    "a late view": late_view,
    "times, as DRF writes them": lambda: {
        "at": datetime.datetime(2026, 11, 23, 16, 5, 7, 123456, tzinfo=datetime.UTC),
        "naive": datetime.datetime(2026, 1, 2, 3, 4, 5, 6),
        "day": datetime.date(2026, 11, 23),
        "time": datetime.time(9, 30, 15, 250000),
        "span": datetime.timedelta(hours=25, seconds=3),
    },
    "lazy text, decimals, ids": lambda: {
        "detail": gettext_lazy("Not found."),
        "price": decimal.Decimal("2.50"),
        "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
        "status": Game.Status.ACTIVE,
    },
    "DRF's own containers": lambda: ReturnDict(
        {"results": ReturnList([{"a": 1}, {"b": [1.5, None, True]}], serializer=None)},
        serializer=None,
    ),
    "keys that are not text": lambda: {1: "one", 2: {3: "three"}},
    "text past ASCII, and line separators": lambda: {
        "name": "Świątynia \u2028 ok \u2029 \U0001f3db",
        "quote": 'say "hi" \\ / \n\t',
    },
    "an integer past 64 bits": lambda: {"id": 203099598296193400832},
    "empty things": lambda: {"list": [], "dict": {}, "text": ""},
}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_same_bytes_as_drf(shape: str) -> None:
    data = SHAPES[shape]()
    assert OURS.render(data, "application/json") == DRF.render(data, "application/json")


def test_nothing_renders_as_nothing_and_indent_is_drfs() -> None:
    assert OURS.render(None) == DRF.render(None) == b""
    data = {"a": [1, {"b": 2}]}
    indented = OURS.render(data, "application/json; indent=2")
    assert indented == DRF.render(data, "application/json; indent=2")
    assert b"\n  " in indented


def test_a_large_answer_round_trips() -> None:
    view = late_view()
    rendered = OURS.render(view, "application/json")
    assert len(rendered) > 10_000 and json.loads(rendered) == json.loads(json.dumps(view))


def test_the_api_answers_with_it(client: Any) -> None:
    from django.conf import settings

    assert (
        settings.REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"][0] == "games.api.renderers.JSONRenderer"
    )
    response = client.get("/api/cards/?version=republic")
    assert response.status_code == 200
    assert response.content == DRF.render(response.data, "application/json")
