"""The ratings on the web pages (docs/ratings.md): a rated game from the create form, refused
when it cannot be rated; the seats' ratings in the lobby and at the table; the leaderboard's
families."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game

pytestmark = pytest.mark.django_db

NEW = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}


def logged_in(django_user_model: Any, name: str) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_user(name, password="x"))
    return client


def test_a_rated_game_from_the_form_shows_its_seats_ratings(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    r = alice.post("/new/", {**NEW, "seat1_kind": "bot", "seat1_bot": "ismcts-1", "rated": "on"})
    game = Game.objects.get()
    assert r.status_code == 302 and game.rated
    page = alice.get(f"/games/{game.pk}/").content.decode()
    assert 'class="badge rated"' in page
    lobby = alice.get("/").content.decode()
    assert "alice (1000)" in lobby and "Bot 2 (search, level 1) (1000)" in lobby


def test_a_rated_training_game_is_refused_on_the_form(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    r = alice.post("/new/", {**NEW, "seat1_kind": "open", "rated": "on", "training": "on"})
    assert r.status_code == 200 and "never rated" in r.content.decode()
    assert not Game.objects.exists()


def test_the_leaderboard_pages(client: Client) -> None:
    assert client.get("/ratings/").status_code == 200
    assert client.get("/ratings/first_edition/").status_code == 200
    assert client.get("/ratings/chess/").status_code == 404


def test_a_rated_seek_with_a_range_from_the_lobby(django_user_model: Any) -> None:
    from games.models import Seek

    alice = logged_in(django_user_model, "alice")
    post = {"version": "imperium", "players_min": "2", "players_max": "2", "pace": "none"}
    alice.post("/seeks/", {**post, "rated": "on", "rating_min": "900", "rating_max": ""})
    seek = Seek.objects.get()
    assert (seek.rated, seek.rating_min, seek.rating_max) == (True, 900, None)
    listed = logged_in(django_user_model, "bob").get("/").content.decode()
    assert '<span class="rating">(1000)</span>' in listed and "ratings 900 to ∞" in listed
