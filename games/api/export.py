"""The games database for staff: every finished game as a record, one per line.

`GET /api/games/export/` streams newline-delimited JSON (`application/x-ndjson`), each line a
finished game's complete record (games.services.dataset), in the order the games finished; the
query parameters narrow it to one ruleset (`version`) and to days (`since`, `until`). It is
`manage.py export_games` over HTTP, for staff only: lines are read in batches as the answer goes
out, so a long export holds neither the whole database in memory nor a connection while it
waits on the client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

from django.core.handlers.asgi import ASGIRequest
from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.views import APIView

from games import codes
from games.errors import Forbidden, NotAuthenticated
from games.live.hub import db
from games.services import dataset

from .base import errors, query
from .inputs import GameExportQuery
from .outputs import DatasetRecord, Error

NDJSON = "application/x-ndjson"


class GameExportView(APIView):
    @extend_schema(
        operation_id="games_export",
        summary="Every finished game as a record, one per line (staff)",
        description="The games database, as lichess publishes its own: newline-delimited JSON "
        "(`application/x-ndjson`), one finished game's complete record per line (docs/records.md: "
        "the whole deal, every action by card names, the result) with its id and when it "
        "finished, in the order the games finished, streamed. Games set up from a scenario or "
        "an imported record are left out, and games still in play never appear. Staff only "
        "(403 `export_forbidden`); `manage.py export_games` writes the same lines.",
        parameters=[GameExportQuery],
        responses={
            (200, NDJSON): OpenApiResponse(
                DatasetRecord, description="One `DatasetRecord` per line, each ending in \\n."
            ),
            **errors(400, 401),
            403: OpenApiResponse(
                Error, description="`export_forbidden`: the account is not a staff account."
            ),
        },
        tags=["play"],
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        if not request.user.is_authenticated:
            raise NotAuthenticated("Log in with a staff account to export the games.")
        if not request.user.is_staff:
            raise Forbidden("Only staff may export the games database.", codes.EXPORT_FORBIDDEN)
        filters = query(GameExportQuery, request)
        content: Iterator[bytes] | AsyncIterator[bytes]
        if isinstance(request._request, ASGIRequest):
            content = _streamed(filters)
        else:
            content = dataset.lines(**filters)
        response = StreamingHttpResponse(content, content_type=NDJSON)
        response["Cache-Control"] = "no-store"
        return response


async def _streamed(filters: dict[str, Any]) -> AsyncIterator[bytes]:
    """The lines under ASGI: each batch read in the shared thread pool (games.live.hub.db), no
    connection held between batches."""
    after: dataset.Cursor = None
    while True:
        found, after = await db(dataset.batch, after, *_args(filters))
        if not found:
            return
        for line in found:
            yield line


def _args(filters: dict[str, Any]) -> tuple[Any, Any, Any]:
    return filters.get("version"), filters.get("since"), filters.get("until")
