"""Play by e-mail: a reply carrying the seat's reply secret and a listed code plays that move
(read from an mbox, a Maildir, or anymail's inbound webhook); forged, stale and illegal replies
change nothing and the genuine ones get an answer."""

from __future__ import annotations

import base64
import mailbox
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command

import engine
from games.models import Move
from players.mail import inbound
from players.mail import texts as texts
from tests.conftest import state_hash
from tests.players.conftest import ADDRESSES, Table, codes_in, mails_to, reply


def test_a_listed_code_read_from_an_mbox_plays_that_move(table: Table, tmp_path: Path) -> None:
    position = table.to_act
    turn_mail = mails_to(ADDRESSES[position])[-1]
    code = "A3"
    assert code in codes_in(turn_mail.body)
    expected = texts.move_codes(table.state)[2][1]
    box = mailbox.mbox(tmp_path / "inbox")
    quoted = "\n".join("> " + line for line in turn_mail.body.splitlines())
    box.add(reply(table, f"{code}\n\nOn Sunday, Glory to Rome wrote:\n{quoted}\n"))
    box.flush()
    call_command("read_mail", "--mbox", str(tmp_path / "inbox"))
    move = Move.objects.get(game_id=table.game_id, seq=1)
    assert (move.seat, move.actor, move.action) == (position, "email", expected)
    assert len(mailbox.mbox(tmp_path / "inbox")) == 0  # read messages are removed


def test_a_code_from_a_maildir_and_a_typed_command(table: Table, tmp_path: Path) -> None:
    box = mailbox.Maildir(tmp_path / "Maildir")
    box.add(reply(table, "think please"))
    call_command("read_mail", "--maildir", str(tmp_path / "Maildir"))
    move = Move.objects.get(game_id=table.game_id, seq=1)
    assert move.action == {"type": "think", "take": "cards"} and move.actor == "email"
    # The next decision's owner replies to its own new mail.
    position = table.to_act
    box.add(reply(table, "A1", seq=1))
    call_command("read_mail", "--maildir", str(tmp_path / "Maildir"))
    move = Move.objects.get(game_id=table.game_id, seq=2)
    assert move.seat == position and move.actor == "email"


def test_a_reply_through_the_anymail_webhook(table: Table, client, settings) -> None:
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    settings.GTR_INBOUND_ESP = "postmark"
    position = table.to_act
    expected = texts.move_codes(table.state)[1][1]
    address = texts.reply_address(table.seat(position), 0)
    payload = {  # Postmark's inbound JSON, parsed by anymail into its normalised message
        "FromFull": {"Email": ADDRESSES[position], "Name": ""},
        "ToFull": [{"Email": address, "Name": ""}],
        "OriginalRecipient": address,
        "Subject": "Re: your turn",
        "TextBody": "a2\n",
        "Headers": [{"Name": "Message-ID", "Value": "<hook1@example.org>"}],
    }
    auth = "Basic " + base64.b64encode(b"hook:secret").decode()
    url = "/anymail/postmark/inbound/"
    assert client.post(url, payload, content_type="application/json").status_code == 400
    r = client.post(url, payload, content_type="application/json", HTTP_AUTHORIZATION=auth)
    assert r.status_code == 200
    move = Move.objects.get(game_id=table.game_id, seq=1)
    assert (move.seat, move.actor, move.action) == (position, "email", expected)
    # The ESP retries the same message: it is not played twice, and no stale answer is sent.
    sent = len(mail.outbox)
    r = client.post(url, payload, content_type="application/json", HTTP_AUTHORIZATION=auth)
    assert r.status_code == 200 and len(mail.outbox) == sent
    assert table.game.seq == 1


def test_a_raw_mime_reply_through_the_webhook(table: Table, client, settings) -> None:
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    settings.GTR_INBOUND_ESP = "postmark"
    raw = reply(table, "A1").as_string()
    auth = "Basic " + base64.b64encode(b"hook:secret").decode()
    r = client.post(
        "/anymail/postmark/inbound/",
        {"RawEmail": raw, "Headers": []},
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
    )
    assert r.status_code == 200 and table.game.seq == 1


