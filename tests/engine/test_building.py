"""Architect and Craftsman: laying foundations in and out of town, adding materials, completing
structures (Black Box rulebook, Building Structures, Laying a Foundation, Out of Town Sites, Adding
Materials to a Building, Completing a Structure, Benefits of Completing a Structure).

Completion tests use the training game (Black Box rulebook, Completing a Structure, "Training Game:
Ignore the special Function available for completing the Structure - you still gain the additional
Influence") so that no building function interferes with the core rule checked."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.cards import VALUE_OF_MATERIAL
from tests.engine.helpers import (
    SKIP,
    actions_left,
    canon,
    expect_illegal,
    find,
    hand,
    is_legal,
    kind,
    lead,
    legal_set,
    table,
    think,
)

TRAINING = {"training": True}


def lay(card: int, site: str, out_of_town: bool = False) -> dict[str, Any]:
    return {"type": "lay", "card": card, "site": site, "out_of_town": out_of_town}


def build(card: int, building: int) -> dict[str, Any]:
    return {"type": "build", "card": card, "building": building}


def acting(
    role: str,
    me: dict[str, Any],
    other: dict[str, Any] | None = None,
    **top: Any,
) -> engine.State:
    """Seat 0 leads `role` with the first card of its hand (its hand is `me["hand"]`); seat 1
    thinks; seat 0's actions are pending."""
    state = table([me, other or {"hand": ["Rubble"]}], **top)
    state = engine.apply(state, lead(role, hand(state, 0)[0]))
    state = engine.apply(state, think())
    assert engine.to_act(state) == 0 and kind(state) == "act"
    return state


def sites(state: engine.State, material: str) -> dict[str, int]:
    return engine.view(state, None)["sites"][material]


@pytest.mark.parametrize(("role", "leader_card"), [("architect", "Wall"), ("craftsman", "Dock")])
def test_lay_a_foundation_in_town_takes_one_action(role: str, leader_card: str) -> None:
    """Black Box rulebook, Laying a Foundation: "Perform one Architect or Craftsman action to place
    an Order card from your hand in front of you ... Take a Site card of the matching Material"."""
    state = acting(
        role, {"hand": [leader_card, "Temple", "Insula"], "clientele": [role.capitalize()]}
    )
    temple = find(state, hand(state, 0), "Temple")
    before = sites(state, "marble")
    assert is_legal(state, lay(temple, "marble"))
    after = engine.apply(state, lay(temple, "marble"))
    assert temple not in hand(after, 0)
    (b,) = engine.view(after, 1)["players"][0]["buildings"]
    assert b["foundation"]["id"] == temple and b["site"] == "marble" and not b["complete"]
    assert sites(after, "marble") == {**before, "in_town": before["in_town"] - 1}
    assert actions_left(after) == 1


def test_the_site_must_match_the_foundation() -> None:
    """Black Box rulebook, Laying a Foundation: "Take a Site card of the matching Material"."""
    state = acting("architect", {"hand": ["Wall", "Temple"]})
    temple = find(state, hand(state, 0), "Temple")
    expect_illegal(state, lay(temple, "brick"), "wrong_site")


def test_out_of_town_takes_two_actions() -> None:
    """Black Box rulebook, Out of Town Sites: "To lay a Foundation on an Out of Town Site, you must
    perform two consecutive Architect or Craftsman actions on the same turn"."""
    state = acting(
        "architect", {"hand": ["Wall", "Temple", "Shrine"], "clientele": ["Architect"] * 2}
    )
    temple = find(state, hand(state, 0), "Temple")
    before = sites(state, "marble")
    assert actions_left(state) == 3
    assert is_legal(state, lay(temple, "marble", True))
    after = engine.apply(state, lay(temple, "marble", True))
    assert sites(after, "marble") == {
        "in_town": before["in_town"],
        "out_of_town": before["out_of_town"] - 1,
    }
    assert actions_left(after) == 1
    assert [after.names[b.foundation] for b in after.players[0].buildings] == ["Temple"]


