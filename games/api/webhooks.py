"""The endpoints of an account's webhooks and their deliveries (docs/events.md)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Webhook, WebhookDelivery
from games.services import webhooks

from .base import (
    account,
    body,
    errors,
    page,
    write,
)
from .event_schema import (
    WebhookCreated,
    WebhookDeliveryPage,
    WebhookInput,
    WebhookPage,
    WebhookUpdateInput,
    WebhookView,
)


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
    throttle_scope = "create"  # games.api.throttles
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="webhooks_list",
        summary="Your webhooks, with their last error",
        responses={200: WebhookPage, **errors(401, 403)},
        tags=["webhooks"],
    )
    def get(self, request: Request) -> Response:
        return page(request, self, Webhook.objects.filter(user=account(request)), hook_view)

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
        hook = webhooks.webhook_create(user=request.user, url=data["url"], game_id=data.get("game"))
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
        return Response(hook_view(webhooks.webhook_get(user=request.user, hook_id=hook_id)))

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
            return Response(hook_view(webhooks.webhook_get(user=request.user, hook_id=hook_id)))
        hook = webhooks.webhook_update(user=request.user, hook_id=hook_id, active=data["active"])
        return Response(hook_view(hook))

    @extend_schema(
        operation_id="webhooks_delete",
        parameters=[HOOK_ID],
        responses={204: None, **errors(401, 403, 404)},
        tags=["webhooks"],
    )
    def delete(self, request: Request, hook_id: int) -> Response:
        webhooks.webhook_delete(user=request.user, hook_id=hook_id)
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
        hook = webhooks.webhook_get(user=request.user, hook_id=hook_id)
        rows = hook.deliveries.select_related("event").order_by("-id")
        return page(request, self, rows, delivery_view)
