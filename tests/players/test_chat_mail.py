"""The table's chat in the mails (docs/chat.md, Chat by mail): a turn mail ends with the
players' last lines, as text in both its parts; a reply beginning with `say:` is said at the
table as the reply's seat, through the API's checks, and plays nothing."""

from __future__ import annotations

from typing import Any

from django.core import mail

from games.models import ChatMessage, ChatReader, Move
from games.read.selectors import Caller
from games.services.chat import chat_post
from players.mail import inbound, notify
from tests.players.conftest import ADDRESSES, Table, mails_to, reply


def turn_mail(table: Table) -> tuple[str, str]:
    """The plain text and the HTML of the mail of the decision pending now."""
    game = table.game
    d = notify.decision_load(game.pk, game.seq, table.to_act)
    assert d is not None
    message = notify.decision_message(d, "your turn")
    html = next(body for body, kind in message.alternatives if kind == "text/html")
    return message.body, html


def test_a_say_reply_is_said_at_the_table_and_plays_nothing(table: Table) -> None:
    position = table.to_act
    outcome = inbound.inbound_handle(reply(table, "say: good luck <all> & A1\n\nA2"))
    assert outcome == "said"
    line = ChatMessage.objects.get()
    assert (line.seat, line.channel, line.via) == (position, "players", "email")
    assert line.text == "good luck <all> & A1"
    assert not Move.objects.filter(game_id=table.game_id).exists()


def test_a_say_reply_that_may_not_be_said_is_answered(table: Table) -> None:
    position = table.to_act
    before = len(mails_to(ADDRESSES[position]))
    assert inbound.inbound_handle(reply(table, "say: " + "x" * 600)) == "not_said"
    assert not ChatMessage.objects.exists()
    answer = mails_to(ADDRESSES[position])[before:]
    assert answer and "not said" in answer[-1].subject
    assert "500 characters" in answer[-1].body


def test_the_turn_mail_ends_with_the_last_lines_as_text(table: Table, settings: Any) -> None:
    settings.GTR_CHAT_BURST = 100  # eight lines at once, past the flood limit
    other = (table.to_act + 1) % 3
    for n in range(7):
        chat_post(game_id=table.game_id, caller=Caller(position=other), text=f"line {n}")
    chat_post(game_id=table.game_id, caller=Caller(position=other), text="<script>x()</script>")
    text, html = turn_mail(table)
    assert "At the table:" in text and "say:" in text
    assert "line 0" not in text and "line 3" in text  # the last five only
    assert "<script>x()</script>" in text  # plain text, as written
    assert "<script>x()</script>" not in html and "&lt;script&gt;x()&lt;/script&gt;" in html


def test_a_muted_authors_lines_stay_out_of_the_mail(table: Table) -> None:
    position = table.to_act
    other = (position + 1) % 3
    chat_post(game_id=table.game_id, caller=Caller(position=other), text="buy my stuff")
    ChatReader.objects.create(game_id=table.game_id, seat=position, muted=[f"seat:{other}"])
    text, _ = turn_mail(table)
    assert "buy my stuff" not in text and "At the table" not in text
    assert mail.outbox is not None
