"""Bot accounts (docs/bots.md): an account makes itself a bot for good, only while it never sat
at a table; its owner is another person's account; it cannot use the site's pages for people
nor the lobby; the bot list shows the server's bots and the bot accounts, online while their
stream is open."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game, Seat
from players.bots import services as bot_services
from players.models import BotAccount
from tests.conftest import Player, signup, start_game

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"  # tests.conftest.signup's


def make_bot(player: Player, owner: str, **kw: Any) -> Any:
    body = {"owner": owner, "rulesets": ["republic"], "description": "a test bot", **kw}
    return player.post("/api/auth/bot/", body)


def bots_listed(client: Player) -> list[dict[str, Any]]:
    r = client.get("/api/bots/?page_size=100")
    assert r.status_code == 200, r.content
    return list(r.json()["results"])


def test_an_account_becomes_a_bot_for_good(alice: Player) -> None:
    robo = signup("robo")
    r = make_bot(robo, "alice", rated=True)
    assert r.status_code == 201, r.content
    assert r.json() | {"last_connected": None} == {
        "name": "robo",
        "kind": "account",
        "online": False,
        "description": "a test bot",
        "rulesets": ["republic"],
        "rated": True,
        "owner": "alice",
        "last_connected": None,
    }
    again = make_bot(robo, "alice")
    assert (again.status_code, again.json()["code"]) == (409, "already_bot")
    # Changing what it plays keeps it a bot, with its owner; nothing turns it back.
    r = robo.client.patch("/api/auth/bot/", {"rulesets": ["imperium"]}, format="json")
    assert r.status_code == 200 and r.json()["rulesets"] == ["imperium"], r.content
    assert r.json()["owner"] == "alice"
    assert BotAccount.objects.filter(user__username="robo").count() == 1
    person = alice.get("/api/auth/bot/")
    assert (person.status_code, person.json()["code"]) == (422, "not_a_bot")


def test_an_account_that_sat_at_a_table_cannot_become_a_bot(alice: Player, bob: Player) -> None:
    start_game(alice, [bob])
    r = make_bot(bob, "alice")
    assert (r.status_code, r.json()["code"]) == (409, "has_games")
    waiting = signup()
    waiting.post("/api/games/", {"players": 3})  # a seat in the lobby counts too
    r = make_bot(waiting, "alice")
    assert (r.status_code, r.json()["code"]) == (409, "has_games")
    assert not BotAccount.objects.exists()


def test_the_owner_is_another_persons_account(alice: Player) -> None:
    robo, other = signup("robo"), signup("other")
    assert make_bot(other, "alice").status_code == 201
    for owner, status, code in [
        ("robo", 422, "bad_owner"),  # itself
        ("other", 422, "bad_owner"),  # a bot
        ("greedy", 422, "bad_owner"),  # the server's bot
        ("nobody", 404, "no_such_player"),
    ]:
        r = make_bot(robo, owner)
        assert (r.status_code, r.json()["code"]) == (status, code), owner
    assert not BotAccount.objects.filter(user__username="robo").exists()


def test_the_server_bots_names_are_reserved(db: Any) -> None:
    from rest_framework.test import APIClient

    for name in ("greedy", "ISMCTS-2"):
        body = {"username": name, "password": PASSWORD}
        r = APIClient().post("/api/auth/signup/", body, format="json")
        assert (r.status_code, r.json()["code"]) == (409, "username_taken"), name


def test_a_bot_cannot_use_the_pages_for_people(alice: Player) -> None:
    robo = signup("robo")
    browser = Client()
    assert browser.login(username="robo", password=PASSWORD)  # a session from before
    assert browser.get("/time-off/").status_code == 200
    assert make_bot(robo, "alice").status_code == 201
    # That session restores no one now, and the log-in form refuses the bot.
    assert browser.get("/time-off/").status_code == 302
    page = Client().post("/login/", {"username": "robo", "password": PASSWORD})
    assert page.status_code == 200 and "_auth_user_id" not in page.client.session
    assert b"bot account" in page.content
    # Nor the lobby: no seeks, no open seats, no tables of its own.
    game_id = alice.post("/api/games/", {"players": 2}).json()["id"]
    for path, body in [
        ("/api/seeks/", {"players_min": 2, "players_max": 2}),
        (f"/api/games/{game_id}/join/", {}),
        ("/api/games/", {"players": 2}),
    ]:
        r = robo.post(path, body)
        assert (r.status_code, r.json()["code"]) == (403, "bot_account"), path
    # The API's log-in still gives it tokens: that is how a bot plays.
    r = robo.post("/api/auth/token/", {"username": "robo", "password": PASSWORD})
    assert r.status_code == 200, r.content


def test_the_bot_list_and_who_is_online(alice: Player) -> None:
    robo, zed = signup("robo"), signup("zed")
    make_bot(zed, "alice")
    make_bot(robo, "alice")
    listed = bots_listed(alice)
    assert [(b["name"], b["kind"], b["online"]) for b in listed] == [
        ("greedy", "server", True),
        ("random", "server", True),
        ("ismcts-1", "server", True),
        ("ismcts-2", "server", True),
        ("ismcts-3", "server", True),
        ("robo", "account", False),
        ("zed", "account", False),
    ]
    bot_services.connected(_pk("robo"))
    assert [b["name"] for b in bots_listed(alice) if b["online"]][-1] == "robo"
    past = timezone.now() - timedelta(seconds=61)  # GTR_BOT_ONLINE_SECONDS: 60
    BotAccount.objects.filter(user__username="robo").update(last_connected=past)
    robo_now = next(b for b in bots_listed(alice) if b["name"] == "robo")
    assert robo_now["online"] is False and robo_now["last_connected"] is not None


def _pk(username: str) -> int:
    return int(BotAccount.objects.get(user__username=username).user_id)


def test_the_create_form_seats_a_bot_account_by_name(alice: Player) -> None:
    make_bot(signup("robo"), "alice")
    browser = Client()
    assert browser.login(username="alice", password=PASSWORD)
    form = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    r = browser.post("/new/", {**form, "seat1_kind": "bot_account"})
    assert r.status_code == 200 and b"Which bot?" in r.content
    r = browser.post("/new/", {**form, "seat1_kind": "bot_account", "seat1_account": "alice"})
    assert r.status_code == 200 and b"is not a bot account" in r.content
    r = browser.post("/new/", {**form, "seat1_kind": "bot_account", "seat1_account": "robo"})
    assert r.status_code == 302, r.content
    game_id = int(r["Location"].strip("/").split("/")[-1])
    seats = Seat.objects.filter(game_id=game_id).order_by("position")
    assert [(s.kind, s.user.username) for s in seats if s.user] == [
        ("player", "alice"),
        ("player", "robo"),
    ]
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE
