"""Notifications out: your turn, a reminder, a timeout, the final scores, the daily digest.

The Celery tasks in `players.mail.tasks` call these functions. `players.mail.receivers` schedules
the tasks after the game's events. Each function takes ids. It checks that the game is still
where the task was scheduled for. It sends at most once per key (`SentNotification`). So a late
or duplicate delivery sends nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from games.models import Game, Move, PauseProposal, Seat, Vacation
from games.read import calendars, selectors
from games.services import pauses, timeoff
from games.services.tokens import mail_token
from games.words import story as story_words
from games.words.labels import card_names
from games.words.prompts import prompt_text
from players.models import MailPreference, SentNotification, TableVisit

from . import texts
from .chat import chat_section
from .preferences import in_language, preferences_get, wants
from .standing import orders_section

log = logging.getLogger(__name__)


# Sending ----------------------------------------------------------------------------------------


@dataclass
class Decision:
    """A seat's pending decision at a game, loaded for a mail."""

    game: Game
    seats: list[Seat]
    seat: Seat
    state: engine.State
    view: dict[str, Any]


def decision_load(game_id: int, seq: int | None, position: int) -> Decision | None:
    """Returns the pending decision of seat `position` at `game_id`.

    The game must be in play at `seq`, or at any seq when `seq` is None. Returns None when the
    game moved on.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.state is None:
        return None
    if seq is not None and game.seq != seq:
        return None
    state = engine.from_json(game.state)
    if engine.to_act(state) != position:
        return None
    seats = list(game.seats.select_related("user"))
    seat = next((s for s in seats if s.position == position), None)
    if seat is None or seat.plays_automatically:
        return None
    return Decision(game, seats, seat, state, engine.view(state, position))


def send_once(key: str, address: str, message: EmailMessage) -> bool:
    """Sends `message` unless a notification with `key` was sent already.

    The record is written first: its unique key settles a race between two deliveries. It is
    removed again when sending fails, so that a retry sends. No transaction is held open while
    the mail server talks.
    """
    try:
        with transaction.atomic():
            record = SentNotification.objects.create(key=key, address=address)
    except IntegrityError:
        return False
    try:
        message.send()
    except Exception:
        record.delete()
        raise
    return True


def message_build(address: str, subject: str, body: str, reply_to: str | None) -> EmailMessage:
    unsubscribe_url = texts.unsubscribe_url(address)
    body += "\n\n-- \n" + _(
        "Your mail preferences (and language): %(preferences)s\n"
        "Unsubscribe from all game mail: %(unsubscribe)s\n"
    ) % {"preferences": texts.preferences_url(address), "unsubscribe": unsubscribe_url}
    return EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        reply_to=[reply_to] if reply_to else None,
        headers={
            "List-Unsubscribe": f"<{unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )


def decision_prompt(d: Decision, names: dict[int, str]) -> str:
    """The decision asked for, in words, its seats named."""
    return prompt_text(d.view.get("prompt") or {}, card_names(d.view), names)


def decision_text(d: Decision) -> str:
    """Returns the body that turn, reminder, digest and answer mails share.

    It holds the prompt and the table as the seat sees it. Then the moves with their codes, how
    to reply, and the capability link.
    """
    names = texts.names_of(d.seats)
    prompt = decision_prompt(d, names)
    deadline = (
        "\n" + _("Decide by %(when)s UTC.") % {"when": f"{d.game.deadline:%Y-%m-%d %H:%M}"}
        if d.game.deadline
        else ""
    )
    time_off = texts.time_off_text(d.game, d.seats, d.seat.position, timezone.now())
    if time_off:
        deadline += "\n" + time_off
    head = _(
        "Game %(game)s (%(version)s, %(players)s players), move %(seq)s. Your decision: %(prompt)s"
    ) % {
        "game": d.game.pk,
        "version": d.game.get_version_display(),
        "players": d.game.players,
        "seq": d.game.seq,
        "prompt": prompt,
    }
    http = _(
        "Or play over HTTP at %(url)s with the header\n    Authorization: Seat %(token)s\n"
        "(keep it secret: anyone who has it plays your seat).\n"
    ) % {"url": texts.game_url(d.game), "token": mail_token(d.seat)}
    standing = orders_section(d.game, d.seat, d.state, d.view)
    since = since_last_move(d)
    happened = (
        _("Since your last move:")
        + "\n"
        + "\n".join(f"  - {line.words}" for line in since)
        + "\n\n"
        if since
        else ""
    )
    talk = chat_section(d.game.pk, d.seat.position)
    return (
        f"{head}{deadline}\n\n{happened}"
        + (f"{talk}\n\n" if talk else "")
        + (f"{standing}\n\n" if standing else "")
        + f"{texts.view_text(d.game, d.seats, d.view, d.seat.position)}\n\n"
        + _("Your moves: reply to this mail with one code in the first line.")
        + f"\n{texts.moves_text(d.state, d.view, names)}\n"
        f"{texts.commands_help()}\n\n{http}"
    )


SINCE_LINES = 15  # at most this many lines of the story in a decision's mail


def since_last_move(d: Decision) -> list[story_words.Line]:
    """Returns the story since the seat's last move of its own, as the seat sees it.

    The same words as the page's story (games.words.story), oldest first.
    """
    names = texts.names_of(d.seats)
    lines = selectors.story_lines(d.game, d.seat.position, names, d.view, lines=SINCE_LINES * 2)
    own = [
        i for i, line in enumerate(lines) if line.seat == d.seat.position and line.kind == "action"
    ]
    after = lines[own[-1] + 1 :] if own else lines
    return after[-SINCE_LINES:]


def _subject(d: Decision, what: str) -> str:
    secret = texts.reply_secret(d.seat, d.game.seq)
    return (
        _("Glory to Rome game %(game)s: %(what)s (move %(seq)s)")
        % {
            "game": d.game.pk,
            "what": what,
            "seq": d.game.seq,
        }
        + f" [{secret}]"
    )


@dataclass(frozen=True)
class Rendering:
    """What an HTML rendering of a decision mail gets (see `HTML_RENDERERS`)."""

    message: EmailMessage  # The plain-text mail, headers and all.
    decision: Decision
    intro: str
    link: str  # Into the web client, for this seat.


@dataclass(frozen=True)
class FinalRendering:
    """What an HTML rendering of the final scores gets (see `FINAL_RENDERERS`)."""

    message: EmailMessage
    game: Game
    seat: Seat
    intro: str
    link: str  # Into the web client, for this seat: the final table.


@dataclass(frozen=True)
class DigestRendering:
    """What an HTML rendering of the daily digest gets (see `DIGEST_RENDERERS`)."""

    message: EmailMessage
    decisions: list[Decision]
    intro: str


# Renderers that add an HTML alternative to the final scores and to the digest (web.apps).
FINAL_RENDERERS: list[Callable[[FinalRendering], EmailMessage]] = []
DIGEST_RENDERERS: list[Callable[[DigestRendering], EmailMessage]] = []

# Renderers that add an HTML alternative to a decision's plain-text mail. The web client
# registers its table drawing here (web.apps). So the mail and the page share one renderer. And
# this module depends on no adapter.
HTML_RENDERERS: list[Callable[[Rendering], EmailMessage]] = []


def decision_message(d: Decision, what: str, intro: str = "") -> EmailMessage:
    """Returns the decision as a mail.

    It is plain text with a link into the web client. The registered renderers add an HTML
    table with its card faces inline.
    """
    address = texts.seat_address(d.seat)
    link = play_url(d.seat)
    body = (
        (intro + "\n\n" if intro else "")
        + _("Play in your browser: %(link)s") % {"link": link}
        + "\n\n"
        + decision_text(d)
    )
    subject = _subject(d, what)
    message = message_build(address, subject, body, texts.reply_address(d.seat, d.game.seq))
    for render in HTML_RENDERERS:
        message = render(Rendering(message, d, intro, link))
    return message


def play_url(seat: Seat) -> str:
    """Returns the web client's link for this seat, with its mail token. No account is needed."""
    return f"{settings.GTR_PUBLIC_URL}/play/{mail_token(seat)}/"


