"""Accounts and e-mail out: sign up, API tokens, and seat invitations (capability links)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext
from knox.models import AuthToken
from knox.settings import CONSTANTS

from games import codes
from games.api.auth import mail_token
from games.errors import Conflict, NotFound, Refused, ServiceError
from games.words.cardnames import ENGLISH
from players.mail import notify


class InvalidCredentials(ServiceError):
    status = 401
    default_code = codes.INVALID_CREDENTIALS


def user_signup(*, username: str, password: str, email: str = "") -> tuple[Any, str]:
    """A new account and its API token."""
    user_model = get_user_model()
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
    """A new API token for an account, given its password (each log-in gets its own token,
    listed and revoked on its own)."""
    user = authenticate(username=username, password=password)
    if user is None or not user.is_active:
        raise InvalidCredentials("Wrong username or password.")
    return user, token_create(user=user)


def token_create(*, user: Any) -> str:
    """A new account API token (django-rest-knox stores only its digest): the one place tokens
    are made. Send it as `Authorization: Token <token>`."""
    _expired_delete(user)
    _, token = AuthToken.objects.create(user=user)
    return str(token)


def _expired_delete(user: Any) -> None:
    """Delete the account's expired tokens (requests check only the token they send:
    players.accounts.auth)."""
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()


def token_key(token: str) -> str:
    """The public name of a token: its first characters, as knox stores them."""
    return token[: CONSTANTS.TOKEN_KEY_LENGTH]


def tokens_of(user: Any) -> list[Any]:
    """The account's live API tokens, newest first."""
    _expired_delete(user)
    return list(AuthToken.objects.filter(user=user).order_by("-created"))


def token_revoke(*, user: Any, key: str) -> None:
    """Revoke one of the account's tokens by its public `key` (the token's first characters)."""
    deleted, _ = AuthToken.objects.filter(user=user, token_key=key).delete()
    if not deleted:
        raise NotFound("You have no token with this key.")


def invitation_send(*, seat: Any) -> None:
    """E-mail an invited seat its capability link: the seat's mail token (games.api.auth), which
    works like the seat token and dies with it, so no secret has to travel from the game service
    to the mail. Written in `invitation_language`."""
    game = seat.game
    url = f"{settings.GTR_PUBLIC_URL}/api/games/{game.pk}/"
    token = mail_token(seat)
    link = f"{settings.GTR_PUBLIC_URL}/play/{token}/"
    with translation.override(invitation_language(seat)):
        host = game.creator.get_username() if game.creator is not None else gettext("A player")
        subject = gettext("You are invited to a game of Glory to Rome (game %(game)s)") % {
            "game": game.pk
        }
        invites = gettext(
            "%(host)s invites you to seat %(seat)s at a %(players)s-player %(version)s game of "
            "Glory to Rome."
        ) % {
            "host": host,
            "seat": seat.position + 1,
            "players": game.players,
            "version": game.get_version_display(),
        }
        message = (
            f"{invites}\n\n"
            + gettext("Play in your browser, no account needed:")
            + f"\n\n    {link}\n\n"
            + gettext("Or play over HTTP at %(url)s with the header:") % {"url": url}
            + f"\n\n    Authorization: Seat {token}\n\n"
            + gettext("Keep this link secret: anyone who has it plays your seat.")
            + "\n"
        )
    send_mail(
        subject=subject,
        message=message,
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[seat.email],
    )


def invitation_language(seat: Any) -> str:
    """The invited address's own language if it chose one (a player known here already), else
    the language the host chose (who invites a friend writes to them in their language), else
    English (docs/email.md, Languages)."""
    own = notify.preferences_get(seat.email).language if seat.email else ""
    host = seat.game.creator
    return own or notify.stored_language(host, None) or ENGLISH
