"""Event streams (Server-Sent Events) and the long poll.

These async views wait on the event hub (games.live.hub), never in a database loop. So one web
process holds thousands of waiting clients.

- `GET /api/games/{game_id}/events/` with `Accept: text/event-stream`: the game's events, as the
  caller's seat or a spectator sees them. Each has its number as the SSE `id`. `Last-Event-ID`
  (or `?after=N`) resumes right after that event. Without that Accept header, the path is the
  JSON event log.
- `GET /api/stream/` with `Accept: text/event-stream`: the caller's account feed for all its
  games. Without that header, it is the feed as JSON. `?view=true` adds the seat's current view
  to each `your_turn` (games.api.events.with_views). A bot account's open stream keeps it
  online in the bot list.
- Either stream as JSON lines with `Accept: application/x-ndjson` instead: one event a line,
  an empty line as the keep-alive, resumed the same way.
- `GET /api/games/{game_id}/wait/`: answers once the game moves past `seq`. This view waits,
  then the DRF view decides what to answer.

Credentials, parameters and errors are checked before a stream starts. The rules, codes and JSON
bodies are those of every other endpoint. Opening a stream and a long poll count against the
`stream` rate limit (games.api.throttles) before anything waits. A stream opened with a seat
token closes when that token is replaced. Each stream sends a comment every
GTR_STREAM_KEEPALIVE_SECONDS.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.encoders import JSONEncoder
from rest_framework.views import APIView

from games.events import feeds, story
from games.live import messages
from games.live.hub import RESYNC, Message, current, db
from games.models import AccountEvent, Game, GameEvent, Seat
from games.read import selectors
from games.services import botseats
from games.words import language

from . import throttles
from .params import check_params, last_event_id

STREAM = "text/event-stream"
NDJSON = "application/x-ndjson"
BATCH = 500  # events read from the database at a time


def wants_stream(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return STREAM in accept or NDJSON in accept


def form_of(request: HttpRequest) -> str:
    """The stream's form: JSON lines when asked for them, else Server-Sent Events."""
    return "ndjson" if NDJSON in request.headers.get("Accept", "") else "sse"


class Documented(Protocol):
    """A view function that drf-spectacular reads like a DRF view's.

    On a DRF view's function, `as_view()` sets `cls` and `initkwargs`. Like DRF's views, it is
    exempt from Django's CSRF check."""

    cls: type[APIView]
    initkwargs: dict[str, Any]
    csrf_exempt: bool


def documented_as(view_class: type[APIView], handler: Callable[..., Any]) -> Callable[..., Any]:
    """Marks `handler`, an async Django view, to be documented as `view_class`.

    `view_class` is the DRF view whose methods carry the `extend_schema` description. It also
    answers requests that are not streams."""
    documented = cast(Documented, handler)  # a function takes any attribute
    documented.cls = view_class
    documented.initkwargs = {}
    documented.csrf_exempt = True
    return handler


# DRF's settings as api_settings imports them. The stubs type them as dotted paths.
ExceptionHandler = Callable[[Exception, dict[str, Any]], Response | None]


def error_response(exc: Exception) -> HttpResponse:
    """The JSON error every endpoint answers for `exc`, from DRF's EXCEPTION_HANDLER."""
    handler = cast(ExceptionHandler, api_settings.EXCEPTION_HANDLER)
    response = handler(exc, {"view": APIView(), "request": None})
    if response is None:
        raise exc
    headers = {k: v for k, v in response.items() if k in ("WWW-Authenticate", "Retry-After")}
    return JsonResponse(response.data, status=response.status_code, headers=headers)


def credentials(
    request: HttpRequest, view_class: type[APIView], **kwargs: Any
) -> tuple[Any, Seat | None]:
    """The caller's user and seat token, authenticated as `view_class` would.

    The URL's `kwargs` go with it. DRF's authenticators raise AuthenticationFailed for a bad token.
    Then games.api.auth checks the scope. A seat token works only where the view takes one, and
    only for its game."""
    classes = cast("list[type[BaseAuthentication]]", api_settings.DEFAULT_AUTHENTICATION_CLASSES)
    authenticators = [cls() for cls in classes]
    context = {"view": view_class(), "kwargs": kwargs}
    drf = Request(request, authenticators=authenticators, parser_context=context)
    user, auth = drf.user, drf.auth
    return user, auth if isinstance(auth, Seat) else None


