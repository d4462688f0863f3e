"""The bot API's accounts side (docs/bots.md): make this account a bot, change what it plays,
and the public bot list. Challenges, seats and the stream are the games app's endpoints."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.base import account, body, errors, page, query
from games.api.inputs import JSONInput
from games.models import Game

from . import selectors, services


def rulesets_field(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(choices=Game.Version.choices),
        min_length=1,
        max_length=len(Game.Version.values),
        help_text="The rulesets it plays: a challenge for another is refused (`bot_ruleset`).",
        **kwargs,
    )


class BotAccountInput(JSONInput):
    owner = serializers.CharField(
        max_length=150,
        help_text="The username of the person responsible for the bot: another active "
        "account, not a bot. It is public, in the bot list.",
    )
    description = serializers.CharField(max_length=500, required=False, allow_blank=True)
    rulesets = rulesets_field()
    rated = serializers.BooleanField(
        default=False, help_text="Whether it accepts rated games (`bot_unrated` otherwise)."
    )


class BotAccountUpdateInput(JSONInput):
    description = serializers.CharField(max_length=500, required=False, allow_blank=True)
    rulesets = rulesets_field(required=False)
    rated = serializers.BooleanField(required=False)


class BotView(serializers.Serializer):
    name = serializers.CharField(
        help_text="The account's username, or the server's bot: challenge it by this name."
    )
    kind = serializers.ChoiceField(
        choices=["server", "account"],
        help_text="`server`: one of the server's own bots; `account`: a bot account.",
    )
    online = serializers.BooleanField(
        help_text="A server bot always; a bot account while its stream is open (connected in "
        "the last GTR_BOT_ONLINE_SECONDS)."
    )
    description = serializers.CharField()
    rulesets = serializers.ListField(child=serializers.ChoiceField(choices=Game.Version.choices))
    rated = serializers.BooleanField(help_text="Whether it accepts rated games.")
    owner = serializers.CharField(allow_null=True, help_text="A bot account's owner.")
    last_connected = serializers.DateTimeField(allow_null=True)


class BotPage(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = BotView(many=True)


class BotListQuery(serializers.Serializer):
    page = serializers.IntegerField(min_value=1, required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class BotListView(APIView):
    authentication_classes: list[type] = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="bots_list",
        summary="The bots: the server's own, then the bot accounts by name",
        description="Public. The server's bots (`random`, `greedy`, `ismcts-1` to `ismcts-3`) "
        "are always online; challenge any of them by name (`POST /api/challenges/`).",
        parameters=[BotListQuery],
        responses={200: BotPage, **errors(400, 404, described=False)},
        tags=["bots"],
    )
    def get(self, request: Request) -> Response:
        query(BotListQuery, request)
        return page(request, self, selectors.bot_list(), dict)


class BotAccountView(APIView):
    permission_classes = [IsAuthenticated]  # an account: seat tokens are refused here
    throttle_scope = "write"

    @extend_schema(
        operation_id="bot_account_retrieve",
        summary="Your bot account, as the bot list shows it",
        description="422 `not_a_bot` for a person's account.",
        responses={200: BotView, **errors(401, 403, 422, described=False)},
        tags=["bots"],
    )
    def get(self, request: Request) -> Response:
        return Response(selectors.account_view(services.bot_of(account(request))))

    @extend_schema(
        operation_id="bot_account_create",
        summary="Make this account a bot account, for good",
        description="Irreversible. Only an account that never sat at a table (in any game, "
        "the lobby's too) and seeks no game: 409 `has_games`; 409 `already_bot`. The owner is "
        "another active person's account (404 `no_such_player`, 422 `bad_owner`). A bot "
        "account plays by challenges and by seats people give it by name; it cannot log in to "
        "the site, seek, join open seats or create tables (403 `bot_account`).",
        request=BotAccountInput,
        responses={
            201: BotView,
            **errors(400, 401, 403, 404, 409, 413, 415, 422, described=False),
        },
        tags=["bots"],
    )
    def post(self, request: Request) -> Response:
        data = body(BotAccountInput, request)
        bot = services.bot_account_create(user=account(request), **data)
        return Response(selectors.account_view(bot), status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="bot_account_update",
        summary="Change what your bot plays or says of itself",
        description="Its owner stays. 422 `not_a_bot` for a person's account.",
        request=BotAccountUpdateInput,
        responses={200: BotView, **errors(400, 401, 403, 413, 415, 422, described=False)},
        tags=["bots"],
    )
    def patch(self, request: Request) -> Response:
        data = body(BotAccountUpdateInput, request)
        bot = services.bot_account_update(account(request), **data)
        return Response(selectors.account_view(bot))
