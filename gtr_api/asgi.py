"""The ASGI application that production runs under uvicorn (docs/deploy.md).

Django sits behind servestatic, which answers for the collected static files first. Those are
STATIC_ROOT at STATIC_URL, gzipped and cached. The wrapper sits outside Django's middleware. So no
synchronous middleware stands in front of asynchronous views such as event streams.

Django's ASGIHandler opens a ThreadSensitiveContext around each request. The middleware's
synchronous calls run in that context's thread. The thread lives as long as the request. That is
one idle thread per open event stream or long poll. So those requests skip the context here. Their
few synchronous middleware calls share Django's one thread-sensitive thread. The streams' own
database reads run in the shared pool (games.live.hub.db). Thus a web process holds thousands of
streams with a handful of threads (docs/events.md, docs/benchmarks.md).

Those requests also have a middleware chain of their own, in which every middleware can run
asynchronously (`long_lived_middleware`). A synchronous-only middleware holds its thread until
the view below it has answered. Here that is the one shared thread: a long poll would hold it for
as long as it waits, and the process's other long polls would wait in turn. Ordinary requests
keep the synchronous variant: their chain then runs in one thread, without a switch at each
middleware.
"""

import os
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.handlers.asgi import ASGIHandler
from servestatic import ServeStaticASGI

from gtr_api.settle import settle

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
os.environ.setdefault("GTR_ASGI", "1")  # Tells settings that a request's thread dies with it.

LONG_POLL = re.compile(r"^/api/games/\d+/wait/$")
# Synchronous-only middleware of settings.MIDDLEWARE, and its asynchronous variant.
ASYNC_VARIANTS = {
    "players.accounts.middleware.StoredLanguageMiddleware": (
        "players.accounts.middleware.AsyncStoredLanguageMiddleware"
    ),
}


def long_lived(scope: dict[str, Any]) -> bool:
    """Whether the request is a long poll or an event stream (`Accept: text/event-stream`)."""
    if LONG_POLL.match(scope.get("path", "")):
        return True
    accept = dict(scope.get("headers", ())).get(b"accept", b"")
    return b"text/event-stream" in accept


def long_lived_middleware() -> list[str]:
    """settings.MIDDLEWARE with each synchronous-only middleware's asynchronous variant."""
    return [ASYNC_VARIANTS.get(path, path) for path in settings.MIDDLEWARE]


class LongLivedHandler(ASGIHandler):
    """Long polls and event streams: no thread of their own, no synchronous-only middleware."""

    def load_middleware(self, is_async: bool = False) -> None:
        ordinary = settings.MIDDLEWARE
        settings.MIDDLEWARE = long_lived_middleware()  # read by the loading only
        try:
            super().load_middleware(is_async)
        finally:
            settings.MIDDLEWARE = ordinary

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await self.handle(scope, receive, send)  # No ThreadSensitiveContext: no thread.


class Handler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()
        self.long_lived = LongLivedHandler()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and long_lived(scope):
            await self.long_lived(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


get_asgi_application()  # django.setup()
django_application = Handler()
Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)  # empty until collectstatic
application = ServeStaticASGI(
    django_application,
    root=settings.STATIC_ROOT,
    prefix=settings.STATIC_URL,
    max_age=int(os.environ.get("GTR_STATIC_MAX_AGE", "3600")),
)
settle()  # Hides start-up's objects from the garbage collector (gtr_api/settle.py).
