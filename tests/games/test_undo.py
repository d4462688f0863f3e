"""Taking moves back through the service and the API (docs/api.md, Taking moves back): an undo is
an entry of the append-only log, whose table is the table after the move it names; it is refused
with a stable code after a reveal or another player's move; a takeback needs the others' consent;
`verify_games` and the records replay undo entries."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

import engine
from games.management.commands.verify_games import verify
from games.models import Game, Move, TakebackRequest
from tests.conftest import Player, private_state, state_hash

# Seat 0 has the Craftsman actions of its lead and two Craftsman clients; seat 1 followed.
# Black Box rulebook, Game Play, Actions: the leader acts first, one action after another.
CRAFTSMAN = {
    "role": "craftsman",
    "start": {"decision": "act", "seat": 0},
    "players": [
        {
            "camp": ["Dock"],
            "clientele": ["Crane", "Crane"],
            "hand": ["Road", "Insula", "Temple", "Bath"],
        },
        {"camp": ["Dock"], "hand": ["Wall", "Statue", "Palace"]},
    ],
}


def scenario_game(alice: Player, bob: Player, scenario: dict[str, Any], **kw: Any) -> int:
    r = alice.post("/api/games/", {"scenario": scenario, **kw})
    assert r.status_code == 201, r.content
    game_id = int(r.json()["id"])
    assert bob.post(f"/api/games/{game_id}/join/", {}).status_code == 200
    return game_id


@pytest.fixture
def craftsman(alice: Player, bob: Player, settings: Any) -> int:
    settings.GTR_ALLOW_SCENARIOS = True
    return scenario_game(alice, bob, CRAFTSMAN)


def card(view: dict[str, Any], name: str) -> int:
    hand = view["table"]["players"][view["my_seat"]]["hand"]
    return int(next(c["id"] for c in hand if c["name"] == name))


def play(player: Player, game_id: int, action: dict[str, Any]) -> dict[str, Any]:
    view = player.game(game_id)
    r = player.move(game_id, view["seq"], action)
    assert r.status_code == 201, r.content
    return dict(r.json()["game"])


def undo(player: Player, game_id: int, **body: Any) -> Any:
    seq = player.game(game_id)["seq"]
    return player.post(f"/api/games/{game_id}/undo/", {"seq": seq, **body})


def lay_then_build(alice: Player, game_id: int) -> None:
    view = alice.game(game_id)
    play(alice, game_id, {"type": "lay", "card": card(view, "Road"), "site": "rubble"})
    view = alice.game(game_id)
    road = view["table"]["players"][0]["buildings"][0]["foundation"]["id"]
    play(alice, game_id, {"type": "build", "card": card(view, "Insula"), "building": road})


def test_an_undo_restores_the_table_and_is_logged(alice: Player, bob: Player, craftsman: int):
    game_id = craftsman
    assert alice.game(game_id)["undo"] is None  # nothing of hers to take back yet
    lay_then_build(alice, game_id)
    view = alice.game(game_id)
    assert view["undo"] == {"to": 1, "earliest": 0} and view["takeback"] is None
    assert bob.game(game_id)["undo"] is None
    first = Move.objects.get(game_id=game_id, seq=1).state_hash

    r = undo(alice, game_id)
    assert r.status_code == 201, r.content
    view = r.json()
    assert view["seq"] == 3 and view["undo"] == {"to": 0, "earliest": 0}
    assert state_hash(game_id) == first  # the table after move 1, exactly
    logged = Move.objects.get(game_id=game_id, seq=3)
    assert (logged.seat, logged.action, logged.actor) == (0, {"type": "undo", "to": 1}, "human")
    history = alice.get(f"/api/games/{game_id}/moves/").json()["results"]
    assert [m["action"]["type"] for m in history] == ["lay", "build", "undo"]

    # The undo itself stands for move 1 now: back to 0 from there, and nothing more.
    assert undo(alice, game_id, to=0).status_code == 201
    r = undo(alice, game_id)
    assert r.status_code == 409 and r.json()["code"] == "undo_not_allowed"
    assert r.json()["reason"] == "nothing_to_undo"
    assert verify(Game.objects.get(pk=game_id)) == []


def test_the_story_tells_the_undo(alice: Player, bob: Player, craftsman: int) -> None:
    lay_then_build(alice, craftsman)
    undo(alice, craftsman)
    events = bob.get(f"/api/games/{craftsman}/events/?after=0&page_size=100").json()["results"]
    told = [e for e in events if e["type"] == "undo"]
    assert [(e["seat"], e["to"], e["actor"]) for e in told] == [(0, 1, "human")]
    # The undo, then the decision it gives back: what move 1 did is not told again.
    assert [e["type"] for e in events[-2:]] == ["undo", "decision"]
    assert events[-1]["seat"] == 0


def test_refusals_change_nothing(alice: Player, bob: Player, craftsman: int) -> None:
    lay_then_build(alice, craftsman)
    before = (state_hash(craftsman), Move.objects.filter(game_id=craftsman).count())
    r = bob.post(f"/api/games/{craftsman}/undo/", {"seq": 2})
    assert r.status_code == 409 and r.json()["reason"] == "other_acted"
    r = alice.post(f"/api/games/{craftsman}/undo/", {"seq": 2, "to": 5})
    assert r.status_code == 422 and r.json()["code"] == "bad_undo_target"
    r = alice.post(f"/api/games/{craftsman}/undo/", {"seq": 1})
    assert r.status_code == 409 and r.json()["code"] == "stale_seq"
    r = alice.post(f"/api/games/{craftsman}/undo/", {"seq": 2, "to": "x"})
    assert r.status_code == 400
    assert (state_hash(craftsman), Move.objects.filter(game_id=craftsman).count()) == before


def test_a_reveal_needs_consent(alice: Player, bob: Player, settings: Any) -> None:
    """Black Box rulebook, Thinker: thinking draws from the deck; that cannot be taken back alone,
    and the decision has passed to bob, who must accept."""
    settings.GTR_ALLOW_SCENARIOS = True
    game_id = scenario_game(alice, bob, {"players": [{"hand": ["Temple"]}, {"hand": ["Road"]}]})
    assert alice.game(game_id)["to_act"] == 0
    play(alice, game_id, {"type": "think", "take": "cards"})
    view = alice.game(game_id)
    assert view["undo"] is None and view["takeback"] == {"to": 0, "earliest": 0}
    assert undo(alice, game_id).json()["reason"] == "decision_passed"

    r = alice.post(f"/api/games/{game_id}/takeback/", {"seq": 1})
    assert r.status_code == 201 and r.json()["takeback_request"]["to"] == 0
    assert r.json()["seq"] == 1  # bob has not answered yet
    r = alice.post(f"/api/games/{game_id}/takeback/", {"seq": 1})
    assert r.status_code == 409 and r.json()["code"] == "takeback_pending"
    r = alice.post(f"/api/games/{game_id}/takeback/accept/", {})
    assert r.status_code == 409 and r.json()["code"] == "no_takeback"
    feed = bob.get("/api/stream/?after=0").json()["results"]
    assert any(e["type"] == "takeback_asked" for e in feed)

    r = bob.post(f"/api/games/{game_id}/takeback/accept/", {})
    assert r.status_code == 200 and r.json()["seq"] == 2
    assert state_hash(game_id) == engine.state_hash(_first_table(game_id))
    assert TakebackRequest.objects.get(game_id=game_id).status == "accepted"
    assert verify(Game.objects.get(pk=game_id)) == []


def _first_table(game_id: int) -> engine.State:
    from games.services.moves import initial_state

    return initial_state(Game.objects.get(pk=game_id))


def test_a_declined_takeback_changes_nothing(alice: Player, bob: Player, settings: Any) -> None:
    settings.GTR_ALLOW_SCENARIOS = True
    game_id = scenario_game(alice, bob, {"players": [{"hand": ["Temple"]}, {"hand": ["Road"]}]})
    play(alice, game_id, {"type": "think", "take": "cards"})
    alice.post(f"/api/games/{game_id}/takeback/", {"seq": 1})
    before = state_hash(game_id)
    r = bob.post(f"/api/games/{game_id}/takeback/decline/", {})
    assert r.status_code == 200 and r.json()["takeback_request"] is None
    assert state_hash(game_id) == before and Move.objects.filter(game_id=game_id).count() == 1
    assert TakebackRequest.objects.get(game_id=game_id).status == "declined"
    feed = alice.get("/api/stream/?after=0").json()["results"]
    assert [e["accepted"] for e in feed if e["type"] == "takeback_answer"] == [False]


def test_a_move_ends_a_takeback_request(alice: Player, bob: Player, settings: Any) -> None:
    settings.GTR_ALLOW_SCENARIOS = True
    game_id = scenario_game(alice, bob, {"players": [{"hand": ["Temple"]}, {"hand": ["Road"]}]})
    play(alice, game_id, {"type": "think", "take": "cards"})
    alice.post(f"/api/games/{game_id}/takeback/", {"seq": 1})
    play(bob, game_id, {"type": "think", "take": "jack"})
    assert bob.game(game_id)["takeback_request"] is None
    r = bob.post(f"/api/games/{game_id}/takeback/accept/", {})
    assert r.status_code == 409 and r.json()["code"] == "no_takeback"


@pytest.mark.parametrize("fair", [True, False])
def test_a_bot_accepts_only_what_taught_nothing(alice: Player, settings: Any, fair: bool) -> None:
    """A bot accepts the takeback of a Jack taken (nothing hidden shown) and declines that of a
    Thinker's draw."""
    settings.GTR_ALLOW_SCENARIOS = True
    scenario = {"players": [{"hand": ["Temple"]}, {"hand": ["Road"]}]}
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
    r = alice.post("/api/games/", {"scenario": scenario, "seats": seats})
    game_id = r.json()["id"]
    settings.CELERY_TASK_ALWAYS_EAGER = False  # the bot must not move before the request
    Game.objects.filter(pk=game_id).update(automatic=False)
    play(alice, game_id, {"type": "think", "take": "jack" if fair else "cards"})
    game = Game.objects.get(pk=game_id)
    if game.seq != 1:
        pytest.skip("the bot moved at once (eager tasks)")
    r = alice.post(f"/api/games/{game_id}/takeback/", {"seq": 1})
    assert r.status_code == 201
    assert (r.json()["seq"] == 2) is fair
    assert TakebackRequest.objects.get(game_id=game_id).status == (
        "accepted" if fair else "declined"
    )


