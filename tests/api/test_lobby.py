"""The lobby: create, list (scoped, filtered, paginated), join, leave, start."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.conftest import signup, start_game


def test_create_sits_the_creator_and_waits(alice) -> None:
    r = alice.post("/api/games/", {"version": "imperium", "players": 3})
    assert r.status_code == 201
    game = r.json()
    assert game["status"] == "open" and game["my_seat"] == 0 and game["table"] is None
    assert [s["kind"] for s in game["seats"]] == ["player", "open", "open"]
    assert game["seats"][0]["player"] == "alice"


def test_create_needs_an_account(anon) -> None:
    r = anon.post("/api/games/", {"players": 2})
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"players": 6}, 400, "invalid"),  # outside the schema
        ({"version": "atlantis", "players": 2}, 400, "invalid"),
        ({"players": 2, "options": {"speed": 1}}, 400, "invalid"),  # only `training` exists
        ({"players": 2, "seats": [{"kind": "me"}]}, 422, "bad_seats"),
        ({"players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}, 422, "bad_seats"),
        ({"players": 2, "seats": [{"kind": "bot"}, {"kind": "bot"}]}, 422, "bad_seats"),
        ({"players": 2, "seats": [{"kind": "me"}, {"kind": "invited"}]}, 422, "bad_seats"),
    ],
)
def test_create_refuses_bad_settings(alice, payload, status, code) -> None:
    r = alice.post("/api/games/", payload)
    assert r.status_code == status and r.json()["code"] == code, r.content
    assert not Game.objects.exists()


def test_join_fills_and_starts(alice, bob) -> None:
    game_id = alice.post("/api/games/", {"players": 2}).json()["id"]
    r = bob.post(f"/api/games/{game_id}/join/", {})
    assert r.status_code == 200
    game = r.json()
    assert game["status"] == "active" and game["my_seat"] == 1
    assert game["table"]["seat"] == 1 and game["table"]["players"][1]["hand"] is not None
    assert game["table"]["players"][0]["hand"] is None


def test_join_twice_or_full(alice, bob, carol) -> None:
    game_id = alice.post("/api/games/", {"players": 2, "auto_start": False}).json()["id"]
    r = alice.post(f"/api/games/{game_id}/join/", {})
    assert r.status_code == 409 and r.json()["code"] == "already_seated"
    assert bob.post(f"/api/games/{game_id}/join/", {}).status_code == 200
    r = carol.post(f"/api/games/{game_id}/join/", {})
    assert r.status_code == 409 and r.json()["code"] == "no_open_seat"


def test_join_a_chosen_seat(alice, bob) -> None:
    game_id = alice.post("/api/games/", {"players": 3}).json()["id"]
    r = bob.post(f"/api/games/{game_id}/join/", {"seat": 2})
    assert r.status_code == 200 and r.json()["my_seat"] == 2
    r = signup().post(f"/api/games/{game_id}/join/", {"seat": 2})
    assert r.status_code == 409 and r.json()["code"] == "no_open_seat"


def test_manual_start(alice, bob) -> None:
    game_id = alice.post("/api/games/", {"players": 2, "auto_start": False}).json()["id"]
    r = alice.post(f"/api/games/{game_id}/start/")
    assert r.status_code == 409 and r.json()["code"] == "seats_open"
    bob.post(f"/api/games/{game_id}/join/", {})
    assert bob.game(game_id)["status"] == "open"
    r = bob.post(f"/api/games/{game_id}/start/")
    assert r.status_code == 403 and r.json()["code"] == "not_creator"
    r = alice.post(f"/api/games/{game_id}/start/")
    assert r.status_code == 200 and r.json()["status"] == "active"
    r = alice.post(f"/api/games/{game_id}/start/")
    assert r.status_code == 409 and r.json()["code"] == "game_started"


def test_leave_before_start(alice, bob) -> None:
    game_id = alice.post("/api/games/", {"players": 3}).json()["id"]
    bob.post(f"/api/games/{game_id}/join/", {})
    r = bob.post(f"/api/games/{game_id}/leave/")
    assert r.status_code == 200
    assert [s["kind"] for s in r.json()["seats"]] == ["player", "open", "open"]
    r = bob.post(f"/api/games/{game_id}/leave/")
    assert r.status_code == 403 and r.json()["code"] == "not_a_player"
    alice.post(f"/api/games/{game_id}/leave/")
    assert alice.game(game_id)["status"] == "cancelled"


def test_cannot_leave_after_start(alice, bob) -> None:
    game_id = start_game(alice, [bob])
    r = bob.post(f"/api/games/{game_id}/leave/")
    assert r.status_code == 409 and r.json()["code"] == "game_started"


def test_list_scopes_filters_and_pages(alice, bob, carol, anon) -> None:
    open_game = alice.post("/api/games/", {"players": 3, "version": "imperium"}).json()["id"]
    active = start_game(alice, [bob])
    finished = start_game(bob, [carol])
    carol.post(f"/api/games/{finished}/resign/")

    def ids(player, query: str) -> list[int]:
        r = player.get(f"/api/games/?{query}")
        assert r.status_code == 200, r.content
        return [g["id"] for g in r.json()["results"]]

    assert ids(alice, "scope=mine") == [active, open_game]
    assert ids(carol, "scope=mine") == [finished]
    assert ids(anon, "scope=mine") == []
    assert ids(anon, "scope=open") == [open_game]
    assert ids(anon, "scope=active") == [active]
    assert ids(anon, "scope=finished") == [finished]
    assert ids(anon, "version=imperium") == [open_game]
    assert ids(anon, "players=2") == [finished, active]
    assert ids(anon, "status=active") == [active]
    page = anon.get("/api/games/?page_size=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]
    assert anon.get("/api/games/?page=9").status_code == 404
    r = anon.get("/api/games/?scope=everything")
    assert r.status_code == 400 and r.json()["code"] == "invalid"


def test_list_entries_hide_the_table(alice, bob) -> None:
    start_game(alice, [bob])
    (entry,) = alice.get("/api/games/").json()["results"]
    assert "table" not in entry and "legal_actions" not in entry


def test_invited_seat_plays_with_its_token(transactional_db, alice, mailoutbox) -> None:
    from tests.conftest import seat_player

    r = alice.post(
        "/api/games/",
        {"players": 2, "seats": [{"kind": "me"}, {"kind": "invited", "email": "g@example.com"}]},
    )
    game_id = r.json()["id"]
    assert r.json()["status"] == "active"  # an invited seat counts as taken
    (mail,) = [m for m in mailoutbox if "invited" in m.subject]  # turn mails follow
    assert mail.to == ["g@example.com"] and f"/api/games/{game_id}/" in mail.body
    guest = seat_player(mail.body.split("Authorization: Seat ")[1].split()[0])
    view = guest.game(game_id)
    assert view["my_seat"] == 1 and view["table"]["players"][1]["hand"] is not None
    other = alice.post("/api/games/", {"players": 2}).json()["id"]
    r = guest.get(f"/api/games/{other}/")
    assert r.status_code == 403 and r.json()["code"] == "wrong_game"


def test_bot_seats_play_themselves(transactional_db, alice) -> None:
    r = alice.post(
        "/api/games/", {"players": 3, "seats": [{"kind": "bot"}, {"kind": "me"}, {"kind": "bot"}]}
    )
    game_id = r.json()["id"]
    view = alice.game(game_id)
    assert view["status"] == "active"
    assert view["to_act"] == 1 and view["your_turn"]  # the bots played up to alice's decision
    moves = alice.get(f"/api/games/{game_id}/moves/").json()["results"]
    assert all(m["actor"] == "bot" and m["seat"] != 1 for m in moves)


def test_the_lobby_says_whose_turn_it_is_and_filters_on_yours(alice, bob, carol) -> None:
    games = [start_game(alice, [bob]) for _ in range(3)]
    watching = start_game(carol, [signup()])  # neither alice's nor bob's
    listed = {g["id"]: g for g in alice.get("/api/games/?scope=mine").json()["results"]}
    assert set(listed) == set(games)
    for game_id in games:
        summary = listed[game_id]
        assert summary["my_seat"] == 0 and summary["to_act"] in (0, 1)
        assert summary["your_turn"] == (summary["to_act"] == 0)
        assert summary["your_deadline"] is None and summary["last_event"] >= 3
    alices = {g for g in games if listed[g]["to_act"] == 0}
    turn = alice.get("/api/games/?your_turn=true").json()["results"]
    assert {g["id"] for g in turn} == alices and all(g["your_turn"] for g in turn)
    bobs = {g["id"] for g in bob.get("/api/games/?your_turn=true").json()["results"]}
    assert bobs == set(games) - alices
    not_mine = {g["id"] for g in alice.get("/api/games/?your_turn=false").json()["results"]}
    assert not_mine.isdisjoint(alices) and watching in not_mine
    # A spectator's summaries: no seat, never its turn.
    other = signup().get("/api/games/?scope=active").json()["results"]
    assert all(g["my_seat"] is None and g["your_turn"] is False for g in other)


def test_the_lobby_gives_your_deadline_under_a_clock(alice, bob) -> None:
    game_id = start_game(alice, [bob], clock={"kind": "fixed", "seconds": 3600})
    for player in (alice, bob):
        (summary,) = player.get("/api/games/?scope=mine").json()["results"]
        assert summary["deadline"] is not None
        assert summary["your_deadline"] == (summary["deadline"] if summary["your_turn"] else None)
    assert alice.game(game_id)["your_deadline"] in (None, alice.game(game_id)["deadline"])


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/?your_trun=true",
        "/api/games/?scope=mine&colour=red",
        "/api/games/1/moves/?since=3",
        "/api/games/1/events/?from=3",
        "/api/games/1/wait/?seq=0&timeout=0.1&x=1",
        "/api/cards/?version=republic&lang=fr",
        "/api/stream/?after=0&game=1",
    ],
)
def test_unknown_query_parameters_are_refused(alice, bob, path) -> None:
    start_game(alice, [bob])
    r = alice.get(path)
    assert r.status_code == 400 and r.json()["code"] == "unknown_parameter", (path, r.content)
