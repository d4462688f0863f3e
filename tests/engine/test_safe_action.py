"""engine.safe_action: what the server plays for a seat whose time ran out (its clock
ran out)."""

from __future__ import annotations

import random

import pytest

import engine
from tests.engine.helpers import find, lead, table, think


def test_safe_action_thinks_at_a_lead_and_skips_optional_actions() -> None:
    state = table([{"hand": ["Road", "Temple"]}, {"hand": ["Bar"]}], pool=["Insula"])
    assert engine.safe_action(state) == think("cards")
    state = engine.apply(state, lead("laborer", find(state, state.players[0].hand, "Road")))
    assert engine.safe_action(state) == think("cards")  # the follower
    state = engine.apply(state, engine.safe_action(state))
    assert engine.prompt(state)["kind"] == "act"
    assert engine.safe_action(state) == {"type": "skip"}


def test_safe_action_gives_only_what_a_victim_must() -> None:
    """Black Box rulebook, Demanding Materials: a neighbour must give matching cards; when he may
    choose which, the safe action gives one of them, and with a Palisade it gives nothing."""
    for palisade, given in ((False, 1), (True, 0)):
        buildings = [{"name": "Palisade", "complete": True}] if palisade else []
        state = table(
            [
                {"hand": ["Brick", "Temple"]},
                {"hand": ["Statue", "Forum Romanum"], "buildings": buildings},
            ]
        )
        state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Brick")))
        state = engine.apply(state, think("jack"))
        state = engine.apply(
            state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Temple")]}
        )
        action = engine.safe_action(state)
        assert action["type"] == "give" and len(action["cards"]) == given
        assert action in engine.legal_actions(state)


@pytest.mark.slow
def test_safe_action_is_always_legal_and_finishes_games() -> None:
    for seed in range(20):
        state = engine.new_game("imperium" if seed % 2 else "republic", 2 + seed % 4, seed)
        r = random.Random(seed)
        while not engine.is_over(state):
            # half the seats play at random, the others always time out
            safe = engine.to_act(state) % 2 == 0
            action = engine.safe_action(state) if safe else r.choice(engine.legal_actions(state))
            assert action in engine.legal_actions(state)
            state = engine.apply(state, action)
