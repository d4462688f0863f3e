"""Hidden information over HTTP: across random games, with undos and takebacks now and then, no
response to a seat (view, move result, history, event log, errors, legal actions) names a card
hidden from it; spectators see no hand at all. The event streams send the event log's very
objects (tests/api/test_streams.py)."""

from __future__ import annotations

import random

import pytest

import engine
from games.management.commands.verify_games import verify
from games.models import Game, Move
from tests.conftest import (
    EventsChecker,
    assert_no_leak,
    hidden_from,
    play_http_game,
    private_state,
    signup,
    start_game,
)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "version", "seed"), [(2, "imperium", 1), (3, "republic", 2)])
def test_no_response_names_a_hidden_card(db, players: int, version: str, seed: int) -> None:
    people = [signup() for _ in range(players)]
    game_id = start_game(people[0], people[1:], version=version)
    play_http_game(
        game_id,
        dict(enumerate(people)),
        seed=seed,
        max_moves=120,
        check_leaks=True,
        check_events=True,
        undo_rate=0.3,
    )
    logged = [m.action["type"] for m in Move.objects.filter(game_id=game_id)]
    assert "undo" in logged  # the game took moves back
    assert verify(Game.objects.get(pk=game_id)) == []
    state = private_state(game_id)
    for seat, p in enumerate(people):
        assert_no_leak(game_id, seat, p.game(game_id))
        assert_no_leak(game_id, seat, p.get(f"/api/games/{game_id}/moves/").json())
        assert_no_leak(game_id, seat, p.get(f"/api/games/{game_id}/wait/?seq=0").json())
    # Errors: naming another seat's hand card does not reveal what it is.
    rnd = random.Random(seed)
    for seat, p in enumerate(people):
        other = (seat + 1) % players
        if not state.players[other].hand:
            continue
        card = rnd.choice(state.players[other].hand)
        name = state.names[card]
        for action in (
            {"type": "lead", "role": "laborer", "cards": [card]},
            {"type": "follow", "cards": [card]},
            {"type": "lay", "card": card, "site": "brick"},
            {"type": "sell", "card": card},
            {"type": "demand", "cards": [card]},
        ):
            r = p.move(game_id, p.game(game_id)["seq"], action)
            assert 400 <= r.status_code < 500
            assert name not in r.content.decode(), (action, r.content)


def test_spectators_see_no_hand(db, alice, bob, anon) -> None:
    game_id = start_game(alice, [bob])
    play_http_game(game_id, {0: alice, 1: bob}, max_moves=20)
    carol = signup("carol")
    for spectator in (anon, carol):
        view = spectator.game(game_id)
        assert view["my_seat"] is None and view["legal_actions"] == []
        assert all(p["hand"] is None for p in view["table"]["players"])
        assert_no_leak(game_id, None, view)
    # A spectator's hidden set includes every hand, but for the cards a Legionary's demand is
    # showing to the table right now (the game's seed is random: a deal may stop there).
    state = private_state(game_id)
    shown = {c["id"] for c in (engine.view(state, None)["prompt"] or {}).get("revealed", [])}
    assert set(state.players[0].hand) - shown <= hidden_from(state, None)


def test_seat_tokens_are_never_shown(transactional_db, alice, mailoutbox) -> None:
    r = alice.post(
        "/api/games/",
        {"players": 2, "seats": [{"kind": "me"}, {"kind": "invited", "email": "g@example.com"}]},
    )
    token = mailoutbox[0].body.split("Authorization: Seat ")[1].split()[0]
    game_id = r.json()["id"]
    for path in (f"/api/games/{game_id}/", "/api/games/", f"/api/games/{game_id}/moves/"):
        assert token not in alice.get(path).content.decode()
    assert token not in r.content.decode()


def test_the_event_check_catches_a_seat_shown_another_seats_draw(db, alice, bob, monkeypatch):
    """The check of the event log (EventsChecker) is not blind: if every viewer were given the
    drawer's own rendering of a draw, it would fail."""
    from games.events import story

    game_id = start_game(alice, [bob])
    checker = EventsChecker(game_id, {0: alice, 1: bob})
    real = story.rendered
    monkeypatch.setattr(
        story,
        "rendered",
        lambda e, position, *language: real(e, e.public.get("seat", position), *language),
    )
    mover = alice if alice.game(game_id)["to_act"] == 0 else bob
    before = private_state(game_id)
    mover.move(game_id, 0, {"type": "think", "take": "cards"})
    with pytest.raises(AssertionError, match="hidden cards"):
        checker.check(before)


