"""The ASGI application the production server runs (uvicorn; docs/deploy.md): Django, behind
servestatic, which answers for the collected static files (STATIC_ROOT at STATIC_URL, gzipped,
cached) before a request reaches Django. It sits outside Django's middleware so that no
synchronous middleware stands in front of asynchronous views (event streams).

Django's ASGIHandler opens a ThreadSensitiveContext around each request, and the thread that
context's synchronous calls (the middleware's) run in lives as long as the request: one idle
thread per open event stream or long poll. Those requests run without it here: their few
synchronous middleware calls share Django's one thread-sensitive thread, and the streams' own
database reads run in the shared pool (games.live.hub.db), so a web process holds thousands of
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
os.environ.setdefault("GTR_ASGI", "1")  # settings: a request's thread lives only as long as it

LONG_POLL = re.compile(r"^/api/games/\d+/wait/$")


def long_lived(scope: dict[str, Any]) -> bool:
    """An event stream (asked for with `Accept: text/event-stream`) or a long poll."""
    if LONG_POLL.match(scope.get("path", "")):
        return True
    accept = dict(scope.get("headers", ())).get(b"accept", b"")
    return b"text/event-stream" in accept


class Handler(ASGIHandler):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and long_lived(scope):
            await self.handle(scope, receive, send)  # no thread of its own
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
settle()  # start-up's objects out of the garbage collector's sight (gtr_api/settle.py)
