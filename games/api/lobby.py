"""The lobby's endpoints.

They list and create games, take and leave seats, and start a full table."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.read import selectors
from games.services import botseats, lobby
from games.services.clocks import ClockSpec

from .base import (
    body,
    caller_seat,
    errors,
    game_response,
    query,
    require_seat,
    write,
)
from .inputs import (
    GameCreateInput,
    GameListQuery,
    SeatJoinInput,
)
from .outputs import (
    GamePage,
    GameView,
)
from .pagination import Pagination


class GameListCreateView(APIView):
    throttle_scope = "create"  # games.api.throttles

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
        botseats.refuse_bot_caller(request.user, "create tables")
        data = body(GameCreateInput, request)
        seats = [lobby.SeatSpec(**s) for s in data.pop("seats", None) or []]
        clock = ClockSpec(**data.pop("clock", None) or {})
        game = lobby.game_create(user=request.user, seats=seats or None, clock=clock, **data)
        return game_response(game, caller_seat(request, game), status.HTTP_201_CREATED)


class SeatJoinView(APIView):
    throttle_scope = "move"
    permission_classes = [IsAuthenticated]

    @write("games_join", "Take an open seat", tag="lobby", request=SeatJoinInput)
    def post(self, request: Request, game_id: int) -> Response:
        botseats.refuse_bot_caller(request.user, "take open seats")
        data = body(SeatJoinInput, request)
        seat = lobby.seat_join(game_id=game_id, user=request.user, position=data.get("seat"))
        return game_response(selectors.game_get(game_id), seat)


class SeatLeaveView(APIView):
    throttle_scope = "move"
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).

    @write("games_leave", "Give up your seat before the game starts", tag="lobby")
    def post(self, request: Request, game_id: int) -> Response:
        lobby.seat_leave(game_id=game_id, seat=require_seat(request, game_id))
        return game_response(selectors.game_get(game_id), None)


class GameStartView(APIView):
    throttle_scope = "move"
    permission_classes = [IsAuthenticated]

    @write("games_start", "Start a full table (the creator)", tag="lobby")
    def post(self, request: Request, game_id: int) -> Response:
        game = lobby.game_start(game_id=game_id, user=request.user)
        return game_response(game, caller_seat(request, game))
