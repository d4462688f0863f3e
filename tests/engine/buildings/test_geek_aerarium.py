"""Aerarium (Black Box rulebook, Appendix III): "Whenever you check your Influence (except during
scoring at the end of the game), you instead use the highest Influence among all players. As soon as
you complete the Aerarium, you may give its 2-Influence Site to any player (even yourself) to
immediately trigger an 'upon completion' power on one of that player's completed buildings."
Aerarium and Prison: "If you use Aerarium to re-trigger a completed Prison, you must give away any
set of Site cards from your Influence that sum to 3 or more total Influence. You cannot give away
the 2 Influence you began the game with." """

from __future__ import annotations

import engine
from engine.state import zones as zones_of
from tests.engine.buildings.geek import geek_table, prison_and_aerarium
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    claim,
    gather,
    in_hand,
    in_pool,
    lead,
    mine,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import is_legal, think


def test_aerarium_example_garden_again_and_a_school_of_twelve() -> None:
    """Black Box rulebook, Appendix III, Aerarium, example: "Remus has a completed [in the text;
    an incomplete one, as he completes it] Aerarium in play, along with an incomplete School and a
    complete Garden. He completes his Aerarium with a Craftsman action, and immediately gives the 2
    Influence to himself in order to re-trigger the Garden's power. After using the Garden power,
    he uses an additional Craftsman action to complete the School. He has a total of 9 Influence,
    but one of his opponents has 12 Influence. So, the School's power allows him to perform 12
    Thinker actions, rather than just 9. If the game ended right now, he would only have 9 points
    (not 12)." """
    state = geek_table(
        [
            {
                "hand": ["Market", "Academy", "Atrium"],
                "clientele": ["Crane"],
                "buildings": [
                    {"name": "Aerarium", "materials": ["Foundry"]},
                    {"name": "Garden", "materials": ["Stone"] * 3, "complete": True},
                    {"name": "School", "materials": ["Foundry"]},
                ],
            },
            {"influence": 12},
        ],
        pool=["Temple"],
    )
    assert zones(state, 0)["influence"] == 5
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, build(in_hand(state, 0, "Academy"), site_of(state, 0, "Aerarium")))
    assert pending(state) == (0, "aerarium")
    garden = site_of(state, 0, "Garden")
    state = act(state, claim(garden))  # to himself: the Site stays his
    assert zones(state, 0)["influence"] == 7
    prompt = engine.prompt(state)  # the Garden's Patron actions, one per Influence: the highest
    assert (prompt["role"], prompt["actions_left"]) == ("patron", 12)
    assert mine(state, 0)["clientele_limit"] == 12
    state = act(state, SKIP)
    state = act(state, build(in_hand(state, 0, "Atrium"), site_of(state, 0, "School")))
    assert zones(state, 0)["influence"] == 9
    prompt = engine.prompt(state)
    assert (prompt["kind"], prompt["actions_left"]) == ("think", 12)
    assert engine.scores(state)[0]["influence"] == 9  # scoring counts his own


def prison_table() -> engine.State:
    """Aerarium and Prison, first example: Remus (seat 1) completed a Prison and stole a Tower
    from Romulus (seat 0), who holds the Prison's 3-Influence Site. Romulus is about to complete an
    Aerarium; Hannibal (seat 2) has an Insula."""
    return geek_table(
        [
            {
                "hand": ["Market", "Academy"],
                "buildings": [{"name": "Aerarium", "materials": ["Foundry"]}],
            },
            {
                "buildings": [
                    {"name": "Prison", "materials": ["Stone"] * 3, "complete": True, "site_to": 0},
                    {"name": "Tower", "materials": ["Wall"] * 2, "complete": True},
                ]
            },
            {"buildings": [{"name": "Insula", "materials": ["Road"], "complete": True}]},
        ]
    )


def complete_aerarium(state: engine.State) -> engine.State:
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(act(state, think()), think())
    return act(state, build(in_hand(state, 0, "Academy"), site_of(state, 0, "Aerarium")))


def test_aerarium_and_prison_first_example_the_three_influence_site_to_hannibal() -> None:
    """Black Box rulebook, Appendix III, Aerarium and Prison, first example: "Remus completes a
    Prison and steals a building from Romulus. Romulus later completes an Aerarium and gives away
    its Influence to Remus in order to re-trigger the Prison power to steal a building from
    Hannibal. He gives Hannibal the 3-Influence Site card that he received when previously affected
    by Prison." """
    state = complete_aerarium(prison_table())
    before = [zones(state, s)["influence"] for s in range(3)]
    assert before == [2 + 3 + 2, 2 + 2, 2 + 1]
    state = act(state, claim(site_of(state, 1, "Prison")))
    assert zones(state, 1)["influence"] == before[1] + 2  # the Aerarium's Site went to Remus
    assert pending(state) == (0, "steal")
    state = act(state, claim(site_of(state, 2, "Insula")))  # he pays his 3-Influence Site
    assert "Insula" in zones(state, 0)["buildings"] and "Insula" not in zones(state, 2)["buildings"]
    assert [zones(state, s)["influence"] for s in range(3)] == [2, 4 + 2, 3 + 3]


