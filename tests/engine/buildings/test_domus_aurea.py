"""Domus Aurea, Republic only (Black Box rulebook, Appendix I): "When executing a Legionary action,
in addition to your regular action you can also choose an incomplete building from each of your
victims. The chosen building must match the demanded color and must have no Material under it. Take
the Foundation card and put it into your Stockpile. Take the Site card and add it to your
Influence."

The example's last sentence says "You put the Foundation card into your Influence"; the rule says
the Site card goes to Influence (docs/rules.md, ruling "Domus Aurea: the Site to Influence"). These
tests follow the rule: the School card to the Stockpile, its Brick Site to your Influence (+2, as
the example also says)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.buildings.steps import (
    act,
    claim,
    demand,
    everyone,
    expected,
    follow,
    in_hand,
    lead,
    pending,
    play,
    pool,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table

DOMUS = {"name": "Domus Aurea", "materials": ["Villa", "Villa", "Villa"], "complete": True}


def domus_table(domus: bool = True, victim: list[dict[str, Any]] | None = None) -> engine.State:
    """Seat 0 (right) leads Legionary with a Gate (and has nothing more to do); seat 1 ("you")
    owns a Domus Aurea (or not) and follows with a Legionary card (Shrine), keeping a red card
    (Academy) to reveal; seat 2 (left) has an incomplete School with no material and thinks."""
    me: dict[str, Any] = {"hand": ["Shrine", "Academy"]}
    if domus:
        me["buildings"] = [DOMUS]
    buildings = victim if victim is not None else [{"name": "School"}]
    state = table([{"hand": ["Gate"]}, me, {"hand": ["Road"], "buildings": buildings}])
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    state = act(state, follow(in_hand(state, 1, "Shrine")))
    state = act(state, think("jack"))
    assert pending(state) == (1, "act")
    return act(state, demand(in_hand(state, 1, "Academy")))


def test_domus_aurea_example_tears_down_an_empty_school() -> None:
    """Black Box rulebook, Appendix I, Domus Aurea, example: "You own a Domus Aurea. You have
    followed a Legionary action with a Legionary card. You reveal a red card from hand and demand
    Brick. One of your victims has an incomplete School with no material under it. In addition to
    all other Legionary effects against that player, you tear down your victim's School. You put the
    School card itself into your stockpile, as a Brick material. You put the Foundation card [rule:
    the Site card] into your Influence, adding 2 Influence to your score." """
    state = domus_table()
    brick_sites = engine.view(state, None)["sites"]["brick"]
    assert pending(state) == (1, "raze")
    assert {"type": "skip"} in engine.legal_actions(state)  # "can also choose": a choice
    state = act(state, claim(site_of(state, 2, "School")))
    you = zones(state, 1)
    assert you["stockpile"] == ["School"]
    assert you["influence"] == 2 + 3 + 2  # start, the Domus Aurea, the School's Brick Site
    assert [state.material(c) for c in state.players[1].influence] == ["stone", "brick"]
    assert you["hand"] == ["Academy"]  # the revealed card stays in hand
    assert zones(state, 2)["buildings"] == {} and zones(state, 2)["influence"] == 2
    assert engine.view(state, None)["sites"]["brick"] == brick_sites  # not back in town
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(),
        expected(
            hand=["Academy"],
            stockpile=["School"],
            influence=7,
            buildings={"Domus Aurea": (["Villa", "Villa", "Villa"], True)},
        ),
        expected(hand=["Jack", "Road"]),
    ]
    assert pool(state) == ["Gate", "Shrine"]


def test_domus_aurea_only_empty_foundations_of_the_demanded_colour() -> None:
    """Black Box rulebook, Appendix I, Domus Aurea: "must match the demanded color and must have no
    Material under it": a School with a Brick in it and an empty Insula are not offered; an empty
    Foundry and an empty Gate are, but only one of them ("an incomplete building from each of your
    victims")."""
    state = domus_table(
        victim=[
            {"name": "School", "materials": ["Bath"]},
            {"name": "Insula"},
            {"name": "Foundry"},
            {"name": "Gate"},
        ]
    )
    assert pending(state) == (1, "raze")
    expect_illegal(state, claim(site_of(state, 2, "School")), "not_offered")
    expect_illegal(state, claim(site_of(state, 2, "Insula")), "not_offered")
    both = claim(site_of(state, 2, "Foundry"), site_of(state, 2, "Gate"))
    expect_illegal(state, both, "over_limit")
    state = act(state, claim(site_of(state, 2, "Foundry")))
    assert zones(state, 1)["stockpile"] == ["Foundry"]
    assert set(zones(state, 2)["buildings"]) == {"School", "Insula", "Gate"}


