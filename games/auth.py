"""Seat tokens: the secret capability link of one seat, usable without an account.

A client sends `Authorization: Seat <token>`. Only the token's sha256 is stored, so no endpoint,
admin page or database dump can reveal it; it reaches its seat by e-mail (invitations) or by the
seat's own holder rotating it (`POST /api/games/{id}/seat-token/`).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from .models import Seat

KEYWORD = "Seat"


def new_token() -> tuple[str, str]:
    """A fresh token and the hash to store."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SeatTokenAuthentication(authentication.BaseAuthentication):
    """`Authorization: Seat <token>`: the request acts as that seat (request.auth is the Seat)."""

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
        seat = Seat.objects.select_related("user").filter(token_hash=hash_token(token)).first()
        if seat is None:
            raise exceptions.AuthenticationFailed("Invalid seat token.")
        return (seat.user or AnonymousUser()), seat

    def authenticate_header(self, request: Request) -> str:
        return KEYWORD


class SeatTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "games.auth.SeatTokenAuthentication"
    name = "seatToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "The seat's capability token, sent as `Seat <token>`.",
        }
