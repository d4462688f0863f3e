"""Seeks and automatch over HTTP (docs/community.md): post, pair, join, cancel, fill with bots,
expire; answers checked against openapi.yaml, refusals documented codes that change nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import AccountEvent, Game, Seek
from games.services import seeks
from tests.conftest import Player, checked_answer


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def test_two_compatible_seeks_pair_into_a_game(alice: Player, bob: Player, anon: Player) -> None:
    clock = {"kind": "bank", "seconds": 86400, "increment": 3600}
    r = alice.post("/api/seeks/", {"players_min": 2, "players_max": 3, "clock": clock})
    assert r.status_code == 201, r.content
    mine = r.json()
    assert (mine["status"], mine["game"], mine["mine"]) == ("open", None, True)
    listed = anon.get("/api/seeks/").json()["results"]
    assert [(s["id"], s["player"], s["mine"]) for s in listed] == [(mine["id"], "alice", False)]

    r = bob.post("/api/seeks/", {"players_min": 2, "players_max": 2, "clock": clock})
    theirs = r.json()
    assert theirs["status"] == "matched", theirs
    game = Game.objects.get(pk=theirs["game"])
    assert (game.players, game.status, game.clock, game.clock_increment) == (
        2,
        "active",
        "bank",
        3600,
    )
    assert alice.get(f"/api/seeks/{mine['id']}/").json()["game"] == game.pk
    assert anon.get("/api/seeks/").json()["results"] == []
    for name in ("alice", "bob"):
        event = AccountEvent.objects.get(user__username=name, type="seek_matched")
        assert event.data["game"] == game.pk


def test_different_terms_do_not_pair(alice: Player, bob: Player, carol: Player) -> None:
    alice.post("/api/seeks/", {"version": "republic"})
    bob.post("/api/seeks/", {"version": "imperium"})
    carol.post("/api/seeks/", {"players_min": 3, "players_max": 5})
    assert Seek.objects.filter(status="open").count() == 3
    assert Game.objects.count() == 0


def test_joining_a_seek_seats_you_with_it(alice: Player, bob: Player) -> None:
    seek = alice.post("/api/seeks/", {"version": "imperium", "options": {"training": True}}).json()
    refused(alice.post(f"/api/seeks/{seek['id']}/join/"), 422, "own_seek")
    r = bob.post(f"/api/seeks/{seek['id']}/join/")
    assert r.status_code == 201, r.content
    game = Game.objects.get(pk=r.json()["game"])
    assert (game.version, game.options["training"]) == ("imperium", True)
    refused(bob.post(f"/api/seeks/{seek['id']}/join/"), 409, "seek_closed")


def test_refusals_change_nothing(alice: Player, bob: Player, anon: Player) -> None:
    refused(alice.post("/api/seeks/", {"players_min": 4, "players_max": 2}), 422, "bad_seek")
    geek = {"version": "first_edition", "options": {"geek": True}}
    refused(alice.post("/api/seeks/", geek), 422, "bad_seek")
    refused(alice.post("/api/seeks/", {"players_min": 1}), 400, "invalid")
    refused(alice.post("/api/seeks/", {"bots_after": 5000}), 400, "invalid")
    refused(anon.post("/api/seeks/", {}), 401, "not_authenticated")
    assert Seek.objects.count() == 0
    one = alice.post("/api/seeks/", {"players_min": 3}).json()["id"]
    refused(alice.post("/api/seeks/", {"players_min": 4}), 409, "seek_open")
    refused(checked_answer(bob.client.post(f"/api/seeks/{one}/cancel/")), 403, "not_your_seek")
    assert (
        checked_answer(alice.client.post(f"/api/seeks/{one}/cancel/")).json()["status"]
        == "cancelled"
    )
    refused(checked_answer(alice.client.post(f"/api/seeks/{one}/cancel/")), 409, "seek_closed")
    refused(bob.post(f"/api/seeks/{one}/join/"), 409, "seek_closed")
    refused(anon.get("/api/seeks/99999/"), 404, "not_found")
    assert Seek.objects.count() == 1 and Game.objects.count() == 0


def test_blocked_players_are_not_paired(alice: Player, bob: Player) -> None:
    assert bob.post("/api/blocks/", {"username": "alice"}).status_code == 201  # either way
    one = alice.post("/api/seeks/", {}).json()["id"]
    refused(bob.post(f"/api/seeks/{one}/join/"), 403, "blocked")
    assert bob.post("/api/seeks/", {}).json()["status"] == "open"
    assert Game.objects.count() == 0


def test_a_seek_fills_with_bots_after_its_wait(alice: Player) -> None:
    seek = alice.post("/api/seeks/", {"players_min": 3, "players_max": 4, "bots_after": 10}).json()
    assert seeks.seeks_sweep(timezone.now() + timedelta(minutes=9)) == 0
    assert seeks.seeks_sweep(timezone.now() + timedelta(minutes=11)) == 1
    game = Game.objects.get(pk=alice.get(f"/api/seeks/{seek['id']}/").json()["game"])
    kinds = list(game.seats.order_by("position").values_list("kind", flat=True))
    assert (game.status, kinds) == ("active", ["player", "bot", "bot"])


def test_bots_at_once(alice: Player) -> None:
    r = alice.post("/api/seeks/", {"bots_after": 0})
    assert r.json()["status"] == "matched"
    assert AccountEvent.objects.get(user__username="alice", type="seek_matched").data["bots"] == 1


def test_seeks_expire_and_those_of_closed_accounts_end(alice: Player, bob: Player) -> None:
    one = alice.post("/api/seeks/", {"players_min": 5}).json()["id"]
    two = bob.post("/api/seeks/", {"players_min": 4}).json()["id"]
    User.objects.filter(username="bob").update(is_active=False)
    seeks.seeks_sweep(timezone.now() + timedelta(hours=25))
    assert Seek.objects.get(pk=one).status == "expired"
    assert Seek.objects.get(pk=two).status == "cancelled"
    assert AccountEvent.objects.filter(user__username="alice", type="seek_expired").count() == 1
