"""The tournaments' pages in a real headless Chromium at a phone's width (375 px) and a laptop's
(1,366 px): the site's menu and the lobby link to the list, the list to a tournament, whose join
button enters and whose standings and rounds show after the start; nothing runs off the side,
and the pages pass axe. Screenshots: docs/screenshots/tournament-<width>.png."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.services import resignation
from tournaments.models import Entry, Table, Tournament
from tournaments.services import entries, rounds

from . import axe
from .browser import wait_for
from .test_layout_browser import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_join_a_tournament_and_read_its_standings(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    staff = users.create_user("director", is_staff=True)
    ann = users.create_user("ann", password="a long secret 1")
    t = entries.tournament_create(
        user=staff,
        name="Ides of March Open",
        version="republic",
        format="swiss",
        table_size=3,
        rounds=2,
        starts=timezone.now() + timedelta(days=1),
        max_players=7,
    )
    for name in ("ben", "cat", "dan", "eve", "fay", "gus"):
        entries.entry_join(user=users.create_user(name), tournament_id=t.pk)

    person = browsers()
    person.open("/login/")
    person.fill({"username": "ann", "password": "a long secret 1"})
    person.submit()
    wait_for(lambda: "ann" in person.find("header.site").text, what="logged in")
    assert person.find("main a[href='/tournaments/']")  # the lobby's link
    person.find("header nav a[href='/tournaments/']").click()
    wait_for(lambda: "Ides of March Open" in person.find("main").text, what="the list")
    person.find(f"main a[href='/tournaments/{t.pk}/']").click()
    wait_for(lambda: person.find("#join"), what="the join button")
    person.find("#join").click()
    wait_for(lambda: "Withdraw" in person.find("main").text, what="entered")
    assert Entry.objects.filter(tournament=t, user=ann).exists()

    Tournament.objects.filter(pk=t.pk).update(starts=timezone.now())
    rounds.tournaments_sweep()
    first = Table.objects.filter(round__tournament=t).order_by("number").first()
    assert first is not None
    resignation.game_resign(game_id=first.game_id, position=2)
    resignation.game_surrender(game_id=first.game_id, position=1, to=0)
    for width in (375, 1366):
        person.driver.set_window_size(width, 900)
        person.open(f"/tournaments/{t.pk}/")
        assert "Round 1" in person.find("main").text and "Buch." in person.find("main").text
        hidden = person.driver.execute_script(
            "const s = document.querySelector('main .scroll'); return s.scrollWidth - s.clientWidth"
        )
        assert hidden <= 0, f"the standings hide {hidden} px at {width} px: scroll to see them"
        wide = person.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 0, f"the page runs {wide} px off the side at {width} px"
        axe.check(person, f"a tournament at {width} px")
        shot(person, f"tournament-{width}.png")
