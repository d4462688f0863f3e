"""People over HTTP (docs/api.md, People): profiles, the block list, reports, and what a
suspension bars; every answer checked against openapi.yaml, every refusal a documented code
that changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from games.models import Block, Game, Report, Seat
from games.read.selectors import Caller
from games.services import moderation, moves
from games.services.resignation import game_surrender
from tests.conftest import Player, checked_answer, signup, start_game


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def delete(player: Player, path: str) -> Any:
    return checked_answer(player.client.delete(path))


def play_safely(game_id: int, users: dict[str, Any], moves_: int) -> None:
    """Each seat to act plays the engine's safe move, `moves_` times or to the end."""
    for _ in range(moves_):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        state = engine.from_json(game.state)
        seat = Seat.objects.select_related("user").get(game=game, position=engine.to_act(state))
        moves.move_submit(
            game_id=game_id,
            caller=Caller(user=seat.user),
            seq=game.seq,
            action=engine.safe_action(state),
        )


def won_by(game_id: int, winner: int) -> None:
    game_surrender(game_id=game_id, position=1 - winner, to=winner)


def test_an_unknown_player_has_no_profile(anon: Player) -> None:
    refused(anon.get("/api/players/nobody/"), 404, "no_such_player")
    for odd in (
        "%00",
        "a%20b",
        "x" * 151,
        "%F0%9F%98%80",
    ):  # no username: not asked of the database
        refused(anon.get(f"/api/players/{odd}/"), 404, "no_such_player")


def test_a_new_accounts_profile_is_empty(alice: Player, anon: Player) -> None:
    r = anon.get("/api/players/alice/")
    assert r.status_code == 200, r.content
    p = r.json()
    assert (p["username"], p["rulesets"], p["results"], p["current"]) == ("alice", [], [], [])
    assert p["reliability"] == {
        "decisions": 0,
        "timeouts": 0,
        "median_seconds_to_move": None,
        "finished": 0,
        "abandoned": 0,
        "resigned": 0,
    }
    assert (p["you"], p["blocked"]) == (False, False)
    assert alice.get("/api/players/alice/").json()["you"] is True


def test_a_profile_counts_games_results_and_games_under_way(
    transactional_db: Any, django_user_model: Any
) -> None:
    alice, bob = signup("alice"), signup("bob")
    users = {u.username: u for u in django_user_model.objects.all()}
    won = start_game(alice, [bob])
    play_safely(won, users, 8)
    won_by(won, 0)
    lost = start_game(alice, [bob], version="imperium")
    won_by(lost, 1)
    under_way = start_game(alice, [bob])
    play_safely(under_way, users, 5)
    waiting = alice.post("/api/games/", {"version": "republic", "players": 3}).json()["id"]

    p = signup("carol").get("/api/players/alice/").json()
    assert p["rulesets"] == [
        {"version": "republic", "played": 2, "finished": 1, "won": 1},
        {"version": "imperium", "played": 1, "finished": 1, "won": 0},
    ]
    assert [(r["game"], r["won"], r["place"]) for r in p["results"]] == [
        (lost, False, 2),
        (won, True, 1),
    ]
    assert [g["game"] for g in p["current"]] == [waiting, under_way]
    row = p["current"][1]
    game = Game.objects.get(pk=under_way)
    assert (row["status"], row["seq"], row["seat"], row["to_act"]) == (
        "active",
        game.seq,
        0,
        game.to_act,
    )
    assert [s["player"] for s in row["seats"]] == ["alice", "bob"]
    assert p["reliability"]["finished"] == 2
    assert p["reliability"]["decisions"] == Game.objects.get(pk=won).moves.filter(
        seat=0
    ).count() + (Game.objects.get(pk=under_way).moves.filter(seat=0).count())
    assert p["reliability"]["median_seconds_to_move"] is not None