# Fewer turn mails (docs/email.md). None goes while the person watches the table in the web
# client. And at most one turn mail per person and game is left unanswered.


def visit_record(game_id: int, position: int, now: dt.datetime | None = None) -> None:
    """Records that the seat has its game open in the web client now."""
    TableVisit.objects.update_or_create(
        game_id=game_id, position=position, defaults={"seen": now or timezone.now()}
    )


def watching(game_id: int, position: int, now: dt.datetime | None = None) -> bool:
    """Whether the seat had its table open in the web client lately.

    Lately means within GTR_MAIL_PRESENCE_SECONDS.
    """
    since = (now or timezone.now()) - dt.timedelta(seconds=settings.GTR_MAIL_PRESENCE_SECONDS)
    return TableVisit.objects.filter(game_id=game_id, position=position, seen__gte=since).exists()


def unanswered_turn_mail(game_id: int, position: int) -> bool:
    """Whether the seat's last turn mail at this game is still unanswered.

    Since it was sent, the person made no move and paid no visit to the table. A move by reply,
    web or HTTP counts.
    """
    prefix = f"turn:{game_id}:"
    sent = (
        SentNotification.objects.filter(key__startswith=prefix, key__endswith=f":{position}")
        .order_by("-created")
        .values_list("key", "created")
        .first()
    )
    if sent is None:
        return False
    key, when = sent
    seq = int(key.split(":")[2])
    own = (Move.Actor.HUMAN, Move.Actor.EMAIL)
    moved = Move.objects.filter(game_id=game_id, seat=position, seq__gt=seq, actor__in=own)
    visited = TableVisit.objects.filter(game_id=game_id, position=position, seen__gt=when)
    return not (moved.exists() or visited.exists())