@dataclass(frozen=True)
class Plan:
    """What a stream serves: channels, a reader of missed events, a renderer."""

    channels: tuple[str, ...]
    after: int
    reader: Callable[[int], list[Any]]  # Events numbered above N, at most BATCH, in order.
    render: Callable[[Any], tuple[int, dict[str, Any]]]  # (number, JSON) of an event.
    viewer: Any = None  # Streams with the same viewer render a hub message alike.
    form: str = "sse"  # or "ndjson"
    # Adds what is rendered at send time (the seat's view in `your_turn`), in the database.
    enrich: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] | None = None
    touch: Callable[[], None] | None = None  # Says the stream is open (a bot is online).


def game_plan(request: HttpRequest, game_id: int) -> Plan:
    from .events import GameEventListView

    check_params(request.GET, {"after"})
    user, token_seat = credentials(request, GameEventListView, game_id=game_id)
    throttles.check(request, "stream", user, token_seat)
    game = selectors.game_get(game_id, with_state=False)
    seat = selectors.seat_for(game, user=user, token_seat=token_seat)
    position = None if seat is None else seat.position
    lang = language.of(user=user, seat=seat)
    channels = (f"game:{game_id}",) + ((f"seat:{token_seat.pk}",) if token_seat else ())
    after = last_event_id(request)

    def read(after: int) -> list[GameEvent]:
        return list(GameEvent.objects.filter(game_id=game_id, number__gt=after)[:BATCH])

    def render(event: GameEvent) -> tuple[int, dict[str, Any]]:
        return event.number, story.rendered(event, position, lang)

    start = game.last_event if after is None else after
    form = form_of(request)
    return Plan(channels, start, read, render, viewer=("seat", position, lang, form), form=form)


def account_plan(request: HttpRequest) -> Plan:
    from .event_schema import AccountEventQuery
    from .events import AccountEventListView, with_views

    check_params(request.GET, {"after", "view"})
    user, _ = credentials(request, AccountEventListView)  # refuses a seat token
    if not user.is_authenticated:
        raise NotAuthenticated("Log in to follow your games.")
    throttles.check(request, "stream", user, None)
    query = AccountEventQuery(data={"view": request.GET.get("view", "false")})
    query.is_valid(raise_exception=True)
    embed = query.validated_data["view"]
    after = last_event_id(request)
    if after is None:
        newest = AccountEvent.objects.filter(user_id=user.pk).order_by("-number").first()
        after = 0 if newest is None else newest.number

    def read(after: int) -> list[AccountEvent]:
        return list(AccountEvent.objects.filter(user_id=user.pk, number__gt=after)[:BATCH])

    def render(event: AccountEvent) -> tuple[int, dict[str, Any]]:
        return event.number, feeds.account_rendered(event)

    form = form_of(request)
    return Plan(
        (f"user:{user.pk}",),
        after,
        read,
        render,
        viewer=("account", embed, form),
        form=form,
        enrich=(lambda events: with_views(user, events)) if embed else None,
        touch=(lambda: botseats.bot_connected(user.pk)) if botseats.is_bot_account(user) else None,
    )


def frame(number: int, data: dict[str, Any], form: str = "sse") -> bytes:
    text = json.dumps(data, separators=(",", ":"), cls=JSONEncoder)  # a view has datetimes
    if form == "ndjson":
        return f"{text}\n".encode()
    return f"id: {number}\ndata: {text}\n\n".encode()


KEEP_ALIVE = {"sse": b": keep-alive\n\n", "ndjson": b"\n"}


async def touched(plan: Plan, last: float) -> float:
    """Says the stream is open when a third of GTR_BOT_ONLINE_SECONDS has passed since `last`.
    Returns when it last said so."""
    now = time.monotonic()
    if plan.touch is None or now - last < settings.GTR_BOT_ONLINE_SECONDS / 3:
        return last
    await db(plan.touch)
    return now


