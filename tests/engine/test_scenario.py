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


def test_influence_as_a_number_counts_the_structures_sites() -> None:
    """docs/scenarios.md: `influence` as a number is the player's Influence; Sites are added, the
    most valuable first, on top of those of completed structures."""
    state = table(
        [{"influence": 7, "buildings": [{"name": "Insula", "complete": True}]}, {"influence": 2}]
    )
    assert [state.influence(s) for s in range(2)] == [7, 2]
    # The Insula's Rubble Site, then a Stone (3) and a Rubble (1) Site make up 2 + 1 + 4.
    assert sorted(state.material(c) for c in state.players[0].influence) == [
        "rubble",
        "rubble",
        "stone",
    ]
    assert sorted(all_ids(state)) == list(range(len(state.names)))


def test_a_completed_structure_whose_site_is_with_another_player() -> None:
    """Black Box rulebook, Appendix I, Prison: the thief gives "the Site card upon which the Prison
    was built" to the player robbed, who keeps the stolen structure's Site too. `site_to` puts a
    completed structure's Site in another player's Influence."""
    state = table(
        [
            {
                "buildings": [
                    {"name": "Prison", "complete": True, "site_to": 1},
                    {"name": "Tower", "complete": True, "site_to": 1},
                ]
            },
            {},
        ]
    )
    assert state.influence(0) == 2 and state.influence(1) == 2 + 3 + 2
    assert [b.complete for b in state.players[0].buildings] == [True, True]
    assert sorted(all_ids(state)) == list(range(len(state.names)))


def test_a_foundation_out_of_town_and_the_sites_left() -> None:
    """Black Box rulebook, Out of Town Sites: a foundation may stand on an out-of-town Site; it
    takes one of those, so the in-town Sites stay as many as the players."""
    state = table([{"buildings": [{"name": "Temple", "out_of_town": True}]}, {}])
    (temple,) = state.players[0].buildings
    assert temple.out_of_town and state.material(temple.site) == "marble"
    assert engine.view(state, 1)["players"][0]["buildings"][0]["out_of_town"] is True
    assert engine.view(state, None)["sites"]["marble"] == {"in_town": 2, "out_of_town": 3}


def test_a_structure_already_public() -> None:
    """Black Box rulebook, Appendix I, Stairway: a public structure's function is granted "to all
    players": an opponent's public Shrine raises everyone's hand size."""
    state = table([{}, {"buildings": [{"name": "Shrine", "complete": True, "public": True}]}])
    assert state.players[1].buildings[0].public
    assert [engine.view(state, 0)["players"][s]["hand_size"] for s in range(2)] == [7, 7]


@pytest.mark.parametrize(
    ("description", "zone"),
    [
        (
            {"players": [{"hand": ["Temple"]}, {"stockpile": ["Temple"] * 3}]},
            "player 1's stockpile",
        ),
        ({"players": [{}, {}], "pool": ["Jack"] * 7}, "the Pool"),
        ({"players": [{}, {}], "deck": ["Temple"] * 4}, "the deck"),
        ({"players": [{"camp": ["Marble"] * 40}, {}]}, "player 0's camp"),
        (
            {"players": [{"buildings": [{"name": "Temple", "materials": ["Temple"] * 3}]}, {}]},
            "player 0's Temple (its materials)",
        ),
        ({"players": [{"influence": ["marble"] * 7}, {}]}, "player 0's influence"),
        ({"players": [{"influence": 80}, {}]}, "player 0's influence"),
        (
            {
                "players": [
                    {"buildings": [{"name": n} for n in ("Villa", "Garden", "Prison", "Sewer")]},
                    {"buildings": [{"name": n} for n in ("Catacomb", "Scriptorium", "Garden")]},
                ]
            },
            "player 1's Garden (its Site)",
        ),
    ],
)
def test_a_description_asking_too_much_names_the_zone(
    description: dict[str, Any], zone: str
) -> None:
    """docs/scenarios.md, Errors: asking for more cards or Sites than exist names the zone."""
    with pytest.raises(engine.SetupError) as info:
        engine.scenario(description)
    assert info.value.code == "not_enough_cards"
    assert info.value.detail.startswith(zone + ":"), info.value.detail


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
    ({"players": [{"influence": 1}, {}]}, "bad_scenario"),
    ({"players": [{"influence": True}, {}]}, "bad_scenario"),
    (
        {"players": [{"influence": 3, "buildings": [{"name": "Temple", "complete": True}]}, {}]},
        "bad_scenario",
    ),
    ({"players": [{"buildings": [{"name": "Temple", "public": True}]}, {}]}, "bad_scenario"),
    ({"players": [{"buildings": [{"name": "Temple", "site_to": 1}]}, {}]}, "bad_scenario"),
    (
        {"players": [{"buildings": [{"name": "Temple", "complete": True, "site_to": 2}]}, {}]},
        "bad_scenario",
    ),
    ({"players": [{"buildings": [{"name": "Temple", "out_of_town": "yes"}]}, {}]}, "bad_scenario"),
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


def test_every_documented_description_builds() -> None:
    """Every JSON description in docs/scenarios.md builds; the Prison's and the give's say what
    their text says."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scenarios.md").read_text()
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    assert len(blocks) == 3
    states = [engine.scenario(b) for b in blocks]
    prison = states[1]
    assert [prison.influence(s) for s in range(2)] == [2, 2 + 3 + 2]
    give = engine.prompt(states[2])
    assert (give["seat"], give["kind"], give["to"]) == (1, "give", 0)
    assert [c["name"] for c in give["revealed"]] == ["Temple"]