def turn_notify(*, game_id: int, seq: int, position: int) -> bool:
    """Mails seat `position` that the decision at `(game_id, seq)` is its own.

    No mail goes while the person looks at the table in the web client. Nor does one go while
    the last turn mail of this game is unanswered. The person's own reply may have led straight
    here. Then this mail answers that reply. It says what was played, then asks the next
    decision.
    """
    d = decision_load(game_id, seq, position)
    if d is None or not wants(texts.seat_address(d.seat), "your_turn"):
        return False
    if watching(game_id, position) or unanswered_turn_mail(game_id, position):
        return False
    last = Move.objects.filter(game_id=game_id, seq=seq).first()
    with in_language(texts.seat_address(d.seat)):
        if last is not None and last.seat == position and last.actor == Move.Actor.EMAIL:
            played = texts.describe(last.action, card_names(d.view), d.view)
            intro = _("Your reply was played: %(move)s.") % {"move": played}
            message = decision_message(d, _("your next decision"), intro)
        else:
            message = decision_message(d, _("your turn"))
    return send_once(f"turn:{game_id}:{seq}:{position}", message.to[0], message)


def reminder_due(game: Game, now: dt.datetime | None = None) -> dt.datetime | None:
    """Returns when the reminder for the game's current decision is due.

    That is when GTR_MAIL_REMINDER_LEAD seconds of its clock are left. For a shorter decision it
    is half-way through the decision's time. Clock time: with time off (a pause, a vacation,
    playing hours) the moment falls when the clock runs, never while it waits.
    """
    if game.deadline is None:
        return None
    began = getattr(game, "decision_started", None) or game.started or game.deadline
    lead = dt.timedelta(seconds=settings.GTR_MAIL_REMINDER_LEAD)
    calendar = calendars.stored(game)
    if calendar is None:
        return game.deadline - min(lead, (game.deadline - began) / 2)
    total = calendar.counted(began, game.deadline)
    return calendar.deadline(began, total - min(lead.total_seconds(), total / 2))


