"""HTTP adapters for events and webhooks (docs/events.md): the JSON event log of a game, an
account's feed, and an account's webhooks. The same paths stream Server-Sent Events when asked
with `Accept: text/event-stream` (games.api.streams routes them; these views describe both in the
schema and answer the JSON)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.events import story
from games.live import deliveries
from games.models import AccountEvent, Webhook, WebhookDelivery
from games.read import selectors
from games.words import language

from .event_schema import (
    AccountEventPage,
    EventQuery,
    GameEventPage,
    WebhookCreated,
    WebhookDeliveryPage,
    WebhookInput,
    WebhookPage,
    WebhookUpdateInput,
    WebhookView,
)
from .pagination import Pagination
from .params import last_event_id
from .play import body, caller_seat, errors, query, write

LIST = (
    "Without `Accept: text/event-stream`: the events after `after`, oldest first, a page at a "
    "time. With it: Server-Sent Events, described under text/event-stream."
)
SSE = OpenApiResponse(
    OpenApiTypes.STR,
    description="With `Accept: text/event-stream`: Server-Sent Events, one per event, its "
    "number as the `id:` and its JSON (the same objects as the JSON list) as `data:`; a "
    "comment line every 15 s keeps the connection alive. `Last-Event-ID` (or `?after=N`) "
    "resumes after that event; without either the stream starts with what happens next.",
)
GAME_ID = OpenApiParameter("game_id", int, OpenApiParameter.PATH)
LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID",
    {"type": "integer", "minimum": 0, "maximum": 9_999_999_999},  # games.api.params.last_event_id
    OpenApiParameter.HEADER,
    description="Streams only: resume after this event (EventSource sends it on reconnecting).",
)


def page(request: Request, view: APIView, rows: Any, render: Any) -> Response:
    paginator = Pagination()
    items = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response([render(r) for r in items or []])


class GameEventListView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @extend_schema(
        operation_id="games_events",
        summary="The game's events as your seat sees them: a list, or a live stream",
        description="Every event of the game, in order, as your seat (or a spectator) may see "
        "it: moves, draws (counted for anyone but the drawer), decisions the server resolved "
        "for a seat, structures completed, turn ends, decisions beginning (whose turn, "
        "deadline), timeouts, resignations, the end. docs/events.md describes each type.",
        parameters=[EventQuery, GAME_ID, LAST_EVENT_ID],
        responses={
            (200, "application/json"): OpenApiResponse(GameEventPage, description=LIST),
            (200, "text/event-stream"): SSE,
            **errors(400, 401, 403, 404),
        },
        tags=["events"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        q = query(EventQuery, request)
        last_event_id(request)  # a list ignores it, but only once it is an event number
        game = selectors.game_get(game_id, with_state=False)
        seat = caller_seat(request, game)
        position = None if seat is None else seat.position
        lang = language.of(user=request.user, seat=seat)
        rows = game.events.filter(number__gt=q["after"]).order_by("number")
        response = page(request, self, rows, lambda e: story.rendered(e, position, lang))
        response["Content-Language"] = lang
        return response


class AccountEventListView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="stream",
        summary="Your account's feed, all games: a list, or a live stream",
        description="What concerns you in every game: your turn, invitations, games started, "
        "finished or cancelled, your timeouts. One connection serves a bot or an app with many "
        "games. Needs an account (a seat token gets 403 `seat_token_scope`). Webhooks receive "
        "the same events.",
        parameters=[EventQuery, LAST_EVENT_ID],
        responses={
            (200, "application/json"): OpenApiResponse(AccountEventPage, description=LIST),
            (200, "text/event-stream"): SSE,
            **errors(400, 401, 403, 404),
        },
        tags=["events"],
    )
    def get(self, request: Request) -> Response:
        q = query(EventQuery, request)
        last_event_id(request)  # a list ignores it, but only once it is an event number
        rows = AccountEvent.objects.filter(user=request.user, number__gt=q["after"])
        return page(request, self, rows.order_by("number"), story.account_rendered)


# Webhooks ---------------------------------------------------------------------------------------


def hook_view(hook: Webhook) -> dict[str, Any]:
    return {
        "id": hook.pk,
        "url": hook.url,
        "game": hook.game_id,
        "active": hook.active,
        "failures": hook.failures,
        "last_error": hook.last_error,
        "last_failure": hook.last_failure,
        "last_success": hook.last_success,
        "disabled": hook.disabled,
        "created": hook.created,
    }


def delivery_view(d: WebhookDelivery) -> dict[str, Any]:
    return {
        "id": d.pk,
        "event": d.event.number,
        "type": d.event.type,
        "status": d.status,
        "attempts": d.attempts,
        "next_attempt": d.next_attempt,
        "response_status": d.response_status,
        "last_error": d.last_error,
        "created": d.created,
        "finished": d.finished,
    }


HOOK_ID = OpenApiParameter("hook_id", int, OpenApiParameter.PATH)


class WebhookListCreateView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="webhooks_list",
        summary="Your webhooks, with their last error",
        responses={200: WebhookPage, **errors(401, 403)},
        tags=["webhooks"],
    )
    def get(self, request: Request) -> Response:
        return page(request, self, Webhook.objects.filter(user=request.user), hook_view)

    @write(
        "webhooks_create",
        "Add a webhook (all your games, or one)",
        tag="webhooks",
        description="The answer carries the hook's `secret` (only this once): each delivery is "
        "signed with it (docs/events.md, Webhooks).",
        request=WebhookInput,
        answer=(201, WebhookCreated),
        more_errors=(422,),  # bad_webhook_url: not https, or not a public address
    )
    def post(self, request: Request) -> Response:
        data = body(WebhookInput, request)
        hook = deliveries.webhook_create(
            user=request.user, url=data["url"], game_id=data.get("game")
        )
        return Response({**hook_view(hook), "secret": hook.secret}, status=status.HTTP_201_CREATED)


class WebhookDetailView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="webhooks_retrieve",
        parameters=[HOOK_ID],
        responses={200: WebhookView, **errors(401, 403, 404)},
        tags=["webhooks"],
    )
    def get(self, request: Request, hook_id: int) -> Response:
        return Response(hook_view(deliveries.webhook_get(user=request.user, hook_id=hook_id)))

    @extend_schema(
        operation_id="webhooks_update",
        summary="Switch a webhook on or off",
        parameters=[HOOK_ID],
        request=WebhookUpdateInput,
        responses={200: WebhookView, **errors(400, 401, 403, 404, 413, 415)},
        tags=["webhooks"],
    )
    def patch(self, request: Request, hook_id: int) -> Response:
        data = body(WebhookUpdateInput, request)
        if "active" not in data:  # a PATCH of nothing changes nothing
            return Response(hook_view(deliveries.webhook_get(user=request.user, hook_id=hook_id)))
        hook = deliveries.webhook_update(user=request.user, hook_id=hook_id, active=data["active"])
        return Response(hook_view(hook))

    @extend_schema(
        operation_id="webhooks_delete",
        parameters=[HOOK_ID],
        responses={204: None, **errors(401, 403, 404)},
        tags=["webhooks"],
    )
    def delete(self, request: Request, hook_id: int) -> Response:
        deliveries.webhook_delete(user=request.user, hook_id=hook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookDeliveryListView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="webhooks_deliveries",
        summary="A webhook's recent deliveries, newest first",
        parameters=[HOOK_ID],
        responses={200: WebhookDeliveryPage, **errors(401, 403, 404)},
        tags=["webhooks"],
    )
    def get(self, request: Request, hook_id: int) -> Response:
        hook = deliveries.webhook_get(user=request.user, hook_id=hook_id)
        rows = hook.deliveries.select_related("event").order_by("-id")
        return page(request, self, rows, delivery_view)
