"""The language a logged-in person chose, for the pages and API calls of a browser session.

LocaleMiddleware has picked the request's language already. It read the language cookie, else
Accept-Language. A person logged in with a session may have stored a language. They
get that one instead, on every device.

API callers with a token get the same from the views that name cards (games.words.language).
Tokens are read only inside the view, so this middleware cannot see them.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from players.mail.preferences import stored_language


class StoredLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        chosen = stored_language(user, None) if user is not None and user.is_authenticated else None
        if chosen:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        return self.get_response(request)
