"""Account API tokens (django-rest-knox) as every request checks them.

This is knox's `TokenAuthentication`, with one change. The original reads all the account's other
tokens on every request, to delete the expired ones. That is a query on every authenticated request.
Expired tokens are rare: tokens expire only when GTR_TOKEN_TTL_DAYS is set. So this class skips
the query. The token sent is still refused, and deleted, once it has expired. The account's other
expired tokens go when it lists its tokens or gets a new one (players.accounts.services).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox import auth
from knox.signals import token_expired


# knox has no type information (pyproject.toml: ignore_missing_imports), so its class is Any.
class TokenAuthentication(auth.TokenAuthentication):  # type: ignore[misc]
    def _cleanup_token(self, auth_token: Any) -> bool:
        """Whether the token has expired. An expired token is deleted."""
        if auth_token.expiry is None or auth_token.expiry >= timezone.now():
            return False
        username = auth_token.user.get_username()
        auth_token.delete()
        token_expired.send(sender=self.__class__, username=username, source="auth_token")
        return True


# drf-spectacular's extensions register themselves in an unannotated __init_subclass__.
class TokenScheme(KnoxTokenScheme):  # type: ignore[no-untyped-call]
    """Documents the tokens in the OpenAPI schema as knox's own scheme (`knoxApiToken`)."""

    target_class = "players.accounts.auth.TokenAuthentication"
