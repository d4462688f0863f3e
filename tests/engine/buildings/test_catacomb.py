"""Catacomb (Black Box rulebook, Appendix I): "Upon completion of a Catacomb the game ends and the
winner is determined. You do not continue with the turn." (also Black Box rulebook, Ending the Game:
"A Catacomb is completed")."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    everyone,
    expected,
    follow,
    in_hand,
    lay,
    lead,
    left,
    pending,
    pool,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def catacomb_table(name: str = "Catacomb") -> engine.State:
    """Seat 0 (right) leads Craftsman and lays an Insula; seat 1 ("you") has a `name` foundation
    with two Stone in it, two Craftsman clients and a Stone (Prison) in hand, and thinks (drawing
    up to five); seat 2 (left) follows, holding a Palace to lay."""
    state = table(
        [
            {"hand": ["Dock", "Insula"]},
            {
                "hand": ["Prison"],
                "clientele": ["Crane", "Crane"],
                "buildings": [{"name": name, "materials": ["Villa", "Villa"]}],
            },
            {"hand": ["Market", "Palace"]},
        ],
        deck=["Road", "Bar", "Latrine", "Wall"],
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Dock")))
    state = act(state, think("cards"))
    assert zones(state, 1)["hand"] == ["Bar", "Latrine", "Prison", "Road", "Wall"]
    state = act(state, follow(in_hand(state, 2, "Market")))
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))  # the leader lays
    assert pending(state) == (1, "act") and left(state) == 2
    return act(state, build(in_hand(state, 1, "Prison"), site_of(state, 1, name)))


def test_catacomb_example_game_ends_at_once() -> None:
    """Black Box rulebook, Appendix I, Catacomb, example: "You have a Catacomb Foundation in play
    with two Stone in it. You have two Craftsmen Clients. The player to your right leads as
    Craftsman. You do not follow, and draw up to your hand refill size. The player to your left
    follows. The Leader lays a new Foundation. You now get to execute two Craftsman actions. With
    the first action you choose to complete the Catacomb with a Stone from your hand. You gain three
    Influence for completing the Catacomb and then the game ends immediately. You may not execute
    your second Craftsman action and the player to your left does not execute his Craftsman action."
    """
    state = catacomb_table()
    you = zones(state, 1)
    assert you["buildings"] == {"Catacomb": (["Prison", "Villa", "Villa"], True)}
    assert you["influence"] == 5
    assert you["hand"] == ["Bar", "Latrine", "Road", "Wall"]
    assert engine.is_over(state)
    assert state.end is not None and state.end["reason"] == "catacomb"
    assert state.end["winners"] == [1]
    assert [s["total"] for s in engine.scores(state)] == [2, 5, 2]
    # No second Craftsman action, no action for the left player: nothing is pending.
    assert engine.prompt(state) is None and engine.legal_actions(state) == []
    assert zones(state, 2)["hand"] == ["Palace"] and zones(state, 2)["camp"] == ["Market"]
    assert zones(state, 0)["buildings"] == {"Insula": ([], False)}
    expect_illegal(state, lay(in_hand(state, 2, "Palace"), "marble"), "game_over")
    expect_illegal(state, lay(in_hand(state, 1, "Wall"), "concrete"), "game_over")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(camp=["Dock"], buildings={"Insula": ([], False)}),
        expected(
            hand=["Bar", "Latrine", "Road", "Wall"],
            clientele=["Crane", "Crane"],
            influence=5,
            buildings={"Catacomb": (["Prison", "Villa", "Villa"], True)},
        ),
        expected(hand=["Palace"], camp=["Market"]),
    ]
    assert pool(state) == []


def test_catacomb_other_stone_structure_does_not_end_the_game() -> None:
    """Black Box rulebook, Appendix I, Catacomb, counter-case: completing another Stone structure
    the same way (a Circus Maximus) gains the three Influence and the turn goes on: your second
    action is still there."""
    state = catacomb_table("Circus Maximus")
    assert not engine.is_over(state)
    assert zones(state, 1)["influence"] == 5
    assert pending(state) == (1, "act") and left(state) == 1
