"""The scenario format (docs/scenarios.md): a table built by card names. Every rules test relies on
it, so its own behaviour is pinned here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.cards import MATERIALS, ROLE_OF_MATERIAL, material_of
from tests.engine.helpers import names, table


def all_ids(state: engine.State) -> list[int]:
    seen = list(state.deck) + state.pool + state.jacks + state.removed
    for m in MATERIALS:
        seen += state.sites[m] + state.out_of_town[m]
    for p in state.players:
        seen += p.hand + p.camp + p.clientele + p.stockpile + p.vault
        for b in p.buildings:
            seen += [b.foundation, *b.materials]
            if not b.complete:
                seen.append(b.site)
        seen += p.influence
    return seen


def test_exact_names_and_jacks() -> None:
    state = table([{"hand": ["Temple", "Jack", "Forum Romanum"]}, {"hand": []}])
    assert names(state, state.players[0].hand) == ["Temple", "Jack", "Forum Romanum"]


@pytest.mark.parametrize("generic", ["Brick", "brick", "Legionary", "LEGIONARY"])
def test_a_material_or_role_stands_for_any_card_of_it(generic: str) -> None:
    state = table([{"hand": [generic]}, {"hand": []}])
    (card,) = names(state, state.players[0].hand)
    assert material_of(card) == "brick"
    assert ROLE_OF_MATERIAL["brick"] == "legionary"


def test_exact_names_are_placed_before_generic_ones() -> None:
    """Three Temples exist; "Marble" must not take one that is named explicitly elsewhere."""
    state = table(
        [{"hand": ["Marble"] * 20}, {"hand": ["Temple", "Temple", "Temple"]}],
    )
    assert names(state, state.players[1].hand) == ["Temple"] * 3
    assert "Temple" not in names(state, state.players[0].hand)


def test_every_card_is_in_exactly_one_place() -> None:
    state = table(
        [
            {
                "hand": ["Temple", "Jack"],
                "clientele": ["Patron"],
                "stockpile": ["Wall"],
                "vault": ["Stone"],
                "influence": ["marble"],
                "buildings": [
                    {"name": "Insula", "materials": ["Rubble"], "complete": True},
                    {"name": "Shrine", "materials": ["Brick"]},
                ],
            },
            {"hand": ["Road"]},
        ],
        pool=["Bath"],
        deck=["Villa"],
        jacks=2,
    )
    seen = all_ids(state)
    assert sorted(seen) == list(range(len(state.names)))


def test_zones_and_buildings() -> None:
    state = table(
        [
            {
                "clientele": ["Patron"],
                "stockpile": ["Wall"],
                "vault": ["Stone"],
                "influence": ["marble"],
                "buildings": [
                    {"name": "Insula", "materials": ["Rubble"], "complete": True},
                    {"name": "Statue", "site": "brick", "materials": ["Marble"]},
                ],
            },
            {},
        ],
    )
    me = state.players[0]
    assert [material_of(n) for n in names(state, me.clientele)] == ["marble"]
    assert names(state, me.stockpile) == ["Wall"]
    assert [material_of(n) for n in names(state, me.vault)] == ["stone"]
    insula, statue = me.buildings
    assert insula.complete and insula.site in me.influence
    assert state.names[statue.site] == "Brick Site" and not statue.complete
    # 2 + Marble Site 3 + the completed Insula's Rubble Site 1.
    assert engine.view(state, 0)["players"][0]["influence"] == 6


def test_deck_top_is_drawn_first() -> None:
    state = table([{"hand": []}, {}], deck=["Temple", "Insula", "Road"])
    state = engine.apply(state, {"type": "think", "take": "cards"})
    assert names(state, state.players[0].hand)[:3] == ["Temple", "Insula", "Road"]


def test_deck_rest_false_keeps_only_the_listed_cards() -> None:
    state = table([{}, {}], deck=["Temple", "Insula"], deck_rest=False)
    assert engine.view(state, None)["deck_count"] == 2
    with pytest.raises(engine.SetupError):
        table([{}, {}], deck=[], deck_rest=False)


def test_default_deck_holds_every_unplaced_order() -> None:
    state = table([{"hand": ["Temple"]}, {}], pool=["Road"])
    assert len(state.deck) == 144 - 2


def test_jack_pile_count() -> None:
    state = table([{"hand": ["Jack"]}, {}])
    assert engine.view(state, None)["jacks_count"] == 5
    state = table([{"hand": ["Jack"]}, {}], jacks=2)
    assert engine.view(state, None)["jacks_count"] == 2


def test_default_sites_are_the_players_count_in_town_less_those_used() -> None:
    state = table(
        [{"buildings": [{"name": "Temple"}], "influence": ["marble"]}, {}, {}],
    )
    sites = engine.view(state, None)["sites"]
    assert sites["marble"] == {"in_town": 1, "out_of_town": 3}
    assert sites["rubble"] == {"in_town": 3, "out_of_town": 3}


def test_explicit_sites() -> None:
    state = table([{}, {}], sites={"stone": {"in_town": 1, "out_of_town": 0}})
    assert engine.view(state, None)["sites"]["stone"] == {"in_town": 1, "out_of_town": 0}


def test_starts_at_the_leaders_lead_decision() -> None:
    state = table([{}, {}, {}], leader=2)
    prompt = engine.prompt(state)
    assert prompt is not None and (prompt["seat"], prompt["kind"]) == (2, "lead")
    assert engine.view(state, None)["turn"] == 1 and engine.view(state, None)["role"] is None
    assert engine.view(state, None)["leader"] == 2


def test_version_and_options() -> None:
    state = table([{"hand": ["Circus"]}, {}], version="imperium", options={"training": True})
    assert state.version == "imperium" and engine.view(state, None)["training"]
    with pytest.raises(engine.SetupError) as info:
        table([{"hand": ["Circus"]}, {}])  # Circus is Imperium only
    assert info.value.code == "not_enough_cards"


def test_seed_changes_ids_not_names() -> None:
    a = table([{"hand": ["Temple"]}, {}], seed=1)
    b = table([{"hand": ["Temple"]}, {}], seed=2)
    assert names(a, a.players[0].hand) == names(b, b.players[0].hand)
    assert engine.state_hash(a) != engine.state_hash(b)
    assert engine.state_hash(a) == engine.state_hash(table([{"hand": ["Temple"]}, {}], seed=1))


BAD: list[tuple[dict[str, Any], str]] = [
    ({"players": [{"hand": ["Dragon"]}, {}]}, "unknown_card"),
    ({"players": [{"hand": ["Temple"] * 4}, {}]}, "not_enough_cards"),
    ({"players": [{"hand": ["Jack"] * 7}, {}]}, "not_enough_cards"),
    ({"players": [{}, {}], "color": "red"}, "bad_scenario"),
    ({"players": [{"purse": []}, {}]}, "bad_scenario"),
    ({"players": [{"hand": "Temple"}, {}]}, "bad_scenario"),
    ({"players": [{}, {}], "leader": 2}, "bad_scenario"),
    ({"players": [{"influence": ["gold"]}, {}]}, "bad_scenario"),
    (
        {"players": [{"buildings": [{"name": "Temple"}, {"name": "Temple"}]}, {}]},
        "bad_scenario",
    ),
    (
        {"players": [{"buildings": [{"name": "Insula", "materials": ["Rubble"]}]}, {}]},
        "bad_scenario",
    ),
    ({"players": [{}, {}], "sites": {"stone": {"in_town": 7}}}, "bad_scenario"),
    ({"players": [{}]}, "bad_players"),
    ({"players": [{}, {}], "version": "empire"}, "bad_version"),
    ({"players": [{}, {}], "options": {"turbo": True}}, "bad_option"),
    ({"players": "two"}, "bad_scenario"),
]


@pytest.mark.parametrize(("description", "code"), BAD, ids=[c for _, c in BAD])
def test_bad_descriptions(description: dict[str, Any], code: str) -> None:
    with pytest.raises(engine.SetupError) as info:
        engine.scenario(description)
    assert info.value.code == code


def test_the_documented_example_builds() -> None:
    """docs/scenarios.md's example builds the table its text describes."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scenarios.md").read_text()
    match = re.search(r"```json\n(.*?)```", doc, re.S)
    assert match is not None
    state = engine.scenario(json.loads(match.group(1)))
    v = engine.view(state, 0)
    me = v["players"][0]
    assert engine.prompt(state) is not None and engine.to_act(state) == 0
    assert me["influence"] == 4
    assert v["jacks_count"] == 3
    assert v["sites"]["stone"] == {"in_town": 0, "out_of_town": 2}
    assert [c["name"] for c in me["hand"]][::2] == ["Temple", "Jack"]
    assert [b["foundation"]["name"] for b in me["buildings"]] == ["Villa", "Insula", "Statue"]
    assert me["buildings"][2]["site"] == "brick"
    state = engine.apply(state, {"type": "think", "take": "cards"})
    assert names(state, state.players[0].hand)[3:] == ["Road", "Wall"]