@pytest.mark.parametrize("forgery", ["wrong digest", "other seat", "no secret"])
def test_a_forged_reply_changes_nothing(table: Table, forgery: str) -> None:
    position = table.to_act
    other = (position + 1) % 3
    genuine = texts.reply_secret(table.seat(position), 0)
    secret = {
        "wrong digest": genuine[:-4] + ("0000" if not genuine.endswith("0000") else "1111"),
        "other seat": genuine.replace(f"-{position}-0-", f"-{other}-0-", 1),
        "no secret": "nothing",
    }[forgery]
    before, sent = state_hash(table.game_id), len(mail.outbox)
    message = reply(table, "A1", secret=secret)  # From: the right player
    outcome = inbound.inbound_handle(message)
    assert outcome == ("no_secret" if forgery == "no secret" else "forged")
    assert state_hash(table.game_id) == before and table.game.seq == 0
    assert not Move.objects.filter(game_id=table.game_id).exists()
    assert len(mail.outbox) == sent  # no answer to a forger


def test_a_stale_reply_is_explained_and_changes_nothing(table: Table) -> None:
    first = table.to_act
    assert inbound.inbound_handle(reply(table, "think")) == "played"
    second = table.to_act
    # Now seat `second` answers its decision, then seat `first` replies to its old mail again.
    assert inbound.inbound_handle(reply(table, "A2", seq=1)) == "played"
    before, sent = state_hash(table.game_id), len(mail.outbox)
    outcome = inbound.inbound_handle(reply(table, "A1", position=first, seq=0))
    assert outcome == "stale" and state_hash(table.game_id) == before
    (answer,) = mail.outbox[sent:]
    assert answer.to == [ADDRESSES[first]]
    assert "moved on to move 2" in answer.body and "nothing was played" in answer.body
    if table.to_act == first:
        assert codes_in(answer.body) and answer.reply_to == [
            texts.reply_address(table.seat(first), 2)
        ]
    else:
        assert f"It is seat {table.to_act}'s decision now" in answer.body
    assert second != first


def test_an_illegal_code_gets_the_legal_moves(table: Table) -> None:
    position = table.to_act
    before, sent = state_hash(table.game_id), len(mail.outbox)
    assert inbound.inbound_handle(reply(table, "A999")) == "illegal"
    assert inbound.inbound_handle(reply(table, "hello, what now?")) == "no_command"
    assert state_hash(table.game_id) == before
    illegal, empty = mail.outbox[sent:]
    assert illegal.to == [ADDRESSES[position]] and "'A999' is not one of your moves" in illegal.body
    assert len(codes_in(illegal.body)) == len(engine.legal_actions(table.state))
    assert illegal.reply_to == [texts.reply_address(table.seat(position), 0)]
    assert "no move code" in empty.body
    # The answer's own reply address works.
    assert inbound.inbound_handle(reply(table, "A1")) == "played"


def test_the_command_is_read_before_the_quote() -> None:
    body = "A7 please\n\nOn Sun, Nov 22, 2026 at 3:00 AM Glory to Rome wrote:\n> A1 think\n"
    assert inbound.command_of(inbound.fresh_text(body)) == "A7"
    assert inbound.command_of(inbound.fresh_text("> A1 think\nskip\n")) == "skip"
    assert inbound.command_of(inbound.fresh_text("Thanks!\n-- \nA3 is my signature")) is None


def test_back_ends_a_bots_stand_in(table: Table) -> None:
    from games.models import Seat

    away = (table.to_act + 1) % 3
    Seat.objects.filter(game_id=table.game_id, position=away).update(
        bot_standing_in=True, timeouts=3
    )
    assert inbound.inbound_handle(reply(table, "A1", position=table.to_act)) == "played"
    if table.to_act == away:  # the bot played the away seat's decision at once
        assert table.game.seq > 1
    sent = len(mail.outbox)
    assert inbound.inbound_handle(reply(table, "A1", position=away, seq=0)) == "stale"
    assert "Reply 'back'" in mail.outbox[sent].body
    assert inbound.inbound_handle(reply(table, "back", position=away, seq=0)) == "back"
    seat = table.seat(away)
    assert not seat.bot_standing_in and seat.timeouts == 0


def test_an_auto_reply_is_neither_played_nor_answered(table: Table) -> None:
    message = reply(table, "A1 I am on holiday")
    message["Auto-Submitted"] = "auto-replied"
    sent = len(mail.outbox)
    assert inbound.inbound_handle(message) == "automatic"
    assert table.game.seq == 0 and len(mail.outbox) == sent


def test_an_html_only_reply_is_read(table: Table) -> None:
    expected = texts.move_codes(table.state)[0][1]
    message = reply(table, "")
    message.set_content("<html><body><p>A1</p><blockquote>A2</blockquote></body></html>", "html")
    assert inbound.inbound_handle(message) == "played"
    assert Move.objects.get(game_id=table.game_id, seq=1).action == expected
