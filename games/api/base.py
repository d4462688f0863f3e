"""What every endpoint shares.

It finds the caller's seat and validates input. It renders the game as the caller sees it. It
pages lists. It holds the schema of errors and of writes.

Views stay thin. They check input here and call one service or selector. The answer comes from
`engine.view`. Domain errors go up to the one exception handler (gtr_api.errors)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Game, Seat
from games.read import selectors
from games.words import language

from .idempotency import idempotent
from .outputs import (
    Error,
    GameView,
)
from .pagination import Pagination
from .params import check_params

ERRORS_DESCRIBED = {
    400: "The request does not fit the schema (`invalid`, `malformed_json`, an engine "
    "`MalformedAction` code).",
    401: "Not authenticated.",
    403: "Not allowed (`not_a_player`, `not_creator`, ...).",
    404: "No such game.",
    409: "Conflict (`stale_seq`, `game_started`, `no_open_seat`, ...).",
    413: "Request body too large.",
    415: "Unsupported media type: send JSON.",
    422: "It fits the schema but is refused on its merits: an illegal move (the engine's "
    "`code`), a game that cannot be set up (`bad_seats`, `bad_clock`, `bad_players`, a "
    "scenario's or record's code), a surrender to yourself or to no seat.",
}


def errors(*statuses: int, described: bool = True) -> dict[int, OpenApiResponse]:
    """The schema of the error answers with these statuses.

    With `described`, each says what it means for a game."""
    if not described:
        return {s: OpenApiResponse(Error) for s in statuses}
    return {s: OpenApiResponse(Error, description=ERRORS_DESCRIBED[s]) for s in statuses}


WRITE_ERRORS = (400, 401, 403, 404, 409, 413, 415)


IDEMPOTENCY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="Retries with the same key return the first response and change nothing.",
)


ViewMethod = Callable[..., Response]


def write(
    operation_id: str,
    summary: str,
    *,
    tag: str,
    request: Any = None,
    description: str | None = None,
    answer: tuple[int, Any] = (200, GameView),
    more_errors: tuple[int, ...] = (),
) -> Callable[[ViewMethod], ViewMethod]:
    """Decorates a POST that changes a game.

    It adds a write's schema: the `Idempotency-Key` header, the answer, the errors. It also wraps
    the method in `idempotent`. A retry with the same key then changes nothing."""
    schema = extend_schema(
        operation_id=operation_id,
        summary=summary,
        description=description,
        request=request,
        parameters=[IDEMPOTENCY],
        responses={answer[0]: answer[1], **errors(*WRITE_ERRORS, *more_errors)},
        tags=[tag],
    )
    return lambda method: schema(idempotent(method))


def token_seat(request: Request) -> Seat | None:
    return request.auth if isinstance(request.auth, Seat) else None


def account(request: Request) -> User:
    """The caller's account.

    The view's permissions must admit accounts only (`IsAuthenticated`)."""
    user = request.user
    assert isinstance(user, User), "the view's permissions admit accounts only"
    return user


def caller(request: Request) -> selectors.Caller:
    return selectors.Caller(user=request.user, token_seat=token_seat(request))


def caller_seat(request: Request, game: Game) -> Seat | None:
    return selectors.seat_for(game, user=request.user, token_seat=token_seat(request))


def require_seat(request: Request, game_id: int) -> Seat:
    """The caller's seat at the game.

    An anonymous caller gets 401. Anyone else without a seat gets 403."""
    return seat_required(request, selectors.game_get(game_id, with_state=False))


def seat_required(request: Request, game: Game) -> Seat:
    """`require_seat` at a game already loaded."""
    return selectors.seat_required(game, caller(request))


def query(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    """The query parameters, validated.

    A parameter the endpoint does not know gets 400 `unknown_parameter`. A misspelt filter must
    not answer with everything."""
    check_params(request.query_params, serializer_class().fields)
    blank = {
        k: ["May not be blank: leave the parameter out."]
        for k, v in request.query_params.items()
        if v == ""
    }
    if blank:  # DRF reads `?version=` as no filter. The schema says a value or nothing.
        raise serializers.ValidationError(blank)
    s = serializer_class(data=request.query_params)
    s.is_valid(raise_exception=True)
    return dict(s.validated_data)


def body(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    s = serializer_class(data=request.data)
    s.is_valid(raise_exception=True)
    return dict(s.validated_data)


def game_response(
    game: Game, seat: Seat | None, code: int = 200, lang: str | None = None
) -> Response:
    """The game as `seat` sees it, in the language of the seat's player.

    Pass `lang` if the caller has looked it up already."""
    lang = lang or language.of(seat=seat)
    response = Response(selectors.game_view_for_seat(game, seat, lang), status=code)
    response["ETag"] = selectors.etag_for(game, seat, lang)
    response["Content-Language"] = lang
    return response


def page(request: Request, view: APIView, rows: Any, render: Any) -> Response:
    paginator = Pagination()
    items = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response([render(r) for r in items or []])
