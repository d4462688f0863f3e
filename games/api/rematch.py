"""The endpoints of a rematch: offer one after a finished game, accept or decline it
(docs/community.md). A seat token acts here too, in its game."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import NotFound
from games.read import selectors
from games.services import rematch

from .base import errors, require_seat, write
from .matchio import RematchView, rematch_view


class RematchOfferView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

    @extend_schema(
        operation_id="games_rematch_retrieve",
        summary="The rematch offer of a finished game",
        description="404 when none was offered.",
        responses={200: RematchView, **errors(404, described=False)},
        tags=["play"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        selectors.game_get(game_id, with_state=False)  # 404 for no such game
        offer = rematch.rematch_of(game_id)
        if offer is None:
            raise NotFound("No rematch was offered.")
        return Response(rematch_view(offer))

    @write(
        "games_rematch",
        "Offer a rematch: the same table again, seats rotated",
        tag="play",
        answer=(200, RematchView),
        description="Every other person at the table must accept before it expires "
        "(GTR_REMATCH_HOURS, 24 by default); bots accept at once, and a bot takes the seat of a "
        "closed account. The next game (`next_game`) has the same ruleset, options, clock and "
        "playing hours; the player of seat p sits at seat p + 1. One offer per game: 409 "
        "`rematch_offered`; 409 `game_not_finished` before the end.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        return Response(
            rematch_view(rematch.rematch_offer(game_id=game_id, position=seat.position))
        )


class RematchAcceptView(APIView):
    seat_tokens = True
    throttle_scope = "move"

    @write(
        "games_rematch_accept",
        "Accept the rematch offer",
        tag="play",
        answer=(200, RematchView),
        description="The next game is created once everyone accepted. 409 `no_rematch` when "
        "none waits for your answer.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        offer = rematch.rematch_answer(game_id=game_id, position=seat.position, accept=True)
        return Response(rematch_view(offer))


class RematchDeclineView(APIView):
    seat_tokens = True
    throttle_scope = "move"

    @write(
        "games_rematch_decline",
        "Decline the rematch offer",
        tag="play",
        answer=(200, RematchView),
        description="The offer ends for everyone. 409 `no_rematch`.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        offer = rematch.rematch_answer(game_id=game_id, position=seat.position, accept=False)
        return Response(rematch_view(offer))
