"""Challenges, seeks and rematch in a real headless Chromium (issue 32): a challenge shows in
the lobby and its acceptance starts a game; a finished game's rematch starts the next one.
Screenshots of the lobby and the rematch panel at 375 and 1,366 px go to GTR_SCREENSHOTS (else
docs/screenshots/): `lobby-match-<width>.png`, `rematch-<width>.png`."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from games.services import resignation

from .browser import wait_for
from .test_layout_browser import log_in, shot, two_people

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_challenge_accepted_from_the_lobby_starts_a_game(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    from games.services import challenges, seeks

    users = get_user_model().objects
    ann = users.create_user("ann", email="ann@example.org", password="a long secret 1")
    users.create_user("ben", email="ben@example.org", password="a long secret 1")
    carl = users.create_user("carl<i>", password="a long secret 1")
    seeks.seek_create(user=carl, version="imperium", players_min=3, players_max=5, bots_after=30)
    ben_page = browsers(width=1366)
    log_in(ben_page, "ben")
    ben_page.open("/")
    # Ben starts a seek's form; the challenge arrives live (the account stream refreshes the
    # lobby's lists) and what he typed stays.
    ben_page.find("#seeks-h ~ details summary").click()
    typed = ben_page.find("input[name=bots_after]")
    typed.send_keys("15")
    challenges.challenge_create(user=ann, to="ben", version="republic", players=2)
    wait_for(lambda: ben_page.all("#challenges-in-h"), what="the challenge, without a reload")
    assert ben_page.find("input[name=bots_after]").get_attribute("value") == "15"
    assert "carl<i>" in ben_page.find("#seeks-h").find_element("xpath", "..").text
    for width in (375, 1366):
        ben_page.driver.set_window_size(width, 900)
        ben_page.open("/")
        shot(ben_page, f"lobby-match-{width}.png")
    ben_page.find("form[action$='/accept/'] button").click()
    wait_for(lambda: "/games/" in ben_page.driver.current_url, what="the new game's page")
    game = Game.objects.get(players=2)
    assert game.status == "active" and ben_page.driver.current_url.endswith(f"/games/{game.pk}/")


def test_a_rematch_starts_the_next_game(browsers: Any) -> None:
    game_id, _, _ = two_people()
    resignation.game_resign(game_id=game_id, position=1)
    ann_page = browsers(width=1366)
    log_in(ann_page, "ann")
    ann_page.open(f"/games/{game_id}/")
    ann_page.find("#rematch button").click()
    ben_page = browsers(width=1366)
    log_in(ben_page, "ben")
    for width in (375, 1366):
        ben_page.driver.set_window_size(width, 900)
        ben_page.open(f"/games/{game_id}/")
        shot(ben_page, f"rematch-{width}.png")
    ben_page.find("#rematch form[action$='/accept/'] button").click()
    wait_for(lambda: f"/games/{game_id}/" not in ben_page.driver.current_url, what="the rematch")
    following = Game.objects.exclude(pk=game_id).get()
    assert following.status == "active"
    assert [s.user.username for s in following.seats.order_by("position")] == ["ben", "ann"]


def test_a_seek_fills_with_a_bot_after_its_wait(browsers: Any) -> None:
    """A seek posted from the lobby that nobody answers: once its wait is over, the sweep seats
    it with a bot, and the lobby shows the game live (the account stream)."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Seek
    from games.services import seeks

    get_user_model().objects.create_user("ben", password="a long secret 1")
    page = browsers(width=1366)
    log_in(page, "ben")
    page.open("/")
    page.find("#seeks-h ~ details summary").click()
    page.fill({"players_min": "2", "players_max": "2", "bots_after": "1"})
    page.find("#seeks-h ~ details button[type=submit]").click()
    wait_for(lambda: Seek.objects.filter(status="open").exists(), what="the seek posted")
    wait_for(lambda: "ben" in page.find("#seeks-h").find_element("xpath", "..").text, what="it")
    assert seeks.seeks_sweep(timezone.now() + timedelta(minutes=1, seconds=5)) >= 1
    game = Game.objects.get()
    assert [s.kind for s in game.seats.order_by("position")] == ["player", "bot"]
    wait_for(lambda: page.all(f'#mine-h ~ ul a[href="/games/{game.pk}/"]'), what="the game, live")
