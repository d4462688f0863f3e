"""Seat tokens: the secret capability link of one seat, usable without an account.

A client sends `Authorization: Seat <token>`. Only the token's sha256 is stored, so no endpoint,
admin page or database dump can reveal it; it reaches its holder only when the holder rotates it
(`POST /api/games/{id}/seat-token/`).

E-mails (invitations and notifications) carry a *mail token* instead: `<seat id>.<HMAC of the
seat's token hash>`,
derived with SECRET_KEY, so the server can put it in every mail without storing a secret it could
read back, and rotating the seat token revokes it too. It authenticates exactly like the seat
token. (Plain tokens are url-safe base64 and never contain a dot.)

A seat token (or mail token) acts for its seat in its game and nothing else: it is no account
(`request.user` stays anonymous, whoever holds the seat), and a view accepts one only if it says
so (`seat_tokens = True`) and only for its own game (the `game_id` in the URL). Anywhere else the
request is refused with 403 `seat_token_scope` (or `wrong_game`) before the view runs.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.crypto import constant_time_compare, salted_hmac
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from games.models import Seat

KEYWORD = "Seat"


def new_token() -> tuple[str, str]:
    """A fresh token and the hash to store."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mail_token(seat: Seat) -> str:
    """The seat's derived token for e-mails (see the module docstring)."""
    return f"{seat.pk}.{_mail_digest(seat)}"


def _mail_digest(seat: Seat) -> str:
    return salted_hmac("gtr.seat-mail-token", seat.token_hash, algorithm="sha256").hexdigest()[:40]


def seat_for_token(token: str) -> Seat | None:
    """The seat a seat token or a mail token stands for, or None."""
    if "." not in token:
        return Seat.objects.select_related("user").filter(token_hash=hash_token(token)).first()
    pk, _, digest = token.partition(".")
    if not pk.isdigit() or len(pk) > 18:
        return None
    seat = Seat.objects.select_related("user").filter(pk=int(pk)).first()
    if seat is None or not constant_time_compare(digest, _mail_digest(seat)):
        return None
    return seat


class SeatTokenScopeError(exceptions.PermissionDenied):
    """A seat token used where it does not act (raised while authenticating, so a DRF exception;
    gtr_api.errors answers it with codes.SEAT_TOKEN_SCOPE)."""


class SeatTokenWrongGame(SeatTokenScopeError):
    """A seat token used for another game (codes.WRONG_GAME)."""


def _check_scope(request: Request, seat: Seat) -> None:
    context = getattr(request, "parser_context", None) or {}
    view, kwargs = context.get("view"), context.get("kwargs") or {}
    if not getattr(view, "seat_tokens", False):
        raise SeatTokenScopeError(
            f"A seat token acts only for its seat in game {seat.game_id}: "
            "use an account token here."
        )
    game_id = kwargs.get("game_id")
    if game_id is not None and int(game_id) != seat.game_id:
        raise SeatTokenWrongGame("This seat token belongs to another game.")


class SeatTokenAuthentication(authentication.BaseAuthentication):
    """`Authorization: Seat <token>`: the request acts as that seat (request.auth is the Seat,
    request.user is anonymous), on the views that accept seat tokens, for the seat's game."""

    def authenticate(self, request: Request) -> tuple[Any, Seat] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode(errors="replace") != KEYWORD:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Send 'Authorization: Seat <token>'.")
        try:
            token = header[1].decode()
        except UnicodeDecodeError as exc:
            raise exceptions.AuthenticationFailed("Invalid seat token.") from exc
        seat = seat_for_token(token)
        if seat is None:
            raise exceptions.AuthenticationFailed("Invalid seat token.")
        _check_scope(request, seat)
        return AnonymousUser(), seat

    def authenticate_header(self, request: Request) -> str:
        return KEYWORD


class SeatTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "games.api.auth.SeatTokenAuthentication"
    name = "seatToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "The seat's capability token, sent as `Seat <token>`.",
        }
