"""GET /api/games/{id}/record/ and importing a record with POST /api/games/ (docs/records.md): a
finished game's record is complete and replays to the same end; a game in play is exported as
its caller may see it; an import starts a new game at that point of the record."""

from __future__ import annotations

import engine
from engine import record as records
from games.management.commands.verify_games import verify
from games.models import Game
from tests.conftest import Player, assert_no_leak, play_http_game, private_state, signup, start_game


def test_a_finished_game_exports_complete_and_replays(transactional_db) -> None:
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    seats = {p.game(game_id)["my_seat"]: p for p in (alice, bob)}
    final = play_http_game(game_id, seats, seed=3)
    assert final["status"] == "finished"
    for viewer in (alice, Player(bob.client.__class__(), "anon")):
        r = viewer.get(f"/api/games/{game_id}/record/")
        assert r.status_code == 200, r.content
        exported = r.json()
        assert exported["complete"] and exported["format"] == "gtr-record/1"
        assert [p["player"] for p in exported["players"]] == [
            seats[0].name,
            seats[1].name,
        ]
        assert len(exported["actions"]) == final["seq"]
        state, _ = records.replay(exported)
        assert state.end == final["table"]["end"] == exported["result"]
        assert records.canonical(state) == records.canonical(private_state(game_id))


def test_a_game_in_play_exports_only_what_the_caller_sees(alice, bob, carol) -> None:
    game_id = start_game(alice, [bob])
    seats = {p.game(game_id)["my_seat"]: p for p in (alice, bob)}
    play_http_game(game_id, seats, seed=1, max_moves=30)
    for seat, player in [*seats.items(), (None, carol)]:
        exported = player.get(f"/api/games/{game_id}/record/").json()
        assert not exported["complete"] and exported["result"] is None
        assert "deck" not in exported["deal"] and exported["deal"]["deck_count"] > 0
        hands = [p.get("hand") for p in exported["deal"]["players"]]
        assert [h is not None for h in hands] == [s == seat for s in range(2)]
        assert len(exported["actions"]) == 30
        assert_no_leak(game_id, seat, exported)
        text = str(exported["actions"])
        assert not any(isinstance(c, int) for c in _card_refs(exported)), text


def _card_refs(exported: dict) -> list:
    return [c for e in exported["actions"] for c in records._card_refs(e["action"])]


def test_importing_a_record_starts_a_game_at_that_point(transactional_db, settings) -> None:
    settings.GTR_ALLOW_SCENARIOS = True
    first = engine.new_game("imperium", 3, seed=8)
    state, log = first, []
    for _ in range(25):
        action = engine.legal_actions(state)[-1]
        log.append((engine.to_act(state), action))
        state = engine.apply(state, action)
    exported = records.record(first, log)
    ann = signup("ann")
    guests = [{"kind": "invited", "email": f"g{i}@example.org"} for i in (1, 2)]
    r = ann.post(
        "/api/games/", {"record": exported, "upto": 20, "seats": [{"kind": "me"}, *guests]}
    )
    assert r.status_code == 201, r.content
    view = r.json()
    assert view["status"] == "active" and view["seq"] == 0 and view["scenario"]
    assert view["version"] == "imperium" and view["players"] == 3
    game = Game.objects.get(pk=view["id"])
    at20, _ = records.replay(exported, upto=20)
    imported = engine.from_json(game.state)
    assert records.canonical(imported) == records.canonical(at20)
    assert verify(game) == []


def test_import_is_refused_when_not_allowed_or_broken(alice, settings) -> None:
    first = engine.new_game("republic", 2, seed=1)
    exported = records.record(first, [])
    r = alice.post("/api/games/", {"record": exported})
    assert r.status_code == 403 and r.json()["code"] == "scenario_forbidden"
    settings.GTR_ALLOW_SCENARIOS = True
    before = Game.objects.count()
    r = alice.post("/api/games/", {"record": {**exported, "format": "x"}})
    assert r.status_code == 422 and r.json()["code"] == "bad_record"
    bad = {
        **exported,
        "actions": [{"seat": 0, "action": {"type": "lead", "role": "patron", "cards": ["Nope"]}}],
    }
    r = alice.post("/api/games/", {"record": bad})
    assert r.status_code in (400, 422), r.content
    assert Game.objects.count() == before


def test_a_seat_token_exports_only_its_own_game(alice, bob) -> None:
    from tests.conftest import seat_player

    game_id = start_game(alice, [bob])
    token = bob.post(f"/api/games/{game_id}/seat-token/").json()["token"]
    other = start_game(alice, [signup()])
    guest = seat_player(token)
    assert guest.get(f"/api/games/{game_id}/record/").status_code == 200
    assert guest.get(f"/api/games/{other}/record/").json()["code"] == "wrong_game"
