"""The endpoints of seeks and automatch: the open seeks, post one, join one, cancel yours
(docs/community.md). The open seeks are public, as the lobby's open tables are."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.services import seeks
from games.services.clocks import ClockSpec

from .base import account, body, errors, page, write
from .matchio import SeekInput, SeekPage, SeekView, seek_view

SEEK_ID = OpenApiParameter("seek_id", int, OpenApiParameter.PATH)


class SeekListCreateView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_scope = "create"  # games.api.throttles

    @extend_schema(
        operation_id="seeks_list",
        summary="The open seeks, the oldest first",
        responses={200: SeekPage, **errors(400, described=False)},
        tags=["seeks"],
    )
    def get(self, request: Request) -> Response:
        return page(request, self, seeks.seeks_open(), lambda s: seek_view(s, request.user))

    @write(
        "seeks_create",
        "Seek a game: the server seats you with players who seek the same",
        tag="seeks",
        request=SeekInput,
        answer=(201, SeekView),
        description="Seeks of the same ruleset, options and clock whose player counts meet are "
        "seated together at once (`status` `matched`, `game`), the larger table first; else "
        "yours waits, for people or, after `bots_after` minutes, for bots. It expires after "
        "GTR_SEEK_HOURS (24 by default). One open seek per account: 409 `seek_open`. 422 "
        "`bad_seek` for a seek that could never match (`players_min` above `players_max`, "
        "options that fit no count in the range). Then nothing changes.",
        more_errors=(422,),
    )
    def post(self, request: Request) -> Response:
        data = body(SeekInput, request)
        clock = ClockSpec(**data.pop("clock", None) or {})
        seek = seeks.seek_create(user=account(request), clock=clock, **data)
        return Response(seek_view(seek, request.user), status=status.HTTP_201_CREATED)


class SeekDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="seeks_retrieve",
        summary="One seek, open or not (`game`: where it was seated)",
        parameters=[SEEK_ID],
        responses={200: SeekView, **errors(404, described=False)},
        tags=["seeks"],
    )
    def get(self, request: Request, seek_id: int) -> Response:
        return Response(seek_view(seeks.seek_get(seek_id), request.user))


class SeekCancelView(APIView):
    """A cancelled seek stays readable, as `cancelled`: an action, not a deletion."""

    permission_classes = [IsAuthenticated]
    throttle_scope = "write"

    @write(
        "seeks_cancel",
        "Cancel your seek",
        tag="seeks",
        answer=(200, SeekView),
        description="403 `not_your_seek`; 409 `seek_closed` once matched, cancelled or expired.",
    )
    def post(self, request: Request, seek_id: int) -> Response:
        seek = seeks.seek_cancel(user=account(request), seek_id=seek_id)
        return Response(seek_view(seek, request.user))


class SeekJoinView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "create"

    @write(
        "seeks_join",
        "Join an open seek: seek the same, and be seated with it",
        tag="seeks",
        answer=(201, SeekView),
        description="Posts a seek of the same terms as this one; the answer is your seek, "
        "`matched` with its `game` when a table formed at once (always, for a seek of two "
        "players). 409 `seek_closed` for a seek no longer open, `seek_open` when you have one; "
        "422 `own_seek`; 403 `blocked`.",
        more_errors=(422,),
    )
    def post(self, request: Request, seek_id: int) -> Response:
        seek = seeks.seek_join(user=account(request), seek_id=seek_id)
        return Response(seek_view(seek, request.user), status=status.HTTP_201_CREATED)
