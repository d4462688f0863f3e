"""Standing orders through the service and the API: an order fires in the transaction of the
move that led to its decision (actor `order`), never when its action is illegal, is cancelled
with a notice when its seat learns something it did not foresee, chains, and stays private."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from games.models import AccountEvent, Game, GameEvent, Move
from games.services import moves
from tests.conftest import Player, private_state, signup

THINK = {"type": "think", "take": "cards"}
CANNOT_FOLLOW = {"when": "follow", "do": "think", "take": "cards", "unless": "follow"}


def scenario_game(creator: Player, others: list[Player], players: list[dict[str, Any]]) -> int:
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username=creator.name).update(is_staff=True)
    r = creator.post("/api/games/", {"scenario": {"players": players, "pool": ["Wall"]}})
    assert r.status_code == 201, r.content
    game_id = r.json()["id"]
    for p in others:
        assert p.post(f"/api/games/{game_id}/join/", {}).status_code == 200
    return int(game_id)


def card(game_id: int, seat: int, name: str) -> int:
    state = private_state(game_id)
    return next(c for c in state.players[seat].hand if state.names[c] == name)


def put(player: Player, game_id: int, orders: list[dict[str, Any]]) -> Any:
    from tests.conftest import checked_answer

    path = f"/api/games/{game_id}/orders/"
    return checked_answer(player.client.put(path, {"orders": orders}, format="json"))


def orders_of(player: Player, game_id: int) -> dict[str, Any]:
    r = player.get(f"/api/games/{game_id}/orders/")
    assert r.status_code == 200, r.content
    return dict(r.json())


def log(game_id: int) -> list[tuple[int | None, str]]:
    return [(m.seat, m.actor) for m in Move.objects.filter(game_id=game_id).order_by("seq")]


def feed(name: str, kind: str) -> list[dict[str, Any]]:
    rows = AccountEvent.objects.filter(user__username=name, type=kind).order_by("number")
    return [r.data for r in rows]


@pytest.fixture
def patron(alice: Player, bob: Player) -> int:
    """Alice (seat 0) leads; Bob holds a Temple (marble: Patron), a Road and a Wall, and no
    wood (Craftsman)."""
    return scenario_game(
        alice, [bob], [{"hand": ["Palace", "Road", "Dock"]}, {"hand": ["Temple", "Road", "Wall"]}]
    )


def test_an_order_follows_in_the_same_transaction_as_the_lead(
    alice: Player, bob: Player, patron: int
) -> None:
    temple = card(patron, 1, "Temple")
    r = put(bob, patron, [{"when": "follow", "role": "patron", "do": "follow", "cards": [temple]}])
    assert r.status_code == 200, r.content
    [order] = r.json()["orders"]
    assert order["cards"] == [temple] and sorted(order["hand"]) == order["hand"]
    r = alice.move(
        patron, 0, {"type": "lead", "role": "patron", "cards": [card(patron, 0, "Palace")]}
    )
    assert r.status_code == 201
    assert log(patron) == [(0, "human"), (1, "order")]
    assert Move.objects.get(game_id=patron, seq=2).action == {"type": "follow", "cards": [temple]}
    # The answer of Alice's move already shows the game after Bob's order.
    assert r.json()["game"]["seq"] == 2
    assert orders_of(bob, patron)["orders"] == []  # an order naming a card fires once
    [played] = feed("bob", "order_played")
    assert played["seq"] == 2 and played["action"]["cards"] == [temple]
    # Bob was never told the follow was his: the order answered it.
    assert not [e for e in feed("bob", "your_turn") if e["seq"] == 1]
    decision = GameEvent.objects.get(game_id=patron, seq=1, type="decision")
    assert decision.public["seat"] == 1 and decision.public["automatic"] is True


def test_an_order_whose_action_is_illegal_waits_for_the_player(
    alice: Player, bob: Player, patron: int
) -> None:
    road = card(patron, 1, "Road")  # rubble: no Patron card
    put(bob, patron, [{"when": "follow", "do": "follow", "cards": [road]}])
    alice.move(patron, 0, {"type": "lead", "role": "patron", "cards": [card(patron, 0, "Palace")]})
    assert log(patron) == [(0, "human")]
    view = bob.game(patron)
    assert view["your_turn"] and view["prompt"]["kind"] == "follow"
    assert len(orders_of(bob, patron)["orders"]) == 1  # it waits too


def test_an_order_is_cancelled_with_a_notice_when_the_hand_gains_a_card(
    alice: Player, bob: Player, patron: int
) -> None:
    temple = card(patron, 1, "Temple")
    put(
        bob,
        patron,
        [{"when": "follow", "role": "patron", "do": "follow", "cards": [temple]}, CANNOT_FOLLOW],
    )
    # Alice leads Craftsman: Bob cannot follow, so his policy thinks: he draws.
    dock = card(patron, 0, "Dock")
    r = alice.move(patron, 0, {"type": "lead", "role": "craftsman", "cards": [dock]})
    assert r.status_code == 201
    assert log(patron)[:2] == [(0, "human"), (1, "order")]
    mine = orders_of(bob, patron)
    assert [o["when"] for o in mine["orders"]] == ["follow"]
    assert "cards" not in mine["orders"][0]  # the policy stands
    [notice] = mine["cancelled"]
    assert notice["reason"] == "new_card" and notice["order"]["cards"] == [temple]
    [told] = feed("bob", "order_cancelled")
    assert told["reason"] == "new_card" and told["seq"] == 2


def test_orders_chain_within_one_transaction(alice: Player, bob: Player, carol: Player) -> None:
    game_id = scenario_game(
        alice,
        [bob, carol],
        [{"hand": ["Palace"]}, {"hand": ["Road", "Wall"]}, {"hand": ["Road", "Wall"]}],
    )
    put(bob, game_id, [CANNOT_FOLLOW])
    put(carol, game_id, [CANNOT_FOLLOW])
    alice.move(
        game_id, 0, {"type": "lead", "role": "patron", "cards": [card(game_id, 0, "Palace")]}
    )
    assert log(game_id) == [(0, "human"), (1, "order"), (2, "order")]
    assert Game.objects.get(pk=game_id).to_act == 0  # the leader's Patron action


def test_no_order_answers_the_seats_own_turn(alice: Player, bob: Player, patron: int) -> None:
    put(alice, patron, [{"when": "act", "do": "skip"}])
    alice.move(patron, 0, {"type": "lead", "role": "laborer", "cards": [card(patron, 0, "Road")]})
    bob.move(patron, 1, THINK)
    assert log(patron) == [(0, "human"), (1, "human")]
    assert alice.game(patron)["prompt"]["kind"] == "act"


def test_a_bot_move_can_lead_to_an_order(transactional_db: Any) -> None:
    """The bot plays after the commit of Alice's move (in-process, eagerly), and Alice's
    follow is answered in the bot move's own transaction."""
    alice = signup()
    r = alice.post("/api/games/", {"players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]})
    game_id = r.json()["id"]
    put(alice, game_id, [{"when": "follow", "do": "think", "take": "cards"}])
    for _ in range(40):  # Alice plays her own decisions until the bot leads a role
        view = alice.game(game_id)
        if not view["your_turn"] or (0, "order") in log(game_id):
            break
        alice.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    actors = log(game_id)
    first = actors.index((0, "order"))
    assert actors[first - 1] == (1, "bot")  # played in the bot move's transaction


def test_orders_are_private(alice: Player, bob: Player, carol: Player, anon: Player, patron: int):
    put(bob, patron, [CANNOT_FOLLOW])
    assert carol.get(f"/api/games/{patron}/orders/").json()["code"] == "not_a_player"
    assert anon.get(f"/api/games/{patron}/orders/").status_code == 401
    assert orders_of(alice, patron)["orders"] == []  # her own seat's: none
    r = alice.get(f"/api/games/{patron}/events/?after=0")
    assert "unless" not in r.content.decode()


def test_bad_orders_are_refused_and_nothing_changes(alice: Player, bob: Player, patron: int):
    put(bob, patron, [CANNOT_FOLLOW])
    palace = card(patron, 0, "Palace")
    cases = [
        ([{"when": "follow", "do": "follow", "cards": [palace]}], 422, "order_card_not_held"),
        ([{"when": "sewer", "do": "give"}], 422, "order_invalid"),
        ([{"when": "sewer", "do": "skip", "role": "patron"}], 422, "order_invalid"),
        ([CANNOT_FOLLOW] * 21, 422, "order_invalid"),
        ([{"when": "lead", "do": "think"}], 400, "invalid"),
        ([{"when": "follow", "do": "think", "colour": "red"}], 400, "invalid"),
        ([{"when": "follow", "do": "follow", "cards": ["1"]}], 400, "invalid"),
    ]
    for orders, status, code in cases:
        r = put(bob, patron, orders)
        assert (r.status_code, r.json()["code"]) == (status, code), orders
    assert [o["unless"] for o in orders_of(bob, patron)["orders"]] == ["follow"]


def test_orders_end_with_the_game_and_are_replayed_by_verify_games(
    alice: Player, bob: Player, patron: int
) -> None:
    put(bob, patron, [CANNOT_FOLLOW])
    alice.post(f"/api/games/{patron}/resign/")  # two players: the game ends
    assert Game.objects.get(pk=patron).status == Game.Status.FINISHED
    r = bob.client.delete(f"/api/games/{patron}/orders/")
    assert r.status_code == 409
    assert orders_of(bob, patron)["orders"] == []


def test_a_move_by_order_replays(alice: Player, bob: Player, patron: int) -> None:
    put(bob, patron, [CANNOT_FOLLOW, {"when": "follow", "do": "follow"}])
    alice.move(patron, 0, {"type": "lead", "role": "patron", "cards": [card(patron, 0, "Palace")]})
    game = Game.objects.get(pk=patron)
    state = moves.initial_state(game)
    for move in Move.objects.filter(game=game).order_by("seq"):
        state = moves.replay_move(state, move)
    assert engine.state_hash(state) == engine.state_hash(private_state(patron))
    assert log(patron)[1] == (1, "order")


def test_the_players_own_stream_tells_of_orders_and_no_one_elses(
    alice: Player, bob: Player, patron: int
) -> None:
    temple = card(patron, 1, "Temple")
    put(bob, patron, [{"when": "follow", "do": "follow", "cards": [temple]}, CANNOT_FOLLOW])
    dock = card(patron, 0, "Dock")
    alice.move(patron, 0, {"type": "lead", "role": "craftsman", "cards": [dock]})
    types = [e["type"] for e in bob.get("/api/stream/?after=0").json()["results"]]
    assert {"order_played", "order_cancelled"} <= set(types)
    others = [e["type"] for e in alice.get("/api/stream/?after=0").json()["results"]]
    assert not [t for t in others if t.startswith("order_")]
