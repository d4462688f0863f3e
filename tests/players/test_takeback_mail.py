"""A takeback request by mail (docs/email.md, Taking moves back): the people asked get a mail
naming what would be taken back, and answer it by replying `yes` or `no` (or `takeback yes`);
a late answer changes nothing; the story and the turn mail's "Since your last move" lines tell
the request, the answers and the undo in words."""

from __future__ import annotations

from typing import Any

from django.core import mail

from games.models import Move, TakebackRequest
from games.read.selectors import Caller
from games.services import moves, undo
from players.mail import inbound
from tests.players.conftest import ADDRESSES, Table, mails_to, reply


def asks(address: str) -> list[Any]:
    return [m for m in mails_to(address) if "asks to take back moves" in m.subject]


def think_then_ask(table: Table) -> tuple[int, list[int]]:
    """The player to act thinks and draws (a reveal: consent needed), then asks to take it back.
    Returns the asker and the others."""
    asker = table.to_act
    action = {"type": "think", "take": "cards"}
    moves.move_submit(game_id=table.game_id, caller=Caller(position=asker), seq=0, action=action)
    mail.outbox.clear()
    undo.takeback_request(game_id=table.game_id, caller=Caller(position=asker), seq=1)
    return asker, [p for p in range(3) if p != asker]


def test_the_people_asked_get_a_mail_and_answer_yes_by_reply(table: Table) -> None:
    asker, others = think_then_ask(table)
    assert asks(ADDRESSES[asker]) == []  # the asker is not asked
    (first,) = asks(ADDRESSES[others[0]])
    assert len(asks(ADDRESSES[others[1]])) == 1
    body = first.body
    assert "asks to take back their decisions since move 0" in body
    assert "What would be taken back:" in body and "thinks and draws" in body
    assert "Reply 'yes'" in body and "takeback/accept/" in body and first.reply_to
    assert inbound.inbound_handle(reply(table, "Yes, fine.", position=others[0], seq=1)) == (
        "takeback_yes"
    )
    assert table.game.seq == 1  # one answer of two: still waiting
    mail.outbox.clear()
    answer = reply(table, "takeback YES", position=others[1], seq=1)
    assert inbound.inbound_handle(answer) == "takeback_yes"
    game = table.game
    assert game.seq == 2 and Move.objects.get(game=game, seq=2).action == {"type": "undo", "to": 0}
    assert TakebackRequest.objects.get().status == "accepted"
    # The asker's decision is back: its mail tells what happened since their last move.
    (turn,) = [m for m in mails_to(ADDRESSES[asker]) if "your turn" in m.subject.lower()]
    since = turn.body.split("Since your last move:")[1].split("\n\n")[0]
    assert "You ask the others to let you take back your decisions since move 0." in since
    assert "lets you take back your decisions." in since
    assert "You take back your last decisions: the table is as it was after move 0." in since


def test_one_no_declines_and_a_late_answer_changes_nothing(table: Table) -> None:
    _, others = think_then_ask(table)
    answer = reply(table, "no\n\nOn Monday you wrote:\n> yes", position=others[0], seq=1)
    assert inbound.inbound_handle(answer) == "takeback_no"
    assert TakebackRequest.objects.get().status == "declined" and table.game.seq == 1
    # The request is over: a bare "yes" is no answer to anything now, "takeback yes" is told so.
    mail.outbox.clear()
    assert inbound.inbound_handle(reply(table, "yes", position=others[1], seq=1)) == "no_command"
    late = reply(table, "takeback yes", position=others[1], seq=1)
    assert inbound.inbound_handle(late) == "illegal"
    assert (
        "No takeback request is waiting for your answer." in mails_to(ADDRESSES[others[1]])[-1].body
    )
    assert table.game.seq == 1


def test_a_move_before_the_answer_ends_the_request(table: Table) -> None:
    _, others = think_then_ask(table)
    mover = table.to_act
    action = {"type": "think", "take": "jack"}
    moves.move_submit(game_id=table.game_id, caller=Caller(position=mover), seq=1, action=action)
    waiting = next(p for p in others if p != mover)
    mail.outbox.clear()
    stale = reply(table, "takeback yes", position=waiting, seq=1)
    assert inbound.inbound_handle(stale) == "stale"
    assert "That takeback request is over" in mails_to(ADDRESSES[waiting])[-1].body
    assert table.game.seq == 2  # nothing taken back


def test_a_move_code_first_is_played_not_an_answer(table: Table) -> None:
    """Who is asked and also to act may reply with a move: the first of the two counts."""
    think_then_ask(table)
    mover = table.to_act
    answer = reply(table, "think\nno", position=mover, seq=1)
    assert inbound.inbound_handle(answer) == "played"
    assert table.game.seq == 2
