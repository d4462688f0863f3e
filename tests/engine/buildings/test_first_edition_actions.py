"""The building functions of the 2005 first edition that differ from the Black Box (First edition
rulebook (2005), Appendix - Building Functions; docs/rules.md, section The 2005 first edition).
One test per card, each citing the passage it checks."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    demand,
    follow,
    gather,
    hire,
    in_hand,
    in_pool,
    in_stockpile,
    lay,
    lead,
    left,
    mine,
    pending,
    sell,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, is_legal
from tests.engine.helpers import table as bb_table

SKIP = {"type": "skip"}


def table(players: list[dict[str, Any]], **top: Any) -> engine.State:
    return bb_table(players, **{"version": "first_edition", **top})


def owns(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "complete": True, **extra}


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


def test_sewer_as_printed_discards_the_hand_before_thinking() -> None:
    """First edition rulebook (2005), Appendix, Sewer: "You may discard all the cards from your hand
    before you execute the Thinker role"; example: three Patrons and a Jack discarded, five
    drawn."""
    state = table(
        [
            {"hand": ["Temple", "Temple", "Temple", "Jack"], "buildings": [owns("Sewer (2005)")]},
            {"hand": ["Archway"]},
        ],
        leader=1,
    )
    state = act(state, lead("legionary", in_hand(state, 1, "Archway")))
    cards = list(state.players[0].hand)
    state = act(state, think(discard=tuple(cards)))
    assert len(state.players[0].hand) == 5 and not set(cards) & set(state.players[0].hand)
    assert set(cards) - set(state.jacks) <= set(state.pool)  # orders to the Pool, the Jack
    assert set(cards) & set(state.jacks)  # to the pile of Jacks


def test_wall_gives_points_but_no_protection() -> None:
    """First edition rulebook (2005), Appendix, Wall: "You gain a Victory Point at the end of the
    game for each two materials in your Stockpile, rounded down"; it says nothing of Legionaries,
    and a player with a Wall must give (Legionary Role)."""
    state = table(
        [
            {"hand": ["Archway", "Temple"]},
            {
                "hand": ["Palace"],
                "stockpile": ["Insula"] * 5,
                "buildings": [owns("Wall (2005)")],
            },
        ]
    )
    assert engine.scores(state)[1]["buildings"] == 2
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, think())
    state = act(state, demand(in_hand(state, 0, "Temple")))
    if pending(state)[1] == "claim":
        state = act(state, SKIP)
    assert "Palace" in zones(state, 0)["stockpile"]


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


def test_coliseum_slays_matching_clients_into_the_vault() -> None:
    """First edition rulebook (2005), Appendix, Coliseum: "You may take cards from the Clienteles of
    every opponent from which you demand materials. The slain clients you take go into your
    Vault"; "Palisades protect against an opponent's Coliseum"."""
    state = table(
        [
            {"hand": ["Archway", "Gate"], "buildings": [owns("Coliseum (2005)")]},
            {"hand": ["Temple"], "clientele": ["Shrine"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, think())
    state = act(state, demand(in_hand(state, 0, "Gate")))
    while pending(state)[1] in ("claim", "give"):
        state = act(state, SKIP if pending(state)[1] == "claim" else {"type": "give", "cards": []})
    assert pending(state)[1] == "slay"
    state = act(state, {"type": "claim", "cards": list(state.players[1].clientele)})
    assert zones(state, 0)["vault"] == ["Shrine"] and zones(state, 1)["clientele"] == []


def test_atrium_a_card_from_hand_instead_of_the_stockpile() -> None:
    """First edition rulebook (2005), Appendix, Atrium: "you may take an Orders cards from your hand
    instead of your Stockpile and place it in your Vault without showing other players"; with
    several Merchant roles "from either or both"."""
    state = table(
        [
            {
                "hand": ["Villa", "Garden"],
                "stockpile": ["Temple"],
                "buildings": [owns("Atrium (2005)")],
            },
            {"hand": ["Insula"]},
        ]
    )
    state = act(state, lead("merchant", in_hand(state, 0, "Villa")))
    state = act(state, think())
    garden, temple = in_hand(state, 0, "Garden"), in_stockpile(state, 0, "Temple")
    expect_illegal(state, sell(temple, from_hand=garden), "not_allowed")
    state = act(state, sell(from_hand=garden))
    assert zones(state, 0)["vault"] == ["Garden"]
    assert engine.view(state, 1)["players"][0]["vault_visible"] == []  # unseen by the others


def test_bar_a_client_from_hand_instead_of_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Bar: "you may take clients from your hand instead of
    from the Pool"; example: with two Patron roles, one from the Pool and one from hand."""
    state = table(
        [
            {
                "hand": ["Temple", "Insula"],
                "clientele": ["Patron"],
                "buildings": [owns("Bar (2005)")],
            },
            {"hand": ["Road"]},
        ],
        pool=["Amphitheatre"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, SKIP)  # not out of turn order (the Bar's early offer): wait
    state = act(state, think())
    pool_card, hand_card = in_pool(state, "Amphitheatre"), in_hand(state, 0, "Insula")
    expect_illegal(state, hire(pool_card, from_hand=hand_card), "not_allowed")
    state = act(state, hire(pool_card))
    state = act(state, hire(from_hand=in_hand(state, 0, "Insula")))
    clients = zones(state, 0)["clientele"]
    assert "Amphitheatre" in clients and "Insula" in clients and len(clients) == 3


def test_dock_a_card_from_hand_instead_of_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Dock, example: "You take Wood from the Pool and
    Stone (Merchant) from your hand and place them in your Stockpile" (two Laborer roles)."""
    state = table(
        [
            {
                "hand": ["Road", "Villa"],
                "clientele": ["Laborer"],
                "buildings": [owns("Dock (2005)")],
            },
            {"hand": ["Temple"]},
        ],
        pool=["Market", "Market"],
    )
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, SKIP)  # not out of turn order (the Dock's early offer): wait
    state = act(state, think())
    market, villa = in_pool(state, "Market"), in_hand(state, 0, "Villa")
    expect_illegal(state, gather(market, from_hand=villa), "not_allowed")
    state = act(state, gather(market))
    state = act(state, gather(from_hand=in_hand(state, 0, "Villa")))
    assert zones(state, 0)["stockpile"] == ["Market", "Villa"]


def test_school_thinks_twice_not_circularly() -> None:
    """First edition rulebook (2005), Appendix, School, example: "You own a School and have only a
    Jack in your hand. An opponent leads as Craftsman. You pass. For your first Thinker role you
    draw four Orders cards, replenishing your hand. For your second role you draw a Jack" ("This
    effect is not circular")."""
    state = table(
        [
            {"hand": ["Jack"], "buildings": [owns("School (2005)")]},
            {"hand": ["Market", "Insula"]},
        ],
        leader=1,
        jacks=2,
    )
    state = act(state, lead("craftsman", in_hand(state, 1, "Market")))
    state = act(state, think())
    assert len(state.players[0].hand) == 5
    assert pending(state) == (0, "think")
    state = act(state, think("jack"))
    assert [state.names[c] for c in state.players[0].hand].count("Jack") == 2
    assert pending(state) == (1, "act")  # the second Thinker action calls no third


def test_circus_maximus_the_leader_plays_any_card_as_a_jack() -> None:
    """First edition rulebook (2005), Appendix, Circus Maximus, example: "As your lead you place the
    Legionary card on your Camp and say 'I am leading as a Merchant.'"; only "when you are
    leader"."""
    state = table(
        [
            {
                "hand": ["Gate"],
                "stockpile": ["Tower (2005)"],
                "buildings": [owns("Circus Maximus (2005)")],
            },
            {"hand": ["Villa"]},
        ]
    )
    assert is_legal(state, lead("merchant", in_hand(state, 0, "Gate")))
    state = act(state, lead("merchant", in_hand(state, 0, "Gate")))
    state = act(state, follow(in_hand(state, 1, "Villa")))
    state = act(state, sell(in_stockpile(state, 0, "Tower (2005)")))
    assert zones(state, 0)["vault"] == ["Tower (2005)"]
    follower = table(
        [
            {"hand": ["Villa"]},
            {"hand": ["Gate"], "buildings": [owns("Circus Maximus (2005)")]},
        ]
    )
    follower = act(follower, lead("merchant", in_hand(follower, 0, "Villa")))
    expect_illegal(follower, follow(in_hand(follower, 1, "Gate")), "wrong_role")


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


def test_bridge_demands_from_every_opponent_past_palisades() -> None:
    """First edition rulebook (2005), Appendix, Bridge: "you demand materials from all opponents'
    hands, even if they own Palisades or are not sitting next to you"."""
    state = table(
        [
            {"hand": ["Archway", "Temple"], "buildings": [owns("Bridge (2005)")]},
            {"hand": ["Marble"]},
            {"hand": ["Marble"], "buildings": [owns("Palisade")]},
            {"hand": ["Marble"], "stockpile": ["Palace"]},
        ]
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, SKIP)  # not out of turn order (the Bridge's early offer): wait
    for _ in (1, 2, 3):
        state = act(state, think("jack") if state.jacks else think())
    state = act(state, demand(in_hand(state, 0, "Temple")))
    if pending(state)[1] == "claim":
        state = act(state, SKIP)
    assert len(state.players[0].stockpile) == 3
    assert all(
        not any(state.material(c) == "marble" for c in state.players[s].hand) for s in (1, 2, 3)
    )
    assert zones(state, 3)["stockpile"] == ["Palace"]  # hands only, not Stockpiles


def test_bath_a_new_client_acts_at_once() -> None:
    """First edition rulebook (2005), Appendix, Bath: "When you gain a new client, you execute that
    client's role."; and Clients: a client does not act in the round he is hired "(exception:
    Bath)"."""
    state = table(
        [
            {"hand": ["Temple"], "buildings": [owns("Bath (2005)")]},
            {"hand": ["Insula"]},
        ],
        pool=["Road", "Villa"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    state = act(state, hire(in_pool(state, "Road")))
    assert pending(state) == (0, "bath")
    state = act(state, gather(in_pool(state, "Villa")))
    assert zones(state, 0)["stockpile"] == ["Villa"]


def test_senate_the_leader_thinks_after_his_own_actions() -> None:
    """First edition rulebook (2005), Appendix, Senate, example: "You own a Senate and lead as
    Patron. The player to your left follows. The player to your right passes, taking a Jack. You
    take a client from the Pool and draw up to maximum hand size. The player to your left takes a
    client from Pool." """
    state = table(
        [
            {"hand": ["Temple", "Insula"], "buildings": [owns("Senate (2005)")]},
            {"hand": ["Palace"]},
            {"hand": ["Road"]},
        ],
        pool=["Market", "Latrine"],
        jacks=1,
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, follow(in_hand(state, 1, "Palace")))
    state = act(state, think("jack"))
    state = act(state, hire(in_pool(state, "Market")))
    assert pending(state) == (0, "think")  # before the player to the left acts
    state = act(state, think())
    assert len(state.players[0].hand) == 5
    assert pending(state) == (1, "act")
    state = act(state, hire(in_pool(state, "Latrine")))
    assert zones(state, 1)["clientele"] == ["Latrine"]


def test_senate_gives_nothing_in_a_turn_led_by_another() -> None:
    """First edition rulebook (2005), Appendix, Senate: only "for a turn which you led"."""
    state = table(
        [
            {"hand": ["Temple"]},
            {"hand": ["Palace"], "buildings": [owns("Senate (2005)")]},
        ],
        pool=["Market", "Latrine"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, follow(in_hand(state, 1, "Palace")))
    state = act(state, hire(in_pool(state, "Market")))
    state = act(state, hire(in_pool(state, "Latrine")))
    assert pending(state) == (1, "lead")


def test_foundry_draws_from_the_deck_before_the_pool() -> None:
    """First edition rulebook (2005), Appendix, Foundry, example: "When you execute your Laborer
    role you first draw a material from the deck, a Marble, and place it into your Stockpile. You
    then decide to take a Marble from the Pool." ("You may take material from the deck even if
    there is no material in the Pool to take")."""
    state = table(
        [
            {"hand": ["Road"], "clientele": ["Laborer"], "buildings": [owns("Foundry (2005)")]},
            {"hand": ["Temple"]},
        ],
        pool=["Villa", "Temple"],
        deck=["Palace", "Forum"],
    )
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, think("jack") if state.jacks else think())
    state = act(state, {"type": "gather", "card": in_pool(state, "Temple"), "from_deck": True})
    assert zones(state, 0)["stockpile"] == ["Palace", "Temple"]
    state = act(state, {"type": "gather", "from_deck": True})  # the Pool need not give one
    assert zones(state, 0)["stockpile"] == ["Forum", "Palace", "Temple"]


def test_without_a_foundry_no_card_from_the_deck() -> None:
    """The Black Box Laborer takes from the Pool only (Black Box rulebook, Laborer)."""
    state = table([{"hand": ["Road"]}, {"hand": ["Temple"]}], pool=["Villa"], version="republic")
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, think())
    expect_illegal(state, {"type": "gather", "from_deck": True}, "not_allowed")


def test_bar_patron_actions_out_of_turn_order() -> None:
    """First edition rulebook (2005), Appendix, Bar, example: "You own a Bar. The player to your
    left owns a Bar. There are two Craftsmen and a Legionary in the Pool. The player to your right
    leads as a Patron. You follow and execute your Patron role first, taking a Craftsman client.
    The player to your left follows and also decides to execute his role immediately, taking the
    other Craftsman as a client. Next the Leader to your right takes the Legionary client."
    Seats: you 0, your left 1, your right 2."""
    state = table(
        [
            {"hand": ["Temple"], "buildings": [owns("Bar (2005)")]},
            {"hand": ["Palace"], "buildings": [owns("Bar (2005)")]},
            {"hand": ["Forum"]},
        ],
        leader=2,
        pool=["Market", "Circus", "Gate"],
    )
    state = act(state, lead("patron", in_hand(state, 2, "Forum")))
    state = act(state, follow(in_hand(state, 0, "Temple")))
    assert pending(state) == (0, "act") and engine.prompt(state)["early"] is True
    state = act(state, hire(in_pool(state, "Market")))
    assert pending(state) == (1, "follow")
    state = act(state, follow(in_hand(state, 1, "Palace")))
    state = act(state, hire(in_pool(state, "Circus")))
    assert pending(state) == (2, "act")  # the leader, in his place
    state = act(state, hire(in_pool(state, "Gate")))
    assert pending(state) == (0, "lead")  # the early players acted once only
    assert [zones(state, s)["clientele"] for s in range(3)] == [["Market"], ["Circus"], ["Gate"]]


def test_dock_early_or_waiting_for_the_turn() -> None:
    """First edition rulebook (2005), Appendix, Dock, example: "You own a Dock. There are a Marble
    and a Concrete in the Pool. The player to your left leads as a Laborer. The player to your
    right follows. You follow and execute your Laborer role first, taking the Marble into your
    Stockpile. The Leader to your left takes the Concrete, and the player to your right gets
    nothing." Then the counter-case: skipping the early action waits for the turn's order.
    Seats: you 0, your left 1 (the leader), your right 2."""
    players = [
        {"hand": ["Road"], "buildings": [owns("Dock (2005)")]},
        {"hand": ["Insula"]},
        {"hand": ["Latrine"]},
    ]
    state = table(players, leader=1, pool=["Temple", "Tower (2005)"])
    state = act(state, lead("laborer", in_hand(state, 1, "Insula")))
    state = act(state, follow(in_hand(state, 2, "Latrine")))
    state = act(state, follow(in_hand(state, 0, "Road")))
    state = act(state, gather(in_pool(state, "Temple")))
    state = act(state, gather(in_pool(state, "Tower (2005)")))  # the leader
    assert pending(state) == (2, "lead")  # the Pool is empty: the right player gets nothing
    assert zones(state, 0)["stockpile"] == ["Temple"]
    assert zones(state, 2)["stockpile"] == []

    state = table(players, leader=1, pool=["Temple", "Tower (2005)"])
    state = act(state, lead("laborer", in_hand(state, 1, "Insula")))
    state = act(state, follow(in_hand(state, 2, "Latrine")))
    state = act(state, follow(in_hand(state, 0, "Road")))
    state = act(state, SKIP)  # wait
    assert pending(state) == (1, "act")
    state = act(state, gather(in_pool(state, "Temple")))
    state = act(state, gather(in_pool(state, "Tower (2005)")))  # the right player
    assert pending(state) == (2, "lead") and zones(state, 0)["stockpile"] == []


def test_bridge_legionary_out_of_turn_order() -> None:
    """First edition rulebook (2005), Appendix, Bridge: "You may choose to execute the Legionary
    role as you are leading or following, instead of waiting for your place in the turn order";
    example: "You follow and immediately demand material from the Pool and all three of your
    opponents." """
    state = table(
        [
            {"hand": ["Archway"]},
            {"hand": ["Shrine", "Temple"], "buildings": [owns("Bridge (2005)")]},
            {"hand": ["Marble"]},
            {"hand": ["Marble"]},
        ],
        pool=["Palace"],
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, follow(in_hand(state, 1, "Shrine")))
    assert pending(state) == (1, "act")
    state = act(state, demand(in_hand(state, 1, "Temple")))
    while pending(state)[0] == 1 and pending(state)[1] == "claim":
        state = act(state, {"type": "claim", "cards": [in_pool(state, "Palace")]})
    assert "Palace" in zones(state, 1)["stockpile"]
    assert len(state.players[1].stockpile) == 3  # the Pool's, and the two other hands'
    assert pending(state) == (2, "follow")


def test_bath_replaces_a_client_who_goes_to_the_pool_at_once() -> None:
    """First edition rulebook (2005), Appendix, Bath, second example: "You own a Bath and have two
    Merchants and an Architect in your Clientele. There is a Laborer in the Pool. You lead as a
    Patron and execute the role to take the Laborer as a client, replace one of your Merchant
    clients which you put back into the Pool. Because of your Bath, you now get to execute a free
    Laborer role which you use to take the Stone (Merchant) from the Pool into your Stockpile." """
    state = table(
        [
            {
                "hand": ["Temple"],
                "clientele": ["Villa", "Garden", "Tower (2005)"],
                "buildings": [owns("Bath (2005)")],
            },
            {"hand": ["Insula"]},
        ],
        pool=["Road"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    villa = next(c for c in state.players[0].clientele if state.names[c] == "Villa")
    state = act(state, {"type": "hire", "card": in_pool(state, "Road"), "replace": villa})
    assert pending(state) == (0, "bath") and villa in state.pool
    state = act(state, gather(villa))
    assert zones(state, 0)["clientele"] == ["Garden", "Road", "Tower (2005)"]
    assert zones(state, 0)["stockpile"] == ["Villa"]


def test_without_the_first_editions_bath_no_client_is_replaced() -> None:
    """The Black Box Bath has no replacing (Black Box rulebook, Appendix I, Bath)."""
    state = bb_table(
        [
            {"hand": ["Temple"], "clientele": ["Villa"], "buildings": [owns("Bath")]},
            {"hand": ["Insula"]},
        ],
        pool=["Road"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    villa = state.players[0].clientele[0]
    expect_illegal(
        state, {"type": "hire", "card": in_pool(state, "Road"), "replace": villa}, "not_allowed"
    )
