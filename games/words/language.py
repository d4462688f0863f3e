"""Which language a reader gets (docs/api.md, Languages).

The player's stored preference comes first.
Else the request's language, from Django's LocaleMiddleware.
That is the web client's language cookie, else Accept-Language.
Else English.

The players app keeps preferences, with the e-mail preferences of an address.
This app does not import it.
So `players` registers its lookup here when it starts (`register`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation

from .cardnames import language_code

Lookup = Callable[[Any, Any], "str | None"]  # (user or None, seat or None) -> stored language
_lookups: list[Lookup] = []


def register(lookup: Lookup) -> None:
    if lookup not in _lookups:
        _lookups.append(lookup)


def stored(user: Any = None, seat: Any = None) -> str | None:
    """Returns the language stored for the seat's player or the account, or None."""
    for lookup in _lookups:
        found = lookup(user, seat)
        if found:
            return language_code(found)
    return None


def of(user: Any = None, seat: Any = None) -> str:
    """Returns the reader's language: the stored one, else the request's active one."""
    return stored(user, seat) or language_code(translation.get_language())
