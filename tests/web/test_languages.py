"""The web client in Polish (docs/web.md, Languages): the language switch on every page, a
player's stored choice, the page's fixed text and card names in Polish, the same game in English
for the other player; the card pictures are the same in both (their name in words beside them)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

import engine
from games.models import Game
from games.services import resignation
from games.words.cardnames import card_name
from players.models import MailPreference
from web.table import ending

pytestmark = pytest.mark.django_db


def logged_in(django_user_model: Any, name: str) -> Client:
    user = django_user_model.objects.create_user(name, email=f"{name}@example.org", password="x")
    client = Client()
    client.force_login(user)
    return client


def test_a_player_who_chose_polish_sees_the_table_in_polish(django_user_model: Any) -> None:
    alice, bob = logged_in(django_user_model, "alice"), logged_in(django_user_model, "bob")
    r = alice.post("/language/", {"language": "pl", "next": "/"})
    assert r.status_code == 302 and r["Location"] == "/"
    assert MailPreference.objects.get(address="alice@example.org").language == "pl"
    data = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    r = alice.post("/new/", {**data, "seat1_kind": "open"})
    game = Game.objects.get(pk=int(r["Location"].strip("/").split("/")[-1]))
    assert bob.post(f"/games/{game.pk}/join/", {"seat": "1"}).status_code == 302
    state = engine.from_json(Game.objects.get(pk=game.pk).state)
    polish_page = alice.get(f"/games/{game.pk}/").content.decode()
    english_page = bob.get(f"/games/{game.pk}/").content.decode()
    assert '<html lang="pl">' in polish_page and "Twoja ręka" in polish_page
    assert '<html lang="en">' in english_page and "Your hand" in english_page
    assert "Wybierz rolę albo myśl." in polish_page and "Lead a role" not in polish_page
    assert "Lead a role, or think." in english_page
    assert ">Gruz</span>" in polish_page and ">Rubble</span>" in english_page  # the sites' words
    translated = [
        c for c in state.players[0].hand if card_name(state.names[c], "pl") != state.names[c]
    ]
    assert translated, "this deal has a hand card with a Polish name"
    for c in translated:
        polish = card_name(state.names[c], "pl")
        assert f'<span class="card-label" aria-hidden="true">{polish}</span>' in polish_page
        assert f'alt="{polish} ({state.names[c]}):' in polish_page
    # Bob's page shows his own hand in English, and never Alice's hand in any language.
    for c in state.players[1].hand:
        assert f'data-card="{c}"' in english_page
    for c in state.players[0].hand:
        assert f'data-card="{c}"' not in english_page


def test_the_switch_without_an_account_sets_the_cookie_only(client: Client) -> None:
    r = client.post("/language/", {"language": "pl", "next": "https://evil.example/"})
    assert r.status_code == 302 and r["Location"] == "/"  # no open redirect
    assert client.cookies["django_language"].value == "pl"
    assert "Otwarte stoły" in client.get("/").content.decode()
    assert not MailPreference.objects.exists()
    r = client.post("/language/", {"language": "xx", "next": "/"})
    assert client.cookies["django_language"].value == "pl"  # unchanged


def test_the_browser_language_is_the_default(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="pl-PL,pl;q=0.9").content.decode()
    assert '<html lang="pl">' in page and "Załóż konto" in page
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="en">' in page and "Sign up" in page


def test_the_forms_and_their_errors_in_polish(client: Client, django_user_model: Any) -> None:
    """Every page a newcomer meets: signing up, logging in, creating a game (with an error),
    a page that is not there, and the lobby's rows."""
    client.post("/language/", {"language": "pl", "next": "/"})
    signup = client.get("/signup/").content.decode()
    assert "Nazwa użytkownika" in signup and "Załóż konto" in signup and "Hasło" in signup
    login = client.get("/login/").content.decode()
    assert "Pierwszy raz tutaj?" in login and "Log in" not in login
    assert "Nic tu nie ma" in client.get("/no-such-page/", HTTP_ACCEPT="text/html").content.decode()
    user = django_user_model.objects.create_user("ola", password="x")
    client.force_login(user)
    new = client.get("/new/").content.decode()
    for words in ("Utwórz grę", "Republika", "Pierwsze wydanie (2005)", "3 graczy", "Miejsce 2"):
        assert words in new, words
    data = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    refused = client.post("/new/", {**data, "seat1_kind": "invited"}).content.decode()
    assert "Kogo zaprosić? Podaj adres e-mail." in refused
    client.post("/new/", {**data, "seat1_kind": "open"})
    lobby = client.get("/").content.decode()
    assert "Republika, 2 graczy" in lobby and "1 wolne miejsce" in lobby


def test_the_forms_stay_english_for_an_english_reader(client: Client) -> None:
    signup = client.get("/signup/").content.decode()
    assert "Username" in signup and "Create my account" in signup


