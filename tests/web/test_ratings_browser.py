"""The leaderboards' page in a real headless Chromium at a phone's width (375 px) and a laptop's
(1,366 px): reached from the site's navigation, nothing runs off the side, it passes axe, and a
player's name leads to the profile's ratings. Screenshots: docs/screenshots/ratings-<width>.png."""

from __future__ import annotations

from typing import Any

import pytest

from games.services import ratings
from tests.ratings_data import At, finished

from . import axe
from .browser import wait_for
from .test_layout_browser import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (375, 1366)


def test_the_leaderboard_at_two_widths(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    ann = users.create_user("ann", password="a long secret 1")
    ben = users.create_user("ben", password="a long secret 1")
    cyd = users.create_user("cyrus_the_very_long_named_player", password="a long secret 1")
    tables = [
        [At(ann, 30), At(ben, 20), At("ismcts-3", 25)],
        [At(ann, 22), At(cyd, 28), At("greedy", 10), At("random", 3)],
        [At(ben, 15), At("ismcts-3", 19)],
    ]
    for seats in tables:
        ratings.game_rate_late(finished(seats).pk)

    person = browsers()
    person.open("/")
    person.find("nav a[href='/ratings/']").click()
    wait_for(lambda: "/ratings/" in person.driver.current_url, what="the leaderboard")
    for width in WIDTHS:
        person.driver.set_window_size(width, 900)
        person.open("/ratings/")
        rows = person.driver.find_elements("css selector", "table.leaderboard tbody tr")
        assert len(rows) == 6 and "ismcts-3" in person.find("table.leaderboard").text
        wide = person.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 0, f"the page runs {wide} px off the side at {width} px"
        axe.check(person, f"the leaderboard at {width} px")
        shot(person, f"ratings-{width}.png")
    person.find("table.leaderboard a[href='/players/ann/']").click()
    wait_for(lambda: "Rated games" in person.find("main").text, what="the profile's ratings")
    person.open("/ratings/first_edition/")
    assert "No rated game" in person.find("main").text