def test_aerarium_and_prison_second_example_two_sites_of_two() -> None:
    """Black Box rulebook, Appendix III, Aerarium and Prison, second example: "Romulus has a School
    in play (Brick) and 4 total Influence. Romulus completes a Prison and gives its 3 Influence to
    Remus to steal one of Remus' buildings. Romulus later completes an Aerarium and gives the
    Influence to himself to re-trigger the Prison. He gives away the 2-Influence Site from the
    Aerarium plus the 2-Influence Site from the school to Remus to steal a building." """
    state = geek_table(
        [
            {
                "hand": ["Market", "Academy"],
                "buildings": [
                    {"name": "School", "materials": ["Shrine"] * 2, "complete": True},
                    {"name": "Prison", "materials": ["Stone"] * 3, "complete": True, "site_to": 1},
                    {"name": "Tower", "materials": ["Wall"] * 2, "complete": True, "site_to": 1},
                    {"name": "Aerarium", "materials": ["Foundry"]},
                ],
            },
            {"buildings": [{"name": "Insula", "materials": ["Road"], "complete": True}]},
        ]
    )
    assert zones(state, 0)["influence"] == 4
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, build(in_hand(state, 0, "Academy"), site_of(state, 0, "Aerarium")))
    state = act(state, claim(site_of(state, 0, "Prison")))
    sites = list(state.players[0].influence)
    assert sorted(state.material(c) for c in sites) == ["brick", "brick"]  # School, Aerarium
    state = act(state, claim(site_of(state, 1, "Insula")))  # one is worth 2: not enough
    assert zones(state, 0)["influence"] == 2 and "Insula" in zones(state, 0)["buildings"]
    assert not set(sites) & set(state.players[0].influence)
    assert zones(state, 1)["influence"] == 2 + 1 + 3 + 2 + 4  # his own, the Insula's, and paid


def test_aerarium_and_prison_the_ransom_worth_least() -> None:
    """Ruling "Aerarium and Prison: the ransom": of the sets of Sites worth 3 or more, the one
    worth least goes (a 3 rather than a 2 and a 2), the fewest cards on a tie."""
    from engine.buildings.geek import cheapest_ransom

    state = prison_table()
    sites = [c for c, name in enumerate(state.names) if name.endswith(" Site")]
    rubble, stone = (next(c for c in sites if state.material(c) == m) for m in ("rubble", "stone"))
    brick, brick2 = [c for c in sites if state.material(c) == "brick"][:2]
    assert cheapest_ransom(state, [brick, brick2, stone]) == (stone,)
    assert sorted(cheapest_ransom(state, [brick, rubble, brick2])) == sorted((brick, rubble))
    assert cheapest_ransom(state, [brick]) == ()


def test_aerarium_without_sites_to_pay_a_prison_steals_nothing() -> None:
    """Black Box rulebook, Appendix III, Aerarium and Prison: "You cannot give away the 2 Influence
    you began the game with": a thief whose Sites are worth less than 3 is offered no structure.
    And an Aerarium cannot re-trigger itself (ruling "Aerarium: not itself")."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Academy"],
                "buildings": [{"name": "Aerarium", "materials": ["Foundry"]}],
            },
            {
                "buildings": [
                    {"name": "Prison", "materials": ["Stone"] * 3, "complete": True},
                    {"name": "Insula", "materials": ["Road"], "complete": True},
                ]
            },
        ]
    )
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, build(in_hand(state, 0, "Academy"), site_of(state, 0, "Aerarium")))
    assert not is_legal(state, claim(site_of(state, 0, "Aerarium")))
    state = act(state, claim(site_of(state, 1, "Prison")))  # gives his only Site (2) away
    assert pending(state) == (1, "lead")  # no steal offered: nothing worth 3 to pay
    assert zones(state, 0)["buildings"].keys() == {"Aerarium"}


def steal_the_aerarium(state: engine.State) -> engine.State:
    """Romulus (seat 0) completes his Prison and steals Remus's Aerarium."""
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, build(in_hand(state, 0, "Villa"), site_of(state, 0, "Prison")))
    return act(state, claim(site_of(state, 1, "Aerarium")))


def assert_conserved(state: engine.State) -> None:
    seen = sorted(c for ids in zones_of(state).values() for c in ids)
    assert seen == list(range(len(state.names))), "a card was lost, made or doubled"


def test_a_stolen_aerarium_without_its_site_triggers_nothing() -> None:
    """Black Box rulebook, Appendix I, Prison: "Any 'Upon completion' effects in the Function of a
    Structure trigger for the new owner when the Structure is stolen"; Appendix III, Aerarium:
    "you may give its 2-Influence Site to any player (even yourself) to immediately trigger an
    'upon completion' power". Its Site is in Remus's Influence, not the thief's: Romulus has
    nothing to give and triggers nothing (ruling "Aerarium: its Site to give"). He keeps the
    Aerarium's lasting function; no Site moves but the Prison's."""
    state = steal_the_aerarium(prison_and_aerarium())
    assert pending(state) == (1, "lead")  # no Aerarium decision
    assert "Aerarium" in zones(state, 0)["buildings"]
    assert [zones(state, s)["influence"] for s in (0, 1)] == [2, 2 + 2 + 2 + 3]
    assert mine(state, 0)["clientele_limit"] == 9  # the highest Influence, Remus's
    assert_conserved(state)


def test_a_stolen_aerarium_whose_site_the_thief_holds_gives_it() -> None:
    """Black Box rulebook, Appendix III, Aerarium ("you may give its 2-Influence Site to any
    player"): Remus gave the Aerarium's Site to Romulus before; stolen, the Aerarium lets Romulus
    give it on, to Remus, and use his Foundry (ruling "Aerarium: its Site to give")."""
    state = steal_the_aerarium(prison_and_aerarium(aerarium_site_to=0))
    assert pending(state) == (0, "aerarium")
    state = act(state, claim(site_of(state, 1, "Foundry")))
    assert [zones(state, s)["influence"] for s in (0, 1)] == [2, 2 + 2 + 3 + 2]
    prompt = engine.prompt(state)  # the Foundry's Laborer actions, one per Influence: the highest
    assert (prompt["role"], prompt["actions_left"]) == ("laborer", 9)
    state = act(state, gather(in_pool(state, "Road")))
    assert zones(state, 0)["stockpile"] == ["Road"]
    assert_conserved(state)
