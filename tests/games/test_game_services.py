"""Service rules not visible through one endpoint: scenarios, bots, seeds, snapshots."""

from __future__ import annotations

import pytest

import engine
from games.errors import Forbidden
from games.models import Game, Seat
from games.read.selectors import Caller
from games.services import automatic, lobby
from games.store import snapshot
from tests.conftest import private_state, start_game

SCENARIO = {
    "players": [{"hand": ["Temple", "Brick", "Jack"]}, {"hand": ["Road", "Latrine"]}],
    "pool": ["Bar"],
    "leader": 1,
}


def test_scenarios_need_staff_or_the_setting(alice, settings, django_user_model) -> None:
    user = django_user_model.objects.get(username="alice")
    with pytest.raises(Forbidden):
        lobby.game_create(user=user, version="republic", players=None, scenario=SCENARIO)
    r = alice.post("/api/games/", {"scenario": SCENARIO})
    assert r.status_code == 403 and r.json()["code"] == "scenario_forbidden"
    settings.GTR_ALLOW_SCENARIOS = True
    r = alice.post("/api/games/", {"scenario": SCENARIO})
    assert r.status_code == 201 and r.json()["players"] == 2 and r.json()["scenario"]


def test_staff_start_a_scenario(alice, bob, django_user_model) -> None:
    django_user_model.objects.filter(username="alice").update(is_staff=True)
    r = alice.post("/api/games/", {"scenario": SCENARIO})
    game_id = r.json()["id"]
    bob.post(f"/api/games/{game_id}/join/", {})
    view = bob.game(game_id)
    assert view["status"] == "active" and view["to_act"] == 1
    assert sorted(c["name"] for c in view["table"]["players"][1]["hand"]) == ["Latrine", "Road"]
    assert [c["name"] for c in view["table"]["pool"]] == ["Bar"]


def test_a_scenario_within_a_turn_and_its_buildings_through_the_api(alice, bob, django_user_model):
    """docs/scenarios.md: a scenario may start at a follow, with a foundation out of town and a
    public structure; the game's view shows where each building stands and whether it is public."""
    django_user_model.objects.filter(username="alice").update(is_staff=True)
    scenario = {
        "role": "craftsman",
        "start": {"decision": "follow", "seat": 1},
        "players": [
            {"camp": ["Dock"], "buildings": [{"name": "Temple", "out_of_town": True}]},
            {"hand": ["Road"], "buildings": [{"name": "Shrine", "complete": True, "public": True}]},
        ],
    }
    game_id = alice.post("/api/games/", {"scenario": scenario}).json()["id"]
    bob.post(f"/api/games/{game_id}/join/", {})
    view = bob.game(game_id)
    assert view["to_act"] == 1 and view["table"]["role"] == "craftsman"
    (temple,) = view["table"]["players"][0]["buildings"]
    (shrine,) = view["table"]["players"][1]["buildings"]
    assert (temple["out_of_town"], temple["public"]) == (True, False)
    assert (shrine["out_of_town"], shrine["public"]) == (False, True)
    assert view["table"]["players"][0]["hand_size"] == 7  # the public Shrine


def test_a_bad_scenario_is_422(alice, settings) -> None:
    settings.GTR_ALLOW_SCENARIOS = True
    r = alice.post("/api/games/", {"scenario": {"players": [{"hand": ["Atlantis"]}, {}]}})
    assert r.status_code == 422 and r.json()["code"] == "unknown_card"


def test_the_snapshot_is_the_state_after_the_last_move(alice, bob) -> None:
    game_id = start_game(alice, [bob])
    game = Game.objects.get(pk=game_id)
    assert 0 <= game.setup["seed"] < 2**63
    fresh = engine.new_game("republic", 2, game.setup["seed"])
    assert engine.state_hash(fresh) == engine.state_hash(private_state(game_id))


def test_bot_choices_are_legal_and_reproducible() -> None:
    state = engine.new_game("imperium", 3, seed=4)
    game = Game(pk=7)
    seat = Seat(position=engine.to_act(state), bot="greedy")
    first = automatic.bot_action(game, state, seat)
    assert first in engine.legal_actions(state)
    assert automatic.bot_action(game, state, seat) == first


def test_automatic_turns_ignore_a_stale_schedule(transactional_db, alice) -> None:
    r = alice.post("/api/games/", {"players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]})
    game = Game.objects.get(pk=r.json()["id"])
    assert automatic.automatic_turns_play(game_id=game.pk, seq=game.seq + 5) == 0
    assert automatic.automatic_turns_play(game_id=game.pk, seq=game.seq) == 0  # alice's turn


def test_a_move_holds_the_state_it_applied_with_its_snapshot(alice, bob) -> None:
    """The move's answer and the views built from the game it kept read the state the move
    applied, not the snapshot again, while the game holds the snapshot written from it; a game
    whose snapshot is read anew (or replaced) is read from its snapshot."""
    from games.services.moves import move_submit

    game_id = start_game(alice, [bob])
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    game, _ = move_submit(
        game_id=game_id,
        caller=Caller(position=engine.to_act(state)),
        seq=0,
        action=engine.legal_actions(state)[0],
    )
    held = snapshot.state_of(game)
    assert snapshot.state_of(game) is held  # not read again
    assert engine.to_json(held) == game.state == Game.objects.get(pk=game_id).state
    game.state = dict(game.state)  # another snapshot object: read from it
    assert snapshot.state_of(game) is not held
    assert engine.to_json(snapshot.state_of(game)) == engine.to_json(held)
    fresh = Game.objects.get(pk=game_id)
    assert snapshot.state_of(fresh) is not snapshot.state_of(fresh)  # nothing held


def test_a_bot_that_fails_gives_way_to_greedy(monkeypatch, caplog) -> None:
    """A bug in a bot's search (a first-edition Prison once crashed the dealer) must not stall
    the game: the error is logged and the greedy bot chooses the move instead."""
    from engine.bots import BOTS, Bot

    class Broken(Bot):
        name = "broken"

        def decide(self, view, legal, memory=None):
            raise StopIteration  # what the dealer raised

    monkeypatch.setitem(BOTS, "broken", Broken)
    state = engine.new_game("first_edition", 3, seed=4)
    game = Game(pk=7)
    seat = Seat(position=engine.to_act(state), bot="greedy")
    with caplog.at_level("ERROR", logger="games.services.automatic"):
        action = automatic.bot_action(game, state, seat, bot="broken")
    assert action == automatic.bot_action(game, state, seat, bot="greedy")
    assert "bot broken failed in game 7: greedy plays the move" in caplog.text
