"""The replay endpoint: the table after any move, as your seat saw it then (issue 30)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Game
from games.read import selectors
from games.services import replay
from games.words import language

from .base import caller_seat, errors, query, token_seat
from .inputs import MAX_SEQ
from .outputs import MoveRecord, PromptView, TableView


class ReplayQuery(serializers.Serializer):
    seq = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        required=False,
        help_text="The move to replay to: 0 is the deal, the game's `seq` is now (the default).",
    )


class ReplayView(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The move shown: the table after it.")
    last = serializers.IntegerField(help_text="The game's `seq` now: the last move to step to.")
    status = serializers.ChoiceField(choices=Game.Status.choices)
    my_seat = serializers.IntegerField(allow_null=True, help_text="null: a spectator's view.")
    to_act = serializers.IntegerField(allow_null=True, help_text="Whose decision it was then.")
    prompt = PromptView(allow_null=True, help_text="The decision pending then.")
    table = TableView(help_text="The table then, as your seat saw it (a spectator's: no hand).")
    move = MoveRecord(allow_null=True, help_text="The move that led there; null at 0.")


class GameReplayView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).

    @extend_schema(
        operation_id="games_replay",
        summary="The table after any move, as your seat saw it then",
        description="Rebuilt from the game's deal and its log, and shown as your seat's view "
        "was at that move: your hand then, the others' as counts, nothing drawn later. A "
        "spectator gets the spectator's view. Any move of a finished game; of a game in play, "
        "up to now (422 `replay_ahead` beyond). 409 `game_not_started` before the start.",
        parameters=[ReplayQuery],
        responses={200: ReplayView, **errors(400, 401, 403, 404, 409, 422)},
        tags=["play"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        params = query(ReplayQuery, request)
        game = selectors.game_get(game_id)
        seat = caller_seat(request, game)
        lang = language.of(user=request.user, seat=token_seat(request))
        seq = params.get("seq", game.seq)
        position = None if seat is None else seat.position
        response = Response(replay.replay_view(game, position, seq, lang))
        response["Content-Language"] = lang
        return response
