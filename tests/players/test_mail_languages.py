"""Mails in the recipient's language (docs/email.md, Languages): an address that chose Polish
gets its turn mail's fixed text, prompt and card names in Polish (its HTML part too), the others
at the same table keep English; the mail still names no hidden card. The invitation and the
unsubscribe page speak the address's language too."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.utils import translation

import engine
from games.models import Game, Seat
from games.services.tokens import mail_token
from games.words.cardnames import card_name
from games.words.prompts import prompt_text
from players.mail import invitations, notify, preferences
from players.mail.texts import scores_text, unsubscribe_token
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
    assert "Wolne place (w mieście / poza miastem): gruz " in message.body  # the sites' words
    # Seats named as on the page (the HTTP header's "Seat <token>" is a scheme, not a seat).
    assert not re.search(r"(?<!Authorization: )\b[Ss]eat \d", message.body)
    assert re.search(r"^Ty, \w+:$", message.body, re.M)  # "Ty, carol:"
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
    d = notify.decision_load(table.game_id, None, position)
    assert d is not None
    with preferences.in_language(ADDRESSES[position]):
        message = notify.decision_message(d, "your turn")
    assert "Your moves: reply to this mail" in message.body
    assert f"Your decision: {d.view['prompt']['text']}" in message.body
    hand = d.view["players"][position]["hand"]
    for card in hand:
        assert f"{card['name']} #{card['id']}" in message.body


def invite(django_user_model: Any, address: str) -> Any:
    """Ann's game with `address` invited to seat 1; the mail sent."""
    user = django_user_model.objects.filter(username="ann").first()
    if user is None:
        user = django_user_model.objects.create_user("ann", email="ann@example.org", password="x")
    game = Game.objects.create(version="republic", players=2, creator=user)
    seat = Seat.objects.create(
        game=game, position=1, kind="invited", email=address, token_hash=f"h{game.pk}"
    )
    mail.outbox.clear()
    invitations.invitation_send(seat=seat)
    (message,) = mail.outbox
    assert f"Authorization: Seat {mail_token(seat)}" in message.body  # in every language
    return message


def test_the_invitation_in_the_addresses_language_else_the_hosts(
    db: Any, django_user_model: Any
) -> None:
    english = invite(django_user_model, "guest@example.org")
    assert english.subject.startswith("You are invited to a game of Glory to Rome")
    assert english.body.startswith("ann invites you to seat 2 at a 2-player Republic game")
    assert "Keep this link secret" in english.body
    MailPreference.objects.create(address="guest@example.org", language="pl")
    polish = invite(django_user_model, "guest@example.org")
    assert polish.subject.startswith("Zaproszenie do gry w Glory to Rome")
    assert polish.body.startswith("ann zaprasza cię na miejsce 2 w grze Glory to Rome (Republika")
    assert "Graj w przeglądarce" in polish.body and "Keep this link" not in polish.body
    # A stranger to the server gets the host's language; the address's own choice comes first.
    MailPreference.objects.create(address="ann@example.org", language="pl")
    assert invite(django_user_model, "new@example.org").subject.startswith("Zaproszenie")
    MailPreference.objects.create(address="en@example.org", language="en")
    assert invite(django_user_model, "en@example.org").subject.startswith("You are invited")


def test_the_unsubscribe_page_speaks_the_addresses_language(db: Any, client: Any) -> None:
    MailPreference.objects.create(address="ola@example.org", language="pl")
    path = f"/mail/unsubscribe/{unsubscribe_token('ola@example.org')}/"
    asked = client.get(path).content.decode()
    assert '<html lang="pl">' in asked and "Wypisz mnie" in asked and "ola@example.org" in asked
    assert "Unsubscribe" not in asked
    done = client.post(path).content.decode()
    assert "Wypisano" in done and MailPreference.objects.get(address="ola@example.org").unsubscribed
    # An address that chose no language: the request's (the browser's), else English.
    path = f"/mail/unsubscribe/{unsubscribe_token('tom@example.org')}/"
    english = client.get(path).content.decode()
    assert '<html lang="en">' in english and "Stop all mail about Glory to Rome games" in english
    polish = client.get(path, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Wstrzymać całą pocztę" in polish
    html = "text/html,application/xhtml+xml"
    forged = client.get("/mail/unsubscribe/forged/", HTTP_ACCEPT_LANGUAGE="pl", HTTP_ACCEPT=html)
    assert forged.status_code == 422 and "nie jest prawdziwy" in forged.content.decode()
    forged = client.get("/mail/unsubscribe/forged/", HTTP_ACCEPT=html)
    assert "This unsubscribe link is not genuine." in forged.content.decode()


@pytest.mark.parametrize(
    ("reason", "english", "polish"),
    [
        ("forum", "(a Forum victory)", f"(zwycięstwo dzięki budowli {card_name('Forum', 'pl')})"),
        ("plebian_council", "(a Plebian Council victory)", "(zwycięstwo dzięki budowli "),
        ("deck", "(the deck ran out)", None),
    ],
)
def test_the_final_mail_says_why_the_game_ended(
    reason: str, english: str, polish: str | None
) -> None:
    """Every end reason in words, the same words as the web table's (games.words.labels.end_reason),
    never the engine's code."""
    view = {"end": {"reason": reason, "winners": [1], "scores": []}}
    with translation.override("en"):
        assert scores_text([], view).splitlines()[0] == f"Winner: Seat 2 {english}"
    with translation.override("pl"):
        head = scores_text([], view).splitlines()[0]
    assert reason not in head and "Winner" not in head
    assert polish is None or polish in head
