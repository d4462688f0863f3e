"""A takeback request by mail (docs/email.md, Taking moves back): each person asked for an
answer gets a mail naming the decisions it would take back, and answers it by replying `yes` or
`no` (players.mail.inbound), as a pause is answered with `pause yes`.

The reply secret binds the move the request was made at: once the game moved on, the request is
over and a late answer changes nothing.
"""

from __future__ import annotations

from django.core.mail import EmailMessage
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.read import selectors, undoable
from games.services.tokens import mail_token
from games.words import story as story_words

from . import texts
from .notify import message_build, play_url, send_once
from .preferences import in_language, preferences_get


def asked(game: Game, seat: Seat) -> bool:
    """Whether the game's takeback request waits for this seat's answer."""
    request = undoable.pending_request(game)
    if request is None or request["seat"] == seat.position or seat.plays_automatically:
        return False
    return str(seat.position) not in request["answers"]


def takeback_notify(*, game_id: int, seq: int) -> int:
    """Mails every person whose answer the takeback request at `(game_id, seq)` waits for.

    Once per request and seat, to each address that has not unsubscribed (it asks for an
    answer, like a pause's mail). Returns how many went.
    """
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE, seq=seq).first()
    request = undoable.pending_request(game) if game is not None else None
    if game is None or request is None:
        return 0
    seats = list(game.seats.select_related("user"))
    sent = 0
    for seat in seats:
        address = texts.seat_address(seat)
        if not asked(game, seat) or not address or preferences_get(address).unsubscribed:
            continue
        with in_language(address):
            message = _message(game, seats, seat, request, address)
        sent += send_once(f"takeback:{game.pk}:{request['id']}:{seat.position}", address, message)
    return sent


def _message(
    game: Game, seats: list[Seat], seat: Seat, request: dict[str, object], address: str
) -> EmailMessage:
    asker = seats[int(str(request["seat"]))]
    to = int(str(request["to"]))
    expires = str(request["expires"])[:16].replace("T", " ")
    body = (
        _(
            "%(who)s asks to take back their decisions since move %(to)s: the table would be as "
            "it was after move %(to)s."
        )
        % {"who": texts.seat_label(asker).capitalize(), "to": to}
        + "\n\n"
        + _taken_back(game, seats, seat, asker.position, to)
        + _(
            "Reply 'yes' to this mail to let them, or 'no' to refuse, before %(expires)s UTC. "
            "Everyone asked must agree; one 'no' ends the request."
        )
        % {"expires": expires}
        + "\n\n"
        + _("Play in your browser: %(link)s") % {"link": play_url(seat)}
        + "\n"
        + _(
            "Or over HTTP: POST %(url)stakeback/accept/ (or takeback/decline/) with the header\n"
            "    Authorization: Seat %(token)s"
        )
        % {"url": texts.game_url(game), "token": mail_token(seat)}
        + "\n"
    )
    subject = _("Glory to Rome game %(game)s: %(who)s asks to take back moves") % {
        "game": game.pk,
        "who": texts.seat_label(asker),
    }
    secret = texts.reply_secret(seat, game.seq)
    reply_to = texts.reply_address(seat, game.seq)
    return message_build(address, f"{subject} [{secret}]", body, reply_to)


def _taken_back(game: Game, seats: list[Seat], seat: Seat, asker: int, to: int) -> str:
    """The asker's decisions since move `to`, as this seat saw them (games.words.story)."""
    lines = selectors.story_lines(game, seat.position, texts.names_of(seats))
    theirs = [line for line in lines if _taken(line, asker, to)]
    if not theirs:
        return ""
    told = "\n".join(f"  - {line.words}" for line in theirs)
    return _("What would be taken back:") + "\n" + told + "\n\n"


def _taken(line: story_words.Line, asker: int, to: int) -> bool:
    return line.kind == "action" and line.seat == asker and (line.seq or 0) > to
