"""The HTML mails as a browser draws them, with nothing but their inline styles (a mail client
keeps no stylesheet): the turn and final mails of a game in play, at a phone's width and a
desktop's, every card picture resolved from its Content-ID attachment; nothing wider than the
phone's screen. GTR_SCREENSHOTS=<folder> saves the pictures (docs/email.md shows them)."""

from __future__ import annotations

import base64
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from games.read.selectors import Caller
from games.services import moves, resignation
from players.mail import notify
from tests.players.conftest import make_table

from .browser import Person, available

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

WIDTHS = {"phone": 375, "desktop": 1024}


def as_page(message: Any) -> str:
    """The mail's HTML with each cid: picture made a data: URI, as a mail client shows it."""
    (html, _kind) = message.alternatives[0]
    for part in message.attachments:
        cid = part["Content-ID"].strip("<>")
        data = base64.b64encode(part.get_payload(decode=True)).decode()
        html = html.replace(f"cid:{cid}", f"data:image/png;base64,{data}")
    assert "cid:" not in html
    return str(html)


def test_the_turn_and_final_mails_draw_at_phone_and_desktop_width(
    django_user_model: Any, mailoutbox: Any
) -> None:
    if not available():
        pytest.fail("Chromium and chromedriver are missing: run .ci/chromium")
    table = make_table(django_user_model)
    for _ in range(6):  # a few moves, so the mail has a story and a table with cards
        game = table.game
        moves.move_submit(
            game_id=game.pk,
            caller=Caller(position=table.to_act),
            seq=game.seq,
            action={"type": "think", "take": "cards"},
        )
    mail.outbox.clear()
    assert notify.turn_notify(game_id=table.game_id, seq=table.game.seq, position=table.to_act)
    turn = mail.outbox[-1]
    for position in (1, 2):
        resignation.game_resign(game_id=table.game_id, position=position)
    assert notify.final_notify(game_id=table.game_id)
    final = next(m for m in mail.outbox if "final scores" in m.subject)
    folder = os.environ.get("GTR_SCREENSHOTS")
    person = Person("http://127.0.0.1")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name, message in (("mail-turn", turn), ("mail-final", final)):
                page = Path(tmp) / f"{name}.html"
                page.write_text(as_page(message), encoding="utf-8")
                for label, width in WIDTHS.items():
                    person.driver.set_window_size(width, 1400)
                    person.open(page.as_uri())
                    drawn = person.driver.execute_script(
                        "const all = [...document.images];"
                        "return all.length && all.every(i => i.complete && i.naturalWidth > 0);"
                    )
                    assert drawn, (name, "a card picture did not load")
                    wide = person.driver.execute_script(
                        "return document.documentElement.scrollWidth"
                    )
                    assert wide <= width + 1, (name, label, wide)
                    if folder:
                        person.driver.save_screenshot(str(Path(folder) / f"{name}-{label}.png"))
    finally:
        person.close()
