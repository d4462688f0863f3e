"""Forum Romanum, Republic only (Black Box rulebook, Appendix I): "You immediately win the game if
you have one Client of each type Clientele and one Material of each type in your Stockpile." (also
Black Box rulebook, Ending the Game, and Scoring and Winning: "In the event of a Forum Romanum ...
victory that player wins - there is no need to score Victory Points"). Its combined rulings with the
Ludus Magna, Stairway and Storeroom are in test_forum.py."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    everyone,
    expected,
    follow,
    in_hand,
    lead,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import table

EVERY_ROLE = ["Bar", "Dock", "Academy", "Tower", "Villa", "Palace"]
EVERY_MATERIAL = ["Insula", "Market", "Atrium", "Wall", "Garden", "Basilica"]


def forum_romanum_table(stock: list[str] = EVERY_MATERIAL) -> engine.State:
    """Three players. Seat 0 ("you", Stockpile `stock`) and seat 1 (left, "she") each have a client
    of each type, a material of each type and a Forum Romanum foundation with two Marble in it; she
    has the higher score (a Vault of Marble). You lead Craftsman with a Market; the others
    follow."""
    state = table(
        [
            {
                "hand": ["Market", "Temple"],
                "clientele": EVERY_ROLE,
                "stockpile": stock,
                "influence": ["rubble"],
                "buildings": [{"name": "Forum Romanum", "materials": ["Statue", "Statue"]}],
            },
            {
                "hand": ["Market", "Fountain"],
                "clientele": EVERY_ROLE,
                "stockpile": EVERY_MATERIAL,
                "influence": ["stone", "stone"],
                "vault": ["Stairway", "Stairway", "Stairway", "Ludus Magna"],
                "buildings": [{"name": "Forum Romanum", "materials": ["Temple", "Temple"]}],
            },
            {"hand": ["Palisade"]},
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, follow(in_hand(state, 1, "Market")))
    state = act(state, follow(in_hand(state, 2, "Palisade")))
    assert not engine.is_over(state)
    assert pending(state) == (0, "act")
    forum = site_of(state, 0, "Forum Romanum")
    return act(state, build(in_hand(state, 0, "Temple"), forum))


def test_forum_romanum_example_you_win_she_does_not() -> None:
    """Black Box rulebook, Appendix I, Forum Romanum, example: "You and the player to your left both
    have a Client of each type, a Material of each type, and a Forum Romanum Foundation with two
    Marble in it. You lead as Craftsman and the other players follow. You move Marble from your hand
    into the Forum Romanum, completing it. You win. She doesn't." """
    state = forum_romanum_table()
    you = zones(state, 0)
    assert you["buildings"] == {"Forum Romanum": (["Statue", "Statue", "Temple"], True)}
    assert you["influence"] == 6
    assert engine.is_over(state) and state.end is not None
    assert state.end["reason"] == "forum"
    assert state.end["winners"] == [0]  # no need to score: she has more points
    totals = {s["seat"]: s["total"] for s in engine.scores(state)}
    assert totals[1] > totals[0]
    assert engine.prompt(state) is None and engine.legal_actions(state) == []
    assert zones(state, 1)["buildings"] == {"Forum Romanum": (["Temple", "Temple"], False)}
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            camp=["Market"],
            clientele=EVERY_ROLE,
            stockpile=EVERY_MATERIAL,
            influence=6,
            buildings={"Forum Romanum": (["Statue", "Statue", "Temple"], True)},
        ),
        expected(
            hand=["Fountain"],
            camp=["Market"],
            clientele=EVERY_ROLE,
            stockpile=EVERY_MATERIAL,
            vault=["Ludus Magna", "Stairway", "Stairway", "Stairway"],
            influence=8,
            buildings={"Forum Romanum": (["Temple", "Temple"], False)},
        ),
        expected(camp=["Palisade"]),
    ]


def test_forum_romanum_needs_a_material_of_each_type() -> None:
    """Black Box rulebook, Appendix I, Forum Romanum, counter-case: with every client but no Marble
    in the Stockpile, completing it does not win; the turn goes on to her."""
    state = forum_romanum_table(stock=EVERY_MATERIAL[:5])
    assert zones(state, 0)["buildings"]["Forum Romanum"][1] is True
    assert not engine.is_over(state)
    assert pending(state) == (1, "act")


def test_forum_romanum_not_won_without_it() -> None:
    """Black Box rulebook, Appendix I, Forum Romanum, counter-case: every client and every material
    but no completed Forum Romanum is no win (the table above, before the Marble goes in, was not
    over)
    - and the training game ignores it (Black Box rulebook, Ending the Game: "the Catacomb and Forum
    Romanum end conditions do not apply")."""
    state = table(
        [
            {
                "clientele": EVERY_ROLE,
                "stockpile": EVERY_MATERIAL,
                "buildings": [
                    {"name": "Forum Romanum", "materials": ["Statue"] * 3, "complete": True}
                ],
            },
            {"hand": ["Road"]},
        ],
        options={"training": True},
    )
    state = act(state, {"type": "think", "take": "jack"})
    assert not engine.is_over(state)


def test_forum_romanum_wins_the_moment_the_last_material_is_gathered() -> None:
    """Black Box rulebook, Appendix I, Forum Romanum: "You immediately win the game if you have one
    Client of each type ... and one Material of each type in your Stockpile": with a completed Forum
    Romanum and every client, gathering the missing Marble from the Pool ends the game at once."""
    state = table(
        [
            {
                "hand": ["Road"],
                "clientele": EVERY_ROLE,
                "stockpile": EVERY_MATERIAL[:5],
                "influence": ["marble"],
                "buildings": [
                    {"name": "Forum Romanum", "materials": ["Statue"] * 3, "complete": True}
                ],
            },
            {"hand": ["Bar"]},
        ],
        pool=["Temple", "Latrine"],
    )
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, {"type": "think", "take": "jack"})
    assert not engine.is_over(state)
    temple = next(c for c in state.pool if state.names[c] == "Temple")
    state = act(state, {"type": "gather", "card": temple})
    assert engine.is_over(state) and state.end is not None
    assert state.end["reason"] == "forum" and state.end["winners"] == [0]
