"""The card catalog endpoint.

It lists a ruleset's order cards in the caller's language."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from engine.cards import GEEK_NAMES
from engine.setup import check_geek
from games.models import Game
from games.words import cardnames, language

from .base import (
    errors,
    query,
    token_seat,
)

_GEEK_CARD = "|".join(GEEK_NAMES)


class CardCatalogQuery(serializers.Serializer):
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    geek = serializers.RegexField(
        rf"^(true|false|({_GEEK_CARD})(,({_GEEK_CARD}))*)$",  # The schema carries this pattern too.
        required=False,
        help_text="The Geek expansion's cards to list too (Republic and Imperium): `true` for "
        "all ten, or their names, comma-separated (`Domus,Watch Post`), as a game's `geek` "
        "option takes them.",
        error_messages={
            "invalid": f"`true`, `false` or Geek cards, comma-separated: {', '.join(GEEK_NAMES)}."
        },
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """The chosen cards, as a game takes them; the first edition has none (422 `bad_option`,
        engine.SetupError)."""
        raw = data.get("geek", "false")
        value: bool | list[str] = raw.split(",") if raw not in ("true", "false") else raw == "true"
        data["geek"] = check_geek(value, data["version"], training=False)
        return data


class CardType(serializers.Serializer):
    type = serializers.CharField(
        help_text="The type's English name: its key in scenarios and records, the same in "
        "every language."
    )
    name = serializers.CharField(
        help_text="The name in your language (docs/api.md, Languages): `Bath`, or in Polish "
        "`Łaźnie`."
    )
    material = serializers.CharField()
    role = serializers.CharField()
    value = serializers.IntegerField()
    copies = serializers.IntegerField()
    function = serializers.CharField()
    expansion = serializers.CharField(
        required=False, help_text="`geek` for a card of the Geek expansion (asked for by `geek`)."
    )


class CardCatalogView(APIView):
    """The order cards of a version: type, name (in the caller's language), material, role,
    value, copies, function."""

    seat_tokens = True  # Public. A client may send its seat token wherever it plays.

    @extend_schema(
        operation_id="cards_list",
        parameters=[CardCatalogQuery],
        responses={200: CardType(many=True), **errors(400, 422)},
        tags=["cards"],
    )
    def get(self, request: Request) -> Response:
        asked = query(CardCatalogQuery, request)
        rows = engine.catalog(asked["version"], asked["geek"])
        lang = language.of(user=request.user, seat=token_seat(request))
        named = [
            {"type": row["name"], **row, "name": cardnames.card_name(str(row["name"]), lang)}
            for row in rows
        ]
        return Response(named, headers={"Content-Language": lang})
