"""Determinism and state: `(config, seed, actions)` reproduces the
state; the state round-trips through JSON; the state hash is stable."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.cards import VERSIONS, material_of
from tests.engine.helpers import find, hand, lead, table, think

ROOT = Path(engine.__file__).resolve().parents[1]  # where this `engine` is imported from


def random_game(
    version: str, players: int, seed: int, steps: int
) -> tuple[list[engine.State], list[dict[str, object]]]:
    """A seeded random playout; returns every state and the actions played."""
    r = random.Random(seed)
    state = engine.new_game(version, players, seed)
    states, actions = [state], []
    for _ in range(steps):
        legal = engine.legal_actions(state)
        if not legal:
            break
        action = r.choice(legal)
        state = engine.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def round_trip(state: engine.State) -> engine.State:
    return engine.from_json(json.loads(json.dumps(engine.to_json(state))))


@pytest.mark.parametrize(
    ("version", "players"), [("republic", 2), ("imperium", 4), ("republic", 5)]
)
def test_json_round_trip_keeps_the_hash(version: str, players: int) -> None:
    states, _ = random_game(version, players, seed=players, steps=120)
    for state in states:
        back = round_trip(state)
        assert engine.state_hash(back) == engine.state_hash(state)
        assert engine.to_json(back) == engine.to_json(state)


def test_a_restored_state_plays_on_identically() -> None:
    """A state loaded from JSON (e.g. mid-Legionary, with decisions pending) continues exactly as
    the original does."""
    state = table(
        [
            {"hand": ["Academy", "Temple"], "clientele": ["Legionary"]},
            {"hand": ["Statue", "Palace"]},
            {"hand": ["Forum Romanum"]},
        ],
        pool=["Basilica"],
    )
    state = engine.apply(state, lead("legionary", find(state, hand(state, 0), "Academy")))
    state = engine.apply(state, think())
    state = engine.apply(state, think())
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, hand(state, 0), "Temple")]}
    )
    back = round_trip(state)
    assert engine.prompt(back) == engine.prompt(state)
    assert engine.legal_actions(back) == engine.legal_actions(state)
    for action in engine.legal_actions(state):
        assert engine.state_hash(engine.apply(back, action)) == engine.state_hash(
            engine.apply(state, action)
        )


@pytest.mark.parametrize(
    ("version", "players"), [("republic", 3), ("imperium", 2), ("imperium", 5)]
)
def test_replaying_the_actions_from_the_seed_gives_the_same_state(
    version: str, players: int
) -> None:
    states, actions = random_game(version, players, seed=100 + players, steps=200)
    replay = engine.new_game(version, players, seed=100 + players)
    assert engine.state_hash(replay) == engine.state_hash(states[0])
    for i, action in enumerate(actions):
        replay = engine.apply(replay, action)
        assert engine.state_hash(replay) == engine.state_hash(states[i + 1])


def test_every_action_changes_the_hash() -> None:
    states, _ = random_game("republic", 3, seed=8, steps=80)
    hashes = [engine.state_hash(s) for s in states]
    for a, b in itertools.pairwise(hashes):
        assert a != b


def test_the_hash_is_stable_across_processes() -> None:
    """The hash does not depend on Python's per-process hash randomisation or dict order."""
    states, actions = random_game("imperium", 3, seed=21, steps=60)
    script = (
        "import json, sys, engine\n"
        "actions = json.loads(sys.stdin.read())\n"
        "s = engine.new_game('imperium', 3, 21)\n"
        "for a in actions:\n"
        "    s = engine.apply(s, a)\n"
        "print(engine.state_hash(s))\n"
    )
    for hash_seed in ("0", "12345"):
        out = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(actions),
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert out.stdout.strip() == engine.state_hash(states[-1])


def test_the_hash_ignores_key_order_of_the_json() -> None:
    state = engine.new_game("republic", 4, seed=2)
    data = engine.to_json(state)
    shuffled = dict(reversed(list(data.items())))
    assert engine.state_hash(engine.from_json(shuffled)) == engine.state_hash(state)


def test_state_json_is_plain_data() -> None:
    """The state serialises with the standard json module only (no custom types)."""
    states, _ = random_game("republic", 2, seed=4, steps=40)
    for s in states:
        json.dumps(engine.to_json(s), allow_nan=False)


def test_unknown_format_is_refused() -> None:
    data = engine.to_json(engine.new_game("republic", 2, seed=1))
    data["format"] = 99
    with pytest.raises(ValueError):
        engine.from_json(data)


@pytest.mark.parametrize(
    ("version", "players", "options"),
    [
        ("republic", 2, {}),
        ("imperium", 5, {"geek": True}),
        ("first_edition", 3, {}),
        ("republic", 4, {"training": True}),
    ],
)
def test_the_hash_is_the_sorted_compact_json_whichever_writer(
    version: str, players: int, options: dict[str, object]
) -> None:
    """The state hash is the SHA-256 of the state's JSON, keys sorted, compact, ASCII, as the
    standard library writes it: the faster writer (orjson) gives the same bytes for every state of
    a whole random game, so the hashes stored with every move stay the same."""
    from engine import state as state_module

    r = random.Random(players)
    state = engine.new_game(version, players, players, options)
    count = 0
    while not engine.is_over(state) and count < 600:
        data = engine.to_json(state)
        standard = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
        assert state_module.canonical_json(data) == standard
        state = engine.apply(state, r.choice(engine.legal_actions(state)))
        count += 1
    assert count > 100


def test_what_the_faster_writer_would_write_otherwise_falls_back() -> None:
    from engine import state as state_module

    for data in ({"name": "Świątynia", "a": 1}, {"big": 2**70, "z": [1, 2]}):
        expected = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
        assert state_module.canonical_json(data) == expected


@pytest.mark.parametrize("version", VERSIONS)
def test_states_read_from_one_deck_share_its_materials(version: str) -> None:
    """Each card's material is looked up in the catalog once per deck, not once per state read
    from a snapshot: two states read from JSON share one table, which names every card's
    material as the catalog does (a Jack: none)."""
    state = engine.new_game(version, 3, seed=11)
    first, second = round_trip(state), round_trip(state)
    assert first.names is not second.names
    cards = range(len(state.names))
    assert [first.material(c) for c in cards] == [material_of(n) for n in state.names]
    assert [second.material(c) for c in cards] == [state.material(c) for c in cards]
    assert first.materials is second.materials
    assert None in first.materials  # the Jacks
