"""The endpoints of play.

Read the game, play a move, or list the moves. The long poll waits for the next one. Resign,
come back after timeouts, surrender, or take a new seat token. Export the game's record."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.live import hub
from games.models import Game
from games.read import selectors, view_cache
from games.services import automatic, lobby, moves, records, resignation
from games.store import rows
from games.words import language

from .base import (
    body,
    caller,
    caller_seat,
    errors,
    game_response,
    query,
    require_seat,
    token_seat,
    write,
)
from .inputs import (
    MoveListQuery,
    MoveSubmitInput,
    SurrenderInput,
    WaitQuery,
)
from .outputs import (
    GameRecord,
    GameView,
    MovePage,
    MoveSubmitResult,
    SeatTokenResult,
)
from .pagination import Pagination


class GameDetailView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).

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


class MoveListCreateView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

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
        description="Send the `seq` you saw and one of your view's `legal_actions[].action` as "
        "received (the entry's `action`, not the whole entry: that is 400 "
        "`action_entry_posted`). 409 `stale_seq` if the game moved on; 422 with the engine's "
        "code and message if the move is illegal.",
        request=MoveSubmitInput,
        answer=(201, MoveSubmitResult),
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(MoveSubmitInput, request)
        game, move = moves.move_submit(
            game_id=game_id,
            caller=caller(request),
            seq=data["seq"],
            action=data["action"],
        )
        assert move.seat is not None  # a seat's move (only table events have none)
        seat = rows.seats_of(game)[move.seat]
        lang = language.of(seat=seat)
        result = {
            "move": selectors.move_for_seat(move, seat.position),
            # Also cached: the mover's next look at the game costs no build.
            "game": view_cache.built(game, seat.position, lang),
        }
        return Response(result, status=status.HTTP_201_CREATED, headers={"Content-Language": lang})


class GameWaitView(APIView):
    """The long poll. games.api.streams.game_wait waits on the event hub until the game moves (or
    the timeout), then this view answers."""

    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scopes = {"GET": "stream"}  # counted before the wait (games.api.streams)

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
    def get(self, request: Request, game_id: int, waited_on: str | None = None) -> Response:
        """`waited_on`: the game's status when games.api.streams.game_wait began to wait (a
        change of status answers even without a move)."""
        q = query(WaitQuery, request)
        game = selectors.game_get(game_id, with_state=False)
        seat = caller_seat(request, game)
        first_status = waited_on or game.status
        over = game.status in (Game.Status.FINISHED, Game.Status.CANCELLED)
        if game.seq > q["seq"] or game.status != first_status or over:
            return game_response(selectors.game_get(game_id), seat)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameResignView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

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
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

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
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

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
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

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
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).

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