def test_a_profile_costs_the_same_queries_whatever_the_number_of_games(
    transactional_db: Any,
) -> None:
    alice, bob = signup("alice"), signup("bob")
    anon = signup("anon")

    def cost() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert anon.get("/api/players/alice/").status_code == 200
        return len(captured)

    start_game(alice, [bob])
    one = cost()
    for _ in range(2):
        won_by(start_game(alice, [bob]), 0)
        start_game(alice, [bob])
    assert cost() == one


def test_a_profile_reads_no_game_state(transactional_db: Any) -> None:
    """Games under way are shown from public columns alone: with every game's state gone, the
    profile is the same. So it cannot show a hand, a vault or a score."""
    alice, bob = signup("alice"), signup("bob")
    start_game(alice, [bob])
    start_game(alice, [bob], version="imperium")
    before = bob.get("/api/players/alice/").json()
    Game.objects.update(state=None)
    assert bob.get("/api/players/alice/").json() == before


def test_blocks_are_listed_lifted_and_refused_when_they_make_no_sense(
    alice: Player, bob: Player
) -> None:
    r = alice.post("/api/blocks/", {"username": "bob"})
    assert r.status_code == 201 and r.json()["username"] == "bob", r.content
    assert [b["username"] for b in alice.get("/api/blocks/").json()] == ["bob"]
    assert bob.get("/api/blocks/").json() == []
    assert alice.get("/api/players/bob/").json()["blocked"] is True
    assert bob.get("/api/players/alice/").json()["blocked"] is False  # only the blocker knows
    refused(alice.post("/api/blocks/", {"username": "bob"}), 409, "already_blocked")
    refused(alice.post("/api/blocks/", {"username": "alice"}), 422, "block_self")
    refused(alice.post("/api/blocks/", {"username": "nobody"}), 404, "no_such_player")
    refused(alice.post("/api/blocks/", {}), 400, "invalid")
    refused(bob.post("/api/blocks/", {"username": 5}), 400, "invalid")
    assert Block.objects.count() == 1
    refused(delete(bob, "/api/blocks/alice/"), 404, "not_blocked")
    refused(delete(alice, "/api/blocks/nobody/"), 404, "no_such_player")
    assert delete(alice, "/api/blocks/bob/").status_code == 204
    assert Block.objects.count() == 0


def test_a_blocked_player_cannot_join_your_table(alice: Player, bob: Player) -> None:
    carol = signup("carol")
    game_id = alice.post("/api/games/", {"version": "republic", "players": 3}).json()["id"]
    bob.post("/api/blocks/", {"username": "alice"})
    refused(bob.post(f"/api/games/{game_id}/join/", {}), 403, "blocked")
    assert not Seat.objects.filter(game_id=game_id, user__username="bob").exists()
    assert carol.post(f"/api/games/{game_id}/join/", {}).status_code == 200


def test_reports_of_players_and_messages(alice: Player, bob: Player, anon: Player) -> None:
    game_id = start_game(alice, [bob])
    line = bob.post(f"/api/games/{game_id}/chat/", {"text": "rude"}).json()["id"]
    r = alice.post("/api/reports/", {"player": "bob", "reason": "abuse", "text": "<b>rude</b>"})
    assert r.status_code == 201, r.content
    assert (r.json()["kind"], r.json()["status"]) == ("player", "open")
    report = Report.objects.get()
    assert (report.player.username, report.text) == ("bob", "<b>rude</b>")  # kept as sent
    r = alice.post("/api/reports/", {"game": game_id, "message": line, "reason": "spam"})
    assert r.status_code == 201 and r.json()["kind"] == "message", r.content
    assert Report.objects.get(kind="message").game_id == game_id

    refused(
        alice.post("/api/reports/", {"player": "bob", "reason": "spam"}), 409, "already_reported"
    )
    refused(alice.post("/api/reports/", {"player": "alice", "reason": "spam"}), 422, "report_self")
    refused(alice.post("/api/reports/", {"reason": "spam"}), 422, "bad_report")
    both = {"player": "bob", "game": game_id, "message": 8, "reason": "spam"}
    refused(alice.post("/api/reports/", both), 422, "bad_report")
    refused(alice.post("/api/reports/", {"message": 8, "reason": "spam"}), 422, "bad_report")
    refused(
        alice.post("/api/reports/", {"game": 999999, "message": 8, "reason": "spam"}),
        404,
        "not_found",
    )
    refused(
        alice.post("/api/reports/", {"player": "nobody", "reason": "spam"}), 404, "no_such_player"
    )
    refused(alice.post("/api/reports/", {"player": "bob", "reason": "boring"}), 400, "invalid")
    refused(
        alice.post("/api/reports/", {"player": "bob", "reason": "spam", "text": "x" * 1001}),
        400,
        "invalid",
    )
    assert anon.post("/api/reports/", {"player": "bob", "reason": "spam"}).status_code == 401
    assert Report.objects.count() == 2


