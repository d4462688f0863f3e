"""Issue 31's three parts together (docs/async.md, Time off, and Time controls): standing orders
fire in a pause and on vacation, the decision after them waits on its seat's calendar; an undo in
a pause leaves the clock stopped and gives no time back; no order answers what an undo restores.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, GameEvent, Move
from tests.conftest import Player
from tests.games.test_orders import card, log
from tests.games.test_orders import put as orders_put
from tests.games.test_undo import CRAFTSMAN, scenario_game
from tests.games.test_undo import card as hand_card

# Alice (seat 0) leads; Bob holds a Temple (marble: Patron), a Road and a Wall (test_orders's
# `patron` table, with a clock here).
PATRON = {
    "players": [{"hand": ["Palace", "Road", "Dock"]}, {"hand": ["Temple", "Road", "Wall"]}],
    "pool": ["Wall"],
}
CLOCK = {"kind": "fixed", "seconds": 3600}


def table(alice: Player, bob: Player, scenario: dict[str, Any], clock: dict[str, Any]) -> int:
    return scenario_game(alice, bob, scenario, clock=clock)


def paused(alice: Player, bob: Player, game_id: int) -> None:
    """Alice proposes a pause until resumed, Bob accepts: the clocks stop."""
    assert alice.post(f"/api/games/{game_id}/pause/", {}).status_code == 200
    assert bob.post(f"/api/games/{game_id}/pause/accept/", {}).status_code == 200
    assert Game.objects.get(pk=game_id).paused_since is not None


def decision(game_id: int, seq: int) -> dict[str, Any]:
    return dict(GameEvent.objects.get(game_id=game_id, seq=seq, type="decision").public)


@pytest.fixture
def scenarios(settings: Any) -> None:
    settings.GTR_ALLOW_SCENARIOS = True


@pytest.mark.usefixtures("scenarios")
def test_an_order_fires_in_a_pause_and_the_next_decision_begins_stopped(
    alice: Player, bob: Player
) -> None:
    """A pause stops clocks, not moves: Bob's order answers his follow at once (it has no clock),
    and Alice's decision after it begins with her clock stopped."""
    game_id = table(alice, bob, PATRON, CLOCK)
    temple = card(game_id, 1, "Temple")
    assert (
        orders_put(
            bob, game_id, [{"when": "follow", "do": "follow", "cards": [temple]}]
        ).status_code
        == 200
    )
    paused(alice, bob, game_id)
    palace = card(game_id, 0, "Palace")
    r = alice.move(game_id, 0, {"type": "lead", "role": "patron", "cards": [palace]})
    assert r.status_code == 201, r.content
    assert log(game_id) == [(0, "human"), (1, "order")]
    follow = decision(game_id, 1)  # the order's decision: the server's, no clock
    assert follow["seat"] == 1 and follow["automatic"] and follow["deadline"] is None
    assert "stopped" not in follow or follow["stopped"] is None
    game = Game.objects.get(pk=game_id)
    assert game.to_act == 0 and not game.automatic
    assert game.deadline is None and game.clock_calendar is not None  # until resumed
    assert decision(game_id, 2)["stopped"] == {"why": "pause", "until": None}
    # Resumed, Alice's clock runs from then: the whole hour is hers.
    t0 = timezone.now()
    assert bob.post(f"/api/games/{game_id}/resume/", {}).status_code == 200
    deadline = Game.objects.get(pk=game_id).deadline
    assert deadline is not None
    assert t0 + timedelta(seconds=3590) < deadline < timezone.now() + timedelta(seconds=3601)


