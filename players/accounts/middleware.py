"""The language a logged-in person chose, for the pages and API calls of a browser session.

LocaleMiddleware has picked the request's language already. It read the language cookie, else
Accept-Language. A person logged in with a session may have stored a language. They
get that one instead, on every device.

API callers with a token get the same from the views that name cards (games.words.language).
Tokens are read only inside the view, so this middleware cannot see them.

Two variants of one middleware. `StoredLanguageMiddleware` is synchronous only, for ordinary
requests: the middleware chain above it then runs in one thread, without a switch between
threads at each middleware. `AsyncStoredLanguageMiddleware` is asynchronous only, for long polls
and event streams (gtr_api.asgi). A synchronous middleware holds a thread around the whole view,
and those requests have no thread of their own: a long poll would hold the process's one shared
thread while it waits, and every other long poll would wait for it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from players.mail.preferences import stored_language


class StoredLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        chosen = stored_language(user, None) if user is not None and user.is_authenticated else None
        _use(request, chosen)
        return self.get_response(request)


class AsyncStoredLanguageMiddleware:
    sync_capable = False
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Awaitable[HttpResponse]]) -> None:
        self.get_response = get_response
        markcoroutinefunction(self)

    async def __call__(self, request: HttpRequest) -> HttpResponse:
        user: Any = await request.auser() if hasattr(request, "auser") else None
        chosen = None
        if user is not None and user.is_authenticated:
            chosen = await sync_to_async(stored_language)(user, None)
        _use(request, chosen)
        return await self.get_response(request)


def _use(request: HttpRequest, chosen: str | None) -> None:
    if chosen:
        translation.activate(chosen)
        request.LANGUAGE_CODE = chosen
