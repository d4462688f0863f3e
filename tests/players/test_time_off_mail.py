"""The mails of time off (docs/email.md): a proposal to pause asks the other players, who answer
by replying `pause yes` / `pause no`; the turn mail says why clocks wait; a vacation day spent
instead of a timeout is told; reminders fall when the clock runs; no digest while on vacation."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core import mail
from django.utils import timezone

from games.models import Availability, Game, PauseProposal, Seat
from games.read import calendars
from games.read.selectors import Caller
from games.services import automatic, moves, pauses
from players.mail import inbound, notify, preferences
from players.mail import texts as texts
from tests.players.conftest import ADDRESSES, Table, mails_to, reply

HOUR = dt.timedelta(hours=1)


def proposals(address: str) -> list[Any]:
    return [m for m in mails_to(address) if "a pause is proposed" in m.subject]


def test_a_proposal_to_pause_is_mailed_and_answered_by_reply(table: Table) -> None:
    mail.outbox.clear()
    pauses.pause_propose(game_id=table.game_id, position=0)
    assert proposals(ADDRESSES[0]) == []  # the proposer is not asked
    asked = [proposals(a) for a in ADDRESSES[1:]]
    assert [len(found) for found in asked] == [1, 1]
    body = asked[0][0].body
    assert "Reply 'pause yes'" in body and "pause/accept/" in body and asked[0][0].reply_to
    seq = table.game.seq
    assert inbound.inbound_handle(reply(table, "pause yes", position=1, seq=seq)) == "pause_yes"
    assert table.game.pause_proposal["accepted"] == [0, 1]
    # The second person declines: the proposal ends, nothing is paused.
    answer = reply(table, "No thanks.\nPause NO\n", position=2, seq=seq)
    assert inbound.inbound_handle(answer) == "pause_no"
    game = table.game
    assert game.pause_proposal is None and game.paused_since is None
    assert PauseProposal.objects.get().status == "declined"
    # Answering a proposal that is no longer open is explained, and changes nothing.
    mail.outbox.clear()
    late = reply(table, "pause yes", position=1, seq=seq)
    assert inbound.inbound_handle(late) == "illegal"
    (explained,) = mails_to(ADDRESSES[1])
    assert "No pause is proposed" in explained.body
    # Proposed again and accepted by both: the game pauses.
    pauses.pause_propose(game_id=table.game_id, position=0)
    for position in (1, 2):
        answer = reply(table, "pause yes", position=position, seq=table.game.seq)
        assert inbound.inbound_handle(answer) == "pause_yes"
    assert table.game.paused_since is not None


def test_the_turn_mail_says_the_game_is_paused_and_who_is_away(table: Table) -> None:
    pauses.pause_propose(game_id=table.game_id, position=0)  # no clock: a pause still holds
    pauses.pause_answer(game_id=table.game_id, position=1, accept=True)
    pauses.pause_answer(game_id=table.game_id, position=2, accept=True)
    away = (table.to_act + 2) % 3
    until = timezone.now() + 2 * HOUR
    Seat.objects.filter(game_id=table.game_id, position=away).update(
        away=[[calendars.iso(timezone.now() - HOUR), calendars.iso(until)]]
    )
    mover = table.to_act
    mail.outbox.clear()
    moves.move_submit(
        game_id=table.game_id,
        caller=Caller(position=mover),
        seq=table.game.seq,
        action={"type": "think", "take": "cards"},
    )
    nxt = table.to_act
    (turn,) = [m for m in mails_to(ADDRESSES[nxt]) if "your turn" in m.subject.lower()]
    assert "The game is paused until someone resumes it: no clock runs." in turn.body
    line = f"is on vacation until {until:%Y-%m-%d %H:%M} UTC"
    if away == nxt:
        assert f"You are on vacation until {until:%Y-%m-%d %H:%M} UTC" in turn.body
    else:
        assert line in turn.body


def test_a_vacation_day_spent_instead_of_a_timeout_is_told(table: Table) -> None:
    position = table.to_act
    user = table.users[position]
    Availability.objects.filter(user=user).update(auto_vacation=True)
    now = timezone.now()
    Game.objects.filter(pk=table.game_id).update(
        clock="fixed",
        clock_seconds=3600,
        decision_started=now - HOUR - dt.timedelta(seconds=1),
        deadline=now - dt.timedelta(seconds=1),
    )
    mail.outbox.clear()
    assert automatic.deadline_expire(game_id=table.game_id, seq=table.game.seq) == "vacation"
    (told,) = [m for m in mails_to(ADDRESSES[position]) if "vacation day" in m.subject]
    assert "a vacation day was spent instead of a timeout" in told.body
    assert "Vacation days left this year: 29 of 30" in told.body
    assert not [m for m in mail.outbox if "time ran out" in m.subject]


def _calendar(game_id: int, hours: dict[str, str]) -> None:
    """The decision under way began three hours ago under these playing hours (UTC), with two
    and a half hours on its clock."""
    game = Game.objects.get(pk=game_id)
    began = timezone.now() - 3 * HOUR
    calendar = calendars.Calendar(calendars.Hours.parse(hours))
    Game.objects.filter(pk=game_id).update(
        clock="fixed",
        clock_seconds=9000,
        playing_hours=hours,
        decision_started=began,
        deadline=calendar.deadline(began, 9000),
        clock_calendar=calendars.to_json(calendar),
    )
    assert game.to_act is not None


def test_no_reminder_outside_the_playing_hours(table: Table, settings) -> None:
    """The reminder is due when an hour of clock time is left: inside the window. While the
    window is closed the sweep sends nothing; once the clock runs, it sends the reminder."""
    settings.GTR_MAIL_REMINDER_LEAD = 3600
    now = timezone.now()
    closed = {"start": f"{now + HOUR:%H:%M}", "end": f"{now - HOUR:%H:%M}", "zone": "UTC"}
    _calendar(table.game_id, closed)
    game = table.game
    due = notify.reminder_due(game)
    assert due is not None and due < now
    assert calendars.stored(game).stopped(due) is None  # due while the clock ran
    assert calendars.seconds_left(game, now) is not None
    mail.outbox.clear()
    assert notify.reminders_sweep() == 0  # the clock waits now: no reminder
    assert not notify.reminder_send(game_id=game.pk, seq=game.seq, position=game.to_act)
    opened = {"start": f"{now - 2 * HOUR:%H:%M}", "end": f"{now + 2 * HOUR:%H:%M}", "zone": "UTC"}
    _calendar(table.game_id, opened)
    game = table.game
    assert notify.reminder_due(game) <= now < game.deadline
    assert notify.reminders_sweep() == 1
    (reminder,) = mail.outbox
    assert reminder.to == [ADDRESSES[game.to_act]] and "reminder" in reminder.subject


def test_no_digest_while_on_vacation(table: Table) -> None:
    position = table.to_act
    address = ADDRESSES[position]
    preferences.preferences_update(address, digest=True)
    now = timezone.now()
    seat = Seat.objects.filter(game_id=table.game_id, position=position)
    seat.update(away=[[calendars.iso(now - HOUR), calendars.iso(now + HOUR)]])
    mail.outbox.clear()
    assert notify.digests_send() == 0
    seat.update(away=[])
    assert notify.digests_send() == 1
    assert texts.reply_address(table.seat(position), table.game.seq) in mail.outbox[0].body