def test_domus_aurea_tears_down_nothing_without_it() -> None:
    """Black Box rulebook, Appendix I, Domus Aurea, counter-case: without one the demand ends with
    no such decision; a claim of the School is refused and it stays."""
    state = domus_table(domus=False)
    assert pending(state) == (1, "lead")
    expect_illegal(state, claim(site_of(state, 2, "School")), "wrong_action")
    assert zones(state, 2)["buildings"] == {"School": ([], False)}


def test_domus_aurea_is_not_in_the_imperium_deck() -> None:
    """Black Box rulebook, Appendix I, Domus Aurea: "Republic version only"."""
    with pytest.raises(engine.SetupError) as info:
        table([{"buildings": [DOMUS]}, {}], version="imperium")
    assert info.value.code == "not_enough_cards"


def test_domus_aurea_with_bridge_one_foundation_from_every_opponent() -> None:
    """Black Box rulebook, Appendix I, Domus Aurea: "an incomplete building from each of your
    victims"; with a Bridge in a game of four every opponent is a victim (Black Box rulebook,
    Appendix I, Bridge), so you tear down the left player's empty Gate and the empty Foundry of the
    player across."""
    bridge = {"name": "Bridge", "materials": ["Wall", "Wall"], "complete": True}
    state = table(
        [
            {"hand": ["Shrine", "Academy"], "buildings": [DOMUS, bridge]},
            {"hand": ["Road"], "buildings": [{"name": "Gate"}]},
            {"hand": ["Road"], "buildings": [{"name": "Foundry"}]},
            {"hand": ["Road"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Shrine")))
    state = play(state, think("jack"), think("jack"), think("jack"))
    state = act(state, demand(in_hand(state, 0, "Academy")))
    assert pending(state) == (0, "raze")
    state = act(state, claim(site_of(state, 1, "Gate"), site_of(state, 2, "Foundry")))
    assert zones(state, 0)["stockpile"] == ["Foundry", "Gate"]
    assert zones(state, 0)["influence"] == 2 + 3 + 2 + 2 + 2
    assert zones(state, 1)["buildings"] == {} and zones(state, 2)["buildings"] == {}


def test_domus_aurea_with_bridge_a_palisade_still_keeps_its_foundations() -> None:
    """Black Box rulebook, Appendix I, Palisade: "You don't lose cards to players executing
    Legionary actions"; a Bridge lifts that only for Materials ("you may demand Materials even from
    opponents that own Palisades": Appendix I, Bridge). The Palisade owner gives his Brick but keeps
    his empty Gate; the player across loses his Foundry (docs/rules.md, "Palisade against a
    Colosseum with a Bridge")."""
    bridge = {"name": "Bridge", "materials": ["Wall", "Wall"], "complete": True}
    palisade = {"name": "Palisade", "materials": ["Dock"], "complete": True}
    state = table(
        [
            {"hand": ["Shrine", "Academy"], "buildings": [DOMUS, bridge]},
            {"hand": ["Road", "Bath"], "buildings": [{"name": "Gate"}, palisade]},
            {"hand": ["Road"], "buildings": [{"name": "Foundry"}]},
            {"hand": ["Road"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Shrine")))
    state = play(state, think("jack"), think("jack"), think("jack"))
    state = act(state, demand(in_hand(state, 0, "Academy")))
    assert zones(state, 0)["stockpile"] == ["Bath"]
    assert pending(state) == (0, "raze")
    expect_illegal(state, claim(site_of(state, 1, "Gate")), "not_offered")
    state = act(state, claim(site_of(state, 2, "Foundry")))
    assert zones(state, 0)["stockpile"] == ["Bath", "Foundry"]
    assert "Gate" in zones(state, 1)["buildings"]