POLICIES = [
    {"when": "follow", "do": "think", "take": "cards", "unless": "follow"},
    {"when": "give", "do": "give"},
    {"when": "claim", "do": "claim", "prefer": "dearest"},
    {"when": "act", "role": "laborer", "do": "gather", "prefer": "dearest"},
    {"when": "sewer", "do": "skip"},
]


@pytest.mark.slow
def test_no_response_names_a_hidden_card_with_standing_orders(db) -> None:
    """The same game over HTTP, every seat with standing orders, and after each of its own
    moves a seat names a card of its hand to follow with: the orders fire (actor `order`) and
    still no view, answer, event or order list names a card hidden from its reader."""
    from games.models import Move
    from tests.conftest import checked_answer

    people = [signup() for _ in range(3)]
    game_id = start_game(people[0], people[1:], version="republic")
    rnd = random.Random(31)

    def put(player, orders) -> None:
        path = f"/api/games/{game_id}/orders/"
        r = checked_answer(player.client.put(path, {"orders": orders}, format="json"))
        assert r.status_code == 200, r.content

    def name_a_card(player, view) -> None:
        hand = view["table"]["players"][view["my_seat"]]["hand"]
        if hand and rnd.random() < 0.5:
            card = rnd.choice(hand)["id"]
            put(player, [{"when": "follow", "do": "follow", "cards": [card]}, *POLICIES])

    for p in people:
        put(p, POLICIES)
    play_http_game(
        game_id,
        dict(enumerate(people)),
        seed=4,
        max_moves=100,
        check_leaks=True,
        check_events=True,
        after_move=name_a_card,
    )
    assert Move.objects.filter(game_id=game_id, actor="order").count() >= 10
    for seat, p in enumerate(people):
        assert_no_leak(game_id, seat, p.get(f"/api/games/{game_id}/orders/").json())
        assert_no_leak(game_id, seat, p.get("/api/stream/?after=0").json())


def test_a_profile_names_no_card_of_a_game_under_way(db, anon) -> None:
    """Profiles (docs/api.md, People): a player's games under way show public facts alone; no
    card of any game, hidden or not, and no secret reaches a reader, seated or not."""
    people = [signup() for _ in range(3)]
    game_id = start_game(people[0], people[1:])
    play_http_game(game_id, dict(enumerate(people)), seed=3, max_moves=40)
    for seat, reader in [*enumerate(people), (None, anon)]:
        for p in people:
            profile = reader.get(f"/api/players/{p.name}/").json()
            assert_no_leak(game_id, seat, profile)
            assert "cards" not in str(profile) and "hand" not in str(profile)


def test_no_spectators_line_nor_note_reaches_another_reader(db, alice, bob, anon) -> None:
    """Issue 32: a spectators' line never reaches a player during the game, and a seat's note
    never reaches anyone but its player, by any read: the view, the events, the chat, the feed."""
    game_id = start_game(alice, [bob])
    watcher = signup()
    secret_line, secret_note = "spectator-secret-7f3a", "note-secret-91c2"
    assert watcher.post(f"/api/games/{game_id}/chat/", {"text": secret_line}).status_code == 201
    put = alice.client.put(f"/api/games/{game_id}/note/", {"text": secret_note}, format="json")
    assert put.status_code == 200
    reads = [
        f"/api/games/{game_id}/",
        f"/api/games/{game_id}/events/?page_size=100",
        f"/api/games/{game_id}/chat/",
        f"/api/games/{game_id}/moves/",
        f"/api/games/{game_id}/note/",
        "/api/stream/?page_size=100",
    ]
    for reader in (alice, bob):
        for path in reads:
            body = reader.client.get(path).content.decode()
            assert secret_line not in body, (reader.name, path)
            if reader is bob:
                assert secret_note not in body, path
    for reader in (watcher, anon):
        for path in reads[:4]:
            assert secret_note not in reader.client.get(path).content.decode(), path