def reminder_send(*, game_id: int, seq: int, position: int) -> bool:
    """Reminds seat `position` of its decision at `(game_id, seq)`.

    It sends between the reminder's due time and the deadline. An early call sends nothing. The
    sweep sends it when due.
    """
    d = decision_load(game_id, seq, position)
    if d is None or d.game.deadline is None:
        return False
    now = timezone.now()
    due = reminder_due(d.game)
    if due is None or now < due - dt.timedelta(seconds=1) or now >= d.game.deadline:
        return False
    calendar = calendars.stored(d.game)
    if calendar is not None and calendar.stopped(now) is not None:
        return False  # the clock waits (time off): the sweep sends it once it runs again
    if not wants(texts.seat_address(d.seat), "reminder"):
        return False
    left = max(1, int((calendars.seconds_left(d.game, now) or 0) // 60))
    with in_language(texts.seat_address(d.seat)):
        intro = _("Reminder: your decision is due in about %(minutes)s minutes.") % {
            "minutes": left
        }
        message = decision_message(d, _("reminder"), intro)
    return send_once(f"reminder:{game_id}:{seq}:{position}", message.to[0], message)


def reminders_sweep() -> int:
    """Sends every reminder that is due. A safety net for lost or early tasks."""
    now = timezone.now()
    sent = 0
    horizon = now + dt.timedelta(seconds=settings.GTR_MAIL_REMINDER_LEAD)
    # With time off a deadline may be further than the lead and its reminder due already.
    soon = Q(deadline__lte=horizon) | Q(clock_calendar__isnull=False)
    games = Game.objects.filter(soon, status=Game.Status.ACTIVE, deadline__gt=now, automatic=False)
    fields = ("pk", "seq", "to_act", "deadline", "decision_started", "started", "clock_calendar")
    for game in games.only(*fields):
        due = reminder_due(game)
        position = game.to_act
        if due is None or due > now or position is None:
            continue
        key = f"reminder:{game.pk}:{game.seq}:{position}"
        if not SentNotification.objects.filter(key=key).exists():
            sent += reminder_send(game_id=game.pk, seq=game.seq, position=position)
    return sent


# Catching up -----------------------------------------------------------------------------------
# A mail's task is queued after the commit. While the broker is away that fails and is logged.
# Then the mail would never go. So the mail sweep (beat, every GTR_SWEEP_SECONDS) sends what is
# missing. It covers decisions, timeouts and game ends within a window. They happened more than
# GTR_SWEEP_GRACE_SECONDS ago, so their own task had its chance. And they happened less than
# CATCH_UP ago, since older news is not worth a mail. Each mail still goes once at most
# (`send_once`).

CATCH_UP = dt.timedelta(days=2)


def lost_mails_sweep(now: dt.datetime | None = None) -> int:
    """Sends the turn mails, timeout notices and final scores whose task was lost."""
    now = now or timezone.now()
    window = (now - CATCH_UP, now - dt.timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS))
    sent = 0
    decisions = Game.objects.filter(
        status=Game.Status.ACTIVE,
        automatic=False,
        to_act__isnull=False,
        decision_started__range=window,
    ).values_list("pk", "seq", "to_act")
    turns = {f"turn:{g}:{q}:{p}": (g, q, p) for g, q, p in decisions}
    for game_id, seq, position in missing(turns):
        if _seat_wants(game_id, position, "your_turn"):
            sent += turn_notify(game_id=game_id, seq=seq, position=position)
    timeouts = Move.objects.filter(
        actor=Move.Actor.TIMEOUT, seat__isnull=False, created__range=window
    ).values_list("game_id", "seq", "seat")
    notices = {f"timeout:{g}:{q}": (g, q, p) for g, q, p in timeouts}
    for game_id, seq, position in missing(notices):
        if _seat_wants(game_id, position, "reminder"):
            sent += timeout_notify(game_id=game_id, seq=seq, position=position)
    ended = Seat.objects.filter(
        game__status=Game.Status.FINISHED, game__finished__range=window
    ).values_list("game_id", "position")
    for game_id in {g for g, _position in missing({f"final:{g}:{p}": (g, p) for g, p in ended})}:
        sent += final_notify(game_id=game_id)  # Only to those who want it, once each.
    return sent


def missing(wanted: dict[str, Any]) -> list[Any]:
    """Returns the values of `wanted` whose notification key has no record of being sent."""
    sent = set(SentNotification.objects.filter(key__in=list(wanted)).values_list("key", flat=True))
    return [value for key, value in wanted.items() if key not in sent]


def _seat_wants(game_id: int, position: int, kind: str) -> bool:
    seat = Seat.objects.select_related("user").filter(game_id=game_id, position=position).first()
    return seat is not None and seat.kind != Seat.Kind.BOT and wants(texts.seat_address(seat), kind)


def _told_move(game: Game, seats: list[Seat], position: int, view: dict[str, Any], seq: int) -> str:
    """Returns the story's words for the seat's move `seq`, as the page tells it to the seat."""
    lines = selectors.story_lines(game, position, texts.names_of(seats), view, upto=seq)
    return " ".join(
        line.text
        for line in lines
        if line.seq == seq and line.seat == position and line.kind == "action"
    )


def timeout_notify(*, game_id: int, seq: int, position: int) -> bool:
    """Tells a seat that its time ran out, and what the server played at `seq`.

    When a bot now stands in for the seat, the mail says how to come back. It counts as the
    `reminder` kind. Digest readers get it too, since it is news, not a nudge.
    """
    move = Move.objects.filter(game_id=game_id, seq=seq, seat=position).first()
    game = Game.objects.filter(pk=game_id).first()
    if move is None or move.actor != Move.Actor.TIMEOUT or game is None or game.state is None:
        return False
    seats = list(game.seats.select_related("user"))
    seat = next(s for s in seats if s.position == position)
    address = texts.seat_address(seat)
    prefs = preferences_get(address) if address else None
    if prefs is None or prefs.unsubscribed or not prefs.reminder or seat.kind == Seat.Kind.BOT:
        return False
    view = engine.view(engine.from_json(game.state), position)
    with in_language(address):
        played = _told_move(game, seats, position, view, seq) or texts.describe(
            move.action, card_names(view), view
        )
        body = _("Your time ran out at move %(move)s, so the server played for you:") % {
            "move": seq - 1
        }
        body += "\n\n" + played
        if _vacation_spent(seat, move.created):
            body += "\n\n" + _(
                "Your vacation days of this year are spent, so your clocks no longer wait while "
                "you are away."
            )
        if seat.bot_standing_in:
            body += "\n\n" + _(
                "After your timeouts a bot plays your seat until you come back: reply 'back' to "
                "this mail, or POST %(url)sreturn/ with your seat token."
            ) % {"url": texts.game_url(game)}
        body += "\n\n" + _("The game: %(url)s") % {"url": texts.game_url(game)} + "\n"
        subject = _("Glory to Rome game %(game)s: your time ran out (move %(move)s)") % {
            "game": game.pk,
            "move": seq - 1,
        }
        reply_to = texts.reply_address(seat, game.seq) if seat.bot_standing_in else None
        message = message_build(address, subject, body, reply_to)
    return send_once(f"timeout:{game_id}:{seq}", address, message)


def _vacation_spent(seat: Seat, when: dt.datetime) -> bool:
    """Whether automatic vacation would have saved the seat, had days been left."""
    if seat.user_id is None:
        return False
    availability = timeoff.availability_of(seat.user_id)
    year = timeoff.allowance_of(availability, timeoff.local_year(availability, when))
    return availability.auto_vacation and year.left == 0


# Time off (docs/async.md, Time off) --------------------------------------------------------------


def pause_notify(*, game_id: int, proposal_id: int) -> int:
    """Asks every other person at the table to accept or decline a proposal to pause.

    A reply `pause yes` or `pause no` answers it (players.mail.inbound). It goes to each address
    that has not unsubscribed: it asks for an answer. Once per proposal and seat.
    """
    proposal = PauseProposal.objects.filter(pk=proposal_id, game_id=game_id).first()
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if proposal is None or game is None or proposal.status != PauseProposal.Status.OPEN:
        return 0
    seats = list(game.seats.select_related("user"))
    proposer = next(s for s in seats if s.position == proposal.seat)
    sent = 0
    for seat in pauses.people(seats):
        address = texts.seat_address(seat)
        if seat.position in proposal.accepted or not address:
            continue
        if preferences_get(address).unsubscribed:
            continue
        with in_language(address):
            message = _pause_message(game, seat, proposer, proposal, address)
        sent += send_once(f"pause:{game.pk}:{proposal.pk}:{seat.position}", address, message)
    return sent


def _pause_message(
    game: Game, seat: Seat, proposer: Seat, proposal: PauseProposal, address: str
) -> EmailMessage:
    until = (
        _("until %(until)s UTC") % {"until": f"{proposal.until:%Y-%m-%d %H:%M}"}
        if proposal.until is not None
        else _("until someone resumes it")
    )
    body = (
        _("%(who)s proposes to pause game %(game)s %(until)s: while it is paused no clock runs.")
        % {"who": texts.seat_label(proposer).capitalize(), "game": game.pk, "until": until}
        + "\n\n"
        + _(
            "Reply 'pause yes' to this mail to accept, or 'pause no' to decline, before "
            "%(expires)s UTC. The game pauses once every other player accepts."
        )
        % {"expires": f"{proposal.expires:%Y-%m-%d %H:%M}"}
        + "\n\n"
        + _(
            "Or over HTTP: POST %(url)spause/accept/ (or pause/decline/) with the header\n"
            "    Authorization: Seat %(token)s"
        )
        % {"url": texts.game_url(game), "token": mail_token(seat)}
        + "\n"
    )
    subject = _("Glory to Rome game %(game)s: a pause is proposed") % {"game": game.pk}
    secret = texts.reply_secret(seat, game.seq)
    reply_to = texts.reply_address(seat, game.seq)
    return message_build(address, f"{subject} [{secret}]", body, reply_to)


def vacation_notify(*, vacation_id: int, game_id: int) -> bool:
    """Tells a player that a deadline passed while they were away, so a vacation day was spent
    (automatic vacation): the clocks of all their games wait a day. Sent once per day spent; it
    counts as the `reminder` kind, like a timeout notice."""
    vacation = Vacation.objects.select_related("user").filter(pk=vacation_id).first()
    if vacation is None or not vacation.automatic or not vacation.user.email:
        return False
    address = str(vacation.user.email).lower()
    if not wants_news(address):
        return False
    availability = timeoff.availability_of(vacation.user_id)
    year = timeoff.allowance_of(availability, timeoff.local_year(availability, vacation.starts))
    with in_language(address):
        body = (
            _(
                "Your time in game %(game)s ran out while you were away, so a vacation day was "
                "spent instead of a timeout: the clocks of all your games wait until %(until)s "
                "UTC. You may play at any time meanwhile."
            )
            % {"game": game_id, "until": f"{vacation.ends:%Y-%m-%d %H:%M}"}
            + "\n\n"
            + _(
                "Vacation days left this year: %(left)s of %(days)s. Your time off (and automatic "
                "vacation, to switch off): %(url)s"
            )
            % {
                "left": year.left,
                "days": year.days,
                "url": f"{settings.GTR_PUBLIC_URL}/time-off/",
            }
            + "\n"
        )
        subject = _("Glory to Rome: a vacation day was spent for game %(game)s") % {"game": game_id}
        message = message_build(address, subject, body, None)
    return send_once(f"vacation:{vacation.pk}:{vacation.days}", address, message)


def wants_news(address: str) -> bool:
    """Whether `address` gets news that is no nudge (timeouts, vacation days): the `reminder`
    switch, digest readers too."""
    prefs = preferences_get(address)
    return not prefs.unsubscribed and prefs.reminder


def final_notify(*, game_id: int) -> int:
    """Mails every person at a finished game the final scores, once each."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None or game.state is None:
        return 0
    state = engine.from_json(game.state)
    seats = list(game.seats.select_related("user"))
    sent = 0
    for seat in seats:
        address = texts.seat_address(seat)
        if seat.kind == Seat.Kind.BOT or not wants(address, "final"):
            continue
        view = engine.view(state, seat.position)
        with in_language(address):
            over = _(
                "Game %(game)s (%(version)s, %(players)s players) is over after %(moves)s moves."
            ) % {
                "game": game.pk,
                "version": game.get_version_display(),
                "players": game.players,
                "moves": game.seq,
            }
            link = play_url(seat)
            whole = _("The whole game: %(url)s") % {"url": link}
            body = f"{over}\n\n{texts.scores_text(seats, view)}\n\n{whole}\n"
            subject = _("Glory to Rome game %(game)s: final scores") % {"game": game.pk}
            message = message_build(address, subject, body, None)
            for render in FINAL_RENDERERS:
                message = render(FinalRendering(message, game, seat, over, link))
        sent += send_once(f"final:{game.pk}:{seat.position}", address, message)
    return sent


def _waiting_decisions(address: str) -> list[Decision]:
    """Returns the decisions pending for `address` across the games in play."""
    mine = Q(email__iexact=address) | Q(user__email__iexact=address)
    seats = Seat.objects.filter(mine, game__status=Game.Status.ACTIVE)
    found = []
    for game_id, position in seats.values_list("game_id", "position").order_by("game_id"):
        d = decision_load(game_id, None, position)
        if d is not None and texts.seat_address(d.seat) == address:
            found.append(d)
    return found


def digest_send(address: str, today: dt.date | None = None) -> bool:
    """Sends `address` one mail a day listing every game waiting for it."""
    address = address.lower()
    prefs = preferences_get(address)
    if prefs.unsubscribed or not prefs.digest:
        return False
    waiting = _waiting_decisions(address)
    now = timezone.now()
    if not waiting or any(calendars.away_until(d.seat, now) for d in waiting if d.seat.away):
        return False  # none waits, or the player is on vacation: no digest
    today = today or now.date()
    with in_language(address):
        count = len(waiting)
        parts = [
            ngettext(
                "%(count)s game waits for your decision.",
                "%(count)s games wait for your decision.",
                count,
            )
            % {"count": count}
        ]
        for d in waiting:
            reply = texts.reply_address(d.seat, d.game.seq)
            title = _("Game %(game)s: reply to %(address)s") % {"game": d.game.pk, "address": reply}
            parts.append(f"\n=== {title} ===\n" + decision_text(d))
        subject = ngettext(
            "Glory to Rome: %(count)s game waits for you (%(date)s)",
            "Glory to Rome: %(count)s games wait for you (%(date)s)",
            count,
        ) % {
            "count": count,
            "date": f"{today:%Y-%m-%d}",
        }
        message = message_build(address, subject, "\n".join(parts), None)
        for render in DIGEST_RENDERERS:
            message = render(DigestRendering(message, waiting, parts[0]))
    return send_once(f"digest:{address}:{today:%Y-%m-%d}", address, message)


def digests_send() -> int:
    """Sends the daily digest to every address that asked for one."""
    addresses = MailPreference.objects.filter(digest=True, unsubscribed=False)
    return sum(digest_send(a) for a in addresses.values_list("address", flat=True))


def records_prune(days: int = 30) -> int:
    """Forgets notifications sent and replies read more than `days` ago.

    A duplicate delivery comes within hours, not weeks. Returns how many records went.
    """
    from players.models import InboundMail

    before = timezone.now() - dt.timedelta(days=days)
    sent, _ = SentNotification.objects.filter(created__lt=before).delete()
    read, _ = InboundMail.objects.filter(created__lt=before).delete()
    return sent + read
