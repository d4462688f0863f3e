"""Gate (Black Box rulebook, Appendix I)."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import build, structure
from tests.engine.helpers import actions_left, find, kind, lead, table


def test_gate_example_temple_foundation_works_once_the_gate_is_complete() -> None:
    """Black Box rulebook, Appendix I, Gate, example: "You own a Temple Foundation with no Materials
    in it. You finish a Gate. You immediately gain the Temple's Function (+4 Hand Size). Your hand
    refill size is nine cards." The Temple's Influence waits for its completion."""
    state = table(
        [
            {
                "hand": ["Dock", "Brick"],
                "buildings": [
                    {"name": "Gate", "materials": ["Brick"]},
                    {"name": "Temple"},
                ],
            },
            {},
        ]
    )
    assert engine.view(state, 0)["players"][0]["hand_size"] == 5
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, {"type": "think", "take": "cards"})  # the opponent
    gate = next(b for b in state.players[0].buildings if state.names[b.foundation] == "Gate")
    state = engine.apply(state, build(find(state, state.players[0].hand, "Brick"), gate.foundation))
    me = engine.view(state, 0)["players"][0]
    assert me["hand_size"] == 9
    assert me["influence"] == 4  # the Gate's 2; the Temple gives none until complete


def test_gate_combined_with_road_marble_in_a_stone_structure_counts_as_marble() -> None:
    """Black Box rulebook, Appendix I, Gate combined with Road: "If you add Marble to a Stone
    Structure then it is immediately considered as either Stone or Marble. 'Upon Completion'
    Functions still only trigger once when the building is completed." A Circus Maximus foundation
    given a Marble works at once (extra action for the matching client); a Garden given a Marble
    does not fire its upon-completion Patron actions."""
    done = [{"name": n, "complete": True} for n in ("Gate", "Road")]
    state = table(
        [
            {
                "hand": ["Dock", "Temple", "Statue"],
                "clientele": ["Craftsman"],
                "buildings": [*done, {"name": "Circus Maximus"}, {"name": "Garden"}],
            },
            {},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, {"type": "think", "take": "cards"})
    assert actions_left(state) == 2  # leading + one Craftsman client
    circus = next(
        b for b in state.players[0].buildings if state.names[b.foundation] == "Circus Maximus"
    )
    state = engine.apply(
        state, build(find(state, state.players[0].hand, "Temple"), circus.foundation)
    )
    assert not circus.complete
    # Now a "Marble" structure under the Gate: its client doubling is already in force.
    assert actions_left(state) == 2
    garden = next(b for b in state.players[0].buildings if state.names[b.foundation] == "Garden")
    state = engine.apply(
        state, build(find(state, state.players[0].hand, "Statue"), garden.foundation)
    )
    # No Patron burst: the turn simply ends (the hand is empty, nothing else to do).
    assert kind(state) == "lead" and state.turn == 2
    assert not structure(state, 0, "Garden").complete


def test_gate_does_not_activate_other_materials() -> None:
    """Black Box rulebook, Appendix I, Gate: only Marble Structures work from their foundation: a
    Shrine (Brick) foundation gives nothing."""
    state = table(
        [{"hand": [], "buildings": [{"name": "Gate", "complete": True}, {"name": "Shrine"}]}, {}]
    )
    assert engine.view(state, 0)["players"][0]["hand_size"] == 5


def test_an_opponents_gate_made_public_wakes_your_marble_foundations() -> None:
    """Black Box rulebook, Appendix I, Stairway: making a structure public grants "that
    Structure's function to all players"; the Gate's function is "You gain the Functions of your
    Marble Structures as soon as their Foundations are laid" (Appendix I, Gate). Your Stairway makes
    an opponent's Gate public: your Temple foundation gives its +4 at once, as in the Gate's
    example ("Your hand refill size is nine cards"); its Influence still waits."""
    state = table(
        [
            {
                "hand": ["Wall"],
                "stockpile": ["Brick"],
                "buildings": [{"name": "Stairway", "complete": True}, {"name": "Temple"}],
            },
            {"buildings": [{"name": "Gate", "complete": True}]},
        ]
    )
    state = engine.apply(state, lead("architect", state.players[0].hand[0]))
    state = engine.apply(state, {"type": "think", "take": "jack"})
    assert engine.view(state, 0)["players"][0]["hand_size"] == 5
    gate = structure(state, 1, "Gate").foundation
    state = engine.apply(
        state, {"type": "publicize", "card": state.players[0].stockpile[0], "building": gate}
    )
    me = engine.view(state, 0)["players"][0]
    assert (me["hand_size"], me["influence"]) == (9, 2 + 3)


def test_a_public_road_counts_with_your_gate() -> None:
    """Black Box rulebook, Appendix I, Gate combined with Road: "If you add Marble to a Stone
    Structure then it is immediately considered as either Stone or Marble." With your Gate and an
    opponent's public Road, your Circus Maximus foundation holding a Marble works: leading
    Craftsman with one Craftsman client gives three actions, not two."""

    def actions(road_public: bool) -> int:
        state = table(
            [
                {
                    "hand": ["Dock", "Insula"],
                    "clientele": ["Craftsman"],
                    "buildings": [
                        {"name": "Gate", "complete": True},
                        {"name": "Circus Maximus", "materials": ["Temple"]},
                    ],
                },
                {"buildings": [{"name": "Road", "complete": True, "public": road_public}]},
            ]
        )
        state = engine.apply(state, lead("craftsman", state.players[0].hand[0]))
        state = engine.apply(state, {"type": "think", "take": "jack"})
        return actions_left(state)

    assert actions(road_public=False) == 2
    assert actions(road_public=True) == 3


def test_a_forum_foundation_woken_by_a_public_gate_wins() -> None:
    """Black Box rulebook, Appendix I, Forum: "You win immediately whenever you have a Client of
    each type"; with an opponent's Gate made public, your Forum foundation's function is yours
    (Appendix I, Gate; Stairway: "immediately grant that Structure's function to all players")."""
    state = table(
        [
            {
                "hand": ["Wall"],
                "stockpile": ["Brick"],
                "clientele": [
                    "Laborer",
                    "Craftsman",
                    "Legionary",
                    "Architect",
                    "Merchant",
                    "Patron",
                ],
                "buildings": [{"name": "Stairway", "complete": True}, {"name": "Forum"}],
            },
            {"buildings": [{"name": "Gate", "complete": True}]},
        ],
        version="imperium",
    )
    state = engine.apply(state, lead("architect", state.players[0].hand[0]))
    state = engine.apply(state, {"type": "think", "take": "jack"})
    assert not engine.is_over(state)
    gate = structure(state, 1, "Gate").foundation
    state = engine.apply(
        state, {"type": "publicize", "card": state.players[0].stockpile[0], "building": gate}
    )
    assert engine.is_over(state)
    assert state.end is not None and (state.end["reason"], state.end["winners"]) == ("forum", [0])
