"""Accounts and e-mail out: sign up, API tokens, and seat invitations (capability links)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from games import codes
from games.auth import mail_token
from games.errors import BadRequest, Conflict, ServiceError


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
        raise BadRequest(" ".join(exc.messages), codes.WEAK_PASSWORD) from exc
    try:
        with transaction.atomic():
            user = user_model.objects.create_user(username=username, email=email, password=password)
    except IntegrityError as exc:
        raise Conflict("That username is taken.", codes.USERNAME_TAKEN) from exc
    token, _ = Token.objects.get_or_create(user=user)
    return user, token.key


def token_obtain(*, username: str, password: str) -> tuple[Any, str]:
    """The API token of an account, given its password."""
    user = authenticate(username=username, password=password)
    if user is None or not user.is_active:
        raise InvalidCredentials("Wrong username or password.")
    token, _ = Token.objects.get_or_create(user=user)
    return user, token.key


def invitation_send(*, seat: Any) -> None:
    """E-mail an invited seat its capability link: the seat's mail token (games.auth), which
    works like the seat token and dies with it, so no secret has to travel from the game service
    to the mail."""
    game = seat.game
    url = f"{settings.GTR_PUBLIC_URL}/api/games/{game.pk}/"
    send_mail(
        subject=f"You are invited to a game of Glory to Rome (game {game.pk})",
        message=(
            f"You have seat {seat.position} at a {game.players}-player {game.version} game.\n\n"
            f"Play over HTTP at {url} with the header:\n\n"
            f"    Authorization: Seat {mail_token(seat)}\n\n"
            "Keep this token secret: anyone who has it plays your seat.\n"
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[seat.email],
    )
