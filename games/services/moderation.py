"""Moderation basics: reports to staff, and suspending an account (docs/api.md, People).

A suspended account may not play or chat. Its open tables lose it; in its games in play a bot
stands in for it, as it does after timeouts, but the player may not come back (`Seat.suspended`)
until the suspension ends. Then the seat is theirs to take back, by a move or `return`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

import engine
from games import codes
from games.errors import Conflict, Refused
from games.events import commit, story
from games.models import Game, Report, Seat, Suspension
from games.read import people
from games.store import rows

from . import challenges, seeks
from .lobby import seat_leave
from .locking import game_locked
from .turns import turn_next

REPORT_TEXT_LIMIT = 1000


def report_file(
    *,
    reporter: Any,
    reason: str,
    text: str = "",
    player: Any = None,
    game: Game | None = None,
    message_id: int | None = None,
    message_author: Any = None,
) -> Report:
    """A report to staff about a player, or about a message of a game's chat.

    `message_author` is the message's writer (the chat finds it). One open report a reporter
    makes about one thing is enough: a second is refused.
    """
    if (player is None) == (message_id is None) or (message_id is not None and game is None):
        raise Refused("Report a player, or a message and its game.", codes.BAD_REPORT)
    kind = Report.Kind.PLAYER if player is not None else Report.Kind.MESSAGE
    subject = player if player is not None else message_author
    if subject is not None and subject.pk == reporter.pk:
        raise Refused("You cannot report yourself.", codes.REPORT_SELF)
    same = Report.objects.filter(reporter=reporter, status=Report.Status.OPEN, kind=kind)
    same = same.filter(player=player) if player is not None else same.filter(message_id=message_id)
    if same.exists():
        raise Conflict("You reported this already; staff will look.", codes.ALREADY_REPORTED)
    return Report.objects.create(
        reporter=reporter,
        kind=kind,
        player=subject,
        game=game,
        message_id=message_id,
        reason=reason,
        text=text[:REPORT_TEXT_LIMIT],
    )


def report_close(*, report: Report, by: Any, acted: bool, note: str = "") -> Report:
    report.status = Report.Status.ACTED if acted else Report.Status.DISMISSED
    report.handled_by, report.handled = by, timezone.now()
    report.note = note or report.note
    report.save(update_fields=["status", "handled_by", "handled", "note"])
    return report


def account_suspend(
    *,
    user: Any,
    reason: str,
    until: datetime | None = None,
    by: Any = None,
    report: Report | None = None,
) -> Suspension:
    """Suspend an account until `until` (None: until lifted).

    It leaves the open tables it sits at, and bots stand in for it in its games in play. Its
    challenges waiting for an answer are void and its open seeks cancelled.
    """
    if until is not None and until <= timezone.now():
        raise Refused("A suspension ends in the future.", codes.BAD_SUSPENSION)
    suspension = Suspension.objects.create(
        user=user, reason=reason, until=until, by=by, report=report
    )
    seats = Seat.objects.filter(user=user, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
    for seat in seats.select_related("game"):
        if seat.game.status == Game.Status.OPEN:
            seat_leave(game_id=seat.game_id, seat=seat)
        else:
            stand_in(game_id=seat.game_id, user_id=user.pk)
    challenges.challenges_void_of(user.pk)
    seeks.seeks_cancel_of(user.pk)
    if report is not None:
        report_close(report=report, by=by, acted=True)
    return suspension


def stand_in(*, game_id: int, user_id: int) -> None:
    """A bot stands in for the account's seat in a game in play, and the player may not return."""
    with transaction.atomic():
        game = game_locked(game_id)
        seats = rows.seats_of(game)
        seat = next((s for s in seats if s.user_id == user_id), None)
        if game.status != Game.Status.ACTIVE or seat is None or seat.suspended:
            return
        seat.suspended = True
        if seat.resigned or seat.bot_standing_in:  # a bot plays it already
            seat.save(update_fields=["suspended"])
            return
        seat.bot_standing_in = True
        seat.save(update_fields=["suspended", "bot_standing_in"])
        story.record(game, "stood_in", seat=seat.position)
        game.revision += 1
        state = engine.from_json(game.state)
        began = False
        if engine.to_act(state) == seat.position:
            began = turn_next(game, state, seats, changed=("revision",))  # the bot's now
        else:
            game.save(update_fields=["revision", "updated"])
        commit.publish_on_commit(game, commit.STOOD_IN, seat=seat.position, turn_began=began)


def suspension_lift(*, suspension: Suspension) -> None:
    """End a suspension now. The bots stay until each player comes back to their seats."""
    Suspension.objects.filter(pk=suspension.pk, lifted__isnull=True).update(lifted=timezone.now())
    if not people.suspended(suspension.user_id):
        Seat.objects.filter(user_id=suspension.user_id, suspended=True).update(suspended=False)
