"""Slow games at the table, as the server draws it (issue 31; web/slow_games.py, web/_slow_*.html):
why a clock is not running, a pause proposed and in effect, undo and takeback, and the seat's
standing orders, which only that seat's page shows. The browser tests (test_slow_games_browser.py)
click through the same panels."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games.models import Game
from tests.conftest import Player, start_game

pytestmark = pytest.mark.django_db

FIXED = {"kind": "fixed", "seconds": 86400}
GIVE = {"when": "give", "do": "give", "prefer": "cheapest"}
SEWER = {"when": "sewer", "do": "skip"}
CRAFTSMAN = {  # tests/games/test_undo.py: seat 0 acts twice as Craftsman, revealing nothing
    "role": "craftsman",
    "start": {"decision": "act", "seat": 0},
    "players": [
        {"camp": ["Dock"], "clientele": ["Crane", "Crane"], "hand": ["Road", "Insula", "Temple"]},
        {"camp": ["Dock"], "hand": ["Wall", "Statue", "Palace"]},
    ],
}


def page(player: Player | None, game_id: int) -> str:
    """The game's page for `player`'s account, or a spectator's (None)."""
    client = Client()
    if player is not None:
        client.force_login(get_user_model().objects.get(username=player.name))
    r = client.get(f"/games/{game_id}/", HTTP_ACCEPT="text/html")
    assert r.status_code == 200
    return str(r.content.decode())


@pytest.fixture
def timed(alice: Player, bob: Player) -> int:
    return start_game(alice, [bob], clock=FIXED)


def test_a_proposed_pause_asks_the_others_and_a_pause_stops_the_clock_for_all(
    alice: Player, bob: Player, timed: int
) -> None:
    assert 'data-slow="pause"' in page(alice, timed)  # the form to propose one
    assert 'data-slow="pause"' not in page(None, timed)  # a spectator has no say
    assert alice.post(f"/api/games/{timed}/pause/", {}).status_code == 200

    asked, proposer, watcher = page(bob, timed), page(alice, timed), page(None, timed)
    assert "alice proposes a pause" in asked and 'data-slow="pause-accept"' in asked
    assert "You proposed a pause" in proposer and "Withdraw the proposal" in proposer
    assert 'data-slow="pause-accept"' not in proposer
    assert "alice proposes a pause" in watcher and "data-slow" not in watcher
    assert 'data-slow="pause"' not in proposer  # one proposal at a time

    assert bob.post(f"/api/games/{timed}/pause/accept/", {}).status_code == 200
    for seen in (page(alice, timed), page(bob, timed), page(None, timed)):
        assert "The clock is stopped: the game is paused." in seen
        assert "It runs again when someone resumes the game." in seen
        assert "proposes a pause" not in seen
    assert 'data-slow="resume"' in page(bob, timed)
    assert 'data-slow="resume"' not in page(None, timed)


def test_a_pause_until_a_moment_says_when_the_clock_runs_again(
    alice: Player, bob: Player, timed: int
) -> None:
    until = (timezone.now() + timedelta(days=2)).replace(microsecond=0)
    r = alice.post(f"/api/games/{timed}/pause/", {"until": until.isoformat()})
    assert r.status_code == 200
    bob.post(f"/api/games/{timed}/pause/accept/", {})
    seen = page(bob, timed)
    assert "It runs again at" in seen
    assert f'datetime="{until.isoformat()}"' in seen  # the script shows it in local time


def test_a_player_on_vacation_is_shown_so_to_everyone(alice: Player, bob: Player, timed: int):
    from games.services import timeoff

    today = timezone.now().date()
    user = get_user_model().objects.get(username="bob")
    timeoff.vacation_take(user=user, start=today, end=today + timedelta(days=2))
    for seen in (page(alice, timed), page(None, timed)):
        assert "bob is on vacation until" in seen
        assert 'class="badge away"' in seen


