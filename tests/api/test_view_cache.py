"""The game view answered from the view cache (games.read.selectors.game_view_cached): an entry is
the view of one seat at one revision, so it never answers another seat (nor a spectator, nor a
seat token for another seat), a change makes a new one, and what changes with the time alone (a
running bank's time left, whether the server is late) is computed again on every answer."""

from __future__ import annotations

import copy
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import caches
from django.utils import timezone

import engine
from games.models import Game
from games.read.selectors import Caller
from games.services.moves import move_submit
from games.store.caches import VIEW_CACHE
from tests.conftest import assert_no_leak, signup, start_game
from web.table import table_context


def kept_keys(kind: str) -> set[str]:
    """The keys of the kept entries of one kind: `view`, `table` or `game`."""
    cache = caches[VIEW_CACHE]._cache  # type: ignore[attr-defined]
    return {key for key in cache if key.startswith(f":1:{kind}:")}


def as_data(entry: Any) -> Any:
    """A kept entry as data to compare: a game as its columns and its seats' columns."""
    if not isinstance(entry, Game):
        return entry

    def columns(obj: Any) -> dict[str, Any]:
        return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}

    return columns(entry), [columns(seat) for seat in entry.seats.all()]


def fresh(player, game_id: int) -> dict:
    """The view built anew (the cache emptied first)."""
    caches[VIEW_CACHE].clear()
    r = player.get(f"/api/games/{game_id}/")
    assert r.status_code == 200
    return r.json()


@pytest.fixture
def table(db):
    alice, bob, carol = signup(), signup(), signup()  # carol watches
    game_id = start_game(alice, [bob])
    r = bob.post(f"/api/games/{game_id}/seat-token/")
    assert r.status_code == 200
    bob_by_token = type(bob)(type(bob.client)(), "bob's seat", r.json()["token"], scheme="Seat")
    return game_id, {0: alice, 1: bob, None: carol, "token": bob_by_token}


def test_a_cached_view_never_answers_another_seat(table) -> None:
    game_id, people = table
    expected = {who: fresh(p, game_id) for who, p in people.items()}
    assert expected["token"] == expected[1]
    assert len({str(v["table"]) for v in expected.values()}) == 3  # three different views
    caches[VIEW_CACHE].clear()
    for order in ([1, 0, None, "token"], ["token", None, 0, 1]):
        for who in order * 2:  # built once for each seat, then from the cache
            seat = 1 if who == "token" else who
            got = people[who].get(f"/api/games/{game_id}/")
            assert got.json() == expected[who], who
            assert got["ETag"].endswith(f'-v{"s" if seat is None else seat}-en"')
            assert_no_leak(game_id, seat, got.json())


def test_a_move_makes_a_new_entry(table) -> None:
    game_id, people = table
    views = {who: people[who].game(game_id) for who in (0, 1)}
    mover = views[0]["to_act"]
    r = people[mover].move(game_id, views[mover]["seq"], views[mover]["legal_actions"][0]["action"])
    assert r.status_code == 201
    for who in (0, 1, None):
        again = people[who].get(f"/api/games/{game_id}/").json()
        assert again["seq"] == 1
        assert again == fresh(people[who], game_id)


def test_the_bank_and_the_lateness_are_never_stale(db) -> None:
    """A cached view's running bank comes from the game's stored deadline at each answer: moved
    by hand (no new revision, so the entry is a hit), the time left follows it; a decision late by
    more than the sweep interval shows as `server_delayed` at once."""
    alice, bob = signup(), signup()
    game_id = start_game(
        alice, [bob], clock={"kind": "bank", "seconds": 600, "increment": 10, "cap": 900}
    )
    first = alice.game(game_id)
    to_act = first["to_act"]
    assert 590 < first["seats"][to_act]["bank"] <= 600
    games = Game.objects.filter(pk=game_id)
    games.update(deadline=timezone.now() + timedelta(seconds=100))
    again = alice.game(game_id)
    assert again["revision"] == first["revision"]  # the same entry
    assert 95 < again["seats"][to_act]["bank"] <= 100
    assert again["seats"][1 - to_act]["bank"] == first["seats"][1 - to_act]["bank"]
    assert not again["server_delayed"]
    games.update(deadline=timezone.now() - timedelta(hours=1))
    late = alice.game(game_id)
    assert late["seats"][to_act]["bank"] == 0 and late["server_delayed"]


