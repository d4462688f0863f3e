"""The 2005 first edition's building functions that change a structure, a limit or what comes
upon completion (Aqueduct, Basilica, Statue, Storeroom, Fountain, Prison, Stairway, Tower,
Scriptorium) (First edition rulebook (2005), Appendix - Building Functions; docs/rules.md,
section The 2005 first edition). One test per card, each citing the passage it checks."""

from __future__ import annotations

import engine
from tests.engine.buildings.first_edition import owns, table
from tests.engine.buildings.steps import (
    act,
    build,
    gather,
    in_hand,
    in_pool,
    in_stockpile,
    lay,
    lead,
    left,
    mine,
    site_of,
    think,
    zones,
)


def test_aqueduct_clientele_plus_four() -> None:
    """First edition rulebook (2005), Appendix, Aqueduct, example: "You complete the Aqueduct as
    your first structure. You now have four Victory Points, room for eight clients, and room for
    four cards in your Vault." """
    state = table([{"buildings": [owns("Aqueduct (2005)")]}, {}])
    assert zones(state, 0)["influence"] == 4
    assert mine(state)["clientele_limit"] == 8 and mine(state)["vault_limit"] == 4


def test_basilica_doubles_the_vault_after_a_market() -> None:
    """First edition rulebook (2005), Appendix, Basilica, example: "You have a Market. ... You
    complete a Basilica as your second structure. You now have five Victory Points, room enough
    for five clients, and room for fourteen (five Influence plus two from the Market Function,
    doubled) cards in your Vault." """
    state = table([{"buildings": [owns("Market"), owns("Basilica (2005)")]}, {}])
    # The example counts five Influence; two, a Market's one and a Basilica's three make six. What
    # it shows is the order: the Market's two are added, then the sum is doubled.
    assert zones(state, 0)["influence"] == 6
    assert mine(state)["clientele_limit"] == 6 and mine(state)["vault_limit"] == (6 + 2) * 2


