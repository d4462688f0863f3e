"""HTTP adapters for games: thin views. Each validates its input with a serializer, calls one
service or selector, and answers with what the selectors build from `engine.view`. Domain errors
propagate to the one exception handler (gtr_api.errors)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from engine.cards import GEEK_NAMES
from engine.setup import check_geek
from games import codes
from games.errors import Forbidden
from games.live import health, hub
from games.models import Game, Seat
from games.read import selectors, view_cache
from games.services import automatic, lobby, moves, records, resignation
from games.services.clocks import ClockSpec
from games.words import cardnames, language

from .idempotency import idempotent
from .inputs import (
    GameCreateInput,
    GameListQuery,
    MoveListQuery,
    MoveSubmitInput,
    SeatJoinInput,
    SurrenderInput,
    WaitQuery,
)
from .outputs import (
    Error,
    GamePage,
    GameRecord,
    GameView,
    MovePage,
    MoveSubmitResult,
    SeatTokenResult,
)
from .pagination import Pagination
from .params import check_params


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    described = {
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
    return {s: OpenApiResponse(Error, description=described[s]) for s in statuses}


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


def caller_seat(request: Request, game: Game) -> Seat | None:
    return selectors.seat_for(game, user=request.user, token_seat=token_seat(request))


def require_seat(request: Request, game_id: int) -> Seat:
    """The caller's seat at the game: 401 for an anonymous caller, 403 for anyone else without
    one."""
    return seat_required(request, selectors.game_get(game_id, with_state=False))


def seat_required(request: Request, game: Game) -> Seat:
    """`require_seat` at a game already loaded (or locked: its seats are loaded once)."""
    seat = caller_seat(request, game)
    if seat is None:
        if not request.user.is_authenticated:
            raise NotAuthenticated("Log in, or send your seat token.")
        raise Forbidden("You have no seat at this game.", codes.NOT_A_PLAYER)
    return seat


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


class GameListCreateView(APIView):
    @extend_schema(
        operation_id="games_list",
        summary="List games: mine, open to join, active or finished",
        parameters=[GameListQuery],
        responses={200: GamePage, **errors(400, 404)},
        tags=["lobby"],
    )
    def get(self, request: Request) -> Response:
        q = query(GameListQuery, request)
        q.pop("page", None), q.pop("page_size", None)
        games = selectors.game_list(user=request.user, **q)
        paginator = Pagination()
        page = paginator.paginate_queryset(games, request, view=self)
        summaries = [selectors.game_summary(g, request.user) for g in page or []]
        return paginator.get_paginated_response(summaries)

    @write(
        "games_create",
        "Create a game",
        tag="lobby",
        request=GameCreateInput,
        answer=(201, GameView),
        more_errors=(422,),
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("Log in to create a game.")
        data = body(GameCreateInput, request)
        seats = [lobby.SeatSpec(**s) for s in data.pop("seats", None) or []]
        clock = ClockSpec(**data.pop("clock", None) or {})
        game = lobby.game_create(user=request.user, seats=seats or None, clock=clock, **data)
        return game_response(game, caller_seat(request, game), status.HTTP_201_CREATED)


class GameDetailView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @extend_schema(
        operation_id="games_retrieve",
        summary="The game as your seat sees it (or a spectator)",
        description="Your view, whose turn, the prompt and your legal actions. Send "
        "`If-None-Match` with the last `ETag` to get 304 while nothing changed.",
        parameters=[
            OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER),
        ],
        responses={
            200: GameView,
            304: OpenApiResponse(description="Not modified since the ETag you sent."),
            **errors(401, 403, 404),
        },
        tags=["play"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        token = token_seat(request)
        game, position, built_from = view_cache.look(game_id, user=request.user, token_seat=token)
        lang = language.of(user=request.user, seat=token)  # a spectator's own choice too
        etag = selectors.etag_at(game, position, lang)
        headers = {"ETag": etag, "Content-Language": lang}
        if etag in request.headers.get("If-None-Match", ""):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        view = view_cache.cached(game, position, lang)
        if view is None:
            game = built_from or selectors.game_get(game_id)
            seat = caller_seat(request, game)
            view = view_cache.built(game, None if seat is None else seat.position, lang)
            headers["ETag"] = selectors.etag_for(game, seat, lang)
        return Response(view, headers=headers)


class SeatJoinView(APIView):
    permission_classes = [IsAuthenticated]

    @write("games_join", "Take an open seat", tag="lobby", request=SeatJoinInput)
    def post(self, request: Request, game_id: int) -> Response:
        data = body(SeatJoinInput, request)
        seat = lobby.seat_join(game_id=game_id, user=request.user, position=data.get("seat"))
        return game_response(selectors.game_get(game_id), seat)


class SeatLeaveView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @write("games_leave", "Give up your seat before the game starts", tag="lobby")
    def post(self, request: Request, game_id: int) -> Response:
        lobby.seat_leave(game_id=game_id, seat=require_seat(request, game_id))
        return game_response(selectors.game_get(game_id), None)


class GameStartView(APIView):
    permission_classes = [IsAuthenticated]

    @write("games_start", "Start a full table (the creator)", tag="lobby")
    def post(self, request: Request, game_id: int) -> Response:
        game = lobby.game_start(game_id=game_id, user=request.user)
        return game_response(game, caller_seat(request, game))


class MoveListCreateView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @extend_schema(
        operation_id="moves_list",
        summary="The move history, as your seat may see it",
        parameters=[MoveListQuery],
        responses={200: MovePage, **errors(400, 401, 403, 404)},
        tags=["play"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        q = query(MoveListQuery, request)
        game = selectors.game_get(game_id, with_state=False)
        seat = caller_seat(request, game)
        position = None if seat is None else seat.position
        paginator = Pagination()
        page = paginator.paginate_queryset(
            selectors.move_history(game, after=q["after"]), request, view=self
        )
        return paginator.get_paginated_response(
            [selectors.move_for_seat(m, position) for m in page or []]
        )

    @write(
        "moves_create",
        "Play a move",
        tag="play",
        description="Send the action and the `seq` you saw. 409 `stale_seq` if the game moved "
        "on; 422 with the engine's code and message if the move is illegal.",
        request=MoveSubmitInput,
        answer=(201, MoveSubmitResult),
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(MoveSubmitInput, request)
        game, move = moves.move_submit(
            game_id=game_id,
            position=lambda locked: seat_required(request, locked).position,
            seq=data["seq"],
            action=data["action"],
        )
        seat = selectors.seats_of(game)[move.seat]
        lang = language.of(seat=seat)
        result = {
            "move": selectors.move_for_seat(move, seat.position),
            # kept in the view cache too: the mover's next look at the game costs no build
            "game": view_cache.built(game, seat.position, lang),
        }
        return Response(result, status=status.HTTP_201_CREATED, headers={"Content-Language": lang})


class GameWaitView(APIView):
    """The long poll. games.api.streams.game_wait waits on the event hub until the game moves (or
    the timeout), then this view answers."""

    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @extend_schema(
        operation_id="games_wait",
        summary="Wait for the next move (long poll)",
        description="Answers with your view as soon as the game's `seq` passes the one you "
        "sent (or the game starts, ends or is cancelled); 204 when `timeout` seconds pass first. "
        "The event streams (`/events/`, `/api/stream/`) tell the same with one connection.",
        parameters=[WaitQuery],
        responses={
            200: GameView,
            204: OpenApiResponse(description="Nothing happened; ask again."),
            **errors(400, 401, 403, 404),
        },
        tags=["play"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        q = query(WaitQuery, request)
        game = selectors.game_get(game_id, with_state=False)
        seat = caller_seat(request, game)
        first_status = getattr(request._request, "gtr_wait_status", game.status)
        over = game.status in (Game.Status.FINISHED, Game.Status.CANCELLED)
        if game.seq > q["seq"] or game.status != first_status or over:
            return game_response(selectors.game_get(game_id), seat)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameResignView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @write(
        "games_resign",
        "Resign",
        tag="play",
        description="With one player left the game ends in that player's favour; otherwise the "
        "server plays your seat's decisions from now on.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        game = resignation.game_resign(game_id=game_id, position=seat.position)
        return game_response(game, seat)


class SeatReturnView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @write(
        "games_return",
        "Come back after timeouts",
        tag="play",
        description="Ends a bot's stand-in for your seat (after your timeouts) and resets your "
        "count of consecutive timeouts; if the pending decision is yours, its clock starts "
        "again. Your own next move does the same. Nothing changes if no bot stands in.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        automatic.seat_return(game_id=game_id, position=seat.position)
        game = selectors.game_get(game_id)
        return game_response(game, selectors.seat_for(game, user=None, token_seat=seat))


class GameSurrenderView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @write(
        "games_surrender",
        "Surrender to a player (the game ends when all others agree)",
        tag="play",
        request=SurrenderInput,
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(SurrenderInput, request)
        seat = require_seat(request, game_id)
        game = resignation.game_surrender(game_id=game_id, position=seat.position, to=data["to"])
        return game_response(game, seat)


class SeatTokenView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @extend_schema(
        operation_id="games_seat_token",
        summary="A new capability token for your seat (the old one stops working)",
        request=None,
        responses={200: SeatTokenResult, **errors(401, 403, 404, 415)},
        tags=["play"],
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        token = lobby.seat_token_rotate(seat=seat)
        hub.revoke(seat.pk)  # streams opened with the old token close
        return Response({"token": token, "seat": seat.position})


class GameRecordView(APIView):
    seat_tokens = True  # games.api.auth: a seat token acts here for its own game

    @extend_schema(
        operation_id="games_record",
        summary="Export the game as a record by card names",
        description="A finished game's record is complete: its whole deal and every action by "
        "card names, replayable anywhere and importable with `POST /api/games/` (`record`). A "
        "game in play is exported as you may see it (docs/records.md).",
        responses={200: GameRecord, **errors(400, 401, 403, 404, 409)},
        tags=["play"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.game_get(game_id)
        return Response(records.game_record(game, caller_seat(request, game), request.user))


_GEEK_CARD = "|".join(GEEK_NAMES)


class CardCatalogQuery(serializers.Serializer):
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    geek = serializers.RegexField(
        rf"^(true|false|({_GEEK_CARD})(,({_GEEK_CARD}))*)$",  # in the schema too
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

    seat_tokens = True  # public: a client may send its seat token everywhere it plays

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


_CHECK = "|".join(health.CHECKS)


class HealthQuery(serializers.Serializer):
    only = serializers.RegexField(
        rf"^({_CHECK})(,({_CHECK}))*$",  # in the schema too: any other value does not fit it
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
