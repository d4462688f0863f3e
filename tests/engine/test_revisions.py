"""Rules revisions: a game plays by the revision it was created with, and a game created before a
ruling changed replays to its stored hashes after it (docs/rules.md, Rules revisions)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine import fast, revisions
from engine import record as records
from engine.determinize import Dealer
from tests.ruling_change import change_a_ruling


def play(state: engine.State, steps: int, seed: int) -> tuple[list[dict], list[str]]:
    """A seeded random playout: the actions played and the state hash after each."""
    r = random.Random(seed)
    actions, hashes = [], []
    for _ in range(steps):
        legal = engine.legal_actions(state)
        if not legal:
            break
        actions.append(r.choice(legal))
        state = engine.apply(state, actions[-1])
        hashes.append(engine.state_hash(state))
    return actions, hashes


def replay(state: engine.State, actions: list[dict]) -> list[str]:
    hashes = []
    for action in actions:
        state = engine.apply(state, action)
        hashes.append(engine.state_hash(state))
    return hashes


def plays_differently(a: engine.State, b: engine.State, actions: list[dict]) -> bool:
    """Whether the same moves lead `a` and `b` apart (the revision number itself aside)."""
    try:
        for action in actions:
            a, b = engine.apply(a, action), engine.apply(b, action)
            ja, jb = engine.to_json(a), engine.to_json(b)
            ja.pop("rules_revision", None), jb.pop("rules_revision", None)
            if ja != jb:
                return True
    except engine.IllegalAction:
        return True  # a move legal under one revision is not under the other
    return False


def test_a_new_game_records_the_current_revision() -> None:
    state = engine.new_game("imperium", 3, seed=1)
    assert (
        state.rules_revision == engine.current_revision("imperium") == revisions.CURRENT["imperium"]
    )
    assert engine.to_json(state)["rules_revision"] == state.rules_revision
    # The baseline is not written, so snapshots made before revisions existed keep their hash.
    old = engine.new_game("imperium", 3, seed=1, rules_revision=revisions.BASELINE)
    assert "rules_revision" not in engine.to_json(old)


@pytest.mark.parametrize("bad", [0, 99, "1", True, 1.0])
def test_an_unknown_revision_is_refused(bad: object) -> None:
    with pytest.raises(engine.SetupError) as err:
        engine.new_game("republic", 2, seed=1, rules_revision=bad)  # type: ignore[arg-type]
    assert err.value.code == "bad_rules_revision"


@pytest.mark.pure_engine  # tests/ruling_change.py patches engine.powers
def test_a_game_created_before_a_ruling_changed_replays_to_its_hashes_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = engine.new_game("republic", 3, seed=11)
    actions, hashes = play(before, 150, seed=11)
    snapshot = json.loads(json.dumps(engine.to_json(before)))

    change_a_ruling(monkeypatch)

    # Replayed from its setup under the revision it recorded: the same hashes, move by move.
    pinned = engine.new_game("republic", 3, seed=11, rules_revision=before.rules_revision)
    assert replay(pinned, actions) == hashes
    # Restored from its snapshot, it keeps its revision too.
    assert replay(engine.from_json(snapshot), actions) == hashes
    # A new game gets the new revision, and the change is real: the same seed and moves differ.
    now = engine.new_game("republic", 3, seed=11)
    assert now.rules_revision == before.rules_revision + 1
    assert plays_differently(now, pinned, actions)


def test_a_revision_round_trips_and_changes_the_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    latest = revisions.CURRENT["imperium"] + 1
    change_a_ruling(monkeypatch, "imperium")
    new = engine.new_game("imperium", 2, seed=3)
    old = engine.new_game("imperium", 2, seed=3, rules_revision=revisions.BASELINE)
    assert engine.to_json(new)["rules_revision"] == latest
    assert engine.from_json(engine.to_json(new)).rules_revision == latest
    assert engine.state_hash(new) != engine.state_hash(old)


def test_a_scenario_may_name_its_revision(monkeypatch: pytest.MonkeyPatch) -> None:
    latest = revisions.CURRENT["republic"] + 1
    change_a_ruling(monkeypatch)
    players = [{"hand": ["Bar"]}, {"hand": ["Road"]}]
    assert engine.scenario({"players": players}).rules_revision == latest
    assert engine.scenario({"players": players, "rules_revision": 1}).rules_revision == 1


def test_copies_records_and_determinised_deals_keep_the_revision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's revision survives everything that rebuilds its table: a clone (the search path's
    copy), a record's replay, and a state dealt from a seat's view."""
    change_a_ruling(monkeypatch, "republic")
    old = engine.new_game("republic", 3, seed=5, rules_revision=revisions.BASELINE)
    assert old.clone().rules_revision == fast.copy(old).rules_revision == revisions.BASELINE
    data = records.record(old, [])
    assert data["ruleset"]["rules_revision"] == data["deal"]["rules_revision"] == 1
    assert records.replay(data)[0].rules_revision == revisions.BASELINE
    view = engine.view(old, engine.to_act(old))
    assert view["rules_revision"] == revisions.BASELINE
    assert Dealer(view).deal(random.Random(0)).rules_revision == revisions.BASELINE