async def stream(plan: Plan, bounded: bool = False) -> AsyncIterator[bytes]:
    """The SSE body: what was missed since `plan.after`, then each new event once, in order.

    A message that leaves a gap means another was lost or is late. The database fills the gap,
    and also answers a resync. `bounded` is for a WSGI server, which sends nothing until the body
    ends. It ends the stream after the first new events or GTR_WAIT_MAX_SECONDS. The client then
    reconnects at once."""
    sub = await current().subscribe(plan.channels)
    last = plan.after
    retry = 0 if bounded else settings.GTR_STREAM_RETRY_MS
    wait = settings.GTR_WAIT_MAX_SECONDS if bounded else settings.GTR_STREAM_KEEPALIVE_SECONDS
    try:
        seen = await touched(plan, -float("inf"))
        if plan.form == "sse":
            yield f"retry: {retry}\n\n".encode()
        rows = await missed(plan, last)
        while True:
            seen = await touched(plan, seen)
            if rows:  # one chunk for all of them
                yield b"".join(frame(number, data, plan.form) for number, data in rows)
                last = rows[-1][0]
            if bounded and (rows or last > plan.after):
                return
            message = await sub.get(wait)
            if message is None:
                yield KEEP_ALIVE[plan.form]
                if bounded:
                    return
                rows = []
            elif message.get("revoked"):
                return
            elif message is RESYNC:
                rows = await missed(plan, last)
            elif plan.enrich is not None:  # rendered for this stream alone, at send time
                fresh = [(n, d) for n, d in incoming_rows(message, plan) if n > last]
                if contiguous([n for n, _ in fresh], last):
                    rows = await enriched(plan, fresh)
                else:
                    rows = await missed(plan, last)
            else:
                frames = [(n, f) for n, f in incoming(message, plan) if n > last]
                if contiguous([n for n, _ in frames], last):
                    if frames:
                        yield b"".join(f for _, f in frames)
                        last = frames[-1][0]
                    rows = []
                else:
                    rows = await missed(plan, last)
    finally:
        sub.close()


def contiguous(numbers: list[int], last: int) -> bool:
    return numbers == list(range(last + 1, last + 1 + len(numbers)))


async def missed(plan: Plan, last: int) -> list[tuple[int, dict[str, Any]]]:
    """Every event after `last`, from the database, rendered."""
    out: list[tuple[int, dict[str, Any]]] = []
    while True:
        rows = await db(plan.reader, last)
        out.extend(plan.render(row) for row in rows)
        if len(rows) < BATCH:
            return await enriched(plan, out)
        last = out[-1][0]


async def enriched(
    plan: Plan, rows: list[tuple[int, dict[str, Any]]]
) -> list[tuple[int, dict[str, Any]]]:
    """The rows with what `plan.enrich` adds, on copies (the hub's are shared)."""
    if plan.enrich is None or not rows:
        return rows
    copies = [dict(data) for _, data in rows]
    done = await db(plan.enrich, copies)
    return [(number, data) for (number, _), data in zip(rows, done, strict=True)]


def incoming_rows(message: Message, plan: Plan) -> list[tuple[int, dict[str, Any]]]:
    """The (number, JSON) of each event a hub message carries, for this stream's viewer, in
    order. Every subscriber of the channel in this process shares the message, so each
    viewer's are rendered once and kept on it."""
    cache = message.setdefault("rendered", {})
    if plan.viewer not in cache:
        rendered = []
        for item in message.get("events", ()):
            if "event" in item:  # an account feed event: the same for everyone
                rendered.append((item["number"], item["event"]))
            else:
                rendered.append(plan.render(messages.from_stored(item)))
        rendered.sort(key=lambda pair: pair[0])
        cache[plan.viewer] = rendered
    rows: list[tuple[int, dict[str, Any]]] = cache[plan.viewer]
    return rows


