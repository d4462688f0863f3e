"""The table's chat in a real headless Chromium (docs/chat.md): two players talk live and a
spectator's chat stays apart from them; a `say:` reply by mail appears in the other player's
open page; a line is shown as text, never as HTML. Screenshots of the panel at 375 and 1,366 px
go to GTR_SCREENSHOTS (docs/screenshots by default): `chat-<who>-<width>.png`."""

from __future__ import annotations

import time
from email.message import EmailMessage
from typing import Any

import pytest

from games.models import ChatMessage, Report, Seat
from players.mail import inbound, texts

from .browser import Person, wait_for
from .test_layout_browser import log_in, shot, two_people

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def say(person: Person, text: str) -> None:
    box = person.find("#chat-text")
    box.clear()
    box.send_keys(text)
    person.find("#chat-say button[type=submit]").click()


def shown(person: Person) -> list[str]:
    return [li.find_element("css selector", ".text").text for li in person.all("#chat-lines li")]


def mail_reply(game_id: int, position: int, body: str) -> str:
    seat = Seat.objects.get(game_id=game_id, position=position)
    message = EmailMessage()
    message["From"] = "ben@example.org"
    message["To"] = texts.reply_address(seat, 0)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = "<say1@example.org>"
    message.set_content(body)
    return inbound.inbound_handle(message)


def test_two_players_talk_live_and_the_spectators_chat_stays_apart(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    game_id, _, ben = two_people()
    get_user_model().objects.create_user("cid", password="a long secret 1")
    people = {}
    for name in ("ann", "ben", "cid"):
        people[name] = browsers(width=1366)
        log_in(people[name], name)
        people[name].open(f"/games/{game_id}/")
        wait_for(lambda p=people[name]: p.all("#chat-lines"), what="the chat panel")
    a, b, c = people["ann"], people["ben"], people["cid"]
    assert not a.all("#chat-tab-spectators")  # a player has no spectators' tab in the game

    say(a, "hello <b>ben</b> & @ben")
    wait_for(lambda: "hello <b>ben</b> & @ben" in shown(b), what="ann's line on ben's page")
    assert not b.all("#chat-lines b")  # text, not markup
    assert b.all("#chat-lines li.mention")  # it names ben's seat
    wait_for(lambda: "hello <b>ben</b> & @ben" in shown(c), what="the line on cid's page")

    c.find("#chat-tab-spectators").click()
    say(c, "ben should build the Temple")
    wait_for(lambda: "ben should build the Temple" in shown(c), what="cid's own line")
    say(b, "thanks ann")
    wait_for(lambda: "thanks ann" in shown(a), what="ben's line on ann's page")
    assert "ben should build the Temple" not in a.find("#chat").text
    assert "ben should build the Temple" not in b.driver.page_source

    # Ann reports ben's line to the moderators: the report names him and the line.
    line = ChatMessage.objects.get(text="thanks ann")
    a.find(f'#chat-lines li[data-id="{line.pk}"] button.report').click()
    a.driver.switch_to.alert.accept()
    wait_for(lambda: Report.objects.filter(message_id=line.pk).exists(), what="the report")
    assert Report.objects.get().player == ben

    ben_seat = Seat.objects.get(game_id=game_id, user=ben).position
    assert mail_reply(game_id, ben_seat, "say: sent from my mail\n\n> quoted") == "said"
    wait_for(lambda: "sent from my mail" in shown(a), what="the say: reply on ann's page")
    assert ChatMessage.objects.get(text="sent from my mail").via == "email"

    for who, person in (("player", a), ("spectator", c)):
        for width in (375, 1366):
            person.driver.set_window_size(width, 900)
            time.sleep(0.3)
            person.driver.execute_script("document.getElementById('chat').scrollIntoView()")
            shot(person, f"chat-{who}-{width}.png")


def test_a_private_note_is_saved_and_comes_back(browsers: Any) -> None:
    game_id, _, _ = two_people()
    a = browsers(width=1366)
    log_in(a, "ann")
    a.open(f"/games/{game_id}/")
    a.find("#note summary").click()
    a.find("#note-text").send_keys("ben keeps Marble")
    a.find("#note-save").click()
    wait_for(lambda: a.find(".note-status").text, what="the note saved")
    a.open(f"/games/{game_id}/")
    wait_for(lambda: a.find("#note-text").get_attribute("value") == "ben keeps Marble")
