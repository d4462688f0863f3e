"""Challenges over HTTP (docs/community.md): send, accept, decline with a reason, withdraw,
expire; every answer checked against openapi.yaml, every refusal a documented code that changes
nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import AccountEvent, Challenge, Game
from games.services import challenges
from tests.conftest import Player, checked_answer


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def feed(name: str, kind: str) -> list[dict[str, Any]]:
    rows = AccountEvent.objects.filter(user__username=name, type=kind).order_by("number")
    return [row.data for row in rows]


def test_a_challenge_accepted_starts_a_game(alice: Player, bob: Player) -> None:
    clock = {"kind": "fixed", "seconds": 3600}
    r = alice.post("/api/challenges/", {"to": "bob", "version": "imperium", "clock": clock})
    assert r.status_code == 201, r.content
    sent = r.json()
    assert (sent["challenger"], sent["challenged"], sent["status"]) == ("alice", "bob", "pending")
    assert sent["clock"] == clock and sent["game"] is None
    assert feed("bob", "challenged")[0]["by"] == "alice"
    assert [c["id"] for c in bob.get("/api/challenges/").json()["results"]] == [sent["id"]]

    r = bob.post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 200, r.content
    game = Game.objects.get(pk=r.json()["game"])
    assert (game.status, game.version, game.clock, game.clock_seconds) == (
        "active",
        "imperium",
        "fixed",
        3600,
    )
    assert [s.user.username for s in game.seats.order_by("position")] == ["alice", "bob"]
    assert feed("alice", "challenge_closed")[0]["game"] == game.pk
    refused(bob.post(f"/api/challenges/{sent['id']}/accept/"), 409, "challenge_closed")
    assert Game.objects.count() == 1


def test_more_seats_are_open_or_bots(alice: Player, bob: Player) -> None:
    r = alice.post("/api/challenges/", {"to": "bob", "players": 3, "fill": "bot"})
    game_id = bob.post(f"/api/challenges/{r.json()['id']}/accept/").json()["game"]
    kinds = list(Game.objects.get(pk=game_id).seats.values_list("kind", flat=True))
    assert kinds == ["player", "player", "bot"]
    r = bob.post("/api/challenges/", {"to": "alice", "players": 4})
    game_id = alice.post(f"/api/challenges/{r.json()['id']}/accept/").json()["game"]
    game = Game.objects.get(pk=game_id)
    assert game.status == "open" and game.seats.filter(kind="open").count() == 2


def test_decline_with_a_reason_and_withdraw(alice: Player, bob: Player, carol: Player) -> None:
    one = alice.post("/api/challenges/", {"to": "bob"}).json()["id"]
    refused(alice.post(f"/api/challenges/{one}/decline/", {}), 403, "not_your_challenge")
    refused(bob.post(f"/api/challenges/{one}/decline/", {"reason": "rude"}), 400, "invalid")
    r = bob.post(f"/api/challenges/{one}/decline/", {"reason": "too_slow"})
    assert (r.json()["status"], r.json()["reason"]) == ("declined", "too_slow")
    assert feed("alice", "challenge_closed")[0]["reason"] == "too_slow"

    two = alice.post("/api/challenges/", {"to": "bob"}).json()["id"]
    refused(
        checked_answer(bob.client.post(f"/api/challenges/{two}/withdraw/")),
        403,
        "not_your_challenge",
    )
    r = checked_answer(alice.client.post(f"/api/challenges/{two}/withdraw/"))
    assert r.json()["status"] == "withdrawn"
    refused(bob.post(f"/api/challenges/{two}/accept/"), 409, "challenge_closed")
    assert feed("bob", "challenge_closed")[0]["status"] == "withdrawn"
    refused(carol.get(f"/api/challenges/{two}/"), 404, "not_found")
    assert Game.objects.count() == 0


def test_refusals_change_nothing(alice: Player, bob: Player, anon: Player) -> None:
    refused(alice.post("/api/challenges/", {"to": "alice"}), 422, "challenge_self")
    refused(alice.post("/api/challenges/", {"to": "nobody"}), 404, "no_such_player")
    refused(alice.post("/api/challenges/", {"to": "bob", "players": 6}), 400, "invalid")
    geek2 = {"to": "bob", "version": "first_edition", "options": {"geek": True}}
    refused(alice.post("/api/challenges/", geek2), 422, "bad_seek")
    refused(anon.post("/api/challenges/", {"to": "bob"}), 401, "not_authenticated")
    User.objects.filter(username="bob").update(is_active=False)
    refused(alice.post("/api/challenges/", {"to": "bob"}), 404, "no_such_player")
    assert Challenge.objects.count() == 0


def test_a_second_challenge_and_too_many(alice: Player, bob: Player, monkeypatch: Any) -> None:
    assert alice.post("/api/challenges/", {"to": "bob"}).status_code == 201
    refused(alice.post("/api/challenges/", {"to": "bob"}), 409, "challenge_pending")
    monkeypatch.setattr(challenges, "MAX_PENDING", 1)
    User.objects.create_user("dora")
    refused(alice.post("/api/challenges/", {"to": "dora"}), 422, "too_many_challenges")
    assert Challenge.objects.count() == 1


def test_a_blocked_player_cannot_challenge(alice: Player, bob: Player) -> None:
    assert bob.post("/api/blocks/", {"username": "alice"}).status_code == 201  # either way
    refused(alice.post("/api/challenges/", {"to": "bob"}), 403, "blocked")
    assert Challenge.objects.count() == 0


def test_an_unanswered_challenge_expires(alice: Player, bob: Player) -> None:
    one = alice.post("/api/challenges/", {"to": "bob"}).json()["id"]
    later = timezone.now() + timedelta(hours=73)
    Challenge.objects.filter(pk=one).update(expires=timezone.now() - timedelta(seconds=1))
    assert bob.get(f"/api/challenges/{one}/").json()["status"] == "expired"
    refused(bob.post(f"/api/challenges/{one}/accept/"), 409, "challenge_closed")
    assert challenges.challenges_expire(later) == 1
    assert Challenge.objects.get(pk=one).status == "expired"
    assert feed("alice", "challenge_closed")[0]["status"] == "expired"
    assert feed("bob", "challenge_closed")[0]["status"] == "expired"


def test_a_challenge_of_a_closed_account_is_void(alice: Player, bob: Player) -> None:
    one = alice.post("/api/challenges/", {"to": "bob"}).json()["id"]
    User.objects.filter(username="alice").update(is_active=False)
    refused(bob.post(f"/api/challenges/{one}/accept/"), 409, "challenge_closed")
    assert challenges.challenges_expire() == 1
    assert Challenge.objects.get(pk=one).status == "void"


def test_the_challenged_get_a_mail_once(
    alice: Player, bob: Player, mailoutbox: Any, django_capture_on_commit_callbacks: Any
) -> None:
    User.objects.filter(username="bob").update(email="bob@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        one = alice.post("/api/challenges/", {"to": "bob", "players": 3}).json()["id"]
    assert [m.to for m in mailoutbox] == [["bob@example.org"]]
    body = mailoutbox[0].body
    assert "alice challenges you" in body and "3 players" in body
    assert f"/api/challenges/{one}/accept/" in body
    from players.mail.challenges import challenge_notify

    assert challenge_notify(challenge_id=one) is False  # once
