"""Each address's e-mail preferences: which mails it wants, and in which language."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games import codes
from games.errors import Refused
from games.models import Seat
from games.words.cardnames import ENGLISH, LANGUAGES
from players.models import MailPreference

from . import texts

KINDS = ("your_turn", "reminder", "final")


def preferences_get(address: str) -> MailPreference:
    """Returns an address's preferences, or unsaved defaults when it never set any."""
    address = address.lower()
    found = MailPreference.objects.filter(address=address).first()
    return found or MailPreference(address=address)


def preferences_update(address: str, **changes: Any) -> MailPreference:
    """Changes an address's preferences: the switches (booleans) and `language`.

    `language` is one of `games.words.cardnames.LANGUAGES`, or None for none chosen. Any other
    value raises 422 `bad_language`, and nothing changes.
    """
    if "language" in changes:
        changes["language"] = language_checked(changes["language"])
    prefs = preferences_get(address)
    for name, value in changes.items():
        setattr(prefs, name, value if name == "language" else bool(value))
    prefs.save()
    return prefs


def language_checked(value: Any) -> str:
    if value is None:
        return ""
    if value not in LANGUAGES:
        raise Refused(
            f"No language {str(value)[:20]!r}: choose one of {', '.join(LANGUAGES)} (or null).",
            codes.BAD_LANGUAGE,
        )
    return str(value)


def in_language(address: str) -> translation.override:
    """Writes the mail to `address` in its language, fixed text and card names alike."""
    return translation.override(address_language(address))


def address_language(address: str) -> str:
    """Returns the language of the mails to `address`: its chosen one, else English."""
    return preferences_get(address).language or ENGLISH if address else ENGLISH


def stored_language(user: Any, seat: Seat | None) -> str | None:
    """Returns the language stored for a seat's player, else for the account.

    A seat's player is known by its address. `games.words.language` asks this lookup, which
    `players.apps` registers.
    """
    address = texts.seat_address(seat) if seat is not None and seat.kind != Seat.Kind.BOT else ""
    if not address and user is not None and getattr(user, "is_authenticated", False):
        address = str(user.email or "")
    if not address:
        return None
    return (
        MailPreference.objects.filter(address=address.lower())
        .values_list("language", flat=True)
        .first()
        or None
    )


def unsubscribe(address: str) -> MailPreference:
    return preferences_update(address, unsubscribed=True)


def wants(address: str, kind: str) -> bool:
    """Whether `address` gets a mail of `kind` now.

    A digest reader gets no turn or reminder mails. The digest lists them.
    """
    if not address:
        return False
    prefs = preferences_get(address)
    if prefs.unsubscribed or not getattr(prefs, kind):
        return False
    return not (prefs.digest and kind in ("your_turn", "reminder"))
