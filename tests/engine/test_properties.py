"""Seeded random playouts (OpenSpiel's random_sim_test): issue 2's property test.

2,000 complete random games across 2-5 players and both versions (a tenth of them training games).
After every action: every card is in exactly one zone and the total never changes; every seat's view
and the legal actions of the seat to act name only cards that seat may see; the state survives a
JSON round trip. After each game: replaying its actions from its seed gives the same state hash.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.state import State, zones

GAMES = 2000
CHUNKS = 40
MAX_STEPS = 5000


def config(game: int) -> tuple[str, int, dict[str, bool]]:
    r = random.Random(game)
    return r.choice(["republic", "imperium"]), r.randint(2, 5), {"training": game % 10 == 0}


def assert_conserved(state: State) -> None:
    seen = [c for ids in zones(state).values() for c in ids]
    assert len(seen) == len(state.names), "a card was created or lost"
    assert sorted(seen) == list(range(len(state.names))), "a card is in two zones"


def visible_to(state: State, seat: int | None) -> set[int]:
    """The cards a seat may identify, computed from the zones (independently of views.py)."""
    out = set(state.pool)
    over = state.end is not None
    for s, p in enumerate(state.players):
        out.update(p.camp, p.clientele, p.stockpile, p.vaulted)
        if over:
            out.update(p.vault)
        if s == seat:
            out.update(p.hand)
        for b in p.buildings:
            out.add(b.foundation)
            out.update(b.materials)
    for frame in state.frames:
        out.update(frame.get("revealed", ()))
    return out


def card_refs(data: Any) -> list[tuple[int, str | None]]:
    """Every card named in a JSON document: {"id", "name"} objects and action card fields."""
    found: list[tuple[int, str | None]] = []
    if isinstance(data, dict):
        if isinstance(data.get("id"), int) and "name" in data:
            found.append((data["id"], data["name"]))
        for key in ("card", "building"):
            if isinstance(data.get(key), int):
                found.append((data[key], None))
        if isinstance(data.get("cards"), list):
            found.extend((c, None) for c in data["cards"])
        for value in data.values():
            found.extend(card_refs(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(card_refs(value))
    return found


def assert_no_leak(state: State) -> None:
    for seat in [None, *range(state.n)]:
        allowed = visible_to(state, seat)
        v = engine.view(state, seat)
        for card, name in card_refs(v):
            assert card in allowed, f"seat {seat} sees hidden card {card}"
            assert name == state.names[card]
        if seat is not None and seat != engine.to_act(state):
            assert v["players"][(seat + 1) % state.n]["hand"] is None
    actor = engine.to_act(state)
    if actor is not None:
        allowed = visible_to(state, actor)
        for card, _ in card_refs(engine.legal_actions(state)):
            assert card in allowed, f"a legal action names card {card} hidden from its actor"


def play(game: int, check: bool) -> tuple[State, list[dict[str, Any]]]:
    version, players, options = config(game)
    state = engine.new_game(version, players, seed=game, options=options)
    r = random.Random(1_000_000 + game)
    actions = []
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            return state, actions
        action = r.choice(engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
        if check:
            assert_conserved(state)
            assert_no_leak(state)
    raise AssertionError(f"game {game} did not end in {MAX_STEPS} steps")


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    for game in range(chunk, GAMES, CHUNKS):
        final, actions = play(game, check=True)
        assert final.end is not None and final.end["reason"] in {"deck", "last_site"}
        version, players, options = config(game)
        replay = engine.new_game(version, players, seed=game, options=options)
        for action in actions:
            replay = engine.apply(replay, action)
        assert engine.state_hash(replay) == engine.state_hash(final)
        assert engine.state_hash(engine.from_json(engine.to_json(final))) == engine.state_hash(
            final
        )