def test_the_movers_answer_is_kept_for_the_movers_next_look(
    table, django_assert_num_queries
) -> None:
    """A move's answer holds the mover's new view, built once and kept in the view cache: the
    mover's next look is answered from it (the token and the key alone), the same view a build
    from the database makes, and in the move's language only (an English answer never answers
    the mover's Polish look). The other seats' views are not built by the move, but from the
    game it kept: the token and the key alone again."""
    game_id, people = table
    views = {who: people[who].game(game_id) for who in (0, 1)}
    mover = views[0]["to_act"]
    legal = views[mover]["legal_actions"][0]["action"]
    r = people[mover].move(game_id, views[mover]["seq"], legal)
    assert r.status_code == 201 and r["Content-Language"] == "en"
    answer = r.json()["game"]
    with django_assert_num_queries(2):
        again = people[mover].get(f"/api/games/{game_id}/")
    assert again.json() == answer == fresh(people[mover], game_id)
    assert_no_leak(game_id, mover, again.json())
    views_kept = kept_keys("view")
    with django_assert_num_queries(2):  # the other seat's view, from the game the move kept
        other = people[1 - mover].get(f"/api/games/{game_id}/")
    assert other.json()["my_seat"] == 1 - mover
    assert len(kept_keys("view") - views_kept) == 1  # built now
    assert other.json() == fresh(people[1 - mover], game_id)
    assert_no_leak(game_id, 1 - mover, other.json())
    polish = people[mover].get(f"/api/games/{game_id}/", HTTP_ACCEPT_LANGUAGE="pl")
    assert polish["Content-Language"] == "pl" and polish.json() != answer


def test_a_view_is_built_from_the_game_kept_at_its_revision_only(
    table, django_assert_num_queries
) -> None:
    """A move made outside this process's requests (a bot's, a worker's) left no game kept at
    the new revision: the first look reads the game from the database, and the game it read is
    kept for the next seat's look. The game kept at the revision before never answers."""
    game_id, people = table
    for who in (0, 1):
        people[who].get(f"/api/games/{game_id}/")  # the game kept at this revision
    game = Game.objects.get(pk=game_id)
    state = engine.from_json(game.state)
    to_act = engine.to_act(state)
    move_submit(
        game_id=game_id,
        caller=Caller(position=to_act),
        seq=game.seq,
        action=engine.legal_actions(state)[0],
    )
    with django_assert_num_queries(3):  # the token, the key, the game with its seats
        first = people[to_act].get(f"/api/games/{game_id}/").json()
    with django_assert_num_queries(2):  # the token and the key: the game as the first read it
        second = people[1 - to_act].get(f"/api/games/{game_id}/").json()
    assert first["seq"] == second["seq"] == game.seq + 1
    assert first == fresh(people[to_act], game_id)
    assert second == fresh(people[1 - to_act], game_id)
    assert_no_leak(game_id, 1 - to_act, second)


def test_every_reader_leaves_the_kept_views_as_they_were(db) -> None:
    """The cache keeps the views themselves and the games they were built from, not copies
    (games.store.objectcache): answering from it, building the move's answer, the web table and a
    running bank's time left must read them and change nothing."""
    alice, bob = signup(), signup()
    game_id = start_game(
        alice, [bob], clock={"kind": "bank", "seconds": 600, "increment": 10, "cap": 900}
    )
    caches[VIEW_CACHE].clear()
    players = {0: alice, 1: bob}
    for player in players.values():
        player.get(f"/api/games/{game_id}/")  # built and kept
    kept = caches[VIEW_CACHE]._cache  # type: ignore[attr-defined]
    before = {key: (value, copy.deepcopy(as_data(value))) for key, value in kept.items()}
    for kind in ("view", "table", "game"):
        assert any(key.startswith(f":1:{kind}:") for key in before), kind

    game = Game.objects.get(pk=game_id)
    for seat in [*game.seats.all(), None]:
        table_context(game, seat)  # the web table, from the kept table parts
    for player in players.values():
        assert player.get(f"/api/games/{game_id}/").status_code == 200  # from the cache
    mover = alice.game(game_id)["to_act"]
    view = players[mover].game(game_id)
    r = players[mover].move(game_id, view["seq"], view["legal_actions"][0]["action"])
    assert r.status_code == 201
    r.json()["game"]["seats"].clear()  # a client's copy: nothing kept
    for key, (value, data) in before.items():  # the objects kept, even one since replaced
        assert as_data(value) == data, key
    assert len(kept) > len(before)  # the move's answer was kept too
    game_key = f":1:game:{game_id}"
    assert kept[game_key] is not before[game_key][0]  # the game the move's answer was built from