def test_the_state_and_every_view_record_a_foundation_out_of_town() -> None:
    """Black Box rulebook, Out of Town Sites: "The upside-down Sites are outside Rome". Where a
    building stands is public: the state records it and every view shows it, and it survives a
    JSON round trip."""
    state = acting(
        "architect", {"hand": ["Wall", "Temple", "Shrine"], "clientele": ["Architect"] * 2}
    )
    temple, shrine = find(state, hand(state, 0), "Temple"), find(state, hand(state, 0), "Shrine")
    state = engine.apply(state, lay(temple, "marble", True))
    state = engine.apply(state, lay(shrine, "brick"))
    assert [b.out_of_town for b in state.players[0].buildings] == [True, False]
    for viewer in (0, 1, None):
        shown = engine.view(state, viewer)["players"][0]["buildings"]
        assert [(b["foundation"]["id"], b["out_of_town"]) for b in shown] == [
            (temple, True),
            (shrine, False),
        ]
    back = engine.from_json(engine.to_json(state))
    assert [b.out_of_town for b in back.players[0].buildings] == [True, False]


def test_a_state_saved_before_out_of_town_was_recorded_still_loads() -> None:
    """A snapshot saved before buildings recorded their Site's place loads with every building in
    town, and its hash is unchanged (the field is written only when true)."""
    state = acting("architect", {"hand": ["Wall", "Shrine"], "clientele": ["Architect"]})
    state = engine.apply(state, lay(find(state, hand(state, 0), "Shrine"), "brick"))
    data = engine.to_json(state)
    (saved,) = data["players"][0]["buildings"]
    assert "out_of_town" not in saved
    back = engine.from_json(data)
    assert back.players[0].buildings[0].out_of_town is False
    assert engine.state_hash(back) == engine.state_hash(state)


def test_out_of_town_with_one_action_left_is_refused() -> None:
    """Black Box rulebook, Out of Town Sites: "Without a Client of the matching Role, it is normally
    not possible to build outside of town"."""
    state = acting("craftsman", {"hand": ["Dock", "Temple"]})
    temple = find(state, hand(state, 0), "Temple")
    assert actions_left(state) == 1
    assert not is_legal(state, lay(temple, "marble", True))
    expect_illegal(state, lay(temple, "marble", True), "not_enough_actions")


def test_no_site_of_the_material_left() -> None:
    """Black Box rulebook, Laying a Foundation: "You may not lay ... if ... There is no Site of
    matching Material left"."""
    state = acting(
        "architect",
        {"hand": ["Wall", "Temple", "Insula"], "clientele": ["Architect"]},
        sites={"marble": {"in_town": 0, "out_of_town": 0}},
    )
    temple = find(state, hand(state, 0), "Temple")
    expect_illegal(state, lay(temple, "marble"), "no_site")
    expect_illegal(state, lay(temple, "marble", True), "no_site")
    assert all(a["type"] != "lay" or a["card"] != temple for a in engine.legal_actions(state))


def test_in_town_gone_but_out_of_town_left() -> None:
    """Black Box rulebook, Out of Town Sites: with the in-town Sites of a material gone, the
    out-of-town ones may still be used (two actions)."""
    state = acting(
        "architect",
        {"hand": ["Wall", "Temple"], "clientele": ["Architect"]},
        sites={"marble": {"in_town": 0, "out_of_town": 2}},
    )
    temple = find(state, hand(state, 0), "Temple")
    expect_illegal(state, lay(temple, "marble"), "no_site")
    after = engine.apply(state, lay(temple, "marble", True))
    assert sites(after, "marble") == {"in_town": 0, "out_of_town": 1}


def test_no_two_structures_of_one_name() -> None:
    """Black Box rulebook, Laying a Foundation: "You may not lay ... if ... You already have a
    Foundation or Structure of the same name in play"."""
    for complete in (False, True):
        state = acting(
            "architect",
            {
                "hand": ["Wall", "Temple", "Insula"],
                "buildings": [
                    {
                        "name": "Temple",
                        "materials": ["Marble"] * (3 if complete else 0),
                        "complete": complete,
                    }
                ],
            },
            options=TRAINING,
        )
        temple = find(state, hand(state, 0), "Temple")
        assert not is_legal(state, lay(temple, "marble"))
        expect_illegal(state, lay(temple, "marble"), "duplicate_building")


