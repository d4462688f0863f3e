"""What every endpoint shares: the caller's seat, validated input, the game as the caller sees
it, a page of a list, and the schema of errors and writes. Views stay thin: input checked here, one
service or selector, the answer built from `engine.view`; domain errors propagate to the one
exception handler (gtr_api.errors)."""

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
    """The schema of the error answers with these statuses (`described`: with what each means
    for a game)."""
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
    """A POST that changes a game: its schema (the `Idempotency-Key` header, the answer and the
    errors of a write) and `idempotent`, so a retry with the same key changes nothing."""
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
    """The caller's account, in a view whose permissions admit accounts only (`IsAuthenticated`)."""
    user = request.user
    assert isinstance(user, User), "the view's permissions admit accounts only"
    return user


def caller(request: Request) -> selectors.Caller:
    return selectors.Caller(user=request.user, token_seat=token_seat(request))


def caller_seat(request: Request, game: Game) -> Seat | None:
    return selectors.seat_for(game, user=request.user, token_seat=token_seat(request))


def require_seat(request: Request, game_id: int) -> Seat:
    """The caller's seat at the game: 401 for an anonymous caller, 403 for anyone else without
    one."""
    return seat_required(request, selectors.game_get(game_id, with_state=False))


def seat_required(request: Request, game: Game) -> Seat:
    """`require_seat` at a game already loaded."""
    return selectors.seat_required(game, caller(request))


def query(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    """The query parameters, validated; 400 `unknown_parameter` for one the endpoint does not
    know (a misspelt filter must not answer with everything)."""
    check_params(request.query_params, serializer_class().fields)
    blank = {
        k: ["May not be blank: leave the parameter out."]
        for k, v in request.query_params.items()
        if v == ""
    }
    if blank:  # DRF would read `?version=` as no filter; the schema says a value or nothing
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
    """The game as `seat` sees it, its cards named in the seat's player's language (`lang`
    when the caller has looked it up already)."""
    lang = lang or language.of(seat=seat)
    response = Response(selectors.game_view_for_seat(game, seat, lang), status=code)
    response["ETag"] = selectors.etag_for(game, seat, lang)
    response["Content-Language"] = lang
    return response


def page(request: Request, view: APIView, rows: Any, render: Any) -> Response:
    paginator = Pagination()
    items = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response([render(r) for r in items or []])
