"""The push endpoints: `GET`, `POST`, `DELETE /api/notifications/push/` (docs/api.md).

A browser's subscription belongs to an account (a token or the web client's session); a seat
token is refused, since the feed that says "your turn" is an account's.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import codes
from games.api.base import body, errors
from games.api.inputs import JSONInput
from games.errors import NotFound

from . import services


class PushKeys(JSONInput):
    p256dh = serializers.CharField(max_length=200, help_text="The browser's P-256 key, base64url.")
    auth = serializers.CharField(max_length=100, help_text="The browser's auth secret, base64url.")


class PushSubscriptionInput(JSONInput):
    """A browser's `PushSubscription.toJSON()`, as it is."""

    # Checked by the service (an https URL on a public address), refused on its merits (422
    # `bad_push_subscription`) rather than as a malformed request.
    endpoint = serializers.CharField(
        max_length=1000, help_text="The push service's URL for this browser (https)."
    )
    keys = PushKeys()
    expirationTime = serializers.IntegerField(
        required=False, allow_null=True, help_text="Ignored: the browser's hint."
    )


class PushEndpointInput(JSONInput):
    endpoint = serializers.CharField(
        max_length=1000,
        required=False,
        help_text="The subscription to forget; without it, every one of the account's.",
    )


class PushSubscriptionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    endpoint = serializers.URLField()
    created = serializers.DateTimeField()
    last_success = serializers.DateTimeField(allow_null=True)
    failures = serializers.IntegerField(help_text="Failed pushes in a row.")
    last_error = serializers.CharField(help_text="Why the last push failed, or empty.")


class PushStateOutput(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="The server's VAPID public key (base64url): the browser's applicationServerKey."
    )
    subscriptions = PushSubscriptionOutput(many=True)


def _out(s: Any) -> dict[str, Any]:
    return {
        "id": s.pk,
        "endpoint": s.endpoint,
        "created": s.created,
        "last_success": s.last_success,
        "failures": s.failures,
        "last_error": s.last_error,
    }


class PushSubscriptionView(APIView):
    """Browser notifications when it is your turn (Web Push)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="push_get",
        summary="The server's VAPID key and your browsers' push subscriptions",
        responses={200: PushStateOutput, **errors(401, 403, described=False)},
        tags=["notifications"],
    )
    def get(self, request: Request) -> Response:
        _key, public = services.vapid()
        mine = request.user.push_subscriptions.order_by("pk")  # type: ignore[union-attr]
        return Response({"public_key": public, "subscriptions": [_out(s) for s in mine]})

    @extend_schema(
        operation_id="push_subscribe",
        summary="Subscribe a browser: a push when a decision of yours begins",
        request=PushSubscriptionInput,
        responses={
            201: PushSubscriptionOutput,
            **errors(400, 401, 403, 413, 415, 422, described=False),
        },
        tags=["notifications"],
    )
    def post(self, request: Request) -> Response:
        data = body(PushSubscriptionInput, request)
        found = services.subscribe(request.user, data)
        return Response(_out(found), status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="push_unsubscribe",
        summary="Unsubscribe a browser",
        request=PushEndpointInput,
        responses={204: None, **errors(400, 401, 403, 404, 413, 415, described=False)},
        tags=["notifications"],
    )
    def delete(self, request: Request) -> Response:
        data = body(PushEndpointInput, request)
        if "endpoint" not in data:
            services.unsubscribe_all(request.user)
        elif not services.unsubscribe(request.user, data["endpoint"]):
            raise NotFound("You have no push subscription with that endpoint.", codes.NOT_FOUND)
        return Response(status=status.HTTP_204_NO_CONTENT)
