"""Which language a reader gets (docs/api.md, Languages): the player's stored preference, else
the request's (Django's LocaleMiddleware: the web client's language cookie, else
Accept-Language), else English.

Preferences are kept by the players app (with the e-mail preferences of an address), which
this app does not import: `players` registers its lookup here when it starts (`register`).
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
    """The language stored for the seat's player (or the account), None when none is."""
    for lookup in _lookups:
        found = lookup(user, seat)
        if found:
            return language_code(found)
    return None


def of(user: Any = None, seat: Any = None) -> str:
    """The reader's language: the stored one, else the request's active language."""
    return stored(user, seat) or language_code(translation.get_language())
