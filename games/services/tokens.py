"""Seat tokens: the secret capability link of one seat (games.api.auth checks them).

Only a token's sha256 is stored.
So no endpoint, admin page or database dump can reveal it.
It reaches its holder only when the holder rotates it (`POST /api/games/{id}/seat-token/`).

E-mails (invitations and notifications) carry a *mail token* instead.
It is `<seat id>.<HMAC of the seat's token hash>`, derived with SECRET_KEY.
So the server can put it in every mail without storing a secret it could read back.
Rotating the seat token revokes it too.
It authenticates exactly like the seat token.
Plain tokens are url-safe base64 and never contain a dot.
"""

from __future__ import annotations

import hashlib
import secrets

from django.utils.crypto import constant_time_compare, salted_hmac

from games.models import Seat


def new_token() -> tuple[str, str]:
    """Returns a fresh token and the hash to store."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mail_token(seat: Seat) -> str:
    """Returns the seat's derived token for e-mails (see the module docstring)."""
    return f"{seat.pk}.{_mail_digest(seat)}"


def _mail_digest(seat: Seat) -> str:
    return salted_hmac("gtr.seat-mail-token", seat.token_hash, algorithm="sha256").hexdigest()[:40]


def seat_for_token(token: str) -> Seat | None:
    """Returns the seat a seat token or a mail token stands for, or None."""
    if "." not in token:
        return Seat.objects.select_related("user").filter(token_hash=hash_token(token)).first()
    pk, _, digest = token.partition(".")
    if not pk.isdigit() or len(pk) > 18:
        return None
    seat = Seat.objects.select_related("user").filter(pk=int(pk)).first()
    if seat is None or not constant_time_compare(digest, _mail_digest(seat)):
        return None
    return seat
