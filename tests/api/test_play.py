"""Play: my view, moves, history, ETag, long poll, idempotency, resign, surrender."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from games.models import Move
from tests.conftest import private_state, signup, start_game, state_hash


def whose_turn(game_id, *players):
    view = players[0].game(game_id)
    return next(p for p in players if p.game(game_id)["my_seat"] == view["to_act"])


def test_my_view(alice, bob, game2) -> None:
    view = alice.game(game2)
    assert view["status"] == "active" and view["seq"] == 0 and view["my_seat"] == 0
    assert view["prompt"]["seat"] == view["to_act"]
    mover = alice if view["to_act"] == 0 else bob
    waiter = bob if mover is alice else alice
    mine = mover.game(game2)
    assert mine["your_turn"]
    assert {"type": "think", "take": "cards"} in [m["action"] for m in mine["legal_actions"]]
    theirs = waiter.game(game2)
    assert not theirs["your_turn"] and theirs["legal_actions"] == []
    assert len(mine["table"]["players"][mine["my_seat"]]["hand"]) == 5


def test_move_then_stale(alice, bob, game2) -> None:
    mover = whose_turn(game2, alice, bob)
    r = mover.move(game2, 0, {"type": "think", "take": "cards"})
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["move"] == {**body["move"], "seq": 1, "action": {"type": "think", "take": "cards"}}
    assert body["move"]["mine"] and body["game"]["seq"] == 1
    move = Move.objects.get(game_id=game2, seq=1)
    assert move.state_hash == state_hash(game2) and move.actor == "human"
    nxt = whose_turn(game2, alice, bob)
    r = nxt.move(game2, 0, {"type": "think", "take": "cards"})
    assert r.status_code == 409 and r.json()["code"] == "stale_seq"


def test_illegal_move_is_422_with_the_engine_code(alice, bob, game2) -> None:
    mover = whose_turn(game2, alice, bob)
    r = mover.move(game2, 0, {"type": "hire", "card": 0})
    assert r.status_code == 422
    assert r.json()["code"] == "wrong_action" and r.json()["detail"]


def test_history_is_scoped(alice, bob, carol, game2) -> None:
    for _ in range(3):
        mover = whose_turn(game2, alice, bob)
        view = mover.game(game2)
        assert mover.move(game2, view["seq"], view["legal_actions"][0]["action"]).status_code == 201
    mine = alice.get(f"/api/games/{game2}/moves/").json()
    assert mine["count"] == 3
    assert {tuple(sorted(m)) for m in mine["results"]} == {
        ("action", "actor", "created", "mine", "seat", "seq")
    }
    assert [m["mine"] for m in mine["results"]] == [m["seat"] == 0 for m in mine["results"]]
    spectator = carol.get(f"/api/games/{game2}/moves/?after=1").json()
    assert [m["seq"] for m in spectator["results"]] == [2, 3]
    assert not any(m["mine"] for m in spectator["results"])


def test_etag_gives_304_until_something_changes(alice, bob, game2) -> None:
    r = alice.get(f"/api/games/{game2}/")
    etag = r["ETag"]
    r = alice.get(f"/api/games/{game2}/", HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 304 and r["ETag"] == etag
    assert bob.get(f"/api/games/{game2}/")["ETag"] != etag  # another seat, another view
    mover = whose_turn(game2, alice, bob)
    mover.move(game2, 0, {"type": "think", "take": "cards"})
    r = alice.get(f"/api/games/{game2}/", HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 200 and r["ETag"] != etag


def test_wait_times_out_with_204(alice, game2, settings) -> None:
    r = alice.get(f"/api/games/{game2}/wait/?seq=0&timeout=0.3")
    assert r.status_code == 204
    r = alice.get(f"/api/games/{game2}/wait/?seq=x")
    assert r.status_code == 400 and r.json()["code"] == "invalid"


def test_wait_answers_when_a_move_lands(transactional_db, alice, bob) -> None:
    game_id = start_game(alice, [bob])
    mover = whose_turn(game_id, alice, bob)
    waiter = bob if mover is alice else alice
    result = {}

    def wait() -> None:
        try:
            result["r"] = waiter.get(f"/api/games/{game_id}/wait/?seq=0&timeout=20")
        finally:
            connections.close_all()

    thread = threading.Thread(target=wait)
    thread.start()
    assert mover.move(game_id, 0, {"type": "think", "take": "cards"}).status_code == 201
    thread.join(30)
    assert result["r"].status_code == 200 and result["r"].json()["seq"] == 1
    # Already past: answers at once.
    assert waiter.get(f"/api/games/{game_id}/wait/?seq=0&timeout=20").status_code == 200


def test_idempotency_key_replays_the_first_answer(alice, bob, game2) -> None:
    mover = whose_turn(game2, alice, bob)
    action = {"type": "think", "take": "cards"}
    first = mover.move(game2, 0, action, HTTP_IDEMPOTENCY_KEY="k1")
    again = mover.move(game2, 0, action, HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == again.status_code == 201
    assert again.content == first.content and again["Idempotent-Replayed"] == "true"
    assert Move.objects.filter(game_id=game2).count() == 1
    r = mover.move(game2, 1, action, HTTP_IDEMPOTENCY_KEY="k1")
    assert r.status_code == 409 and r.json()["code"] == "idempotency_key_reused"
    # Keys are per caller: another player's "k1" is a different key.
    other = bob if mover is alice else alice
    r = other.move(game2, 1, action, HTTP_IDEMPOTENCY_KEY="k1")
    assert r.status_code == 201


def test_idempotency_replays_errors_too(alice, bob, game2) -> None:
    mover = whose_turn(game2, alice, bob)
    r1 = mover.move(game2, 3, {"type": "think", "take": "cards"}, HTTP_IDEMPOTENCY_KEY="x")
    r2 = mover.move(game2, 3, {"type": "think", "take": "cards"}, HTTP_IDEMPOTENCY_KEY="x")
    assert r1.status_code == r2.status_code == 409 and r1.json() == r2.json()


def test_idempotent_create(alice) -> None:
    r1 = alice.post("/api/games/", {"players": 2}, HTTP_IDEMPOTENCY_KEY="new-game")
    r2 = alice.post("/api/games/", {"players": 2}, HTTP_IDEMPOTENCY_KEY="new-game")
    assert r1.status_code == r2.status_code == 201 and r1.json()["id"] == r2.json()["id"]


def test_resign_two_players_ends_the_game(alice, bob, game2) -> None:
    before = private_state(game2).moves
    r = bob.post(f"/api/games/{game2}/resign/")
    assert r.status_code == 200
    view = alice.game(game2)
    assert view["status"] == "finished" and view["table"]["end"]["winners"] == [0]
    assert view["table"]["end"]["reason"] == "surrender"
    (move,) = alice.get(f"/api/games/{game2}/moves/").json()["results"]
    assert move["action"] == {"type": "surrender", "winner": 0} and move["seat"] is None
    assert private_state(game2).moves == before + 1
    r = bob.post(f"/api/games/{game2}/resign/")
    assert r.status_code == 409 and r.json()["code"] == "game_not_active"


def test_resign_in_a_bigger_game_hands_the_seat_to_the_server(transactional_db) -> None:
    alice, bob, carol = signup(), signup(), signup()
    game_id = start_game(alice, [bob, carol])
    players = [alice, bob, carol]
    mover = whose_turn(game_id, *players)
    assert mover.post(f"/api/games/{game_id}/resign/").status_code == 200
    view = alice.game(game_id)
    assert view["status"] == "active"
    assert view["seats"][mover.game(game_id)["my_seat"]]["resigned"]
    # The resigned seat's decision was played for it.
    assert view["to_act"] != mover.game(game_id)["my_seat"]
    assert alice.get(f"/api/games/{game_id}/moves/").json()["results"][0]["actor"] == "bot"
    r = mover.post(f"/api/games/{game_id}/resign/")
    assert r.status_code == 409 and r.json()["code"] == "already_resigned"


def test_surrender_needs_every_other_player(db) -> None:
    alice, bob, carol = signup(), signup(), signup()
    game_id = start_game(alice, [bob, carol])
    r = bob.post(f"/api/games/{game_id}/surrender/", {"to": 0})
    assert r.status_code == 200 and r.json()["status"] == "active"
    assert r.json()["seats"][1]["surrender_to"] == 0
    r = carol.post(f"/api/games/{game_id}/surrender/", {"to": 1})  # disagrees
    assert r.json()["status"] == "active"
    r = carol.post(f"/api/games/{game_id}/surrender/", {"to": 0})
    assert r.json()["status"] == "finished"
    assert r.json()["table"]["end"]["winners"] == [0]


def test_surrender_errors(alice, bob, game2) -> None:
    r = alice.post(f"/api/games/{game2}/surrender/", {"to": 0})
    assert r.status_code == 422 and r.json()["code"] == "surrender_to_self"
    r = alice.post(f"/api/games/{game2}/surrender/", {"to": 4})
    assert r.status_code == 422 and r.json()["code"] == "no_such_seat"
    r = alice.post(f"/api/games/{game2}/surrender/", {"to": None})
    assert r.status_code == 200 and r.json()["seats"][0]["surrender_to"] is None


def test_seat_token_rotation(alice, bob, game2, anon) -> None:
    r = alice.post(f"/api/games/{game2}/seat-token/")
    assert r.status_code == 200 and r.json()["seat"] == 0
    token = r.json()["token"]
    anon.client.credentials(HTTP_AUTHORIZATION=f"Seat {token}")
    assert anon.game(game2)["my_seat"] == 0
    r2 = anon.post(f"/api/games/{game2}/seat-token/")
    assert r2.status_code == 200
    assert anon.get(f"/api/games/{game2}/").status_code == 401  # the old token is dead


def test_a_crashed_requests_idempotency_key_is_freed_when_its_lease_ends(
    alice, bob, game2, settings, monkeypatch
) -> None:
    """A process killed between reserving the key and storing the answer (here: a BaseException,
    which no handler catches, in the middle of the move) leaves the key in progress. Retries are
    refused while the first request might still be running, and proceed once its lease is over."""
    from datetime import timedelta

    from games.models import IdempotentResponse
    from games.services import moves

    mover = whose_turn(game2, alice, bob)
    action = {"type": "think", "take": "cards"}

    def killed(**_):
        raise KeyboardInterrupt("the web process is killed")

    with monkeypatch.context() as m:
        m.setattr(moves, "move_submit", killed)
        with pytest.raises(KeyboardInterrupt):
            mover.move(game2, 0, action, HTTP_IDEMPOTENCY_KEY="k")
    (record,) = IdempotentResponse.objects.all()
    assert record.status == 0  # in progress, and nobody left to finish it

    r = mover.move(game2, 0, action, HTTP_IDEMPOTENCY_KEY="k")
    assert r.status_code == 409 and r.json()["code"] == "idempotency_in_progress"

    lease = timedelta(seconds=settings.GTR_IDEMPOTENCY_LEASE_SECONDS + 1)
    IdempotentResponse.objects.update(created=record.created - lease)
    r = mover.move(game2, 0, action, HTTP_IDEMPOTENCY_KEY="k")
    assert r.status_code == 201 and r.json()["game"]["seq"] == 1
    again = mover.move(game2, 0, action, HTTP_IDEMPOTENCY_KEY="k")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == r.json()
    assert Move.objects.filter(game_id=game2).count() == 1
    # A different request under the same expired key is still refused.
    IdempotentResponse.objects.update(status=0, created=record.created - lease)
    r = mover.move(game2, 1, action, HTTP_IDEMPOTENCY_KEY="k")
    assert r.status_code == 409 and r.json()["code"] == "idempotency_key_reused"


def test_the_view_says_when_the_servers_move_is_late(alice, bob, settings, monkeypatch) -> None:
    """`server_delayed`: the server owes the game a move (a bot's, or a timeout's) that is late
    by more than the sweep interval, e.g. because its task was lost while the broker was down."""
    from datetime import timedelta

    from django.utils import timezone

    from games import tasks
    from games.models import Game

    settings.GTR_SWEEP_SECONDS = 60
    late = timedelta(seconds=61)

    def view(player, game_id):
        return player.game(game_id)

    # A person and a bot; the bot's task is lost (nothing queues it), so the game waits on it.
    monkeypatch.setattr(tasks, "automatic_turn_schedule", lambda game_id, seq: None)
    r = alice.post("/api/games/", {"players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]})
    game_id = r.json()["id"]
    first = view(alice, game_id)
    if first["to_act"] == 0:  # the person leads: after the person's move the bot is to act
        action = {"type": "think", "take": "cards"}
        assert alice.move(game_id, 0, action).status_code == 201
    g = Game.objects.get(pk=game_id)
    assert g.automatic and not view(alice, game_id)["server_delayed"]
    Game.objects.filter(pk=game_id).update(decision_started=timezone.now() - late)
    assert view(alice, game_id)["server_delayed"]
    summary = alice.get("/api/games/?scope=mine").json()["results"][0]
    assert summary["id"] == game_id and summary["server_delayed"]
    monkeypatch.undo()
    tasks.automatic_turn_schedule(game_id, g.seq)  # the sweep queues it again: the bot plays
    assert not view(alice, game_id)["server_delayed"]

    # Two people with a clock: a deadline passed longer ago than the sweep interval.
    game_id = start_game(alice, [bob], clock={"kind": "fixed", "seconds": 3600})
    assert not view(bob, game_id)["server_delayed"]
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=30))
    assert not view(bob, game_id)["server_delayed"]  # the sweep has not had its chance yet
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - late)
    assert view(bob, game_id)["server_delayed"]
