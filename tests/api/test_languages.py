"""Card names in the reader's language (docs/api.md, Languages): the catalog, a seat's view,
its legal moves and its events name cards in Polish for a player who chose Polish (or whose
client asks with Accept-Language), in English for everyone else at the same table; the
preference is set with PATCH /api/notifications/; translation never names a hidden card."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

import engine
from engine.cards import GEEK_NAMES, JACK, ORDER_TYPE, VERSIONS, order_types
from games.models import Game
from games.read import selectors
from games.store import rows
from games.words.cardnames import NO_POLISH_NAME, POLISH_NAMES, card_name
from tests.conftest import (
    Player,
    assert_no_leak,
    checked_answer,
    named_cards,
    signup,
    start_game,
)

POLISH = {card_name(name, "pl") for name in [JACK, *ORDER_TYPE]}
ENGLISH = {JACK, *ORDER_TYPE}


def choose(player: Player, language: Any) -> Any:
    get_user_model().objects.filter(username=player.name).update(email=f"{player.name}@example.org")
    return patch(player, {"language": language})


def patch(player: Player, data: dict[str, Any]) -> Any:
    """PATCH the preferences; the answer checked against openapi.yaml and the code list."""
    return checked_answer(player.client.patch("/api/notifications/", data, format="json"))


def card_dicts(data: Any) -> list[dict[str, Any]]:
    found, stack = [], [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("id"), int) and "name" in item:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_every_type_of_every_ruleset_has_its_polish_name_but_three() -> None:
    """The Polish edition names every Black Box type but the Crane, the Domus Aurea and the
    Tribunal; a first-edition type takes the name of its printed namesake, marked (2005)."""
    kept = set()
    for version in VERSIONS:
        for t in order_types(version):
            if card_name(t.name, "pl") == t.name:
                kept.add(t.name)
    same_in_polish = {"Atrium", "Atrium (2005)", "Insula", "Vomitorium"}
    assert kept == NO_POLISH_NAME | same_in_polish
    # The Geek expansion's types have names of our own, the Latin one where Polish keeps it.
    geek = {name: card_name(name, "pl") for name in GEEK_NAMES}
    assert {n for n, pl in geek.items() if pl == n} == {"Solarium"}
    assert geek["Watch Post"] == "Strażnica" and geek["Bacchanalia"] == "Bachanalia"
    assert card_name("Bath", "pl") == "Łaźnie" and card_name(JACK, "pl") == "Senator"
    assert card_name("Bar (2005)", "pl") == "Tawerna (2005)"
    assert card_name("Coliseum (2005)", "pl") == "Arena (2005)"
    assert card_name("Bath", "en") == card_name("Bath", "de") == "Bath"
    assert set(POLISH_NAMES) <= ENGLISH


@pytest.mark.parametrize("version", VERSIONS)
def test_the_catalog_in_polish_keeps_the_english_type(db, anon: Player, version: str) -> None:
    english = anon.get(f"/api/cards/?version={version}")
    polish = anon.get(f"/api/cards/?version={version}", HTTP_ACCEPT_LANGUAGE="pl,en;q=0.5")
    assert english["Content-Language"] == "en" and polish["Content-Language"] == "pl"
    assert [r["type"] for r in polish.json()] == [r["name"] for r in english.json()]
    for en, pl in zip(english.json(), polish.json(), strict=True):
        assert pl["name"] == card_name(en["name"], "pl")
        assert {**pl, "name": en["name"]} == en  # only the name differs
    names = {r["name"] for r in polish.json()}
    assert "Łaźnie" in names or "Łaźnie (2005)" in names


def test_the_preference_is_set_and_cleared_and_a_bad_one_changes_nothing(db) -> None:
    ann = signup("ann")
    r = choose(ann, "pl")
    assert r.status_code == 200 and r.json()["language"] == "pl"
    assert ann.get("/api/notifications/").json()["language"] == "pl"
    r = patch(ann, {"language": "de", "digest": True})
    assert r.status_code == 422 and r.json()["code"] == "bad_language", r.content
    after = ann.get("/api/notifications/").json()
    assert after["language"] == "pl" and after["digest"] is False  # nothing changed
    assert patch(ann, {"language": ""}).json()["code"] == "bad_language"  # null clears, not ""
    assert patch(ann, {"language": 1}).status_code == 400  # not a string: malformed
    r = patch(ann, {"language": None})
    assert r.status_code == 200 and r.json()["language"] is None


def test_a_seat_that_chose_polish_sees_polish_names_and_the_other_english(db) -> None:
    alice, bob = signup("alice"), signup("bob")
    assert choose(alice, "pl").status_code == 200
    game_id = start_game(alice, [bob])
    views = {0: alice.game(game_id), 1: bob.game(game_id)}
    hands = {s: v["table"]["players"][s]["hand"] for s, v in views.items()}
    assert {c["name"] for c in hands[0]} <= POLISH and {c["name"] for c in hands[1]} <= ENGLISH
    assert {c["name"] for c in hands[0]} - ENGLISH, "a Polish hand shows Polish names"
    r = alice.get(f"/api/games/{game_id}/")
    assert r["Content-Language"] == "pl" and r["ETag"].endswith('-pl"')
    # The seat to act plays a card; both seats' events name it, each in its own language.
    mover = views[0]["to_act"]
    player = (alice, bob)[mover]
    lead = next(
        a
        for a in views[mover]["legal_actions"]
        if a["action"]["type"] == "lead"
        and len(a["action"]["cards"]) == 1
        and private_name(game_id, a["action"]["cards"][0]) != JACK
    )
    (card_id,) = lead["action"]["cards"]
    english_name = private_name(game_id, card_id)
    if mover == 0:  # the move's label is in Polish too, with the Polish edition's role words
        assert lead["label"].startswith("Wybierz rolę ")
        assert card_name(english_name, "pl") in lead["label"]
    else:
        assert lead["label"].startswith("Lead ") and english_name in lead["label"]
    assert player.move(game_id, views[mover]["seq"], lead["action"]).status_code == 201
    for p, language in ((alice, "pl"), (bob, "en")):
        events = p.get(f"/api/games/{game_id}/events/").json()["results"]
        action = next(e for e in events if e["type"] == "action")
        named = {c["id"]: c["name"] for c in action["cards"]}
        assert named[card_id] == card_name(english_name, language)


def private_name(game_id: int, card_id: int) -> str:
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    return str(state.names[card_id])


def test_translation_names_no_card_the_seat_cannot_see(db) -> None:
    """The Polish view of a seat names exactly the cards its English view names, and none
    hidden from it; the other hand stays a count."""
    alice, bob = signup("alice"), signup("bob")
    choose(alice, "pl")
    game_id = start_game(alice, [bob])
    polish = alice.game(game_id)
    game = selectors.game_get(game_id)
    seat = rows.seats_of(game)[0]
    english = selectors.game_view_for_seat(game, seat, "en")
    assert named_cards(polish) == named_cards(english)
    assert polish["table"]["players"][1]["hand"] is None
    assert_no_leak(game_id, 0, polish)
    events = alice.get(f"/api/games/{game_id}/events/").json()
    assert_no_leak(game_id, 0, events)
    for card in card_dicts(polish):
        assert card["name"] in POLISH


def test_a_cached_view_in_another_language_is_not_reused(db) -> None:
    """The ETag holds the language: an English ETag never gets 304 for a Polish reader."""
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    url = f"/api/games/{game_id}/"
    first = alice.get(url)
    english = first["ETag"]
    choose(alice, "pl")
    r = alice.get(url, HTTP_IF_NONE_MATCH=english)
    assert r.status_code == 200 and r["ETag"] != english and r["Content-Language"] == "pl"
    # the same revision, but not the English view from the cache: its cards have Polish names
    assert r.json()["revision"] == first.json()["revision"] and r.json() != first.json()
    assert alice.get(url, HTTP_IF_NONE_MATCH=r["ETag"]).status_code == 304


def test_a_spectator_who_chose_polish_watches_in_polish(db) -> None:
    alice, bob, carol = signup("alice"), signup("bob"), signup("carol")
    game_id = start_game(alice, [bob])
    choose(carol, "pl")
    mover = alice.game(game_id)["to_act"]
    player = (alice, bob)[mover]
    view = player.game(game_id)
    lead = next(
        a["action"]
        for a in view["legal_actions"]
        if a["action"]["type"] == "lead"
        and len(a["action"]["cards"]) == 1
        and private_name(game_id, a["action"]["cards"][0]) != JACK
    )
    assert player.move(game_id, view["seq"], lead).status_code == 201
    watched = carol.game(game_id)
    assert watched["my_seat"] is None and watched["table"]["players"][mover]["hand"] is None
    (led,) = lead["cards"]
    camp = {c["id"]: c["name"] for c in watched["table"]["players"][mover]["camp"]}
    assert camp[led] == card_name(private_name(game_id, led), "pl")
    assert_no_leak(game_id, None, watched)


def test_the_prompt_in_polish_for_a_polish_reader_and_the_engines_english_for_others(db) -> None:
    """The prompt (and the table's copy of it) says what to do in the reader's language: for an
    English reader exactly the engine's text, for a Polish one the same decision in Polish."""
    alice, bob = signup("alice"), signup("bob")
    choose(alice, "pl")
    game_id = start_game(alice, [bob])
    engine_prompt = engine.prompt(engine.from_json(Game.objects.get(pk=game_id).state))
    assert engine_prompt is not None and engine_prompt["text"] == "Lead a role, or think."
    english, polish = bob.game(game_id), alice.game(game_id)
    assert english["prompt"] == engine_prompt
    assert english["table"]["prompt"] == engine_prompt
    for prompt in (polish["prompt"], polish["table"]["prompt"]):
        assert prompt == {**engine_prompt, "text": "Wybierz rolę albo myśl."}
    # a spectator asking in Polish by Accept-Language alone
    watched = signup("carol").client.get(f"/api/games/{game_id}/", HTTP_ACCEPT_LANGUAGE="pl").json()
    assert watched["prompt"]["text"] == "Wybierz rolę albo myśl."
