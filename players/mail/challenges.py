"""The mail of a challenge: the challenged hear who challenges them to what, and where to answer
(docs/email.md, docs/community.md). Once per challenge, to an address that has not unsubscribed:
it asks for an answer, as an invitation does."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Challenge, Game
from games.services import challenges

from .notify import CATCH_UP, message_build, missing, send_once
from .preferences import in_language, preferences_get


def challenge_notify(*, challenge_id: int) -> bool:
    challenge = Challenge.objects.select_related("challenger", "challenged").filter(pk=challenge_id)
    one = challenge.first()
    if one is None or challenges.status_of(one) != Challenge.Status.PENDING:
        return False
    address = str(one.challenged.email or "").lower()
    if not address or preferences_get(address).unsubscribed:
        return False
    with in_language(address):
        message = message_build(address, _subject(one), _body(one), None)
    return send_once(f"challenge:{one.pk}", address, message)


def lost_mails_sweep(now: datetime | None = None) -> int:
    """Sends the challenge mails whose task was lost (as notify.lost_mails_sweep does for turns):
    challenges still waiting, made within the catch-up window, whose mail has no record."""
    now = now or timezone.now()
    grace = timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS)
    waiting = Challenge.objects.filter(
        status=Challenge.Status.PENDING,
        expires__gt=now,
        created__range=(now - CATCH_UP, now - grace),
    ).values_list("pk", flat=True)
    return sum(
        challenge_notify(challenge_id=pk)
        for pk in missing({f"challenge:{pk}": pk for pk in waiting})
    )


def _subject(challenge: Challenge) -> str:
    return _("Glory to Rome: %(who)s challenges you") % {"who": challenge.challenger.get_username()}


def _terms(challenge: Challenge) -> str:
    version = Game.Version(challenge.version).label
    clock = challenge.clock or {"kind": "none"}
    if clock["kind"] == "none":
        pace = _("no time limit")
    elif clock["kind"] == "fixed":
        pace = _("%(hours)s hours a move") % {"hours": round(clock["seconds"] / 3600, 1)}
    else:
        pace = _("a time bank of %(hours)s hours") % {"hours": round(clock["seconds"] / 3600, 1)}
    return _("%(version)s, %(players)s players, %(pace)s") % {
        "version": version,
        "players": challenge.players,
        "pace": pace,
    }


def _body(challenge: Challenge) -> str:
    return (
        _("%(who)s challenges you to a game of Glory to Rome: %(terms)s.")
        % {"who": challenge.challenger.get_username(), "terms": _terms(challenge)}
        + "\n\n"
        + _("Accept or decline it in the lobby before %(expires)s UTC: %(url)s")
        % {"expires": f"{challenge.expires:%Y-%m-%d %H:%M}", "url": f"{settings.GTR_PUBLIC_URL}/"}
        + "\n\n"
        + _(
            "Or over HTTP: POST %(url)s/api/challenges/%(id)s/accept/ (or decline/) with your "
            "account's token."
        )
        % {"url": settings.GTR_PUBLIC_URL, "id": challenge.pk}
        + "\n"
    )
