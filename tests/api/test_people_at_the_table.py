"""Issue 32's parts together: blocks and suspensions in the chat, the challenges, the seeks and
the rematch, and reports of chat lines (docs/api.md, People; docs/chat.md; docs/community.md).
Every refusal a documented code that changes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.admin.sites import site
from django.contrib.auth.models import User
from django.core import mail
from django.test import RequestFactory
from django.utils import timezone

from games.models import Challenge, ChatMessage, Report, Seek
from games.services import moderation
from players.mail import challenges as challenge_mail
from players.models import SentNotification
from tests.conftest import Player, signup, start_game


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def user(player: Player) -> Any:
    return User.objects.get(username=player.name)


def chat_lines(player: Player, game_id: int) -> list[str]:
    r = player.get(f"/api/games/{game_id}/chat/")
    assert r.status_code == 200, r.content
    return [m["text"] for m in r.json()["messages"]]


def feed_types(player: Player) -> list[str]:
    return [e["type"] for e in player.get("/api/stream/?page_size=100").json()["results"]]


def test_a_suspended_account_may_not_chat_challenge_seek_or_rematch(
    alice: Player, bob: Player
) -> None:
    game_id = start_game(alice, [bob])
    moderation.account_suspend(user=user(alice), reason="abuse")
    refused(alice.post(f"/api/games/{game_id}/chat/", {"text": "hi"}), 403, "suspended")
    refused(alice.post("/api/challenges/", {"to": "bob"}), 403, "suspended")
    refused(alice.post("/api/seeks/", {}), 403, "suspended")
    assert not ChatMessage.objects.exists()
    assert not Challenge.objects.exists() and not Seek.objects.exists()
    assert bob.post(f"/api/games/{game_id}/chat/", {"text": "still here"}).status_code == 201


def test_a_suspension_voids_challenges_and_cancels_seeks(
    alice: Player, bob: Player, carol: Player
) -> None:
    sent = alice.post("/api/challenges/", {"to": "bob"}).json()["id"]
    received = carol.post("/api/challenges/", {"to": "alice"}).json()["id"]
    alice.post("/api/seeks/", {"players_min": 3, "players_max": 3})
    moderation.account_suspend(user=user(alice), reason="abuse")
    statuses = dict(Challenge.objects.values_list("pk", "status"))
    assert statuses == {sent: "void", received: "void"}
    assert list(Seek.objects.values_list("status", flat=True)) == ["cancelled"]
    assert "challenge_closed" in feed_types(bob) and "challenge_closed" in feed_types(carol)


def test_a_block_voids_the_challenges_between_the_two(
    alice: Player, bob: Player, carol: Player
) -> None:
    between = alice.post("/api/challenges/", {"to": "bob"}).json()["id"]
    other = alice.post("/api/challenges/", {"to": "carol"}).json()["id"]
    assert bob.post("/api/blocks/", {"username": "alice"}).status_code == 201
    statuses = dict(Challenge.objects.values_list("pk", "status"))
    assert statuses == {between: "void", other: "pending"}
    refused(bob.post(f"/api/challenges/{between}/accept/"), 409, "challenge_closed")


def test_a_block_keeps_each_others_lines_and_mentions_away(
    alice: Player, bob: Player, carol: Player
) -> None:
    """A blocked player cannot chat to you: their lines, their unread count and their mentions
    reach neither of the two, whoever made the block; the others read everything."""
    game_id = start_game(alice, [bob, carol])
    assert bob.post("/api/blocks/", {"username": "alice"}).status_code == 201
    alice.post(f"/api/games/{game_id}/chat/", {"text": "@bob look"})
    bob.post(f"/api/games/{game_id}/chat/", {"text": "@alice no"})
    carol.post(f"/api/games/{game_id}/chat/", {"text": "both of you, calm"})
    assert chat_lines(bob, game_id) == ["@alice no", "both of you, calm"]
    assert chat_lines(alice, game_id) == ["@bob look", "both of you, calm"]
    assert chat_lines(carol, game_id) == ["@bob look", "@alice no", "both of you, calm"]
    for one in (alice, bob):
        answer = one.get(f"/api/games/{game_id}/chat/").json()
        assert answer["unread"]["players"] == 1 and answer["muted"] == []  # no block shown
        assert "chat_mention" not in feed_types(one)


def test_a_chat_line_is_reported_with_its_author(alice: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob])
    line = bob.post(f"/api/games/{game_id}/chat/", {"text": "rude words"}).json()
    report = {"game": game_id, "message": line["id"], "reason": "abuse"}
    r = alice.post("/api/reports/", report)
    assert r.status_code == 201, r.content
    made = Report.objects.get()
    assert (made.kind, made.player, made.message_id) == ("message", user(bob), line["id"])
    refused(bob.post("/api/reports/", report), 422, "report_self")
    refused(
        alice.post("/api/reports/", {**report, "message": line["id"] + 99}), 404, "no_such_message"
    )
    assert Report.objects.count() == 1


def test_a_player_may_not_report_a_spectators_line_during_the_game(
    alice: Player, bob: Player
) -> None:
    game_id = start_game(alice, [bob])
    watcher = signup("watcher")
    line = watcher.post(f"/api/games/{game_id}/chat/", {"text": "psst"}).json()
    report = {"game": game_id, "message": line["id"], "reason": "spam"}
    refused(alice.post("/api/reports/", report), 403, "spectators_chat_closed")
    assert not Report.objects.exists()


def test_staff_hide_a_reported_line_from_the_admin(alice: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob])
    line = bob.post(f"/api/games/{game_id}/chat/", {"text": "rude words"}).json()
    alice.post("/api/reports/", {"game": game_id, "message": line["id"], "reason": "abuse"})
    staff = User.objects.create_user("mod", is_staff=True, is_superuser=True)
    request = RequestFactory().post("/admin/")
    request.user = staff
    admin = site._registry[Report]
    assert "rude words" in admin.message(Report.objects.get())
    admin.hide_the_message(request, Report.objects.all())
    assert ChatMessage.objects.get().hidden is not None
    assert Report.objects.get().status == "acted"
    assert [m["hidden"] for m in alice.get(f"/api/games/{game_id}/chat/").json()["messages"]] == [
        True
    ]


def test_a_challenge_mail_lost_with_its_task_is_sent_by_the_sweep(
    alice: Player, bob: Player, settings: Any
) -> None:
    """Like the turn mails (docs/email.md): the mail sweep sends a challenge's mail whose task
    never ran, once."""
    settings.GTR_SWEEP_GRACE_SECONDS = 0
    User.objects.filter(username="bob").update(email="bob@example.org")
    alice.post("/api/challenges/", {"to": "bob"})
    SentNotification.objects.all().delete()  # as if the task had been lost with the broker
    mail.outbox.clear()
    later = timezone.now() + timedelta(seconds=1)
    assert challenge_mail.lost_mails_sweep(later) == 1
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert challenge_mail.lost_mails_sweep(later) == 0
