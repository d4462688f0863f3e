"""The lobby's challenges and seeks and a finished game's rematch, through the web pages
(docs/web.md, docs/community.md); names rendered as text, never as HTML."""

from __future__ import annotations

from typing import Any

from django.test import Client

from games.models import Challenge, Game, Seek
from games.services import lobby, resignation


def logged_in(django_user_model: Any, name: str) -> Client:
    user = django_user_model.objects.create_user(name, password="pw-correct-horse")
    client = Client()
    client.force_login(user)
    return client


def test_a_challenge_accepted_from_the_lobby_starts_a_game(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    bob = logged_in(django_user_model, "bob<b>")
    r = alice.post("/challenges/", {"to": "bob<b>", "version": "imperium", "pace": "day"})
    assert r.status_code == 302
    challenge = Challenge.objects.get()
    page = bob.get("/").content.decode()
    assert "Challenges for you" in page and "alice" in page and "a day a move" in page
    assert "bob<b>" not in alice.get("/").content.decode()  # escaped: bob&lt;b&gt;
    r = bob.post(f"/challenges/{challenge.pk}/accept/")
    game = Game.objects.get()
    assert r["Location"] == f"/games/{game.pk}/"
    assert (game.status, game.version, game.clock_seconds) == ("active", "imperium", 86400)


def test_decline_and_withdraw_from_the_lobby(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    bob = logged_in(django_user_model, "bob")
    alice.post("/challenges/", {"to": "bob"})
    one = Challenge.objects.get()
    bob.post(f"/challenges/{one.pk}/decline/", {"reason": "too_slow"})
    one.refresh_from_db()
    assert (one.status, one.reason) == ("declined", "too_slow")
    alice.post("/challenges/", {"to": "bob"})
    two = Challenge.objects.latest("id")
    assert "You challenged bob" in alice.get("/").content.decode()
    alice.post(f"/challenges/{two.pk}/withdraw/")
    two.refresh_from_db()
    assert two.status == "withdrawn"
    r = alice.post("/challenges/", {"to": "alice"}, follow=True)
    assert "You cannot challenge yourself." in r.content.decode()


def test_a_seek_posted_and_joined_from_the_lobby(django_user_model: Any, client: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    bob = logged_in(django_user_model, "bob")
    alice.post("/seeks/", {"version": "republic", "players_min": "2", "players_max": "3"})
    seek = Seek.objects.get()
    page = client.get("/").content.decode()  # a visitor sees the open seeks too
    assert "Players looking for a game" in page and "2 to 3 players" in page
    assert "Cancel my seek" in alice.get("/").content.decode()
    r = bob.post(f"/seeks/{seek.pk}/join/")
    game = Game.objects.get()
    assert r["Location"] == f"/games/{game.pk}/" and game.status == "active"


def test_a_seek_with_bots_at_once_goes_to_the_table(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    r = alice.post("/seeks/", {"players_min": "3", "players_max": "3", "bots_after": "0"})
    game = Game.objects.get()
    assert r["Location"] == f"/games/{game.pk}/"
    assert list(game.seats.values_list("kind", flat=True)) == ["player", "bot", "bot"]


def test_a_rematch_from_a_finished_games_page(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    bob = logged_in(django_user_model, "bob")
    users = django_user_model.objects.order_by("id")
    game = lobby.game_create(user=users[0], version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=users[1])
    resignation.game_resign(game_id=game.pk, position=0)
    game.refresh_from_db()
    assert game.status == "finished"
    assert "Offer a rematch" in alice.get(f"/games/{game.pk}/").content.decode()
    alice.post(f"/games/{game.pk}/rematch/offer/")
    page = bob.get(f"/games/{game.pk}/").content.decode()
    assert "alice offers a rematch." in page and "Accept the rematch" in page
    r = bob.post(f"/games/{game.pk}/rematch/accept/")
    following = Game.objects.exclude(pk=game.pk).get()
    assert r["Location"] == f"/games/{following.pk}/"
    names = [s.user.username for s in following.seats.order_by("position")]
    assert names == ["bob", "alice"]
    assert "Go to the rematch" in alice.get(f"/games/{game.pk}/").content.decode()
