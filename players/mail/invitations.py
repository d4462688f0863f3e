"""Invitations: an invited seat's capability link, e-mailed in the invited person's language."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext

from games.services.tokens import mail_token
from games.words.cardnames import ENGLISH
from players.mail import preferences


def invitation_send(*, seat: Any) -> None:
    """E-mails an invited seat its capability link, in `invitation_language`.

    The link carries the seat's mail token (games.api.auth). It works like the seat token and
    dies with it. So no secret has to travel from the game service to the mail.
    """
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
    """Returns the language of an invitation (docs/email.md, Languages).

    A player known here may have chosen a language. Else the host's choice applies. Who
    invites a friend writes in their own language. Else the invitation is in English.
    """
    own = preferences.preferences_get(seat.email).language if seat.email else ""
    host = seat.game.creator
    return own or preferences.stored_language(host, None) or ENGLISH
