"""The profile page (web/profiles.py): what it shows, blocking and reporting from it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Block, Report
from games.services import lobby

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ann", password="x")


@pytest.fixture
def ben(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ben", password="x")


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_anyone_sees_a_profile_and_an_unknown_name_is_404(ann: Any, ben: Any) -> None:
    game = lobby.game_create(user=ann, version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=ben)
    page = Client().get("/players/ann/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Median time to move" in text and f"/games/{game.pk}/" in text
    assert 'href="/players/ben/"' in text  # the other players link to their profiles
    assert "Report to staff" not in text  # not for visitors
    assert Client().get("/players/nobody/").status_code == 404


def test_block_and_lift_from_the_page(ann: Any, ben: Any) -> None:
    client = logged_in(ann)
    assert "Report to staff" in client.get("/players/ben/").content.decode()
    assert "Report to staff" not in client.get("/players/ann/").content.decode()  # own page
    r = client.post("/players/ben/block/")
    assert r.status_code == 302 and Block.objects.filter(user=ann, blocked=ben).exists()
    assert "Stop blocking" in client.get("/players/ben/").content.decode()
    client.post("/players/ben/block/")  # twice: refused, nothing changes
    assert Block.objects.count() == 1
    client.post("/players/ben/block/", {"lift": "1"})
    assert not Block.objects.exists()
    logged_in(ben).post("/players/ben/block/")  # oneself: refused
    assert not Block.objects.exists()


def test_report_from_the_page(ann: Any, ben: Any) -> None:
    client = logged_in(ann)
    client.post("/players/ben/report/", {"reason": "abuse", "text": "<i>rude</i>"})
    report = Report.objects.get()
    assert (report.reporter, report.player, report.text) == (ann, ben, "<i>rude</i>")
    client.post("/players/ben/report/", {"reason": "nonsense"})  # not a reason: nothing
    assert Report.objects.count() == 1


def test_visitors_are_sent_to_log_in(ben: Any) -> None:
    r = Client().post("/players/ben/block/")
    assert r.status_code == 302 and r["Location"].startswith("/login/")
    assert not Block.objects.exists()


def test_the_game_page_links_its_players_to_their_profiles(ann: Any, ben: Any) -> None:
    game = lobby.game_create(user=ann, version="republic", players=3)
    lobby.seat_join(game_id=game.pk, user=ben)
    text = Client().get(f"/games/{game.pk}/").content.decode()
    assert 'href="/players/ann/"' in text and 'href="/players/ben/"' in text
