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


def long_lived(scope: dict[str, Any]) -> bool:
    """Whether the request is a long poll or an event stream (`Accept: text/event-stream`)."""
    if LONG_POLL.match(scope.get("path", "")):
        return True
    accept = dict(scope.get("headers", ())).get(b"accept", b"")
    return b"text/event-stream" in accept


class Handler(ASGIHandler):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and long_lived(scope):
            await self.handle(scope, receive, send)  # No thread of its own.
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