def test_the_table_script_gets_its_words_in_the_readers_language(client: Client) -> None:
    """The game page loads Django's JavaScript catalog before the table script; the catalog
    holds the script's Polish words (and Polish plural rule) for a Polish reader, none for an
    English one (the script's own English stands)."""
    polish = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Wysy\\u0142am tw\\u00f3j ruch" in polish or "Wysyłam twój ruch" in polish
    assert "n%10>=2" in polish  # the Polish plural forms
    english = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sending your move" not in english and "ruch" not in english


def test_the_game_page_loads_the_catalog_before_the_script(django_user_model: Any) -> None:
    alice = logged_in(django_user_model, "alice")
    data = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    r = alice.post("/new/", {**data, "seat1_kind": "bot"})
    page = alice.get(r["Location"]).content.decode()
    assert page.index('src="/jsi18n/"') < page.index("web/table.js")


def test_the_seats_the_notices_and_the_end_in_polish(django_user_model: Any) -> None:
    """The names the page gives seats without a player, its notices after a form, and why a
    game ended."""
    alice = logged_in(django_user_model, "alice")
    alice.post("/language/", {"language": "pl", "next": "/"})
    data = {"version": "republic", "players": "3", "clock": "none", "seat0_kind": "me"}
    r = alice.post(
        "/new/",
        {**data, "seat1_kind": "invited", "seat1_email": "g@example.org", "seat2_kind": "open"},
    )
    page = alice.get(r["Location"]).content.decode()
    assert "Gość 2" in page and "Wolne miejsce 3" in page and "Guest" not in page
    bob = logged_in(django_user_model, "bob")
    english = bob.get(r["Location"]).content.decode()
    assert "Guest 2" in english and "Open seat 3" in english
    left = alice.post(r["Location"] + "leave/", follow=True).content.decode()
    assert "Nie siedzisz już przy tym stole." in left
    refused = alice.post(r["Location"] + "leave/", follow=True).content.decode()
    assert "Nie masz miejsca w tej grze." in refused
    view = {"end": {"reason": "catacomb", "winners": [0], "scores": []}}
    with translation.override("pl"):
        assert ending(view, {})["reason"] == "ukończono budowlę Katakumby"
        assert ending(view, {})["winners"] == ["Miejsce 1"]
    with translation.override("en"):
        assert ending(view, {})["reason"] == "a Catacomb was completed"
        assert (
            ending({"end": {**view["end"], "reason": "deck"}}, {})["reason"] == "the deck ran out"
        )


def test_a_game_won_by_surrender_tells_its_story_in_polish(django_user_model: Any) -> None:
    alice, bob = logged_in(django_user_model, "alice"), logged_in(django_user_model, "bob")
    alice.post("/language/", {"language": "pl", "next": "/"})
    data = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    r = alice.post("/new/", {**data, "seat1_kind": "open"})
    game = Game.objects.get(pk=int(r["Location"].strip("/").split("/")[-1]))
    bob.post(f"/games/{game.pk}/join/", {"seat": "1"})
    resignation.game_resign(game_id=game.pk, position=1)
    polish = alice.get(f"/games/{game.pk}/").content.decode()
    assert "(przez poddanie)" in polish and "bob rezygnuje: miejsce przejmuje bot." in polish
    assert "Koniec gry (przez poddanie). Wygrywa: alice." in polish
    english = bob.get(f"/games/{game.pk}/").content.decode()
    assert "(by surrender)" in english and "You resign: a bot plays your seat." in english
    assert "The game is over (by surrender). Winner: alice." in english


def test_the_heading_tab_title_and_seat_list_in_polish(django_user_model: Any) -> None:
    """L1: a Polish page kept English in its heading, tab title and seat list, and the language
    switch said "angielski": each language is named in its own words."""
    alice, bob = logged_in(django_user_model, "alice"), logged_in(django_user_model, "bob")
    alice.post("/language/", {"language": "pl", "next": "/"})
    data = {"version": "republic", "players": "2", "clock": "none", "seat0_kind": "me"}
    r = alice.post("/new/", {**data, "seat1_kind": "open"})
    game = int(r["Location"].strip("/").split("/")[-1])
    page = alice.get(f"/games/{game}/").content.decode()
    assert f"<title>Gra {game} · Glory to Rome</title>" in page
    assert f"<h1>Gra {game} <small>Republika, 2 graczy</small></h1>" in page
    assert 'Miejsce 1: <strong><a href="/players/alice/">alice</a></strong> (ty)' in page
    assert "Miejsce 2: " in page
    assert 'lang="en">English</button>' in page and "angielski" not in page
    watched = Client(HTTP_ACCEPT_LANGUAGE="pl").get(f"/games/{game}/").content.decode()
    assert "oglądasz" in watched and "Zajmij miejsce 2" in watched  # a visitor
    assert "Zaloguj</a> lub <a" in watched and "by zająć miejsce." in watched
    assert 'lang="pl">Polski</button>' in bob.get("/").content.decode()
