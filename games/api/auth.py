"""Seat-token authentication: `Authorization: Seat <token>` acts for one seat.

A seat token acts for one seat in one game. So does the mail token derived from it
(games.services.tokens). It is not an account: `request.user` stays anonymous. A view accepts
seat tokens only if it sets `seat_tokens = True`. The URL's `game_id` must also be the token's
game. Otherwise the request gets 403 `seat_token_scope` (or `wrong_game`). The view never runs.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from games.models import Seat
from games.services.tokens import seat_for_token

KEYWORD = "Seat"


class SeatTokenScopeError(exceptions.PermissionDenied):
    """A seat token used where it does not act.

    It is raised while authenticating, so it must be a DRF exception. The handler in
    gtr_api.errors answers it with codes.SEAT_TOKEN_SCOPE."""


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
    """Authenticates `Authorization: Seat <token>` as that seat.

    `request.auth` is the Seat and `request.user` is anonymous. It works only on views that accept
    seat tokens, for the seat's game."""

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


# drf-spectacular's extensions register themselves in an unannotated __init_subclass__
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