def test_statue_takes_three_materials_of_its_site_and_gives_three_points() -> None:
    """First edition rulebook (2005), Appendix, Statue: "completed with any combination of three
    material matching the Site or the foundation (Marble)"; example: a Statue on a Brick Site as
    first structure gives "seven Victory Points" (four Influence and three)."""
    state = table(
        [
            {
                "hand": ["Market", "Shrine"],
                "buildings": [{"name": "Statue (2005)", "site": "brick", "materials": ["Gate"]}],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think())
    state = act(state, build(in_hand(state, 0, "Shrine"), site_of(state, 0, "Statue (2005)")))
    statue = next(b for b in state.players[0].buildings)
    assert not statue.complete  # a Brick Site's value is two; the first edition wants three
    state = table(
        [
            {
                "hand": ["Market", "Temple"],
                "buildings": [
                    {"name": "Statue (2005)", "site": "brick", "materials": ["Gate", "Shrine"]}
                ],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think())
    state = act(state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Statue (2005)")))
    assert state.players[0].buildings[0].complete
    score = engine.scores(state)[0]
    assert score["influence"] == 4 and score["buildings"] == 3 and score["total"] == 7


def test_storeroom_gives_a_laborer_burst_upon_completion() -> None:
    """First edition rulebook (2005), Appendix, Storeroom, example: "In the Pool are three Brick,
    and two Marble. You complete a Storeroom as your first structure and now have four Influence.
    You have the one-time option to execute Laborer roles up to four times." """
    state = table(
        [
            {
                "hand": ["Market", "Vomitorium"],
                "buildings": [{"name": "Storeroom (2005)", "materials": ["Wall (2005)"]}],
            },
            {"hand": ["Insula"]},
        ],
        pool=["Gate", "Gate", "Shrine", "Temple", "Temple"],
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think())
    state = act(
        state, build(in_hand(state, 0, "Vomitorium"), site_of(state, 0, "Storeroom (2005)"))
    )
    prompt = engine.prompt(state)
    assert prompt["role"] == "laborer" and prompt["actions_left"] == 4
    for name in ("Gate", "Shrine", "Temple", "Temple"):
        state = act(state, gather(in_pool(state, name)))
    assert zones(state, 0)["stockpile"] == ["Gate", "Shrine", "Temple", "Temple"]


def test_fountain_every_client_is_also_a_craftsman() -> None:
    """First edition rulebook (2005), Appendix, Fountain, example: "You have a Craftsman client and
    a Patron client ... With the first role, you add a Stone ... completing the structure. Your
    Patron client now also counts as a Craftsman and so grants you an additional Craftsman role
    this turn." """
    state = table(
        [
            {
                "hand": ["Market", "Villa", "Circus", "Dock (2005)"],
                "clientele": ["Craftsman", "Patron"],
                "buildings": [{"name": "Fountain (2005)", "materials": ["Garden", "Garden"]}],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think())
    assert left(state) == 2
    state = act(state, build(in_hand(state, 0, "Villa"), site_of(state, 0, "Fountain (2005)")))
    assert left(state) == 2  # one used, and the Patron client now acts as a Craftsman too
    state = act(state, lay(in_hand(state, 0, "Circus"), "wood"))
    state = act(state, build(in_hand(state, 0, "Dock (2005)"), site_of(state, 0, "Circus")))
    assert zones(state, 0)["buildings"]["Circus"] == (["Dock (2005)"], True)


def test_prison_the_thief_keeps_the_prisons_influence() -> None:
    """First edition rulebook (2005), Appendix, Prison: "the original owner loses the benefit of the
    Function, although he keeps the Influence he gained from finishing the stolen structure. You
    gain Influence from completing the Prison as with any other structure." """
    state = table(
        [
            {
                "hand": ["Villa", "Market"],
                "buildings": [{"name": "Prison (2005)", "materials": ["Garden", "Garden"]}],
            },
            {"hand": ["Insula"], "buildings": [owns("Temple")]},
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think())
    state = act(state, build(in_hand(state, 0, "Villa"), site_of(state, 0, "Prison (2005)")))
    temple = state.players[1].buildings[0].foundation
    state = act(state, {"type": "claim", "cards": [temple]})
    assert zones(state, 0)["influence"] == 5  # two and the Prison's three
    assert zones(state, 1)["influence"] == 5  # two and the Temple's three, kept
    assert "Temple" in zones(state, 0)["buildings"]
    assert mine(state, 0)["hand_size"] == 9


def test_stairway_an_architect_action_completes_any_structure() -> None:
    """First edition rulebook (2005), Appendix, Stairway: "You complete a structure whenever you
    move a material into the structure's foundation using the Architect role" (ruling "Stairway
    (2005): the text over the example"); a Craftsman's does not."""
    state = table(
        [
            {
                "hand": ["Tower (2005)", "Palace"],
                "stockpile": ["Temple"],
                "buildings": [owns("Stairway (2005)"), {"name": "Palace"}],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("architect", in_hand(state, 0, "Tower (2005)")))
    state = act(state, think())
    state = act(state, build(in_stockpile(state, 0, "Temple"), site_of(state, 0, "Palace")))
    assert zones(state, 0)["buildings"]["Palace"] == (["Temple"], True)


def test_tower_any_foundation_on_a_rubble_site_finished_with_rubble() -> None:
    """First edition rulebook (2005), Appendix, Tower, example: "With the second role you start the
    Sewer on a Rubble Site. With the third role you move the Rubble card from your Hand into the
    Sewer. The Sewer still requires two more Stone or Rubble to be complete." """
    state = table(
        [
            {
                "hand": ["Market", "Sewer (2005)", "Road"],
                "clientele": ["Craftsman"],
                "buildings": [owns("Tower (2005)")],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think())
    state = act(state, lay(in_hand(state, 0, "Sewer (2005)"), "rubble"))
    state = act(state, build(in_hand(state, 0, "Road"), site_of(state, 0, "Sewer (2005)")))
    assert zones(state, 0)["buildings"]["Sewer (2005)"] == (["Road"], False)
    sewer = state.players[0].buildings[-1]
    assert state.material(sewer.site) == "rubble"


def test_scriptorium_any_foundation_on_any_site() -> None:
    """First edition rulebook (2005), Appendix, Scriptorium, example: "You play the foundation for a
    Shrine from your hand on a Wood Site. You take the Wood from your Stockpile and place it
    underneath the Shrine foundation. The Shrine now needs either one additional Wood or Brick to
    be complete." """
    state = table(
        [
            {
                "hand": ["Tower (2005)", "Shrine"],
                "stockpile": ["Market", "Gate"],
                "clientele": ["Architect"],
                "buildings": [owns("Scriptorium (2005)")],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("architect", in_hand(state, 0, "Tower (2005)")))
    state = act(state, think())
    state = act(state, lay(in_hand(state, 0, "Shrine"), "wood"))
    state = act(state, build(in_stockpile(state, 0, "Market"), site_of(state, 0, "Shrine")))
    shrine = state.players[0].buildings[-1]
    assert not shrine.complete and len(shrine.materials) == 1
    assert engine.powers.material_fits(state, 0, shrine, "brick")
    assert engine.powers.material_fits(state, 0, shrine, "wood")
    assert not engine.powers.material_fits(state, 0, shrine, "stone")