def test_verify_games_and_the_record_follow_undos(
    alice: Player, bob: Player, craftsman: int
) -> None:
    lay_then_build(alice, craftsman)
    undo(alice, craftsman, to=0)
    play(alice, craftsman, {"type": "skip"})
    call_command("verify_games", craftsman)
    exported = alice.get(f"/api/games/{craftsman}/record/").json()
    assert [a["action"]["type"] for a in exported["actions"]][:3] == ["lay", "build", "undo"]


@pytest.mark.parametrize(
    "clock", [{"kind": "fixed", "seconds": 3600}, {"kind": "bank", "seconds": 3600}]
)
def test_an_undo_gives_no_time_back(
    alice: Player, bob: Player, settings: Any, clock: dict[str, Any]
) -> None:
    """The decision taken back to runs on to the deadline of the decision the undo was made at;
    a bank pays for the time spent (docs/async.md, Time controls)."""
    settings.GTR_ALLOW_SCENARIOS = True
    game_id = scenario_game(alice, bob, CRAFTSMAN, clock=clock)
    lay_then_build(alice, game_id)
    running = Game.objects.get(pk=game_id).deadline
    undo(alice, game_id, to=0)
    game = Game.objects.get(pk=game_id)
    assert game.to_act == 0 and private_state(game_id).moves == 0
    assert game.deadline is not None and running is not None
    assert game.deadline <= running


def test_the_replay_of_an_undo_is_the_table_it_restored(
    alice: Player, bob: Player, craftsman: int
) -> None:
    """docs/api.md, Replaying a game: the table after an undo entry is the table after the move
    it names, and the moves it took back are not played again."""
    game_id = craftsman
    lay_then_build(alice, game_id)
    assert undo(alice, game_id).status_code == 201  # move 3 takes back move 2
    after_one = alice.get(f"/api/games/{game_id}/replay/?seq=1").json()["table"]
    r = alice.get(f"/api/games/{game_id}/replay/?seq=3")
    assert r.status_code == 200, r.content
    assert r.json()["table"] == after_one
    assert alice.get(f"/api/games/{game_id}/replay/?seq=2").json()["table"] != after_one
