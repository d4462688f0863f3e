"""Game records by card names (engine/record.py, docs/records.md): the deal rebuilds the table,
and export → import → replay gives the same game, for 100 random complete games of each version
(2 to 5 players, some in the training game)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine import record as records


def random_game(version: str, n: int, seed: int) -> tuple[engine.State, list, engine.State]:
    r = random.Random(seed)
    training = seed % 7 == 0 and version != "first_edition"  # it has no training game
    first = engine.new_game(version, n, seed, {"training": training})
    state, log = first, []
    while not engine.is_over(state):
        seat = engine.to_act(state)
        action = r.choice(engine.legal_actions(state))
        state = engine.apply(state, action, seat=seat)
        log.append((seat, action))
    return first, log, state


def test_the_deal_rebuilds_the_table() -> None:
    for version in engine.cards.VERSIONS:
        for n in range(2, 6):
            first = engine.new_game(version, n, seed=n)
            again = engine.scenario({**records.deal(first), "seed": 99})
            assert records.canonical(again) == records.canonical(first)
            assert again.names != first.names or again.deck != first.deck  # other ids, same cards


@pytest.mark.slow
@pytest.mark.parametrize("version", engine.cards.VERSIONS)
@pytest.mark.parametrize("batch", range(2))
def test_export_import_replay_is_the_same_game(version: str, batch: int) -> None:
    for seed in range(batch * 25, batch * 25 + 25):  # 50 games per version in all
        first, log, final = random_game(version, 2 + seed % 4, seed)
        exported = json.loads(json.dumps(records.record(first, log)))  # plain JSON, by names
        assert not any(isinstance(c, int) for c in _cards(exported))
        state, replayed = records.replay(exported, seed=seed + 1000)
        assert records.canonical(state) == records.canonical(final)
        assert state.end == final.end and len(replayed) == len(log)


def _cards(exported: dict) -> list:
    out = []
    for entry in exported["actions"]:
        out.extend(records._card_refs(entry["action"]))
    return out


def test_a_surrender_and_a_partial_replay() -> None:
    first, log, _ = random_game("republic", 3, 5)
    log = [*log[:40], (None, {"type": "surrender", "winner": 2})]
    exported = records.record(first, log)
    state, _ = records.replay(exported)
    assert state.end["reason"] == "surrender" and state.end["winners"] == [2]
    partial, replayed = records.replay(exported, upto=10)
    assert len(replayed) == 10 and partial.moves == 10 and not engine.is_over(partial)


def test_places_are_written_only_where_a_name_is_ambiguous() -> None:
    """With an Archway an Architect may build from the Pool or from the Stockpile: a Brick in
    each is the same name with another effect (Black Box rulebook, Archway)."""
    from tests.engine.helpers import find, table

    state = table(
        [
            {
                "hand": ["Tower"],
                "stockpile": ["Bath"],
                "buildings": [
                    {"name": "Archway", "materials": ["Brick", "Brick"], "complete": True},
                    {"name": "Shrine"},
                ],
            },
            {},
        ],
        pool=["Bath", "Temple"],
    )
    lead = {
        "type": "lead",
        "role": "architect",
        "cards": [find(state, state.players[0].hand, "Tower")],
    }
    assert records.export_action(state, lead, engine.legal_actions(state)) == {
        "type": "lead",
        "role": "architect",
        "cards": ["Tower"],
    }
    state = engine.apply(state, lead)
    state = engine.apply(state, {"type": "think", "take": "cards"})
    legal = engine.legal_actions(state)
    shrine = state.players[0].buildings[1].foundation
    from_pool = next(a for a in legal if a["type"] == "build" and a["card"] in state.pool)
    exported = records.export_action(state, from_pool, legal)
    assert exported == {
        "type": "build",
        "card": "Bath@pool",
        "building": "Shrine@players.0.buildings.1",
    }
    assert records.resolve(state, exported) == from_pool
    assert from_pool["building"] == shrine


def test_bad_records_are_refused() -> None:
    first, log, _ = random_game("imperium", 2, 3)
    good = records.record(first, log[:5])
    with pytest.raises(engine.SetupError) as e:
        records.replay({**good, "format": "other"})
    assert e.value.code == "bad_record"
    broken = json.loads(json.dumps(good))
    broken["actions"][0]["action"] = {
        "type": "lead",
        "role": "patron",
        "cards": ["Statue", "Statue", "Statue", "Statue"],
    }
    with pytest.raises(engine.EngineError) as e:
        records.replay(broken)
    assert e.value.code in ("unresolvable", "card_not_held", "not_your_turn")
