"""The Geek expansion through the service (docs/rules.md, The Geek expansion): the `geek` option of
game creation (Republic and Imperium only, not the training game), the catalog's `geek`
parameter, views that name the chosen cards, a Geek game played over HTTP with nothing hidden
shown, and the lobby's new-game form."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from engine.cards import GEEK_NAMES, order_types
from games.models import Game
from tests.conftest import play_http_game, private_state, start_game


def test_a_geek_game_is_created_with_its_cards_and_played(alice, bob, carol) -> None:
    game_id = start_game(alice, [bob, carol], options={"geek": True})
    game = alice.game(game_id)
    assert game["options"] == {"geek": list(GEEK_NAMES)}
    assert game["table"]["geek"] == list(GEEK_NAMES)
    state = private_state(game_id)
    assert len(state.names) == 186 + 6 + 36  # 42 Geek orders join the 144
    assert sum(1 for n in state.names if n == "Watch Post") == 6
    play_http_game(game_id, {0: alice, 1: bob, 2: carol}, max_moves=150, check_leaks=True)
    assert alice.game(game_id)["seq"] > 0


def test_some_geek_cards_only(alice, bob) -> None:
    """Black Box rulebook, Appendix III: "Use any cards from this expansion you like, leaving out
    the ones you don't"."""
    game_id = start_game(alice, [bob], options={"geek": ["Watch Post", "Domus"]})
    assert alice.game(game_id)["options"] == {"geek": ["Domus", "Watch Post"]}  # catalog order
    names = set(private_state(game_id).names)
    assert {"Domus", "Watch Post"} <= names and not {"Castra", "Bacchanalia"} & names


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"version": "first_edition", "options": {"geek": True}}, 422, "bad_option"),
        ({"options": {"geek": True, "training": True}}, 422, "bad_option"),
        ({"options": {"geek": ["Domus", "Colosseum"]}}, 422, "bad_option"),
        ({"options": {"geek": "yes"}}, 400, "invalid"),
        ({"options": {"geek": [1]}}, 400, "invalid"),
    ],
)
def test_the_option_is_refused_where_it_does_not_apply(alice, payload, status, code) -> None:
    """Black Box rulebook, Appendix III: "Each of these cards works equally well with the
    Republic and the Imperium version"; the training game ignores every function."""
    r = alice.post("/api/games/", {"players": 2, **payload})
    assert r.status_code == status and r.json()["code"] == code, r.content
    assert not Game.objects.exists()


def test_the_catalog_lists_the_geek_cards_when_asked(anon) -> None:
    plain = anon.get("/api/cards/?version=imperium").json()
    assert not any("expansion" in row for row in plain)
    rows = anon.get("/api/cards/?version=imperium&geek=true").json()
    assert [r["type"] for r in rows] == [t.name for t in order_types("imperium", GEEK_NAMES)]
    geek = [r for r in rows if r.get("expansion") == "geek"]
    assert [r["type"] for r in geek] == list(GEEK_NAMES)
    assert sum(r["copies"] for r in rows) == 144 + 42
    assert {(r["type"], r["material"], r["value"]) for r in geek} >= {
        ("Domus", "wood", 1),
        ("Castra Praetoria", "brick", 2),
        ("Aerarium", "brick", 2),
        ("Bacchanalia", "marble", 3),
    }
    two = anon.get("/api/cards/?version=republic&geek=Domus,Watch Post").json()
    assert [r["type"] for r in two if r.get("expansion")] == ["Domus", "Watch Post"]


@pytest.mark.parametrize(
    "query", ["version=republic&geek=Nope", "geek=", "geek=0", "geek=TRUE", "geek=Domus,"]
)
def test_the_catalog_refuses_a_geek_parameter_its_schema_does_not_take(anon, query: str) -> None:
    r = anon.get(f"/api/cards/?{query}")
    assert r.status_code == 400 and r.json()["code"] == "invalid", r.content


def test_the_first_edition_has_no_geek_cards(anon) -> None:
    """The parameter fits the schema, and is refused on its merits (Black Box rulebook,
    Appendix III: the cards work "with the Republic and the Imperium version")."""
    r = anon.get("/api/cards/?version=first_edition&geek=Domus")
    assert r.status_code == 422 and r.json()["code"] == "bad_option", r.content
    plain = anon.get("/api/cards/?version=first_edition&geek=false")
    assert plain.status_code == 200 and not any("expansion" in row for row in plain.json())


@pytest.mark.django_db
def test_the_lobby_form_offers_the_geek_cards(django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("ann", password="x")
    client = Client()
    client.force_login(user)
    page = client.get("/new/").content.decode()
    assert all(f'value="{name}"' in page for name in GEEK_NAMES)
    data = {"version": "imperium", "players": "2", "clock": "none", "seat0_kind": "me"}
    r = client.post("/new/", {**data, "seat1_kind": "open", "geek": ["Castra", "Triclinium"]})
    assert r.status_code == 302, r.content.decode()[:2000]
    assert Game.objects.get().options == {"geek": ["Castra", "Triclinium"]}
    refused = client.post("/new/", {**data, "version": "first_edition", "geek": ["Castra"]})
    assert refused.status_code == 200 and Game.objects.count() == 1
    assert "Republic or Imperium" in refused.content.decode()
