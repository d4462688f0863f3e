"""Rate limits: one per endpoint class, counted per caller (docs/api.md, Rate limits).

Every request counts against one scope:

- `view`: reading (every GET, and the JSON event pages);
- `move`: playing at a table (moves, join, leave, start, resign, return, surrender, seat token,
  undo and takeback, pause and resume, a rematch);
- `create`: creating games and webhooks, challenges and seeks (and accepting or joining one);
- `stream`: opening an event stream (Server-Sent Events) and the long poll (`/wait/`);
- `write`: every other write (mail preferences, push subscriptions, unsubscribing, a webhook
  changed or deleted, a token revoked, standing orders, time off, blocks and reports);
- `chat`: a line said at a table's chat;
- `login`, `signup`: logging in and signing up.

A view names the scope of its writes (`throttle_scope`); reads are `view`; `throttle_scopes`
overrides either per method. The rates are REST_FRAMEWORK's DEFAULT_THROTTLE_RATES (settings,
`GTR_<SCOPE>_RATE`), read on each request; a scope whose rate is None is not limited.

The caller is the account, else the seat token, else the client address (as DRF's throttles
take it, through GTR_NUM_PROXIES): a bot's moves count against its account wherever it plays
from, and people behind one address do not share a limit once logged in.

Counting is a fixed window per (scope, caller): the cache key of the current window is added at
0 and incremented. Both are atomic in Redis and in the local-memory cache, so concurrent requests
are all counted, and a request costs two cache calls whatever its rate. (DRF's SimpleRateThrottle
keeps each request's time in a list that it reads and writes back whole: at 1200 a minute, a 10 KB
pickle per request, and two concurrent requests each write back their own list.) A client may
make up to twice the rate across a window's end; the rates are set with that in mind.

Every answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (the
seconds until the window ends), set by `rate_limit_headers`; a refused request is 429 `throttled`
with `Retry-After` (gtr_api.errors).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from asgiref.sync import iscoroutinefunction
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.utils.decorators import sync_and_async_middleware
from redis.exceptions import RedisError
from rest_framework.exceptions import Throttled
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from games.models import Seat

log = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

# The clock of the windows. Tests set it.
timer: Callable[[], float] = time.time


@dataclass(frozen=True)
class RateLimit:
    """Where a caller's count stands in a scope, after this request."""

    scope: str
    limit: int
    remaining: int
    reset: int  # seconds until the window ends, at least 1
    allowed: bool

    def headers(self) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": str(self.reset),
        }


def parse_rate(rate: str) -> tuple[int, int]:
    """`"600/min"` -> (600, 60): DRF's format (s, m, h or d is what counts of the period)."""
    number, period = rate.split("/")
    return int(number), PERIODS[period.strip()[0]]


def scope_of(view: Any, method: str) -> str | None:
    """The scope a request with `method` to `view` (an instance or its class) counts against."""
    scopes: Mapping[str, str | None] = getattr(view, "throttle_scopes", {})
    if method in scopes:
        return scopes[method]
    if method in SAFE_METHODS:
        return "view"
    scope: str = getattr(view, "throttle_scope", "write")
    return scope


def caller_of(request: HttpRequest, user: Any, seat: Seat | None) -> str:
    """The caller a count is kept for: the account, else the seat token, else the address."""
    if user is not None and user.is_authenticated:
        return f"u{user.pk}"
    if seat is not None:
        return f"s{seat.pk}"
    return f"a{BaseThrottle().get_ident(cast(Request, request))}"


def rates() -> Mapping[str, str | None]:
    # Rates such as "600/min"; DRF's stubs say numbers.
    return cast("Mapping[str, str | None]", api_settings.DEFAULT_THROTTLE_RATES)


def count(request: HttpRequest, scope: str, caller: str) -> RateLimit | None:
    """Counts the request in `scope` for `caller`, once per request; None if not limited.

    The answer is kept on the request, for its headers and for a second look: a long poll is
    counted before it waits (games.api.streams), and its DRF view then finds it counted."""
    done: RateLimit | None = getattr(request, "rate_limit", None)
    if done is not None and done.scope == scope:
        return done
    rate = rates().get(scope)
    if rate is None:
        return None
    limit, period = parse_rate(rate)
    now = timer()
    window = int(now // period)
    ends = (window + 1) * period
    key = f"throttle:{scope}:{caller}:{window}"
    try:
        used = tally(key, math.ceil(ends - now) + 1, period + 1)
    except CACHE_DOWN:
        cache_down(scope)
        return None
    result = RateLimit(
        scope=scope,
        limit=limit,
        remaining=max(0, limit - used),
        reset=max(1, math.ceil(ends - now)),
        allowed=used <= limit,
    )
    request.rate_limit = result  # type: ignore[attr-defined]
    return result


def tally(key: str, timeout: int, fresh_timeout: int) -> int:
    """The window's count after this request."""
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # the key expired between the two calls: a new window
        cache.set(key, 1, timeout=fresh_timeout)
        return 1


# What the cache raises when it cannot be reached (Redis in production). The limits are a guard,
# not a rule of play: while the cache is down requests are not limited rather than refused, and
# the log says so (at most once a minute per process; the health check says Redis is down).
CACHE_DOWN = (RedisError, OSError)
_warned = [0.0]


def cache_down(scope: str) -> None:
    now = time.monotonic()
    if now - _warned[0] >= 60:
        _warned[0] = now
        log.warning(
            "rate limits are off: the cache cannot be reached (scope %s)", scope, exc_info=True
        )


def check(request: HttpRequest, scope: str, user: Any, seat: Seat | None) -> None:
    """Counts a request made outside DRF's views (a stream); raises Throttled over the limit."""
    result = count(request, scope, caller_of(request, user, seat))
    if result is not None and not result.allowed:
        raise Throttled(wait=result.reset)


class ScopeThrottle(BaseThrottle):
    """DRF's throttle for every view (REST_FRAMEWORK's DEFAULT_THROTTLE_CLASSES)."""

    def __init__(self) -> None:
        self.result: RateLimit | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        scope = scope_of(view, request.method or "GET")
        if scope is None:
            return True
        seat = request.auth if isinstance(request.auth, Seat) else None
        http = request._request
        self.result = count(http, scope, caller_of(http, request.user, seat))
        return self.result is None or self.result.allowed

    def wait(self) -> float | None:
        return None if self.result is None else float(self.result.reset)


def _with_headers(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    result: RateLimit | None = getattr(request, "rate_limit", None)
    if result is not None:
        for name, value in result.headers().items():
            response.setdefault(name, value)
    return response


@sync_and_async_middleware
def rate_limit_headers(get_response: Any) -> Any:
    """Middleware: the `X-RateLimit-*` headers of the request's scope on its answer.

    Both sync and async, so that a stream or long poll holds no thread for it (gtr_api.asgi)."""
    if iscoroutinefunction(get_response):

        async def async_middleware(request: HttpRequest) -> HttpResponseBase:
            return _with_headers(request, await get_response(request))

        return async_middleware

    def middleware(request: HttpRequest) -> HttpResponseBase:
        return _with_headers(request, get_response(request))

    return middleware
