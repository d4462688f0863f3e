"""Bridge (Black Box rulebook, Appendix I): "When executing a Legionary action you may demand
Materials even from opponents that own Palisades. In a four- or five-player game, you demand
Materials from every opponent, not just your neighbors. As well as giving you a matching Material
from their hands, your opponents must give you a matching Material from their Stockpile. Players who
own Walls are still protected from you."

Seats: clockwise is increasing seat number; in four, "the player to your left" is the next seat,
"across" the one after, "to your right" the last."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    claim,
    demand,
    everyone,
    expected,
    give,
    in_hand,
    in_pool,
    in_stockpile,
    lead,
    pending,
    play,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table

PALISADE = {"name": "Palisade", "materials": ["Dock"], "complete": True}
WALL = {"name": "Wall", "materials": ["Tower", "Tower"], "complete": True}


def bridge_table(bridge: bool = True) -> engine.State:
    """Four players. Seat 0 ("you") owns a Bridge (or not) and leads Legionary with a Gate,
    keeping a Forum Romanum; seat 1 (left) owns a Palisade, seat 2 is across, seat 3 (right) owns
    a Wall; each opponent has one Marble in hand and one in the Stockpile, and one Marble (a Ludus
    Magna) is in the Pool. The others do not follow (they think and take a Jack)."""
    me: dict[str, object] = {"hand": ["Gate", "Forum Romanum"]}
    if bridge:
        me["buildings"] = [{"name": "Bridge", "materials": ["Wall", "Wall"], "complete": True}]
    state = table(
        [
            me,
            {"hand": ["Temple"], "stockpile": ["Statue"], "buildings": [PALISADE]},
            {"hand": ["Palace"], "stockpile": ["Basilica"]},
            {"hand": ["Stairway"], "stockpile": ["Fountain"], "buildings": [WALL]},
        ],
        pool=["Ludus Magna"],
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    return play(state, think("jack"), think("jack"), think("jack"))


def test_bridge_example_five_marble_from_four_players() -> None:
    """Black Box rulebook, Appendix I, Bridge, example: "You own a Bridge. There are four players in
    the game. The player to your left owns a Palisade. The player to your right owns a Wall. You
    lead as Legionary and the other players do not follow. You reveal a Forum Romanum from your hand
    and demand Marble. You get one Marble from the Pool, one Marble each from the hand of the player
    to your left and the player across from you, and one Marble each from the Stockpiles of these
    players, for a total of five Marble into your Stockpile. You retrieve your Forum Romanum back
    into your hand." """
    state = bridge_table()
    assert pending(state) == (0, "act")
    state = act(state, demand(in_hand(state, 0, "Forum Romanum")))
    assert pending(state) == (0, "claim")
    state = act(state, claim(in_pool(state, "Ludus Magna")))
    # The Palisade owner and the player across have no choice (one Marble in each zone) and give;
    # the Wall owner is protected: giving is his choice, and he gives nothing.
    assert pending(state) == (3, "give")
    assert engine.prompt(state)["optional"] is True
    state = act(state, give())
    you = zones(state, 0)
    assert you["stockpile"] == ["Basilica", "Ludus Magna", "Palace", "Statue", "Temple"]
    assert you["hand"] == ["Forum Romanum"]
    for seat in (1, 2):
        assert zones(state, seat)["hand"] == ["Jack"]
        assert zones(state, seat)["stockpile"] == []
    assert zones(state, 3)["hand"] == ["Jack", "Stairway"]
    assert zones(state, 3)["stockpile"] == ["Fountain"]
    assert [state.names[c] for c in state.pool] == ["Gate"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            hand=["Forum Romanum"],
            stockpile=["Basilica", "Ludus Magna", "Palace", "Statue", "Temple"],
            influence=4,
            buildings={"Bridge": (["Wall", "Wall"], True)},
        ),
        expected(hand=["Jack"], influence=3, buildings={"Palisade": (["Dock"], True)}),
        expected(hand=["Jack"]),
        expected(
            hand=["Jack", "Stairway"],
            stockpile=["Fountain"],
            influence=4,
            buildings={"Wall": (["Tower", "Tower"], True)},
        ),
    ]


def test_bridge_without_it_palisade_protects_and_across_is_safe() -> None:
    """Black Box rulebook, Appendix I, Bridge, counter-case: without a Bridge only the neighbours
    are asked (Black Box rulebook, Demanding Materials), the Palisade owner gives only if he wishes
    (Black Box rulebook, Appendix I, Palisade), and a Stockpile card cannot be demanded
    (not_demanded, nothing changes)."""
    state = bridge_table(bridge=False)
    state = act(state, demand(in_hand(state, 0, "Forum Romanum")))
    state = act(state, claim(in_pool(state, "Ludus Magna")))
    assert pending(state) == (1, "give") and engine.prompt(state)["optional"] is True
    expect_illegal(state, give(in_stockpile(state, 1, "Statue")), "not_demanded")
    state = act(state, give())
    assert pending(state) == (3, "give")  # the player across is never asked
    state = act(state, give())
    assert zones(state, 0)["stockpile"] == ["Ludus Magna"]
    assert zones(state, 2)["hand"] == ["Jack", "Palace"]
    assert zones(state, 2)["stockpile"] == ["Basilica"]
    assert zones(state, 1)["stockpile"] == ["Statue"]


def test_bridge_takes_from_a_neighbours_stockpile_in_three() -> None:
    """Black Box rulebook, Appendix I, Bridge: "your opponents must give you a Matching Material
    from their Stockpile" also in a three-player game, where only the neighbours are asked."""
    state = table(
        [
            {
                "hand": ["Gate", "Villa"],
                "buildings": [{"name": "Bridge", "materials": ["Wall", "Wall"], "complete": True}],
            },
            {"hand": ["Prison"], "stockpile": ["Garden"]},
            {"hand": ["Road"], "stockpile": ["Sewer"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    state = play(state, think("jack"), think("jack"))
    state = act(state, demand(in_hand(state, 0, "Villa")))
    assert zones(state, 0)["stockpile"] == ["Garden", "Prison", "Sewer"]
    assert zones(state, 1)["stockpile"] == [] and zones(state, 2)["stockpile"] == []
    assert zones(state, 0)["hand"] == ["Villa"]


def test_bridge_reaches_every_opponent_in_five() -> None:
    """Black Box rulebook, Appendix I, Bridge: "In a four- or five-player game, you demand Materials
    from every opponent": in five, the four opponents each give a Marble from hand and one from the
    Stockpile."""
    others = [
        {"hand": [h], "stockpile": [s]}
        for h, s in [
            ("Temple", "Statue"),
            ("Palace", "Basilica"),
            ("Temple", "Statue"),
            ("Palace", "Basilica"),
        ]
    ]
    state = table(
        [
            {
                "hand": ["Gate", "Forum Romanum"],
                "buildings": [{"name": "Bridge", "materials": ["Wall", "Wall"], "complete": True}],
            },
            *others,
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    state = play(state, *[think("jack")] * 4)
    state = act(state, demand(in_hand(state, 0, "Forum Romanum")))
    assert len(zones(state, 0)["stockpile"]) == 8
    for seat in range(1, 5):
        assert zones(state, seat)["stockpile"] == [] and zones(state, seat)["hand"] == ["Jack"]
