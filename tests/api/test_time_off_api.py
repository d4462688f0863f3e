"""Time off over HTTP (docs/api.md, Time off): an account's time off and vacations, a game's
mutual pause, playing hours at creation; every answer checked against openapi.yaml, every
refusal a documented code that changes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.models import Game, Vacation
from tests.conftest import Player, checked_answer, seat_player, start_game

FIXED = {"kind": "fixed", "seconds": 3600}


def patch(player: Player, path: str, data: Any) -> Any:
    return checked_answer(player.client.patch(path, data, format="json"))


def delete(player: Player, path: str) -> Any:
    return checked_answer(player.client.delete(path))


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def test_an_accounts_time_off_and_its_vacations(alice: Player) -> None:
    r = alice.get("/api/time-off/")
    assert r.status_code == 200, r.content
    mine = r.json()
    assert (mine["time_zone"], mine["auto_vacation"], mine["allowance"]) == ("UTC", True, 30)
    assert (mine["spent"], mine["left"], mine["vacations"], mine["away_until"]) == (0, 30, [], None)
    refused(patch(alice, "/api/time-off/", {"time_zone": "Mars/Olympus"}), 422, "bad_time_zone")
    r = patch(alice, "/api/time-off/", {"time_zone": "Europe/Warsaw", "auto_vacation": False})
    assert r.status_code == 200 and r.json()["time_zone"] == "Europe/Warsaw"
    assert r.json()["auto_vacation"] is False

    today = timezone.now().date()
    start, end = today + timedelta(days=10), today + timedelta(days=12)
    r = alice.post("/api/time-off/vacations/", {"start": str(start), "end": str(end)})
    assert r.status_code == 201, r.content
    vacation = r.json()
    assert vacation["days"] == 3 and not vacation["automatic"]
    mine = alice.get("/api/time-off/").json()
    if start.year == mine["year"]:
        assert (mine["spent"], mine["left"]) == (3, 27)
    assert [v["id"] for v in mine["vacations"]] == [vacation["id"]]

    overlap = {"start": str(end), "end": str(end + timedelta(days=1))}
    refused(alice.post("/api/time-off/vacations/", overlap), 409, "vacation_overlap")
    far = today + timedelta(days=20)
    too_long = {"start": str(far), "end": str(far + timedelta(days=40))}
    refused(alice.post("/api/time-off/vacations/", too_long), 422, "vacation_allowance")
    past = {"start": str(today - timedelta(days=1)), "end": str(today)}
    refused(alice.post("/api/time-off/vacations/", past), 422, "bad_vacation")
    refused(alice.post("/api/time-off/vacations/", {"start": "someday"}), 400, "invalid")
    assert Vacation.objects.count() == 1

    r = delete(alice, f"/api/time-off/vacations/{vacation['id']}/")
    assert r.status_code == 200 and r.json()["days"] == 0
    assert delete(alice, f"/api/time-off/vacations/{vacation['id']}/").status_code == 404
    assert not Vacation.objects.exists()


def test_time_off_is_an_accounts_not_a_seats(alice: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob], clock=FIXED)
    token = alice.post(f"/api/games/{game_id}/seat-token/", {}).json()["token"]
    guest = seat_player(token)
    assert guest.get("/api/time-off/").status_code == 403


def test_a_pause_proposed_accepted_and_resumed(alice: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob], clock=FIXED)
    view = alice.game(game_id)
    deadline, mine = view["deadline"], view["my_seat"]
    assert view["clock"]["running"] and view["clock"]["pause_proposal"] is None
    refused(bob.post(f"/api/games/{game_id}/pause/accept/", {}), 409, "no_pause_proposal")
    past = (timezone.now() - timedelta(hours=1)).isoformat()
    refused(alice.post(f"/api/games/{game_id}/pause/", {"until": past}), 422, "bad_pause")

    r = alice.post(f"/api/games/{game_id}/pause/", {})
    assert r.status_code == 200, r.content
    proposal = r.json()["clock"]["pause_proposal"]
    assert proposal["seat"] == mine and proposal["accepted"] == [mine]
    refused(bob.post(f"/api/games/{game_id}/pause/", {}), 409, "pause_pending")
    assert bob.game(game_id)["deadline"] == deadline  # proposed: the clock still runs

    r = bob.post(f"/api/games/{game_id}/pause/accept/", {})
    assert r.status_code == 200, r.content
    clock = r.json()["clock"]
    assert clock["running"] is False and clock["stopped"] == {"why": "pause", "until": None}
    assert clock["pause"]["until"] is None and r.json()["deadline"] is None
    refused(alice.post(f"/api/games/{game_id}/pause/", {}), 409, "pause_pending")

    r = alice.post(f"/api/games/{game_id}/resume/", {})
    assert r.status_code == 200, r.content
    resumed = r.json()
    assert resumed["clock"]["running"] and resumed["clock"]["pause"] is None
    assert resumed["deadline"] >= deadline
    refused(bob.post(f"/api/games/{game_id}/resume/", {}), 409, "not_paused")

    alice.post(f"/api/games/{game_id}/pause/", {})
    r = bob.post(f"/api/games/{game_id}/pause/decline/", {})
    assert r.status_code == 200 and r.json()["clock"]["pause_proposal"] is None
    assert Game.objects.get(pk=game_id).paused_since is None


def test_a_seat_token_may_propose_and_a_stranger_may_not(alice: Player, bob: Player, carol) -> None:
    game_id = start_game(alice, [bob], clock=FIXED)
    token = alice.post(f"/api/games/{game_id}/seat-token/", {}).json()["token"]
    r = seat_player(token).post(f"/api/games/{game_id}/pause/", {})
    assert r.status_code == 200 and r.json()["clock"]["pause_proposal"] is not None
    refused(carol.post(f"/api/games/{game_id}/pause/accept/", {}), 403, "not_a_player")


def test_playing_hours_at_creation(alice: Player) -> None:
    hours = {"start": "08:00", "end": "22:00", "zone": "Europe/Warsaw"}
    refused(alice.post("/api/games/", {"players": 2, "playing_hours": hours}), 422, "bad_hours")
    bad = {"start": "25:00", "end": "22:00"}
    r = alice.post("/api/games/", {"players": 2, "clock": FIXED, "playing_hours": bad})
    refused(r, 422, "bad_hours")
    assert not Game.objects.exists()
    r = alice.post("/api/games/", {"players": 2, "clock": FIXED, "playing_hours": hours})
    assert r.status_code == 201, r.content
    assert r.json()["clock"]["playing_hours"] == hours
    half = {"start": "8:00"}
    r = alice.post("/api/games/", {"players": 2, "clock": FIXED, "playing_hours": half})
    assert r.status_code == 400  # `end` missing: the input's shape
    default = {"start": "22:00", "end": "06:00"}
    r = alice.post("/api/games/", {"players": 2, "clock": FIXED, "playing_hours": default})
    assert r.json()["clock"]["playing_hours"] == {**default, "zone": "player"}
