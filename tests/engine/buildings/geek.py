"""What the Geek expansion's tests share (tests/engine/buildings/test_geek_*.py): a scenario table
with the expansion's cards in the deck, and the actions its decisions take."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.helpers import table

Action = dict[str, Any]


def geek_table(players: list[dict[str, Any]], **top: Any) -> engine.State:
    """A scenario of a game with all ten Geek cards (the `geek` option)."""
    return table(players, options={"geek": True}, **top)


def tear_down(building: int) -> Action:
    return {"type": "tear_down", "building": building}


def watermill_triclinium(**top: Any) -> engine.State:
    """An Imperium game: Remus (seat 0) has a Watermill, a Triclinium and two Architect clients,
    a Bar to build into his Insula and a Road to lay; he leads Laborer with a Jack and Romulus
    follows. The Pool holds a Dock."""
    remus = {
        "hand": ["Jack", "Road"],
        "clientele": ["Tower", "Tower"],
        "stockpile": ["Bar"],
        "buildings": [
            {"name": "Watermill", "materials": ["Bar"], "complete": True},
            {"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True},
            {"name": "Insula"},
        ],
    }
    return geek_table(
        [remus, {"hand": ["Latrine"]}],
        version="imperium",
        pool=["Dock"],
        sites={"rubble": {"in_town": 2}},
        **top,
    )


def domus_bath(**top: Any) -> engine.State:
    """A Republic game: Romulus (seat 0) has a Bath and a Craftsman client; he holds a Domus and
    a Dock to complete it with, an Insula and a Road to lay (two Rubble Sites), and a Market to
    lead Craftsman with. The Pool holds a Palisade (Wood: a Craftsman)."""
    romulus = {
        "hand": ["Market", "Domus", "Dock", "Insula", "Road"],
        "clientele": ["Crane"],
        "buildings": [{"name": "Bath", "materials": ["Shrine"] * 2, "complete": True}],
    }
    return geek_table(
        [romulus, {}],
        version="republic",
        pool=["Palisade"],
        sites={"rubble": {"in_town": 2}},
        **top,
    )


def prison_and_aerarium(aerarium_site_to: int | None = None, **top: Any) -> engine.State:
    """An Imperium game: Romulus (seat 0) holds a Villa to complete his Prison with and a Market to
    lead Craftsman; Remus (seat 1) has a completed Aerarium and a completed Foundry. The Aerarium's
    Site is in Remus's Influence, or in `aerarium_site_to`'s. The Pool holds a Road."""
    aerarium: dict[str, Any] = {"name": "Aerarium", "materials": ["Shrine"] * 2, "complete": True}
    if aerarium_site_to is not None:
        aerarium["site_to"] = aerarium_site_to
    players = [
        {
            "hand": ["Villa", "Market"],
            "buildings": [{"name": "Prison", "materials": ["Garden", "Garden"]}],
        },
        {
            "buildings": [
                aerarium,
                {"name": "Foundry", "materials": ["Brick"] * 2, "complete": True},
            ]
        },
    ]
    return geek_table(players, version="imperium", pool=["Road"], **top)