def test_an_opponents_structure_of_the_same_name_is_fine() -> None:
    """Black Box rulebook, Laying a Foundation: "You may lay a Foundation with the same name as an
    opponent's Foundation or Structure"."""
    state = acting(
        "architect",
        {"hand": ["Wall", "Temple"]},
        {"hand": ["Rubble"], "buildings": [{"name": "Temple", "materials": ["Marble"]}]},
    )
    temple = find(state, hand(state, 0), "Temple")
    after = engine.apply(state, lay(temple, "marble"))
    assert [after.names[b.foundation] for b in after.players[0].buildings] == ["Temple"]


def test_a_jack_is_not_a_foundation() -> None:
    """Black Box rulebook, Jacks: "Jacks cannot be taken or played as Materials or Clients"; a
    foundation is an Order card ("place an Order card from your hand")."""
    state = acting("architect", {"hand": ["Wall", "Jack", "Insula"]})
    jack = find(state, hand(state, 0), "Jack")
    expect_illegal(state, lay(jack, "marble"), "not_an_order")
    assert all(a.get("card") != jack for a in engine.legal_actions(state))


def test_architect_adds_from_the_stockpile() -> None:
    """Black Box rulebook, Adding Materials to a Building: "To perform an Architect action, take a
    matching Material from your Stockpile"."""
    state = acting(
        "architect",
        {
            "hand": ["Wall", "Statue"],
            "stockpile": ["Palace", "Academy"],
            "buildings": [{"name": "Temple"}],
        },
    )
    temple = state.players[0].buildings[0].foundation
    palace = find(state, state.players[0].stockpile, "Palace")
    statue = find(state, hand(state, 0), "Statue")
    academy = find(state, state.players[0].stockpile, "Academy")
    expect_illegal(state, build(statue, temple), "card_not_in_stockpile")
    expect_illegal(state, build(academy, temple), "wrong_material")
    assert legal_set(state, "build") == canon(build(palace, temple))
    after = engine.apply(state, build(palace, temple))
    assert after.players[0].buildings[0].materials == [palace]
    assert palace not in after.players[0].stockpile


def test_craftsman_adds_from_hand() -> None:
    """Black Box rulebook, Adding Materials to a Building: "To perform a Craftsman action, take a
    matching Material from your hand"."""
    state = acting(
        "craftsman",
        {
            "hand": ["Dock", "Statue", "Academy"],
            "stockpile": ["Palace"],
            "buildings": [{"name": "Temple"}],
        },
    )
    temple = state.players[0].buildings[0].foundation
    palace = find(state, state.players[0].stockpile, "Palace")
    statue = find(state, hand(state, 0), "Statue")
    academy = find(state, hand(state, 0), "Academy")
    expect_illegal(state, build(palace, temple), "card_not_held")
    expect_illegal(state, build(academy, temple), "wrong_material")
    after = engine.apply(state, build(statue, temple))
    assert after.players[0].buildings[0].materials == [statue]
    assert statue not in hand(after, 0)


def test_materials_go_only_to_your_own_foundation() -> None:
    """Black Box rulebook, Adding Materials to a Building: "it must already have a Site and
    Foundation" (yours)."""
    state = acting(
        "craftsman",
        {"hand": ["Dock", "Statue"]},
        {"hand": ["Rubble"], "buildings": [{"name": "Temple"}]},
    )
    theirs = state.players[1].buildings[0].foundation
    expect_illegal(state, build(find(state, hand(state, 0), "Statue"), theirs), "no_such_building")


