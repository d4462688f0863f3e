"""Watermill and Solarium (Black Box rulebook, Appendix III). Watermill: "If you lead or follow
Laborer, then you may trigger any or all of your Architect Clients at the end of your turn."
Solarium: "Whenever you complete a building using an Architect action, you may immediately take
one Material from under that building and move it into your Stockpile. If you complete the
Solarium with an Architect action, then you may use its own power to move one of the Materials
under Solarium to your Stockpile." """

from __future__ import annotations

import engine
from tests.engine.buildings.geek import geek_table
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    claim,
    follow,
    gather,
    in_hand,
    in_pool,
    in_stockpile,
    lay,
    lead,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import think


def watermill_table(role: str = "laborer") -> engine.State:
    """Remus (seat 0) has a Watermill, two Architect clients and a Laborer client, and leads with
    a Jack; Romulus follows with a Rubble card. Remus can build a Rubble into his Insula and lay a
    Road."""
    state = geek_table(
        [
            {
                "hand": ["Jack", "Road"],
                "clientele": ["Tower", "Tower", "Latrine"],
                "stockpile": ["Bar"],
                "buildings": [
                    {"name": "Watermill", "materials": ["Bar"], "complete": True},
                    {"name": "Insula"},
                ],
            },
            {"hand": ["Latrine"], "stockpile": ["Bar"]},
        ],
        pool=["Bar", "Dock", "Temple"],
        sites={"rubble": {"in_town": 2}},
    )
    state = act(state, lead(role, in_hand(state, 0, "Jack")))
    if role == "laborer":
        return act(state, follow(in_hand(state, 1, "Latrine")))
    return act(state, think())


def test_watermill_example_architects_after_the_laborers() -> None:
    """Black Box rulebook, Appendix III, Watermill, example: "Remus has 2 Architect Clients and 1
    Laborer Client. He leads as Laborer using a Jack. After other players have followed or thought,
    he executes his 2 Laborer actions. Then he performs 2 Architect actions. Then the next player
    may take Laborer actions." """
    state = watermill_table()
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["role"], prompt["actions_left"]) == (0, "laborer", 2)
    state = act(state, gather(in_pool(state, "Dock")))
    state = act(state, gather(in_pool(state, "Temple")))
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["role"], prompt["actions_left"]) == (0, "architect", 2)
    state = act(state, build(in_stockpile(state, 0, "Bar"), site_of(state, 0, "Insula")))
    state = act(state, lay(in_hand(state, 0, "Road"), "rubble"))
    assert zones(state, 0)["buildings"]["Insula"] == (["Bar"], True)
    assert "Road" in zones(state, 0)["buildings"]
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["role"]) == (1, "laborer")


def test_watermill_not_in_another_role() -> None:
    """Black Box rulebook, Appendix III, Watermill: only "If you lead or follow Laborer": led as
    Craftsman, no Architect action comes after."""
    state = watermill_table("craftsman")
    state = act(state, SKIP)
    assert pending(state) == (1, "lead")


def test_solarium_example_materials_back_to_the_stockpile() -> None:
    """Black Box rulebook, Appendix III, Solarium, example: "Romulus has an incomplete Solarium with
    no Materials under it. He also has a complete Scriptorium, an incomplete Villa, and 1 Architect
    Client. He has 1 Stone and 1 Marble in his Stockpile. Remus, to his right, leads as Architect
    and Romulus follows using a Jack. Romulus uses his first Architect action to complete the
    [Solarium] using the Marble from his Stockpile (Scriptorium's power). He moves that Marble back
    into his Stockpile. He then uses his second action to move the Stone from his Stockpile to
    complete the Villa (taking advantage of Villa's power) and moves that Stone back into his
    Stockpile." (The text names the Scriptorium where the Solarium is meant: the Scriptorium is
    complete already.)"""
    state = geek_table(
        [
            {"hand": ["Tower"]},
            {
                "hand": ["Jack"],
                "clientele": ["Tower"],
                "stockpile": ["Stone", "Temple"],
                "buildings": [
                    {"name": "Solarium"},
                    {"name": "Scriptorium", "materials": ["Prison"] * 3, "complete": True},
                    {"name": "Villa"},
                ],
            },
        ]
    )
    state = act(state, lead("architect", in_hand(state, 0, "Tower")))
    state = act(state, follow(in_hand(state, 1, "Jack")))
    assert pending(state) == (1, "act")  # Remus has nothing to build: his action passes
    temple = in_stockpile(state, 1, "Temple")
    state = act(state, build(temple, site_of(state, 1, "Solarium")))
    state = act(state, claim(site_of(state, 1, "Solarium")))  # complete it (Scriptorium)
    assert pending(state) == (1, "solarium")
    state = act(state, claim(temple))
    assert zones(state, 1)["buildings"]["Solarium"] == ([], True)
    stone = in_stockpile(state, 1, "Stone")
    state = act(state, build(stone, site_of(state, 1, "Villa")))
    assert pending(state) == (1, "solarium")
    state = act(state, claim(stone))
    romulus = zones(state, 1)
    assert romulus["buildings"]["Villa"] == ([], True)
    assert sorted(romulus["stockpile"]) == sorted(["Temple", zones_name(state, stone)])


def zones_name(state: engine.State, card: int) -> str:
    return state.names[card]


def test_solarium_not_for_a_craftsman() -> None:
    """Black Box rulebook, Appendix III, Solarium: "using an Architect action": a structure a
    Craftsman completes keeps its materials."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Palisade"],
                "buildings": [
                    {"name": "Solarium", "materials": ["Tower"] * 2, "complete": True},
                    {"name": "Crane"},
                ],
            },
            {},
        ]
    )
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, build(in_hand(state, 0, "Palisade"), site_of(state, 0, "Crane")))
    assert zones(state, 0)["buildings"]["Crane"] == (["Palisade"], True)
    assert pending(state) == (1, "lead")
