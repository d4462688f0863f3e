"""Accounts: signing up, and making, listing and revoking API tokens."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import CONSTANTS

from games import codes
from games.errors import Conflict, NotFound, Refused, ServiceError
from games.services import botseats


class InvalidCredentials(ServiceError):
    status = 401
    default_code = codes.INVALID_CREDENTIALS


def user_signup(*, username: str, password: str, email: str = "") -> tuple[Any, str]:
    """Creates an account. Returns it and its new API token."""
    user_model = get_user_model()
    if botseats.is_server_bot(username.lower()):
        raise Conflict("That name is one of the server's bots.", codes.USERNAME_TAKEN)
    candidate = user_model(username=username, email=email)
    try:
        validate_password(password, candidate)
    except DjangoValidationError as exc:
        raise Refused(" ".join(exc.messages), codes.WEAK_PASSWORD) from exc
    try:
        with transaction.atomic():
            user = user_model.objects.create_user(username=username, email=email, password=password)
    except IntegrityError as exc:
        raise Conflict("That username is taken.", codes.USERNAME_TAKEN) from exc
    return user, token_create(user=user)


def token_obtain(*, username: str, password: str) -> tuple[Any, str]:
    """Returns the account and a new API token, given its password.

    Each log-in gets its own token, listed and revoked on its own.
    """
    user = authenticate(username=username, password=password)
    if user is None or not user.is_active:
        raise InvalidCredentials("Wrong username or password.")
    return user, token_create(user=user)


def token_create(*, user: Any) -> str:
    """Returns a new account API token. This is the one place tokens are made.

    django-rest-knox stores only its digest. Send it as `Authorization: Token <token>`.
    """
    _expired_delete(user)
    _, token = AuthToken.objects.create(user=user)
    return str(token)


def _expired_delete(user: Any) -> None:
    """Deletes the account's expired tokens.

    Requests check only the token they send (players.accounts.auth).
    """
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()


def token_key(token: str) -> str:
    """Returns the public name of a token: its first characters, as knox stores them."""
    return token[: CONSTANTS.TOKEN_KEY_LENGTH]


def tokens_of(user: Any) -> list[Any]:
    """Returns the account's live API tokens, newest first."""
    _expired_delete(user)
    return list(AuthToken.objects.filter(user=user).order_by("-created"))


def token_revoke(*, user: Any, key: str) -> None:
    """Revokes one of the account's tokens by its public `key`.

    The key is the token's first characters.
    """
    deleted, _ = AuthToken.objects.filter(user=user, token_key=key).delete()
    if not deleted:
        raise NotFound("You have no token with this key.")
