"""The tournament endpoints: staff create, anyone lists and reads (standings, rounds, tables
with their games), accounts join before the start and withdraw (docs/tournaments.md)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.base import account, body, errors, page, write
from games.services.clocks import ClockSpec

from ..models import Tournament
from ..services import entries
from .io import (
    TournamentDetail,
    TournamentInput,
    TournamentPage,
    tournament_detail,
    tournament_view,
)

TOURNAMENT_ID = OpenApiParameter("tournament_id", int, OpenApiParameter.PATH)


class TournamentListCreateView(APIView):
    throttle_scope = "create"

    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments, the next to start first",
        description="Open ones take entries until `starts`; then rounds are paired.",
        responses={200: TournamentPage},
        tags=["tournaments"],
    )
    def get(self, request: Request) -> Response:
        rows = Tournament.objects.order_by("-starts", "-id").prefetch_related("entries")
        return page(request, self, rows, lambda t: tournament_view(t, request.user))

    @write(
        "tournaments_create",
        "Create a tournament (staff)",
        tag="tournaments",
        request=TournamentInput,
        answer=(201, TournamentDetail),
        description="403 `not_staff` for anyone else; 422 `bad_tournament` (a start in the "
        "past, a Swiss without rounds, fewer places than a table), `bad_seek` (the options do "
        "not fit the table size), `bad_clock`. Then nothing is created.",
        more_errors=(422,),
    )
    def post(self, request: Request) -> Response:
        data = body(TournamentInput, request)
        clock = ClockSpec(**data.pop("clock", None) or {})
        created = entries.tournament_create(user=account(request), clock=clock, **data)
        return Response(tournament_detail(created, request.user), status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tournaments_retrieve",
        summary="A tournament: standings, rounds, tables and their games",
        parameters=[TOURNAMENT_ID],
        responses={200: TournamentDetail, **errors(404, described=False)},
        tags=["tournaments"],
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        found = entries.tournament_get(tournament_id)
        return Response(tournament_detail(found, request.user))


class TournamentJoinView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "write"

    @write(
        "tournaments_join",
        "Enter a tournament before it starts",
        tag="tournaments",
        answer=(200, TournamentDetail),
        description="409 `tournament_started`, `tournament_full`, `already_entered`; 403 "
        "`blocked` (you block an entrant or they block you), `suspended`. Then nothing changes.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = account(request)
        entries.entry_join(user=user, tournament_id=tournament_id)
        return Response(tournament_detail(entries.tournament_get(tournament_id), user))


class TournamentWithdrawView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "write"

    @write(
        "tournaments_withdraw",
        "Withdraw from a tournament",
        tag="tournaments",
        answer=(200, TournamentDetail),
        description="Before the start your entry is gone (you may enter again). After it your "
        "games in play are resigned and you are paired no more; your points stay in the "
        "standings. 409 `not_entered` (never entered, withdrawn or removed already), "
        "`tournament_over`.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = account(request)
        entries.entry_withdraw(user=user, tournament_id=tournament_id)
        return Response(tournament_detail(entries.tournament_get(tournament_id), user))
