"""The HTML mails (web/mail.py) as a mail client gets them: the turn, reminder, digest and final
mails each have an HTML part whose styles are inlined (no `var(--`, no `<style>`), whose links all
open HTML pages a person can use (followed with Django's test client), and whose seats are named
as on the page. The preferences page works from the link, without an account."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.models import Game
from games.read.selectors import Caller
from games.services import moves, resignation
from players.mail import notify, preferences, texts
from players.models import MailPreference
from tests.players.conftest import ADDRESSES, Table, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(django_user_model: Any, mailoutbox: list[Any], settings: Any) -> Table:
    settings.GTR_PUBLIC_URL = "http://testserver"
    return make_table(django_user_model)


def html_of(message: Any) -> str:
    (html, kind) = message.alternatives[0]
    assert kind == "text/html"
    return str(html)


def hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"]+)"', html)]


def check_mail_html(html: str) -> None:
    """No custom property, no <style> (every rule inlined), styles on the elements, and every
    link opens an HTML page (with a fresh browser: no session, no account)."""
    assert "var(--" not in html
    assert "<style" not in html.lower()
    assert 'style="' in html and "background" in html
    links = hrefs(html)
    assert links
    for link in links:
        parts = urlsplit(link)
        assert parts.netloc == "testserver", link
        assert not parts.path.startswith("/api/"), link  # pages for people, not the API
        response = Client().get(parts.path, follow=True, HTTP_ACCEPT="text/html")
        assert response.status_code == 200, (link, response.status_code)
        assert response["Content-Type"].startswith("text/html"), link


def test_the_turn_mail_is_inlined_and_links_to_pages(table: Table) -> None:
    position = table.to_act
    mail.outbox.clear()
    assert notify.turn_notify(game_id=table.game_id, seq=0, position=position)
    (message,) = mail.outbox
    html = html_of(message)
    check_mail_html(html)
    assert "/play/" in html and "/mail/preferences/" in html and "/mail/unsubscribe/" in html
    assert "/api/notifications/" not in message.body  # M2: the preferences are a page
    assert "http://testserver/mail/preferences/" in message.body
    assert "seat 0" not in message.body.lower()  # M1: named as on the page
    assert "alice" in html and "bob" in html


def test_the_reminder_and_the_digest_are_inlined(table: Table) -> None:
    position = table.to_act
    game = table.game
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        deadline=now + dt.timedelta(minutes=20), decision_started=now - dt.timedelta(hours=5)
    )
    mail.outbox.clear()
    assert notify.reminder_send(game_id=table.game_id, seq=0, position=position)
    check_mail_html(html_of(mail.outbox[-1]))
    preferences.preferences_update(ADDRESSES[position], digest=True)
    assert notify.digest_send(ADDRESSES[position])
    digest = mail.outbox[-1]
    assert "wait" in digest.subject
    check_mail_html(html_of(digest))


def test_the_final_mail_has_an_html_scores_table_linking_to_the_game(table: Table) -> None:
    """M2: the final mail linked to the JSON move list and was text only."""
    mail.outbox.clear()
    moves.move_submit(
        game_id=table.game_id,
        caller=Caller(position=table.to_act),
        seq=0,
        action={"type": "think", "take": "cards"},
    )
    for position in (1, 2):
        resignation.game_resign(game_id=table.game_id, position=position)
    assert notify.final_notify(game_id=table.game_id) == 3
    finals = [m for m in mail.outbox if "final scores" in m.subject]
    assert len(finals) == 3
    for message in finals:
        assert "/moves/" not in message.body and "/api/" not in message.body.split("-- ")[0]
        html = html_of(message)
        check_mail_html(html)
        assert "<table" in html and "alice" in html and "Final scores" in html


def test_the_preferences_page_sets_the_mails_without_an_account(table: Table) -> None:
    address = ADDRESSES[1]
    url = urlsplit(texts.preferences_url(address)).path
    browser = Client()
    page = browser.get(url)
    assert page.status_code == 200 and address in page.content.decode()
    assert "Content-Security-Policy" in page  # the strict policy, as every page
    answer = browser.post(url, {"your_turn": "on", "final": "on", "language": "pl"}, follow=True)
    assert answer.status_code == 200
    prefs = MailPreference.objects.get(address=address)
    assert (prefs.your_turn, prefs.reminder, prefs.final, prefs.language) == (
        True,
        False,
        True,
        "pl",
    )
    assert 'lang="pl"' in answer.content.decode()  # the page follows the address's language
    assert Client().get(url.replace("/preferences/", "/preferences/x")).status_code == 404