@pytest.mark.usefixtures("scenarios")
def test_a_seat_on_vacation_keeps_its_orders_firing(alice: Player, bob: Player) -> None:
    """A vacation stops the clocks of Bob's games; his orders still answer for him (what they are
    for), and the table sees him away."""
    game_id = table(alice, bob, PATRON, CLOCK)
    today = f"{timezone.now().date():%Y-%m-%d}"
    r = bob.post("/api/time-off/vacations/", {"start": today, "end": today})
    assert r.status_code == 201, r.content
    temple = card(game_id, 1, "Temple")
    assert (
        orders_put(
            bob, game_id, [{"when": "follow", "do": "follow", "cards": [temple]}]
        ).status_code
        == 200
    )
    palace = card(game_id, 0, "Palace")
    r = alice.move(game_id, 0, {"type": "lead", "role": "patron", "cards": [palace]})
    assert r.status_code == 201, r.content
    assert log(game_id) == [(0, "human"), (1, "order")]
    view = alice.game(game_id)
    assert view["seats"][1]["away_until"] is not None
    game = Game.objects.get(pk=game_id)
    assert game.to_act == 0 and game.deadline is not None  # Alice is not away: her clock runs
    assert decision(game_id, 2).get("stopped") is None


@pytest.mark.usefixtures("scenarios")
@pytest.mark.parametrize("clock", [CLOCK, {"kind": "bank", "seconds": 3600}])
def test_an_undo_in_a_pause_leaves_the_clock_stopped(
    alice: Player, bob: Player, clock: dict[str, Any]
) -> None:
    """The decision goes on through the undo: its start and calendar stay, its clock stopped; once
    resumed it has what it had left, no more."""
    game_id = table(alice, bob, CRAFTSMAN, clock)
    view = alice.game(game_id)
    road = hand_card(view, "Road")
    assert (
        alice.move(game_id, 0, {"type": "lay", "card": road, "site": "rubble"}).status_code == 201
    )
    before = Game.objects.get(pk=game_id)
    assert before.to_act == 0 and before.deadline is not None
    t0 = timezone.now()
    paused(alice, bob, game_id)
    stopped = Game.objects.get(pk=game_id)
    assert stopped.deadline is None
    seq = alice.game(game_id)["seq"]
    r = alice.post(f"/api/games/{game_id}/undo/", {"seq": seq, "to": 0})
    assert r.status_code == 201, r.content
    undone = Game.objects.get(pk=game_id)
    assert undone.seq == seq + 1 and undone.to_act == 0
    assert undone.decision_started == before.decision_started
    assert undone.clock_calendar == stopped.clock_calendar and undone.deadline is None
    assert alice.game(game_id)["clock"]["stopped"]["why"] == "pause"
    t1 = timezone.now()
    assert alice.post(f"/api/games/{game_id}/resume/", {}).status_code == 200
    resumed = Game.objects.get(pk=game_id).deadline
    assert resumed is not None and before.deadline is not None
    # The pause's length comes back, no more: the deadline moved by at most from t0 to now.
    assert before.deadline + (t1 - timezone.now()) <= resumed
    assert resumed <= before.deadline + (timezone.now() - t0)


@pytest.mark.usefixtures("scenarios")
def test_no_order_answers_the_decision_an_undo_restores(alice: Player, bob: Player) -> None:
    """Bob follows himself, then leaves an order that would follow; he takes the follow back with
    Alice's consent: the follow is his to make again, the order waits."""
    game_id = table(alice, bob, PATRON, {"kind": "none"})
    palace = card(game_id, 0, "Palace")
    r = alice.move(game_id, 0, {"type": "lead", "role": "patron", "cards": [palace]})
    assert r.status_code == 201, r.content
    temple = card(game_id, 1, "Temple")
    r = bob.move(game_id, 1, {"type": "follow", "cards": [temple]})
    assert r.status_code == 201, r.content
    assert (
        orders_put(bob, game_id, [{"when": "follow", "do": "think", "take": "cards"}]).status_code
        == 200
    )
    seq = bob.game(game_id)["seq"]
    r = bob.post(f"/api/games/{game_id}/takeback/", {"seq": seq, "to": 1})
    assert r.status_code == 201, r.content
    if Game.objects.get(pk=game_id).seq == seq:  # a request: Alice accepts
        assert alice.post(f"/api/games/{game_id}/takeback/accept/", {}).status_code == 200
    game = Game.objects.get(pk=game_id)
    assert game.seq == seq + 1 and game.to_act == 1 and not game.automatic
    assert log(game_id)[-1] == (1, "human")  # the undo entry, and no order after it
    assert Move.objects.get(game_id=game_id, seq=game.seq).action == {"type": "undo", "to": 1}
    assert bob.game(game_id)["prompt"]["kind"] == "follow"
