"""Mails in the recipient's language (docs/email.md, Languages): an address that chose Polish
gets its turn mail's fixed text and card names in Polish (its HTML part too), the others at the
same table keep English; the mail still names no hidden card."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

import engine
from games.cardnames import card_name
from games.prompts import prompt_text
from players import notifications
from players.models import MailPreference
from tests.players.conftest import ADDRESSES, Table, codes_in, mails_to, make_table
from tests.players.test_notifications import assert_no_hidden_card


@pytest.fixture
def polish_table(transactional_db: Any, django_user_model: Any, mailoutbox: list[Any]) -> Table:
    for address in ADDRESSES:
        MailPreference.objects.create(address=address, language="pl")
    return make_table(django_user_model)


def test_a_turn_mail_in_polish(polish_table: Table) -> None:
    table = polish_table
    position = table.to_act
    (message,) = mails_to(ADDRESSES[position])
    hand = engine.view(table.state, position)["players"][position]["hand"]
    for card in hand:
        assert f"{card_name(card['name'], 'pl')} #{card['id']}" in message.body
    assert "Twoje ruchy: odpowiedz na tę wiadomość" in message.body
    assert "Glory to Rome, gra" in message.subject and "twoja kolej" in message.subject
    assert "Your moves" not in message.body
    prompt = engine.prompt(table.state)
    assert prompt is not None and prompt["text"] not in message.body
    with translation.override("pl"):
        polish_prompt = prompt_text(prompt, {})
    assert polish_prompt in message.body and polish_prompt != prompt["text"]
    moves = codes_in(message.body)
    assert moves and all(not label.startswith(("Lead ", "Think:")) for label in moves.values())
    assert any(label.startswith("Myśl: ") for label in moves.values())
    html = message.alternatives[0][0]
    assert "Zagraj tę turę w przeglądarce" in html and 'lang="pl"' in html
    polish = [card_name(c["name"], "pl") for c in hand if card_name(c["name"], "pl") != c["name"]]
    assert any(name in html for name in polish) or not polish
    assert_no_hidden_card(table, position, message.body)


def test_the_language_follows_the_address(polish_table: Table) -> None:
    """The same decision mailed again once the address has no language chosen: English."""
    table = polish_table
    position = table.to_act
    MailPreference.objects.filter(address=ADDRESSES[position]).update(language="")
    d = notifications.decision_load(table.game_id, None, position)
    assert d is not None
    with notifications.in_language(ADDRESSES[position]):
        message = notifications.decision_message(d, "your turn")
    assert "Your moves: reply to this mail" in message.body
    assert f"Your decision: {d.view['prompt']['text']}" in message.body
    hand = d.view["players"][position]["hand"]
    for card in hand:
        assert f"{card['name']} #{card['id']}" in message.body
