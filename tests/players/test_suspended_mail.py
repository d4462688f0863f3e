"""A suspended account's replies by e-mail: nothing is played, and the answer says why
(games.services.barred through players.mail.inbound)."""

from __future__ import annotations

from django.core import mail

from games.services import moderation
from players.mail import inbound
from tests.conftest import state_hash
from tests.players.conftest import Table, reply


def test_a_suspended_player_cannot_come_back_by_mail(table: Table) -> None:
    away = (table.to_act + 1) % 3
    moderation.account_suspend(user=table.seat(away).user, reason="spam")
    assert table.seat(away).bot_standing_in
    before, sent = state_hash(table.game_id), len(mail.outbox)
    assert inbound.inbound_handle(reply(table, "back", position=away, seq=table.game.seq)) == (
        "illegal"
    )
    assert "suspended" in mail.outbox[sent].body
    assert table.seat(away).bot_standing_in and state_hash(table.game_id) == before
