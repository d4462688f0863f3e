"""The profile page in a real headless Chromium at a phone's width (375 px) and a laptop's
(1,366 px): nothing runs off the side, blocking works from it, and the page passes axe. The
screenshots go where the layout test's go (docs/screenshots/): `profile-<width>.png`."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from games.models import Block, Game, Seat
from games.read.selectors import Caller
from games.services import lobby, moves
from games.services.resignation import game_surrender

from . import axe
from .browser import wait_for
from .test_layout_browser import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (375, 1366)


def play(game: Game, turns: int) -> None:
    for _ in range(turns):
        game.refresh_from_db()
        state = engine.from_json(game.state)
        seat = Seat.objects.select_related("user").get(game=game, position=engine.to_act(state))
        moves.move_submit(
            game_id=game.pk,
            caller=Caller(user=seat.user),
            seq=game.seq,
            action=engine.safe_action(state),
        )


def test_a_profile_at_two_widths_and_blocking_from_it(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    ann = users.create_user("ann", password="a long secret 1")
    ben = users.create_user("ben", password="a long secret 1")
    for version in ("republic", "imperium"):
        done = lobby.game_create(user=ann, version=version, players=2)
        lobby.seat_join(game_id=done.pk, user=ben)
        play(done, 6)
        game_surrender(game_id=done.pk, position=1, to=0)
    now = lobby.game_create(user=ann, version="republic", players=2)
    lobby.seat_join(game_id=now.pk, user=ben)
    play(now, 5)
    lobby.game_create(user=ann, version="imperium", players=3)

    person = browsers()
    person.open("/login/")
    person.fill({"username": "ben", "password": "a long secret 1"})
    person.submit()
    wait_for(lambda: "ben" in person.find("header.site").text, what="logged in")
    for width in WIDTHS:
        person.driver.set_window_size(width, 900)
        person.open("/players/ann/")
        wide = person.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 0, f"the page runs {wide} px off the side at {width} px"
        axe.check(person, f"a profile at {width} px")
        shot(person, f"profile-{width}.png")
    person.find("form[action$='/block/'] button").click()
    wait_for(lambda: "Stop blocking" in person.find("main").text, what="blocked")
    assert Block.objects.filter(user=ben, blocked=ann).exists()
