"""The health check endpoint (docs/async.md).

It checks the database, the broker, the workers and beat."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.live import health

from .base import (
    errors,
    query,
)

_CHECK = "|".join(health.CHECKS)


class HealthQuery(serializers.Serializer):
    only = serializers.RegexField(
        rf"^({_CHECK})(,({_CHECK}))*$",  # The schema carries this pattern too.
        required=False,
        help_text="Comma-separated checks to run (default: all of "
        f"{', '.join(health.CHECKS)}); e.g. `database` for a load balancer's check of this "
        "web process.",
        error_messages={"invalid": f"Known checks, comma-separated: {', '.join(health.CHECKS)}."},
    )

    def validate_only(self, value: str) -> list[str]:
        return value.split(",")


class HealthChecks(serializers.Serializer):
    database = serializers.ChoiceField(["up", "down"], required=False)
    broker = serializers.ChoiceField(["up", "down"], required=False)
    worker = serializers.ChoiceField(["up", "down"], required=False)
    beat = serializers.ChoiceField(["up", "down"], required=False)


class Health(serializers.Serializer):
    status = serializers.ChoiceField(["up", "down"], help_text="`up` when every check is up.")
    checks = HealthChecks()
    details = serializers.DictField(
        required=False,
        help_text="Staff only: per check, its measurements (heartbeat ages, the sweep's last "
        "run, tasks waiting in the broker) or the error that made it fail.",
    )


class HealthView(APIView):
    """Whether the server and its background work are running (docs/async.md)."""

    @extend_schema(
        operation_id="health",
        summary="Health: database, broker, worker heartbeat, beat sweep",
        description="Each check is `up` or `down`; the answer is 200 when all are up, 503 "
        "otherwise. Staff also get `details`. Never cached; needs no credentials.",
        parameters=[HealthQuery],
        responses={200: Health, 503: Health, **errors(400)},
        tags=["health"],
    )
    def get(self, request: Request) -> Response:
        only = query(HealthQuery, request).get("only")
        results = health.health(only)
        up = all(r["up"] for r in results.values())
        body: dict[str, Any] = {
            "status": "up" if up else "down",
            "checks": {name: "up" if r["up"] else "down" for name, r in results.items()},
        }
        if request.user.is_staff:
            body["details"] = {
                name: {k: v for k, v in r.items() if k != "up"} for name, r in results.items()
            }
        response = Response(body, status=200 if up else 503)
        response["Cache-Control"] = "no-store"
        return response
