"""Standing orders in the mails (docs/email.md): a turn mail sums up its reader's own orders and
tells what they played and which were cancelled since the reader last moved; no mail goes for a
decision an order answered; no mail names another seat's orders or a hidden card, not even a card
the reader's orders played that has gone into another hand since (a Jack)."""

from __future__ import annotations

import random
import re
from typing import Any

from django.core import mail

import engine
from games.models import Game, Move
from games.read.selectors import Caller
from games.services import moves
from games.services import orders as standing
from tests.players.conftest import ADDRESSES, make_table
from tests.players.test_notifications import assert_no_hidden_card

POLICIES = [
    {"when": "follow", "do": "think", "take": "cards", "unless": "follow"},
    {"when": "follow", "do": "follow", "prefer": "cheapest"},
    {"when": "give", "do": "give"},
]


def test_turn_mails_tell_of_the_readers_orders_and_no_one_elses(
    transactional_db: Any, django_user_model: Any, mailoutbox: list[Any]
) -> None:
    table = make_table(django_user_model, players=3)
    for position in (1, 2):
        standing.orders_put(game_id=table.game_id, position=position, orders=POLICIES)
    rnd = random.Random(3)
    told = 0
    for _ in range(60):
        sent = len(mail.outbox)
        game = table.game
        if game.status != Game.Status.ACTIVE:
            break
        state = table.state
        position = engine.to_act(state)
        assert position is not None
        action = rnd.choice(engine.legal_actions(state))
        moves.move_submit(
            game_id=game.pk, caller=Caller(position=position), seq=game.seq, action=action
        )
        for message in mail.outbox[sent:]:
            (address,) = message.to
            reader = ADDRESSES.index(address)
            seq = int(re.search(r"\(move (\d+)\)", message.subject).group(1))
            # Orders may move on after the mail: check it against the table it was written at.
            assert_no_hidden_card(table, reader, message.body, moves.state_at(table.game, seq))
            answered = Move.objects.filter(game_id=game.pk, seq=seq + 1, actor="order")
            assert not answered.exists()  # never a mail for what an order answered
            section = "Your standing orders" in message.body
            assert section == (reader != 0)  # only readers with orders, only their own
            told += "Played for you by your standing orders" in message.body
            recap = message.body.partition("Played for you")[2].partition("Your standing")[0]
            assert "#" not in recap  # history by name: an id would say where a Jack went
    assert Move.objects.filter(game_id=table.game_id, actor="order").exists()
    assert told > 0