@pytest.mark.parametrize("name", ["Insula", "Shrine", "Temple"])
def test_complete_at_the_value_count_and_gain_influence(name: str) -> None:
    """Black Box rulebook, Completing a Structure: "one, two, or three additional Material cards
    depending upon the Value on the Foundation card"; "take its Site card and tuck it underneath the
    top edge of your Camp"; Benefits: "Your Influence increases by the value ... of the completed
    Site". "The Materials stay with the completed Structure"."""
    material = engine.catalog("republic")
    value = next(int(c["value"]) for c in material if c["name"] == name)
    mat = next(str(c["material"]) for c in material if c["name"] == name)
    assert value == VALUE_OF_MATERIAL[mat]
    data = table(
        [
            {
                "hand": ["Wall"],
                "stockpile": [mat.capitalize()] * value,
                "clientele": ["Architect"] * 2,
                "influence": ["stone"],
                "buildings": [{"name": name}],
            },
            {"hand": ["Rubble"]},
        ],
        options=TRAINING,
    )
    state = engine.apply(data, lead("architect", hand(data, 0)[0]))
    state = engine.apply(state, think())
    b = state.players[0].buildings[0]
    start = engine.view(state, 0)["players"][0]["influence"]
    assert start == 5
    for i in range(value):
        assert not state.players[0].buildings[0].complete
        state = engine.apply(state, build(state.players[0].stockpile[0], b.foundation))
        assert len(state.players[0].buildings[0].materials) == i + 1
    after = state.players[0].buildings[0]
    assert after.complete
    assert after.site in state.players[0].influence
    assert engine.view(state, 1)["players"][0]["influence"] == start + value
    assert engine.view(state, 1)["players"][0]["buildings"][0]["complete"] is True
    assert len(after.materials) == value


def test_one_short_is_not_complete() -> None:
    """Black Box rulebook, Completing a Structure: a value-3 foundation with two materials is not
    complete."""
    state = acting(
        "architect",
        {"hand": ["Wall"], "stockpile": ["Marble"], "buildings": [{"name": "Temple"}]},
        options=TRAINING,
    )
    temple = state.players[0].buildings[0].foundation
    state = engine.apply(state, build(state.players[0].stockpile[0], temple))
    assert not state.players[0].buildings[0].complete
    assert engine.view(state, 0)["players"][0]["influence"] == 2


def test_lay_and_complete_on_the_same_turn() -> None:
    """Black Box rulebook, Adding Materials to a Building: the Site and Foundation "may be provided
    by laying a Foundation on the same turn"; Benefits: "Both of these effects happen
    immediately"."""
    state = acting(
        "craftsman",
        {"hand": ["Dock", "Insula", "Road"], "clientele": ["Craftsman"]},
        options=TRAINING,
    )
    insula = find(state, hand(state, 0), "Insula")
    state = engine.apply(state, lay(insula, "rubble"))
    state = engine.apply(state, build(find(state, hand(state, 0), "Road"), insula))
    assert state.players[0].buildings[0].complete
    assert engine.view(state, 0)["players"][0]["influence"] == 3
    # The new Influence counts at once: the Clientele limit is now 3.
    assert engine.view(state, 0)["players"][0]["clientele_limit"] == 3


def test_a_completed_structure_takes_no_more_materials() -> None:
    """Black Box rulebook, Completing a Structure: a structure is complete at its value; no more
    material goes in."""
    state = acting(
        "craftsman",
        {
            "hand": ["Dock", "Road"],
            "buildings": [{"name": "Insula", "materials": ["Rubble"], "complete": True}],
        },
        options=TRAINING,
    )
    insula = state.players[0].buildings[0].foundation
    expect_illegal(state, build(find(state, hand(state, 0), "Road"), insula), "building_complete")


def test_several_structures_on_one_turn() -> None:
    """Black Box rulebook, Building Structures: "You may work on several different Structures at
    once, even on the same turn"."""
    state = acting(
        "craftsman",
        {
            "hand": ["Dock", "Road", "Statue"],
            "clientele": ["Craftsman"],
            "buildings": [{"name": "Insula"}, {"name": "Temple"}],
        },
        options=TRAINING,
    )
    insula, temple = (b.foundation for b in state.players[0].buildings)
    state = engine.apply(state, build(find(state, hand(state, 0), "Road"), insula))
    state = engine.apply(state, build(find(state, hand(state, 0), "Statue"), temple))
    assert [len(b.materials) for b in state.players[0].buildings] == [1, 1]


def test_skip_lapses_the_remaining_builder_actions() -> None:
    """Black Box rulebook, Game Play: actions "may" be performed; skipping ends them."""
    state = acting("craftsman", {"hand": ["Dock", "Temple"], "clientele": ["Craftsman"]})
    state = engine.apply(state, SKIP)
    assert kind(state) == "lead"
    assert state.players[0].buildings == []