@pytest.fixture
def suspended_bob(transactional_db: Any, django_user_model: Any) -> tuple[Player, Player, int]:
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob, signup("carol")])
    alice.post("/api/games/", {"version": "republic", "players": 2}).json()["id"]
    moderation.account_suspend(user=django_user_model.objects.get(username="bob"), reason="spam")
    return alice, bob, game_id


def test_a_suspended_account_may_not_play(suspended_bob: tuple[Player, Player, int]) -> None:
    alice, bob, game_id = suspended_bob
    refused(bob.post("/api/games/", {"version": "republic", "players": 2}), 403, "suspended")
    open_id = Game.objects.filter(status="open").get().pk
    refused(bob.post(f"/api/games/{open_id}/join/", {}), 403, "suspended")
    refused(bob.post(f"/api/games/{game_id}/return/", {}), 403, "suspended")
    game = Game.objects.get(pk=game_id)
    state = engine.from_json(game.state)
    refused(bob.move(game_id, game.seq, engine.safe_action(state)), 403, "suspended")
    seat = bob.game(game_id)["seats"][1]
    assert seat["bot_standing_in"] is True  # seen by everyone, the reason by no one
    assert "suspended" not in str(alice.game(game_id))
    assert Game.objects.get(pk=game_id).seq == game.seq


def test_staff_suspend_from_a_report_and_lift_it_in_the_admin(
    transactional_db: Any, django_user_model: Any
) -> None:
    from django.test import Client

    from games.models import Suspension

    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    alice.post("/api/reports/", {"player": "bob", "reason": "abuse", "text": "<script>x</script>"})
    report = Report.objects.get()
    staff = django_user_model.objects.create_user("mod", password="x", is_staff=True)
    staff.is_superuser = True
    staff.save()
    admin = Client()
    admin.force_login(staff)
    assert admin.get("/admin/games/report/").status_code == 200
    page = admin.get(f"/admin/games/report/{report.pk}/change/")
    assert b"&lt;script&gt;x&lt;/script&gt;" in page.content  # as text
    assert b"<script>x</script>" not in page.content
    r = admin.post(
        "/admin/games/report/",
        {"action": "suspend_for_a_week", "_selected_action": [report.pk]},
    )
    assert r.status_code == 302
    report.refresh_from_db()
    assert report.status == Report.Status.ACTED and report.handled_by == staff
    assert Seat.objects.get(game_id=game_id, user__username="bob").bot_standing_in
    refused(bob.post("/api/games/", {"version": "republic", "players": 2}), 403, "suspended")
    suspension = Suspension.objects.get()
    admin.post("/admin/games/suspension/", {"action": "lift", "_selected_action": [suspension.pk]})
    r = bob.post(f"/api/games/{game_id}/return/", {})
    assert r.status_code == 200, r.content
    assert not Seat.objects.get(game_id=game_id, user__username="bob").bot_standing_in
