"""Bad input gets its 4xx and the error shape, and leaves the game exactly as it was."""

from __future__ import annotations

import json

import pytest

from games.models import Move
from tests.conftest import Player, private_state, signup, start_game, state_hash


@pytest.fixture
def table(db):
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    view = alice.game(game_id)
    by_seat = {0: alice, 1: bob}
    return game_id, by_seat[view["to_act"]], by_seat[1 - view["to_act"]]


def raw_post(player: Player, game_id: int, body: bytes, content_type: str = "application/json"):
    return player.client.generic(
        "POST", f"/api/games/{game_id}/moves/", body, content_type=content_type
    )


def other_hand_card(game_id: int, seat: int) -> int:
    return private_state(game_id).players[seat].hand[0]


CASES = {
    "malformed_json": (lambda g, p: raw_post(p, g, b'{"seq": 0, "action": {'), 400),
    "not_an_object": (lambda g, p: raw_post(p, g, b"[1, 2, 3]"), 400),
    "missing_seq": (lambda g, p: p.post(f"/api/games/{g}/moves/", {"action": {}}), 400),
    "bad_seq": (lambda g, p: p.move(g, "zero", {"type": "skip"}), 400),
    "negative_seq": (lambda g, p: p.move(g, -1, {"type": "skip"}), 400),
    "unknown_action": (lambda g, p: p.move(g, 0, {"type": "teleport"}), 400),
    "action_not_object": (lambda g, p: p.move(g, 0, "think"), 400),
    "missing_field": (lambda g, p: p.move(g, 0, {"type": "lead", "role": "laborer"}), 400),
    "bad_field": (lambda g, p: p.move(g, 0, {"type": "lead", "role": "x", "cards": [1]}), 400),
    "unknown_field": (lambda g, p: p.move(g, 0, {"type": "skip", "x": 1}), 400),
    "huge_card_id": (lambda g, p: p.move(g, 0, {"type": "sell", "card": 10**30}), 400),
    "form_encoded": (
        lambda g, p: raw_post(p, g, b"seq=0", "application/x-www-form-urlencoded"),
        415,
    ),
    "oversized": (
        lambda g, p: raw_post(p, g, json.dumps({"seq": 0, "pad": "x" * 100_000}).encode()),
        413,
    ),
    "deeply_nested": (lambda g, p: raw_post(p, g, b"[" * 30000 + b"]" * 30000), 400),
    "not_utf8": (lambda g, p: raw_post(p, g, b'\xff\xfe{"seq": 0}'), 400),
    "huge_seq": (lambda g, p: p.move(g, 10**30, {"type": "skip"}), 400),
    "too_many_cards": (
        lambda g, p: p.move(g, 0, {"type": "follow", "cards": list(range(300))}),
        400,
    ),
    "stale_seq": (lambda g, p: p.move(g, 5, {"type": "think", "take": "cards"}), 409),
    "illegal_now": (lambda g, p: p.move(g, 0, {"type": "hire", "card": 0}), 422),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_refused_and_changes_nothing(table, case: str) -> None:
    game_id, mover, _ = table
    before = state_hash(game_id)
    send, status = CASES[case]
    r = send(game_id, mover)
    assert r.status_code == status, r.content
    body = r.json()
    assert set(body) >= {"code", "detail"} and body["code"]
    assert state_hash(game_id) == before
    assert Move.objects.filter(game_id=game_id).count() == 0


def test_card_not_held(table) -> None:
    game_id, mover, _ = table
    seat = mover.game(game_id)["my_seat"]
    before = state_hash(game_id)
    card = other_hand_card(game_id, 1 - seat)
    r = mover.move(game_id, 0, {"type": "lead", "role": "laborer", "cards": [card]})
    assert r.status_code == 422 and r.json()["code"] == "card_not_held"
    assert state_hash(game_id) == before


def test_another_seats_move(table) -> None:
    game_id, _, other = table
    before = state_hash(game_id)
    r = other.move(game_id, 0, {"type": "think", "take": "cards"})
    assert r.status_code == 422 and r.json()["code"] == "not_your_turn"
    assert state_hash(game_id) == before


def test_moves_after_the_game_ended(table) -> None:
    game_id, mover, other = table
    assert other.post(f"/api/games/{game_id}/resign/").status_code == 200
    before = state_hash(game_id)
    view = mover.game(game_id)
    assert view["status"] == "finished"
    r = mover.move(game_id, view["seq"], {"type": "think", "take": "cards"})
    assert r.status_code == 422 and r.json()["code"] == "game_over"
    assert state_hash(game_id) == before


def test_spectator_and_anonymous_cannot_move(table, anon) -> None:
    game_id, _, _ = table
    r = anon.move(game_id, 0, {"type": "think", "take": "cards"})
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"
    carol = signup("carol")
    r = carol.move(game_id, 0, {"type": "think", "take": "cards"})
    assert r.status_code == 403 and r.json()["code"] == "not_a_player"


def test_unknown_game_and_bad_token(table, anon) -> None:
    game_id, mover, _ = table
    assert mover.get("/api/games/999999/").json()["code"] == "not_found"
    for beyond in (2**63, 203099598296193400832):  # past any key's column: no such game either
        assert mover.get(f"/api/games/{beyond}/").json()["code"] == "not_found"
        r = mover.move(beyond, 0, {"type": "think", "take": "cards"})
        assert r.status_code == 404 and r.json()["code"] == "not_found"
    anon.client.credentials(HTTP_AUTHORIZATION="Seat nope")
    r = anon.get(f"/api/games/{game_id}/")
    assert r.status_code == 401 and r.json()["code"] == "authentication_failed"
    anon.client.credentials(HTTP_AUTHORIZATION="Token nope")
    assert anon.get(f"/api/games/{game_id}/").status_code == 401


@pytest.mark.parametrize("whole_body", [False, True])
def test_a_legal_action_entry_posted_whole_says_to_post_its_action(table, whole_body) -> None:
    """A client that posts a `legal_actions` entry (`{id, label, petition, action}`) instead of
    its `action`, as the move's `action` or as the whole body, is told so with a code of its
    own, and nothing changes."""
    game_id, mover, _ = table
    view = mover.game(game_id)
    entry = view["legal_actions"][0]
    before = state_hash(game_id)
    if whole_body:
        r = mover.post(f"/api/games/{game_id}/moves/", entry)
    else:
        r = mover.move(game_id, view["seq"], entry)
    assert r.status_code == 400, r.content
    body = r.json()
    assert body["code"] == "action_entry_posted"
    assert f"({entry['id']})" in body["detail"] and "post" in body["detail"]
    assert "`action`" in body["detail"]
    assert state_hash(game_id) == before
    assert Move.objects.filter(game_id=game_id).count() == 0
    r = mover.move(game_id, view["seq"], entry["action"])  # what the message says to post
    assert r.status_code == 201, r.content


def test_an_action_with_an_id_of_its_own_is_still_the_engines_to_judge(table) -> None:
    """Only an entry's shape (an `action` object beside `id` or `label`, no `type`) is taken
    for one: an action that merely carries a stray `id` gets the engine's own code."""
    game_id, mover, _ = table
    r = mover.move(game_id, 0, {"type": "think", "take": "cards", "id": "A1"})
    assert r.status_code == 400 and r.json()["code"] == "unknown_field"
    r = mover.move(game_id, 0, {"id": "A1", "label": "think"})  # no `action` inside
    assert r.status_code == 400 and r.json()["code"] == "unknown_action"
