"""Issue 34 in a real headless Chromium, at 375 px and 1,366 px: the create form's seat kind "a
bot account, by name" shows the name field alone (no bot level, no address), passes axe-core,
and seats the bot account, whose table starts at once; a bot account cannot log in to the site.
Screenshots go to GTR_SCREENSHOTS (docs/screenshots by default: new-bot-account-*.png)."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, Seat
from players.bots import services as bots

from . import axe
from .browser import wait_for
from .test_layout_browser import WIDTHS, log_in, shot
from .test_pages_browser import visible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_person_seats_a_bot_account_and_a_bot_cannot_log_in(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    users.create_user("ann", password="a long secret 1")
    robo = users.create_user("robo", password="a long secret 1")
    bots.bot_account_create(user=robo, owner="ann", rulesets=["republic"])
    ann = browsers()
    log_in(ann, "ann")
    row = '.seat-row[data-seat="1"]'
    for width in WIDTHS:
        ann.driver.set_window_size(width, 900)
        ann.open("/new/")
        ann.fill({"players": "2", "seat1_kind": "bot_account"})
        wait_for(lambda: visible(ann, f"{row} .seat-account"), what="the account's name")
        assert not visible(ann, f"{row} .seat-bot") and not visible(ann, f"{row} .seat-email")
        ann.fill({"seat1_account": "robo"})
        shot(ann, f"new-bot-account-{width}.png")
        axe.check(ann, f"the create form with a bot account at {width} px")
    ann.submit()
    wait_for(lambda: "/games/" in ann.driver.current_url, what="the game page")
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert Seat.objects.get(game=game, position=1).user_id == robo.pk
    ann.driver.delete_all_cookies()
    ann.open("/login/")
    ann.fill({"username": "robo", "password": "a long secret 1"})
    ann.submit()
    wait_for(lambda: "bot account" in ann.find("main").text, what="the refusal")
    assert "robo" not in ann.find("header.site").text
