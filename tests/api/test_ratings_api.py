"""Ratings over HTTP (docs/ratings.md): rated games created and refused, the leaderboard's
activity filter, an account's history and profile, seeks with a rating range. Answers are
checked against openapi.yaml."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Game, Rating, Seek, Suspension
from games.services import ratings, rematch, resignation
from tests.conftest import Player, checked_answer
from tests.ratings_data import At, finished


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def user(player: Player) -> User:
    return User.objects.get(username=player.name)


def test_a_rated_game_is_created_rated_and_an_unratable_one_refused(alice: Player) -> None:
    r = checked_answer(alice.post("/api/games/", {"players": 2, "rated": True}))
    assert r.status_code == 201 and r.json()["rated"] is True
    assert r.json()["seats"][0]["rating"] == 1000  # a newcomer's, beside the name
    training = {"players": 2, "rated": True, "options": {"training": True}}
    refused(alice.post("/api/games/", training), 422, "unratable")
    assert Game.objects.count() == 1


def test_the_leaderboard_lists_active_players_best_first(
    alice: Player, bob: Player, carol: Player, anon: Player
) -> None:
    a, b, c = user(alice), user(bob), user(carol)
    long_ago = timezone.now() - timedelta(days=91)
    ratings.game_rate_late(finished([At(c, 9), At(a, 5)], when=long_ago).pk)
    ratings.game_rate_late(finished([At(a, 9), At(b, 5), At("ismcts-3", 7)]).pk)
    r = checked_answer(anon.get("/api/ratings/black_box/"))
    board = r.json()
    listed = {x["player"] or x["bot"]: x for x in board["results"]}
    assert set(listed) == {"alice", "ismcts-3", "bob"}  # carol's only game is 91 days old
    values = [x["rating"] for x in board["results"]]
    assert values == sorted(values, reverse=True)
    assert listed["alice"]["rating"] == round(Rating.objects.get(user=a).value)
    assert (listed["alice"]["games"], listed["alice"]["provisional"]) == (2, True)
    Suspension.objects.create(user=b, reason="x")
    names = [x["player"] for x in anon.get("/api/ratings/black_box/").json()["results"]]
    assert "bob" not in names
    assert anon.get("/api/ratings/first_edition/").json()["count"] == 0
    refused(anon.get("/api/ratings/chess/"), 404, "no_such_family")


def test_an_accounts_history_and_profile(alice: Player, bob: Player, anon: Player) -> None:
    a, b = user(alice), user(bob)
    game = finished([At(a, 9), At(b, 5)], version="first_edition")
    ratings.game_rate_late(game.pk)
    r = checked_answer(anon.get("/api/ratings/first_edition/history/bob/"))
    [change] = r.json()["results"]
    assert (change["game"], change["rank"], change["rating_before"]) == (game.pk, 2, 1000)
    assert change["change"] == change["rating_after"] - 1000 < 0
    refused(anon.get("/api/ratings/first_edition/history/nobody/"), 404, "no_such_player")
    profile = checked_answer(anon.get("/api/players/alice/")).json()
    assert [(x["family"], x["games"]) for x in profile["ratings"]] == [("first_edition", 1)]


def test_seeks_with_rating_ranges_pair_only_within_them(
    alice: Player, bob: Player, carol: Player
) -> None:
    a = user(alice)
    Rating.objects.create(
        family="black_box", subject=f"user:{a.pk}", user=a, mu=40, sigma=2, value=2360
    )
    r = checked_answer(alice.post("/api/seeks/", {"rated": True, "rating_max": 2500}))
    assert (r.json()["rating"], r.json()["rated"]) == (2360, True)
    narrow = {"rated": True, "rating_min": 900, "rating_max": 1100}
    r = checked_answer(bob.post("/api/seeks/", narrow))
    assert r.json()["status"] == "open"  # alice's 2360 is out of bob's range
    casual = checked_answer(carol.post("/api/seeks/", {"rating_max": 2500}))
    assert casual.json()["status"] == "open"  # a casual seek is other terms
    Seek.objects.filter(user=user(carol)).update(status="cancelled")
    r = checked_answer(carol.post("/api/seeks/", {"rated": True}))
    assert r.json()["status"] == "matched"
    game = Game.objects.get(pk=r.json()["game"])
    assert game.rated and {s.user_id for s in game.seats.all()} == {a.pk, user(carol).pk}
    bad = {"rated": True, "rating_min": 1500, "rating_max": 1400}
    refused(carol.post("/api/seeks/", bad), 422, "bad_rating_range")


def test_a_rated_challenge_makes_a_rated_game_and_its_rematch_too(
    alice: Player, bob: Player
) -> None:
    r = checked_answer(alice.post("/api/challenges/", {"to": "bob", "rated": True}))
    assert r.json()["rated"] is True
    r = checked_answer(bob.post(f"/api/challenges/{r.json()['id']}/accept/", {}))
    game = Game.objects.get(pk=r.json()["game"])
    assert game.rated
    resignation.game_resign(game_id=game.pk, position=1)
    rematch.rematch_offer(game_id=game.pk, position=0)
    offer = rematch.rematch_answer(game_id=game.pk, position=1, accept=True)
    assert offer.next_game is not None and offer.next_game.rated
    training = {"to": "bob", "rated": True, "options": {"training": True}}
    refused(alice.post("/api/challenges/", training), 422, "unratable")
