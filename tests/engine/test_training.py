"""The training game (Black Box rulebook, Learning from the Rules "Training Game"; Completing a
Structure "Training Game: Ignore the special Function ... you still gain the additional Influence";
ENDING THE GAME "Training Game: ... the Catacomb and Forum Romanum end conditions do not apply").
Its setup (three Sites of each material, half the deck) is in test_setup.py."""

from __future__ import annotations

from typing import Any

import engine
from engine.cards import ROLES
from tests.engine.helpers import find, hand, lead, table, think

TRAINING = {"training": True}


def craftsman_turn(me: dict[str, Any], **top: Any) -> engine.State:
    state = table([me, {"hand": ["Rubble"]}], options=TRAINING, **top)
    state = engine.apply(state, lead("craftsman", find(state, hand(state, 0), "Dock")))
    return engine.apply(state, think())


def test_functions_are_ignored_but_influence_is_gained() -> None:
    """A completed Temple (hand refill size +4 in the full game) changes nothing in training but the
    Influence: the refill size stays five."""
    state = craftsman_turn(
        {
            "hand": ["Dock", "Forum Romanum"],
            "buildings": [{"name": "Temple", "materials": ["Marble", "Marble"]}],
        }
    )
    temple = state.players[0].buildings[0].foundation
    state = engine.apply(
        state, {"type": "build", "card": find(state, hand(state, 0), "Marble"), "building": temple}
    )
    assert state.players[0].buildings[0].complete
    me = engine.view(state, 0)["players"][0]
    assert me["influence"] == 5
    assert me["hand_size"] == 5
    assert me["clientele_limit"] == 5 and me["vault_limit"] == 5
    # Thinking refills to five, not nine.
    state = engine.apply(state, think())  # seat 1 leads by thinking
    assert engine.to_act(state) == 0
    state = engine.apply(state, think())
    assert len(hand(state, 0)) == 5


def test_completing_a_catacomb_does_not_end_the_training_game() -> None:
    """Black Box rulebook, Ending the Game, Training Game: the Catacomb end condition does not
    apply."""
    state = craftsman_turn(
        {
            "hand": ["Dock", "Villa"],
            "buildings": [{"name": "Catacomb", "materials": ["Stone", "Stone"]}],
        }
    )
    catacomb = state.players[0].buildings[0].foundation
    state = engine.apply(
        state, {"type": "build", "card": find(state, hand(state, 0), "Villa"), "building": catacomb}
    )
    assert state.players[0].buildings[0].complete
    assert not engine.is_over(state)
    assert engine.to_act(state) == 1


def test_forum_romanum_does_not_win_the_training_game() -> None:
    """Black Box rulebook, Ending the Game, Training Game: the Forum Romanum end condition does not
    apply, even with a client of each role and a material of each type in the Stockpile."""
    state = craftsman_turn(
        {
            "hand": ["Dock", "Palace"],
            "clientele": [r.capitalize() for r in ROLES],
            "stockpile": ["Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"],
            "influence": ["stone", "marble"],
            "buildings": [{"name": "Forum Romanum", "materials": ["Marble", "Marble"]}],
        }
    )
    forum = state.players[0].buildings[0].foundation
    palace = find(state, hand(state, 0), "Palace")
    state = engine.apply(state, {"type": "build", "card": palace, "building": forum})
    assert state.players[0].buildings[0].complete
    assert not engine.is_over(state)
