"""The memoised building powers (`State.memo`: each seat's active powers, the ones answering each
question, what they grant) are never stale: every rule that changes whose functions work drops
them (`State.structures_changed`). Each test fills the memo, makes the change in place through
the search path (so no copy starts afresh) and checks the answers against a copy that computes
them from nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import fast, powers
from engine.actions import Action
from engine.state import State
from tests.engine.buildings.steps import build, in_hand, in_stockpile, mine, site_of, structure
from tests.engine.helpers import find, lead, table, think

# The answers a seat's memo (powers.SeatPowers) keeps besides `answering`'s, and how each is found.
KEPT = {
    "grants": powers.capabilities,
    "petition_sizes": powers.petition_sizes,
    "wild_roles": powers.wild_roles,
}


def assert_memo_fresh(state: State) -> None:
    """Every memoised answer is what a memo-less copy computes now."""
    fresh = state.clone()
    fresh.structures_changed()  # forgets every memoised answer
    if state.winners_possible is not None:
        powers.instant_winners(fresh)
        assert fresh.winners_possible == state.winners_possible
    for seat, value in enumerate(state.memo):
        if value is None:
            continue
        assert isinstance(value, powers.SeatPowers)
        assert powers.active_powers(fresh, seat) == value.active, seat
        for question, answer in value.answers.items():
            assert powers.answering(fresh, seat, question) == answer, (seat, question)
        for name, find_out in KEPT.items():
            if getattr(value, name) is not None:
                assert find_out(fresh, seat) == getattr(value, name), (seat, name)


def fill_memo(state: State) -> None:
    for seat in range(state.n):
        engine.view(state, seat)  # limits, hand sizes: the active powers of every seat
        for question in ("material_fits", "may_complete", "end_of_turn", "after_turn"):
            powers.answering(state, seat, question)
        for find_out in KEPT.values():
            find_out(state, seat)
    assert all(state.memo[seat] is not None for seat in range(state.n))


def play(state: State, action: dict[str, Any]) -> None:
    """Play `action` in place (the search path: the memo stays with the state)."""
    option: Action = next(a for a in fast.options(state) if a.to_json() == action)
    fast.play(state, option)


def test_a_gate_made_public_by_a_stairway_wakes_a_marble_foundation_at_once() -> None:
    """Black Box rulebook, Appendix I, Stairway ("immediately grant that Structure's function to
    all players") with Gate ("Marble Structures ... as soon as their Foundations are laid"): the
    player with the Stairway makes his opponent's Gate public, and his own Temple foundation gives
    its four cards of hand size at once."""
    state = table(
        [
            {
                "hand": ["Tower"],
                "stockpile": ["Brick"],
                "buildings": [{"name": "Stairway", "complete": True}, {"name": "Temple"}],
            },
            {"buildings": [{"name": "Gate", "complete": True}]},
        ]
    )
    play(state, lead("architect", state.players[0].hand[0]))
    play(state, think("jack"))
    fill_memo(state)
    assert mine(state, 0)["hand_size"] == 5
    brick = find(state, state.players[0].stockpile, "Brick")
    gate = structure(state, 1, "Gate").foundation
    play(state, {"type": "publicize", "card": brick, "building": gate})
    assert structure(state, 1, "Gate").public
    assert mine(state, 0)["hand_size"] == 5 + 4
    assert_memo_fresh(state)


def test_a_prison_stealing_a_gate_moves_its_wake_from_owner_to_thief() -> None:
    """Black Box rulebook, Appendix I, Prison: "you gain its function ... the original owner loses
    the benefit of the Function". A stolen Gate wakes the thief's Temple foundation and no longer
    its old owner's."""
    state = table(
        [
            {
                "hand": ["Dock", "Stone"],
                "buildings": [
                    {"name": "Prison", "materials": ["Stone", "Stone"]},
                    {"name": "Temple"},
                ],
            },
            {"buildings": [{"name": "Gate", "complete": True}, {"name": "Temple"}]},
        ]
    )
    play(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    play(state, think("jack"))
    play(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Prison")))
    fill_memo(state)
    assert [mine(state, s)["hand_size"] for s in (0, 1)] == [5, 9]
    play(state, {"type": "claim", "cards": [structure(state, 1, "Gate").foundation]})
    assert [mine(state, s)["hand_size"] for s in (0, 1)] == [9, 5]
    assert_memo_fresh(state)


def test_a_structure_completed_by_a_scriptorium_choice_works_at_once() -> None:
    """Black Box rulebook, Appendix I, Scriptorium ("You may complete any structure with the
    addition of one Marble material"): a Temple so completed gives its hand size at once."""
    state = table(
        [
            {
                "hand": ["Wall"],
                "stockpile": ["Marble"],
                "buildings": [{"name": "Scriptorium", "complete": True}, {"name": "Temple"}],
            },
            {},
        ]
    )
    play(state, lead("architect", state.players[0].hand[0]))
    play(state, think("jack"))
    play(state, build(in_stockpile(state, 0, "Marble"), site_of(state, 0, "Temple")))
    fill_memo(state)
    assert mine(state, 0)["hand_size"] == 5
    play(state, {"type": "claim", "cards": [structure(state, 0, "Temple").foundation]})
    assert structure(state, 0, "Temple").complete and mine(state, 0)["hand_size"] == 9
    assert_memo_fresh(state)


@pytest.mark.parametrize("version", ["republic", "imperium"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_memo_is_fresh_after_every_move_of_random_games(version: str, players: int) -> None:
    """Random complete games on the search path, every answer asked before each move: after the
    move every memoised answer is what a memo-less copy computes."""
    for game in range(2):
        seed = 1000 + 10 * players + game
        r = random.Random(seed)
        state = engine.new_game(version, players, seed)
        while not engine.is_over(state):
            fill_memo(state)
            fast.play(state, r.choice(fast.options(state)))
            assert_memo_fresh(state)
