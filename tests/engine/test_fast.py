"""The search path (engine.fast) is the facade without the copy, the JSON and the checks: over
many random games, playing an option in place gives exactly the state (and hash) `engine.apply`
returns, its options are `engine.legal_actions`, and a copy is independent of its original."""

from __future__ import annotations

import random

import pytest

import engine
from engine import fast
from engine.state import to_json

CONFIGS = [
    (version, players)
    for version in ("republic", "imperium", "first_edition")
    for players in (2, 3, 4, 5)
]


@pytest.mark.parametrize(("version", "players"), CONFIGS)
def test_play_in_place_equals_apply(version: str, players: int) -> None:
    for game in range(6):
        seed = 100 * players + game
        r = random.Random(seed)
        options = {"training": game == 5 and version != "first_edition"}  # none in 2005
        state = engine.new_game(version, players, seed, options)
        inplace = engine.new_game(version, players, seed, options)
        while not engine.is_over(state):
            options = fast.options(inplace)
            assert [a.to_json() for a in options] == engine.legal_actions(state)
            choice = r.randrange(len(options))
            state = engine.apply(state, engine.legal_actions(state)[choice])
            fast.play(inplace, options[choice])
            assert engine.state_hash(inplace) == engine.state_hash(state)
        assert to_json(inplace) == to_json(state)
        assert fast.options(inplace) == []


def test_a_copy_is_independent_of_its_original() -> None:
    state = engine.new_game("republic", 3, 9)
    r = random.Random(9)
    for _ in range(150):  # into the game: structures, clients, a memo of powers
        fast.play(state, r.choice(fast.options(state)))
    before = engine.state_hash(state)
    copy = fast.copy(state)
    for _ in range(100):
        if engine.is_over(copy):
            break
        fast.play(copy, r.choice(fast.options(copy)))
    assert engine.state_hash(state) == before
    assert engine.legal_actions(state) == [a.to_json() for a in fast.options(state)]
