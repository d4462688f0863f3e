"""Account API tokens (django-rest-knox) as every request checks them.

A token is sent as a standard bearer token, `Authorization: Bearer <token>`, the scheme every
OpenAPI generator knows (`bearerAuth` in the schema: `type: http, scheme: bearer`). The older
`Authorization: Token <token>` works the same, for the clients written before.

This is knox's `TokenAuthentication`, with two changes: the keywords above, and this one. The
original reads all the account's other tokens on every request, to delete the expired ones. That
is a query on every authenticated request.
Expired tokens are rare: tokens expire only when GTR_TOKEN_TTL_DAYS is set. So this class skips
the query. The token sent is still refused, and deleted, once it has expired. The account's other
expired tokens go when it lists its tokens or gets a new one (players.accounts.services).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox import auth
from knox.signals import token_expired
from rest_framework import authentication, exceptions
from rest_framework.request import Request

# The keywords an account token is sent with, compared without regard to case. The first is the
# one a 401 names (WWW-Authenticate) and the schema documents.
KEYWORDS = ("Bearer", "Token")
_LOWER = {k.lower() for k in KEYWORDS}


# knox has no type information (pyproject.toml: ignore_missing_imports), so its class is Any.
class TokenAuthentication(auth.TokenAuthentication):  # type: ignore[misc]
    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode(errors="replace").lower() not in _LOWER:
            return None  # no header, or another scheme's (`Seat`)
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Send 'Authorization: Bearer <token>'.")
        try:
            header[1].decode()
        except UnicodeDecodeError as exc:
            raise exceptions.AuthenticationFailed("Invalid token.") from exc
        user, token = self.authenticate_credentials(header[1])
        return user, token

    def authenticate_header(self, request: Request) -> str:
        return KEYWORDS[0]

    def _cleanup_token(self, auth_token: Any) -> bool:
        """Whether the token has expired. An expired token is deleted."""
        if auth_token.expiry is None or auth_token.expiry >= timezone.now():
            return False
        username = auth_token.user.get_username()
        auth_token.delete()
        token_expired.send(sender=self.__class__, username=username, source="auth_token")
        return True


# drf-spectacular's extensions register themselves in an unannotated __init_subclass__.
class TokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """Documents account tokens as the standard bearer scheme, so that generated clients send
    them with no prefix set by hand (openapi-python-client's `AuthenticatedClient` says `Bearer`
    by default)."""

    target_class = "players.accounts.auth.TokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An account's API token (`POST /api/auth/signup/` or "
            "`POST /api/auth/token/`), sent as `Authorization: Bearer <token>`; "
            "`Authorization: Token <token>` is accepted too.",
        }
