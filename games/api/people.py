"""The endpoints of the block list and of reports to staff (docs/api.md, People).

Profiles are players.profiles'. Suspensions are staff's, in the admin."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Block, Game, Report
from games.read import chat, people
from games.services import blocks, moderation

from .base import account, body, caller, errors
from .inputs import JSONInput

# An account's name in a path, as Django's validator has it (a name no account can have is 404).
USERNAME = OpenApiParameter(
    "username",
    {"type": "string", "pattern": r"^[\w.@+-]+$", "maxLength": 150},
    OpenApiParameter.PATH,
)


class BlockInput(JSONInput):
    username = serializers.CharField(max_length=150, help_text="The account to block.")


class BlockView(serializers.Serializer):
    username = serializers.CharField()
    since = serializers.DateTimeField()


class ReportInput(JSONInput):
    player = serializers.CharField(
        max_length=150, required=False, help_text="The username of the player reported."
    )
    game = serializers.IntegerField(
        min_value=1, required=False, help_text="The game of the message reported."
    )
    message = serializers.IntegerField(
        min_value=1, required=False, help_text="The id of the chat message reported."
    )
    reason = serializers.ChoiceField(choices=Report.Reason.choices)
    text = serializers.CharField(
        max_length=moderation.REPORT_TEXT_LIMIT,
        required=False,
        allow_blank=True,
        help_text="What staff should know, in plain text.",
    )


class ReportView(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Report.Kind.choices)
    reason = serializers.ChoiceField(choices=Report.Reason.choices)
    status = serializers.ChoiceField(choices=Report.Status.choices)
    created = serializers.DateTimeField()


def block_view(block: Block) -> dict[str, Any]:
    return {"username": block.blocked.get_username(), "since": block.created}


class BlockListView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="blocks_list",
        summary="The players you block",
        responses={200: BlockView(many=True), **errors(401, 403)},
        tags=["people"],
    )
    def get(self, request: Request) -> Response:
        return Response([block_view(b) for b in people.blocks_of(account(request).pk)])

    @extend_schema(
        operation_id="blocks_create",
        summary="Block a player",
        description="From now on neither of you may sit at a table where the other sits, "
        "challenge the other or chat to the other; games you share play on. 404 "
        "`no_such_player`, 409 `already_blocked`, 422 `block_self`.",
        request=BlockInput,
        responses={201: BlockView, **errors(400, 401, 403, 404, 409, 413, 415, 422)},
        tags=["people"],
    )
    def post(self, request: Request) -> Response:
        data = body(BlockInput, request)
        blocked = people.account_named(data["username"])
        block = blocks.block_add(user=account(request), blocked=blocked)
        return Response(block_view(block), status=status.HTTP_201_CREATED)


class BlockDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="blocks_delete",
        summary="Stop blocking a player",
        description="404 `no_such_player`, or `not_blocked` if you do not block them.",
        parameters=[USERNAME],
        responses={204: None, **errors(401, 403, 404, described=False)},
        tags=["people"],
    )
    def delete(self, request: Request, username: str) -> Response:
        blocks.block_remove(user=account(request), blocked=people.account_named(username))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ReportCreateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="reports_create",
        summary="Report a player, or a chat message, to staff",
        description="Name a `player`, or a `message` and its `game`. Staff see reports in the "
        "admin; they may hide a message or suspend an account. 404 `no_such_player`, "
        "`not_found` (the game) or `no_such_message` (no such line in its chat); 403 "
        "`spectators_chat_closed` (a spectators' line, reported by a player during the game); "
        "409 `already_reported` while your report of the same is open; "
        "422 `bad_report` (both or neither named, or a message without its game), `report_self`.",
        request=ReportInput,
        responses={201: ReportView, **errors(400, 401, 403, 404, 409, 413, 415, 422)},
        tags=["people"],
    )
    def post(self, request: Request) -> Response:
        data = body(ReportInput, request)
        player = people.account_named(data["player"]) if "player" in data else None
        game, message = None, None
        if "game" in data:
            game = get_object_or_404(Game.objects.only("id", "status"), pk=data["game"])
        if game is not None and "message" in data and "player" not in data:
            message = chat.message_seen(game, caller(request), data["message"])
        report = moderation.report_file(
            reporter=account(request),
            reason=data["reason"],
            text=data.get("text", ""),
            player=player,
            game=game,
            message_id=data.get("message"),
            message_author=message.user if message is not None else None,
        )
        return Response(
            {
                "id": report.pk,
                "kind": report.kind,
                "reason": report.reason,
                "status": report.status,
                "created": report.created,
            },
            status=status.HTTP_201_CREATED,
        )