def incoming(message: Message, plan: Plan) -> list[tuple[int, bytes]]:
    """The (number, frame) of each event a hub message carries, for this stream's viewer: made
    once per viewer, like `incoming_rows`."""
    cache = message.setdefault("frames", {})
    if plan.viewer not in cache:
        rows = incoming_rows(message, plan)
        cache[plan.viewer] = [(n, frame(n, data, plan.form)) for n, data in rows]
    frames: list[tuple[int, bytes]] = cache[plan.viewer]
    return frames


def sse_response(plan: Plan, bounded: bool) -> StreamingHttpResponse:
    kind = NDJSON if plan.form == "ndjson" else STREAM
    response = StreamingHttpResponse(stream(plan, bounded), content_type=kind)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy (nginx) must not buffer the stream
    return response


async def planned(make: Callable[..., Plan], request: HttpRequest, *args: Any) -> HttpResponseBase:
    try:
        plan = await db(make, request, *args)
    except Exception as exc:
        return error_response(exc)
    return sse_response(plan, bounded=not isinstance(request, ASGIRequest))


# The views --------------------------------------------------------------------------------------


async def game_events(request: HttpRequest, game_id: int) -> HttpResponseBase:
    from .events import GameEventListView

    if request.method == "GET" and wants_stream(request):
        return await planned(game_plan, request, game_id)
    view = GameEventListView.as_view()
    return await sync_to_async(view)(request, game_id=game_id)


async def account_events(request: HttpRequest) -> HttpResponseBase:
    from .events import AccountEventListView

    if request.method == "GET" and wants_stream(request):
        return await planned(account_plan, request)
    view = AccountEventListView.as_view()
    return await sync_to_async(view)(request)


@dataclass(frozen=True)
class Waiting:
    game_id: int
    seq: int
    status: str
    timeout: float


def wait_plan(request: HttpRequest, game_id: int) -> Waiting | None:
    """What to wait for.

    None means the DRF view should answer at once. That is for a bad request, bad credentials, or
    nothing to wait for."""
    from .inputs import WaitQuery

    query = WaitQuery(data=request.GET)
    if not query.is_valid():
        return None
    from .play import GameWaitView

    try:
        user, seat = credentials(request, GameWaitView, game_id=game_id)
    except Exception:
        return None
    counted = throttles.count(request, "stream", throttles.caller_of(request, user, seat))
    if counted is not None and not counted.allowed:
        return None  # GameWaitView answers 429: the request is counted already.
    try:
        game = selectors.game_get(game_id, with_state=False)
    except Exception:
        return None
    q = query.validated_data
    if game.seq > q["seq"] or game.status in (Game.Status.FINISHED, Game.Status.CANCELLED):
        return None
    timeout = min(q["timeout"], settings.GTR_WAIT_MAX_SECONDS)
    return Waiting(game_id, q["seq"], game.status, timeout)


def moved(waiting: Waiting) -> bool:
    game = Game.objects.filter(pk=waiting.game_id).values("seq", "status").first()
    return game is None or game["seq"] > waiting.seq or game["status"] != waiting.status


async def wait_for_change(waiting: Waiting) -> None:
    """Returns once the game moves past `seq` or changes status, or after the timeout.

    The game is read again only when the hub says something happened to it."""
    end = time.monotonic() + waiting.timeout
    sub = await current().subscribe([f"game:{waiting.game_id}"])
    try:
        if await db(moved, waiting):
            return
        while (left := end - time.monotonic()) > 0:
            message = await sub.get(left)
            if message is not None and await db(moved, waiting):
                return
    finally:
        sub.close()


async def game_wait(request: HttpRequest, game_id: int) -> HttpResponse:
    from .play import GameWaitView

    waiting = await db(wait_plan, request, game_id) if request.method == "GET" else None
    waited_on = None
    if waiting is not None:
        try:
            await wait_for_change(waiting)
        except (InterfaceError, OperationalError) as exc:  # the database went away: 503
            return error_response(exc)
        waited_on = waiting.status
    view = GameWaitView.as_view()  # under uvicorn, on Django's one thread-sensitive thread
    return await sync_to_async(view)(request, game_id=game_id, waited_on=waited_on)
