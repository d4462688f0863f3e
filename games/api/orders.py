"""The endpoints of standing orders: your seat's answers to its own decisions off its turn
(engine/orders.py, docs/api.md#standing-orders). Private: only the seat's player reads or writes
them, with an account token or the seat's token."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from games.models import Seat
from games.services import orders

from .base import body, errors, require_seat
from .inputs import OrdersInput
from .outputs import SeatOrders


def answer(seat: Seat) -> dict[str, Any]:
    return {
        "orders": orders.orders_of(seat),
        "cancelled": orders.cancelled_of(seat),
        "kinds": engine.orders.describe_kinds(),
    }


class SeatOrdersView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).

    @extend_schema(
        operation_id="orders_retrieve",
        summary="Your seat's standing orders",
        description="Private: 401 without credentials, 403 `not_a_player` for anyone but the "
        "seat's player. `kinds` lists the decisions an order may answer and their actions.",
        responses={200: SeatOrders, **errors(401, 403, 404)},
        tags=["orders"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(answer(require_seat(request, game_id)))

    @extend_schema(
        operation_id="orders_update",
        summary="Replace your seat's standing orders",
        description="Each order is checked against your view now: 422 `order_invalid` (its "
        "fields do not fit its kind) or `order_card_not_held`, and nothing changes. They answer "
        "your decisions off your turn that begin from now on (docs/async.md).",
        request=OrdersInput,
        responses={200: SeatOrders, **errors(400, 401, 403, 404, 409, 413, 415, 422)},
        tags=["orders"],
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = body(OrdersInput, request)
        seat = require_seat(request, game_id)
        seat = orders.orders_put(game_id=game_id, position=seat.position, orders=data["orders"])
        return Response(answer(seat))

    @extend_schema(
        operation_id="orders_delete",
        summary="Drop all your seat's standing orders",
        request=None,
        responses={
            204: OpenApiResponse(description="No orders are left."),
            **errors(401, 403, 404, 409),
        },
        tags=["orders"],
    )
    def delete(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        orders.orders_clear(game_id=game_id, position=seat.position)
        return Response(status=status.HTTP_204_NO_CONTENT)
