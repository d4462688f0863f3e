"""The mail of a tournament round: each entrant hears of its table's game, or of its bye
(docs/tournaments.md, docs/email.md). Written from the account feed's `tournament_round` event,
so the mail side needs nothing of the tournaments app. Once per event, to an address that has
not unsubscribed."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from games.models import AccountEvent

from .notify import message_build, send_once
from .preferences import in_language, preferences_get


def round_notify(*, event_id: int) -> bool:
    event = AccountEvent.objects.select_related("user").filter(pk=event_id).first()
    if event is None or event.type != "tournament_round":
        return False
    address = str(event.user.email or "").lower()
    if not address or preferences_get(address).unsubscribed:
        return False
    with in_language(address):
        message = message_build(address, _subject(event.data), _body(event.data), None)
    return send_once(f"tournament-round:{event.pk}", address, message)


def _subject(data: dict[str, object]) -> str:
    return _("Glory to Rome: %(name)s, round %(round)s") % {
        "name": data["name"],
        "round": data["round"],
    }


def _body(data: dict[str, object]) -> str:
    url = settings.GTR_PUBLIC_URL
    if data.get("bye"):
        text = _("Round %(round)s of %(name)s began. You sit this round out (a bye).")
    else:
        text = _("Round %(round)s of %(name)s began. Your table: %(url)s/games/%(game)s/")
    facts = {"round": data["round"], "name": data["name"], "game": data.get("game"), "url": url}
    standings = _("The standings: %(url)s/api/tournaments/%(id)s/") % {
        "url": url,
        "id": data["tournament"],
    }
    return text % facts + "\n\n" + standings + "\n"