def test_playing_hours_are_said(alice: Player, bob: Player) -> None:
    hours = {"start": "08:00", "end": "22:00", "zone": "player"}
    game_id = start_game(alice, [bob], clock=FIXED, playing_hours=hours)
    assert "Clocks run from 08:00 to 22:00, in each player&#x27;s own time zone." in page(
        None, game_id
    )


@pytest.fixture
def craftsman(alice: Player, bob: Player, settings: Any) -> int:
    settings.GTR_ALLOW_SCENARIOS = True
    r = alice.post("/api/games/", {"scenario": CRAFTSMAN})
    assert r.status_code == 201, r.content
    game_id = int(r.json()["id"])
    assert bob.post(f"/api/games/{game_id}/join/", {}).status_code == 200
    return game_id


def hand_card(player: Player, game_id: int, name: str) -> int:
    view = player.game(game_id)
    hand = view["table"]["players"][view["my_seat"]]["hand"]
    return int(next(c["id"] for c in hand if c["name"] == name))


def test_undo_is_offered_only_to_the_seat_that_may_undo_and_says_what(
    alice: Player, bob: Player, craftsman: int
) -> None:
    assert 'data-slow="undo"' not in page(alice, craftsman)  # nothing of hers yet
    road = hand_card(alice, craftsman, "Road")
    r = alice.move(craftsman, 0, {"type": "lay", "card": road, "site": "rubble"})
    assert r.status_code == 201, r.content
    mine = page(alice, craftsman)
    assert 'data-slow="undo" data-to="0"' in mine
    assert "Takes back" in mine and "Road" in mine.split("Takes back")[1].split("</p>")[0]
    assert 'data-slow="undo"' not in page(bob, craftsman)
    assert 'data-slow="undo"' not in page(None, craftsman)


def test_a_takeback_request_asks_the_others(alice: Player, bob: Player, settings: Any) -> None:
    """Alice leads by thinking (she draws: only a takeback may take that back) and asks."""
    settings.GTR_ALLOW_SCENARIOS = True
    scenario = {"players": [{"hand": ["Palace", "Road"]}, {"hand": ["Temple", "Wall"]}]}
    r = alice.post("/api/games/", {"scenario": scenario})
    game2 = int(r.json()["id"])
    assert bob.post(f"/api/games/{game2}/join/", {}).status_code == 200
    view = alice.game(game2)
    think = next(a for a in view["legal_actions"] if a["action"]["type"] == "think")
    assert alice.move(game2, view["seq"], think["action"]).status_code == 201
    mine = page(alice, game2)
    assert 'data-slow="takeback" data-to="0"' in mine and 'data-slow="undo"' not in mine
    r = alice.post(f"/api/games/{game2}/takeback/", {"seq": alice.game(game2)["seq"], "to": 0})
    assert r.status_code == 201, r.content
    asked = page(bob, game2)
    assert "alice asks for a takeback" in asked and 'data-slow="takeback-accept"' in asked
    expires = r.json()["takeback_request"]["expires"]
    assert f'datetime="{expires[:19]}' in asked  # the script shows it in local time
    mine = page(alice, game2)
    assert "You asked for a takeback" in mine and 'data-slow="takeback"' not in mine
    watcher = page(None, game2)
    assert "alice asks for a takeback" in watcher and "takeback-accept" not in watcher


def test_standing_orders_show_only_on_their_own_seats_page(
    alice: Player, bob: Player, timed: int
) -> None:
    r = bob.client.put(f"/api/games/{timed}/orders/", {"orders": [GIVE, SEWER]}, format="json")
    assert r.status_code == 200, r.content
    mine = page(bob, timed)
    assert "Your standing orders" in mine
    assert "When a Legionary demands of you: give, the cheapest cards" in mine
    assert "When your Sewer may be used: decline" in mine
    assert 'data-slow="order-remove" data-id="2"' in mine
    for other in (page(alice, timed), page(None, timed)):
        assert "When a Legionary demands of you" not in other
        assert "order-remove" not in other
    # Alice's own panel is empty: Bob's orders are not hers.
    assert "No orders: every decision waits for you." in page(alice, timed)
    assert "Your standing orders" not in page(None, timed)


