"""Event lists as JSON: a game's story and an account's feed (docs/events.md).

The same paths stream Server-Sent Events when asked with `Accept: text/event-stream`. Those are
routed by games.api.streams. These views describe both in the schema."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.events import feeds, story
from games.models import AccountEvent, Game, Seat
from games.read import selectors
from games.words import language

from .base import (
    account,
    caller_seat,
    errors,
    page,
    query,
)
from .event_schema import (
    AccountEventPage,
    AccountEventQuery,
    EventQuery,
    GameEventPage,
)
from .params import last_event_id

LIST = (
    "Without `Accept: text/event-stream`: the events after `after`, oldest first, a page at a "
    "time. With it: Server-Sent Events, described under text/event-stream."
)
SSE = OpenApiResponse(
    OpenApiTypes.STR,
    description="With `Accept: text/event-stream`: Server-Sent Events, one per event, its "
    "number as the `id:` and its JSON (the same objects as the JSON list) as `data:`; a "
    "comment line every 15 s keeps the connection alive. `Last-Event-ID` (or `?after=N`) "
    "resumes after that event; without either the stream starts with what happens next.",
)
NDJSON = OpenApiResponse(
    OpenApiTypes.STR,
    description="With `Accept: application/x-ndjson`: the same events as JSON lines, one per "
    "line, each with its number as `id`; an empty line every 15 s keeps the connection alive. "
    "`Last-Event-ID` (or `?after=N`) resumes after that event, as for Server-Sent Events.",
)
GAME_ID = OpenApiParameter("game_id", int, OpenApiParameter.PATH)
LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID",
    {"type": "integer", "minimum": 0, "maximum": 9_999_999_999},  # games.api.params.last_event_id
    OpenApiParameter.HEADER,
    description="Streams only: resume after this event (EventSource sends it on reconnecting).",
)


class GameEventListView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).

    @extend_schema(
        operation_id="games_events",
        summary="The game's events as your seat sees them: a list, or a live stream",
        description="Every event of the game, in order, as your seat (or a spectator) may see "
        "it: moves, draws (counted for anyone but the drawer), decisions the server resolved "
        "for a seat, structures completed, turn ends, decisions beginning (whose turn, "
        "deadline), timeouts, resignations, the end. docs/events.md describes each type.",
        parameters=[EventQuery, GAME_ID, LAST_EVENT_ID],
        responses={
            (200, "application/json"): OpenApiResponse(GameEventPage, description=LIST),
            (200, "text/event-stream"): SSE,
            (200, "application/x-ndjson"): NDJSON,
            **errors(400, 401, 403, 404),
        },
        tags=["events"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        q = query(EventQuery, request)
        last_event_id(request)  # A list ignores it but still checks it.
        game = selectors.game_get(game_id, with_state=False)
        seat = caller_seat(request, game)
        position = None if seat is None else seat.position
        lang = language.of(user=request.user, seat=seat)
        rows = game.events.filter(number__gt=q["after"]).order_by("number")
        response = page(request, self, rows, lambda e: story.rendered(e, position, lang))
        response["Content-Language"] = lang
        return response


class AccountEventListView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="stream",
        summary="Your account's feed, all games: a list, or a live stream",
        description="What concerns you in every game: your turn, invitations, games started, "
        "finished or cancelled, your timeouts. One connection serves a bot or an app with many "
        "games. Needs an account (a seat token gets 403 `seat_token_scope`). Webhooks receive "
        "the same events. With `view=true` each `your_turn` carries your seat's view with its "
        "legal actions, rendered as it is sent (docs/bots.md).",
        parameters=[AccountEventQuery, LAST_EVENT_ID],
        responses={
            (200, "application/json"): OpenApiResponse(AccountEventPage, description=LIST),
            (200, "text/event-stream"): SSE,
            (200, "application/x-ndjson"): NDJSON,
            **errors(400, 401, 403, 404),
        },
        tags=["events"],
    )
    def get(self, request: Request) -> Response:
        q = query(AccountEventQuery, request)
        last_event_id(request)  # A list ignores it but still checks it.
        user = account(request)
        rows = AccountEvent.objects.filter(user=user, number__gt=q["after"])
        response = page(request, self, rows.order_by("number"), feeds.account_rendered)
        if q["view"]:
            with_views(user, response.data["results"])
        return response


def with_views(user: Any, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Adds to each `your_turn` event the seat's view as `GET /api/games/{game_id}/` shows it,
    rendered now: the current view while that decision is still pending (the game's `seq` is
    the event's), else `view: null` (it moved on; a later event says what came next). The seat
    is the account's own at that table, never one the event names."""
    lang = language.of(user=user)
    games: dict[int, dict[str, Any] | None] = {}
    for event in events:
        if event.get("type") != "your_turn":
            continue
        game_id = event["game"]
        if game_id not in games:
            games[game_id] = _current_view(user, game_id, lang)
        view = games[game_id]
        event["view"] = view if view is not None and view["seq"] == event["seq"] else None
    return events


def _current_view(user: Any, game_id: int, lang: str) -> dict[str, Any] | None:
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    seat = None if game is None else Seat.objects.filter(game=game, user_id=user.pk).first()
    if game is None or seat is None:
        return None
    return selectors.game_view_for_seat(game, seat, lang)


# Webhooks ---------------------------------------------------------------------------------------
