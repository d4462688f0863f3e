"""The web client's pages through Django's test client (no browser): who sees what, the forms
call the services, invitation links open a seat, errors answer as pages or JSON."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail

import engine
from games.models import Game, Seat
from web import cards

pytestmark = pytest.mark.django_db

HTML = {"HTTP_ACCEPT": "text/html"}


@pytest.fixture
def alice(client: Any, django_user_model: Any) -> Any:
    user = django_user_model.objects.create_user("alice", email="alice@example.org", password="x")
    client.force_login(user)
    return client


def create(alice: Any, **fields: str) -> Game:
    data = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    data.update(fields)
    r = alice.post("/new/", data)
    assert r.status_code == 302, r.content
    return Game.objects.get(pk=int(r["Location"].strip("/").split("/")[-1]))


def test_the_lobby_invites_strangers_to_sign_up(client: Any) -> None:
    r = client.get("/")
    assert r.status_code == 200 and b"Sign up" in r.content


def test_signing_up_logs_in(client: Any) -> None:
    r = client.post("/signup/", {"username": "bob", "email": "", "password": "long secret 12"})
    assert r.status_code == 302
    assert b"bob" in client.get("/").content


def test_creating_a_game_with_an_invitation_and_opening_its_link(
    alice: Any, client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = create(alice, seat1_kind="invited", seat1_email="guest@example.org")
    assert game.status == Game.Status.ACTIVE  # every seat is taken: it starts
    (invitation,) = [m for m in mail.outbox if "invited" in m.subject]
    link = re.search(r"http://\S+(/play/\S+/)", invitation.body).group(1)
    alice.logout()
    r = client.get(link)
    assert r.status_code == 302 and r["Location"] == f"/games/{game.pk}/"
    page = client.get(f"/games/{game.pk}/").content.decode()
    state = engine.from_json(Game.objects.get(pk=game.pk).state)
    guest_hand = state.players[1].hand
    assert "Your hand" in page and f'data-card="{guest_hand[0]}"' in page
    assert "you are watching" not in page
    # The table listens to the game's stream from the event the page was drawn at.
    last = Game.objects.get(pk=game.pk).last_event
    assert last > 0 and f'data-events-url="/api/games/{game.pk}/events/?after={last}"' in page


def test_a_spectator_sees_no_hand(alice: Any, client: Any) -> None:
    game = create(alice, seat1_kind="bot")
    alice.logout()
    page = client.get(f"/games/{game.pk}/table/").content.decode()
    state = engine.from_json(Game.objects.get(pk=game.pk).state)
    for seat in state.players:
        for card in seat.hand:
            assert f'data-card="{card}"' not in page
    assert "Your hand" not in page and '"legal_actions"' not in page


def test_a_bad_link_opens_nothing(client: Any) -> None:
    r = client.get("/play/not-a-token/")
    assert r.status_code == 404 and b"does not open a seat" in r.content


def test_joining_an_open_table_by_the_form(alice: Any, client: Any, django_user_model: Any) -> None:
    game = create(alice, seat1_kind="open")
    bob = django_user_model.objects.create_user("bob", password="x")
    client.force_login(bob)
    r = client.post(f"/games/{game.pk}/join/", {"seat": "1"})
    assert r.status_code == 302
    assert Seat.objects.get(game=game, position=1).user == bob
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_the_create_form_explains_a_missing_invitation_address(alice: Any) -> None:
    r = alice.post(
        "/new/",
        {
            "version": "republic",
            "players": "2",
            "clock": "none",
            "seat0_kind": "me",
            "seat1_kind": "invited",
        },
    )
    assert r.status_code == 200 and b"Whom shall we invite" in r.content
    assert not Game.objects.exists()


def test_card_faces_are_pictures(client: Any) -> None:
    r = client.get("/cards/circus-maximus.png")
    assert r.status_code == 200 and r["Content-Type"] == "image/png"
    assert b"".join(r).startswith(b"\x89PNG")
    assert client.get("/cards/nothing.png").status_code == 404


def test_every_card_has_a_face_with_our_description() -> None:
    for order in cards.ORDER_TYPE.values():
        face = cards.face(order.name)
        assert face is not None and face.function and face.function != order.function
        assert order.material.capitalize() in face.alt and order.role.capitalize() in face.alt


def test_unknown_paths_answer_a_page_to_browsers_and_json_to_the_api(client: Any) -> None:
    assert client.get("/api/nothing/", **HTML).json()["code"] == "not_found"
    r = client.get("/nothing/", **HTML)
    assert r.status_code == 404 and b"There is nothing here" in r.content
    assert client.get("/nothing/").json()["code"] == "not_found"


def test_the_table_script_and_stylesheet_are_served(client: Any) -> None:
    for path in ("/static/web/table.js", "/static/web/site.css"):
        assert client.get(path).status_code == 200


def test_buildings_say_out_of_town_and_public(client: Any, django_user_model: Any) -> None:
    """A foundation on an out-of-town Site and a structure made public (Black Box rulebook,
    Architect and Stairway) are marked so on the table."""
    from games.services import lobby as lobby_services

    staff = django_user_model.objects.create_user("alice", password="x", is_staff=True)
    scenario = {
        "players": [
            {"buildings": [{"name": "Temple", "out_of_town": True}]},
            {"buildings": [{"name": "Shrine", "complete": True, "public": True}]},
        ],
    }
    seats = [lobby_services.SeatSpec("me"), lobby_services.SeatSpec("bot")]
    game = lobby_services.game_create(
        user=staff, version="republic", scenario=scenario, seats=seats
    )
    page = client.get(f"/games/{game.pk}/table/").content.decode()
    temple = page[page.index('alt="Temple') : page.index("</figure>", page.index('alt="Temple'))]
    shrine = page[page.index('alt="Shrine') : page.index("</figure>", page.index('alt="Shrine'))]
    assert "out of town" in temple and "public" not in temple
    assert "public" in shrine and "out of town" not in shrine
    # The same marks in Polish, with the Site's material and the count of materials.
    page = client.get(f"/games/{game.pk}/table/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    temple = page[
        page.index('alt="Świątynia') : page.index("</figure>", page.index('alt="Świątynia'))
    ]
    shrine = page[page.index('alt="Ołtarz') : page.index("</figure>", page.index('alt="Ołtarz'))]
    assert "Plac: Marmur" in temple and "0 materiałów" in temple and "poza miastem" in temple
    assert "Plac: Cegła" in shrine and "ukończony" in shrine and "publiczna" in shrine


def test_sign_up_says_the_password_rules_beside_the_field_before_and_after_a_refusal(
    client: Any,
) -> None:
    """Issue 30, L2: the rules show before the first try, the field's aria-describedby names an
    element that exists, and a refused password is said there, not at the top of the form."""
    page = client.get("/signup/").content.decode()
    described = re.findall(r'aria-describedby="([^"]+)"', page)
    assert "id_password_helptext" in described
    for ref in described:
        assert f'id="{ref}"' in page, ref
    rules = re.search(r'<small id="id_password_helptext">(.*?)</small>', page, re.S)
    assert rules and "8 characters" in rules.group(1)
    refused = client.post("/signup/", {"username": "bob", "password": "password"}).content.decode()
    beside = re.search(r'<small id="id_password_helptext">(.*?)</small>', refused, re.S)
    assert beside and 'class="error"' in beside.group(1), refused[:3000]


def test_the_lobby_shows_a_finished_games_result_and_no_games_yet_only_when_none(
    alice: Any, django_user_model: Any
) -> None:
    """Issue 30, L3: with finished games only, the lobby does not say "No games yet" above
    them, and a finished row says how it went and when it ended."""
    from games.services import resignation

    game = create(alice, seat1_kind="bot")
    resignation.game_resign(game_id=game.pk, position=0)
    page = alice.get("/").content.decode()
    assert "No games yet" not in page and "No game in play" in page
    row = re.search(r'<li class="game-row">.*?</li>', page, re.S).group(0)
    finished = Game.objects.get(pk=game.pk).finished
    assert f'datetime="{finished.isoformat()}"' in row or finished.strftime("%Y-%m-%d") in row
    assert "badge done" in row and ("Place" in row or "Finished" in row or "You won" in row)