def test_a_finished_game_shows_no_slow_panels(alice: Player, bob: Player, timed: int) -> None:
    from games.services import resignation

    resignation.game_resign(game_id=timed, position=1)
    assert Game.objects.get(pk=timed).status == Game.Status.FINISHED
    seen = page(alice, timed)
    assert "data-slow" not in seen and "Your standing orders" not in seen


def test_the_panel_tells_what_orders_played_and_which_were_cancelled(
    alice: Player, bob: Player, settings: Any
) -> None:
    """Bob's order to follow Patron with his Temple goes when his other order thinks and draws
    (his hand gained cards he did not foresee): his panel says both."""
    settings.GTR_ALLOW_SCENARIOS = True
    scenario = {"players": [{"hand": ["Palace", "Dock"]}, {"hand": ["Temple", "Road", "Wall"]}]}
    game_id = int(alice.post("/api/games/", {"scenario": scenario}).json()["id"])
    assert bob.post(f"/api/games/{game_id}/join/", {}).status_code == 200
    temple = hand_card(bob, game_id, "Temple")
    follow = {"when": "follow", "role": "patron", "do": "follow", "cards": [temple]}
    think = {"when": "follow", "do": "think", "take": "cards", "unless": "follow"}
    path = f"/api/games/{game_id}/orders/"
    assert bob.client.put(path, {"orders": [follow, think]}, format="json").status_code == 200
    dock = hand_card(alice, game_id, "Dock")
    r = alice.move(game_id, 0, {"type": "lead", "role": "craftsman", "cards": [dock]})
    assert r.status_code == 201, r.content
    panel = page(bob, game_id).split('id="fold-orders"')[1]
    played = panel.split("Played by your orders")[1].split("</ul>")[0]
    assert "move 2" in played and "(Your standing order played it.)" in played
    cancelled = panel.split("Cancelled</h3>")[1].split("</ul>")[0]
    assert "Cancelled at move 2, your hand gained a card: when Patron is led" in cancelled
    assert "Temple" in cancelled
    assert "(Their standing order played it.)" in page(alice, game_id)  # the move is public
    assert "Cancelled" not in page(alice, game_id)


def test_the_panels_speak_polish_to_a_polish_reader(alice: Player, bob: Player, timed: int):
    """Names of cards in the reader's language (the Polish edition's), in the orders and the
    form's list of the hand, as on the rest of the table."""
    from games.words.cardnames import card_name

    hand = bob.game(timed)["table"]["players"][1]["hand"]
    first = next(c for c in hand if card_name(c["name"], "pl") != c["name"])  # a word apart
    order = {"when": "follow", "do": "follow", "cards": [first["id"]]}
    orders = {"orders": [order, SEWER]}
    assert bob.client.put(f"/api/games/{timed}/orders/", orders, format="json").status_code == 200
    assert alice.post(f"/api/games/{timed}/pause/", {}).status_code == 200
    client = Client()
    client.force_login(get_user_model().objects.get(username="bob"))
    client.cookies["django_language"] = "pl"
    seen = client.get(f"/games/{timed}/", HTTP_ACCEPT="text/html").content.decode()
    polish = card_name(first["name"], "pl")
    assert "Twoje zlecenia stałe" in seen and "alice proponuje przerwę" in seen
    assert "Gdy możesz użyć budowli Ściek: odmów" in seen
    panel = seen.split('id="fold-orders"')[1]
    assert f"> {polish}</label>" in panel  # the hand to pick from
    assert polish in panel.split('class="order-list"')[1].split("</ol>")[0]
    assert "(2005)" not in panel
