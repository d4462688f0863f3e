"""Bath (Black Box rulebook, Appendix I): "When you gain a new Client, you may immediately execute
an action of the new Client's Role. This action must be completed before a new Client is hired,
although two actions may be combined to start an out of town Site. If the Client's action completes
a building then this additional Influence is available for subsequent Patron actions on the same
turn."

Also "Bath combined with Garden": "If you own a Bath and complete a Garden then each new Client you
hire may execute its action immediately." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    everyone,
    expected,
    follow,
    gather,
    hire,
    in_hand,
    in_pool,
    lay,
    lead,
    left,
    pending,
    pool,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table

BATH = {"name": "Bath", "materials": ["Atrium", "Atrium"], "complete": True}


def bath_table(bath: bool = True) -> engine.State:
    """Seat 0 (right) leads Patron; seat 1 ("you") owns a Bath (or not); seat 2 (left) follows.
    The Pool holds a Laborer (Insula), an Architect (Tower), a Merchant (Villa) and a Patron
    (Basilica)."""
    me: dict[str, object] = {"hand": ["Statue"]}
    if bath:
        me["buildings"] = [BATH]
    state = table(
        [{"hand": ["Temple"]}, me, {"hand": ["Palace"]}],
        pool=["Insula", "Tower", "Villa", "Basilica"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, follow(in_hand(state, 1, "Statue")))
    state = act(state, follow(in_hand(state, 2, "Palace")))
    state = act(state, hire(in_pool(state, "Tower")))  # the leader takes the Architect
    return state


def test_bath_example_patron_then_laborer_actions() -> None:
    """Black Box rulebook, Appendix I, Bath, example: "You own a Bath. In the Pool are a Laborer, an
    Architect, a Merchant, and a Patron. The player to your right leads as Patron. You and the
    player to your left follow. The player to your right takes an Architect Client. You take the
    Patron as a Client and gain an extra Patron action. You execute the Patron action to take the
    Laborer as another Client, gaining an extra Laborer action which you execute to take the Stone
    (Merchant) from the Pool into your Stockpile. The player to your left doesn't get a Client - the
    Pool is empty!" """
    state = bath_table()
    assert zones(state, 0)["clientele"] == ["Tower"]
    assert pending(state) == (1, "act") and left(state) == 1
    state = act(state, hire(in_pool(state, "Basilica")))
    prompt = engine.prompt(state)
    assert prompt["seat"] == 1 and prompt["role"] == "patron" and prompt["actions_left"] == 1
    assert SKIP in engine.legal_actions(state)  # "may": a choice
    state = act(state, hire(in_pool(state, "Insula")))
    prompt = engine.prompt(state)
    assert prompt["seat"] == 1 and prompt["role"] == "laborer" and prompt["actions_left"] == 1
    # "This action must be completed before a new Client is hired."
    expect_illegal(state, hire(in_pool(state, "Villa")), "wrong_role")
    state = act(state, gather(in_pool(state, "Villa")))
    you = zones(state, 1)
    assert you["clientele"] == ["Basilica", "Insula"]
    assert you["stockpile"] == ["Villa"]
    assert you["hand"] == [] and you["influence"] == 4
    # The left player gets nothing: the Pool was empty, so his action passed; the turn is over.
    assert zones(state, 2)["clientele"] == []
    assert pool(state) == ["Palace", "Statue", "Temple"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(clientele=["Tower"]),
        expected(
            clientele=["Basilica", "Insula"],
            stockpile=["Villa"],
            influence=4,
            buildings={"Bath": (["Atrium", "Atrium"], True)},
        ),
        expected(),
    ]


def test_bath_no_extra_action_without_it() -> None:
    """Black Box rulebook, Appendix I, Bath, counter-case: without a Bath the new Patron client
    gives no action this turn (Black Box rulebook, Hiring Clients); the left player hires next, and
    a second hire by you is refused."""
    state = bath_table(bath=False)
    state = act(state, hire(in_pool(state, "Basilica")))
    assert pending(state) == (2, "act") and left(state) == 1
    expect_illegal(state, hire(in_pool(state, "Insula")), "not_your_turn", seat=1)


def test_bath_combined_with_garden_each_garden_client_acts() -> None:
    """Black Box rulebook, Appendix I, Bath combined with Garden: "If you own a Bath and complete a
    Garden then each new Client you hire may execute its action immediately." You complete a Garden
    (Influence 2 + 2 + 3 = 7, seven Patron actions); the Laborer you hire gathers a Concrete at
    once, the Craftsman you hire lays an Insula at once."""
    state = table(
        [
            {
                "hand": ["Dock", "Prison", "Latrine"],
                "buildings": [BATH, {"name": "Garden", "materials": ["Villa", "Villa"]}],
            },
            {"hand": ["Road"]},
        ],
        pool=["Bar", "Market", "Wall"],
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Dock")))
    state = act(state, think("jack"))
    state = act(state, build(in_hand(state, 0, "Prison"), site_of(state, 0, "Garden")))
    assert zones(state, 0)["influence"] == 7
    prompt = engine.prompt(state)
    assert prompt["role"] == "patron" and prompt["actions_left"] == 7
    state = act(state, hire(in_pool(state, "Bar")))
    assert engine.prompt(state)["role"] == "laborer" and left(state) == 1
    state = act(state, gather(in_pool(state, "Wall")))
    assert engine.prompt(state)["role"] == "patron" and left(state) == 6
    state = act(state, hire(in_pool(state, "Market")))
    assert engine.prompt(state)["role"] == "craftsman" and left(state) == 1
    state = act(state, lay(in_hand(state, 0, "Latrine"), "rubble"))
    you = zones(state, 0)
    assert you["clientele"] == ["Bar", "Market"]
    assert you["stockpile"] == ["Wall"]
    assert you["buildings"] == {
        "Bath": (["Atrium", "Atrium"], True),
        "Garden": (["Prison", "Villa", "Villa"], True),
        "Latrine": ([], False),
    }
    assert you["hand"] == []
    # The Pool is empty, so the Garden's other actions have nothing to hire; the new Craftsman
    # client gives no Craftsman action of the turn itself, and the turn ends.
    assert pool(state) == ["Dock"]
    assert pending(state) == (1, "lead")


def bath_influence_table() -> engine.State:
    """Seat 0 has a Bath (Influence 4: room for four clients), three clients (two Patrons and a
    Laborer), a Wall foundation with one Concrete and a Concrete (Tribunal) in its Stockpile, and
    leads Patron (three actions); the Pool holds an Architect (Tower) and a Craftsman (Dock)."""
    state = table(
        [
            {
                "hand": ["Temple"],
                "clientele": ["Statue", "Basilica", "Insula"],
                "stockpile": ["Tribunal"],
                "buildings": [BATH, {"name": "Wall", "materials": ["Storeroom"]}],
            },
            {"hand": ["Road"]},
        ],
        pool=["Tower", "Dock"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think("jack"))
    assert pending(state) == (0, "act") and left(state) == 3
    state = act(state, hire(in_pool(state, "Tower")))  # the fourth client: full
    assert engine.prompt(state)["role"] == "architect" and left(state) == 1
    return state


def test_bath_completed_building_raises_influence_for_later_patron_actions() -> None:
    """Black Box rulebook, Appendix I, Bath: "If the Client's action completes a building then this
    additional Influence is available for subsequent Patron actions on the same turn." The
    Architect you hire fills your Clientele, and its Bath action completes your Wall from the
    Stockpile (Influence 6); your next Patron action may then hire a fifth client."""
    state = bath_influence_table()
    state = act(state, build(state.players[0].stockpile[0], site_of(state, 0, "Wall")))
    assert zones(state, 0)["buildings"]["Wall"] == (["Storeroom", "Tribunal"], True)
    assert zones(state, 0)["influence"] == 6
    assert pending(state) == (0, "act") and engine.prompt(state)["role"] == "patron"
    assert left(state) == 2
    state = act(state, hire(in_pool(state, "Dock")))
    assert zones(state, 0)["clientele"] == ["Basilica", "Dock", "Insula", "Statue", "Tower"]


def test_bath_without_the_completion_the_clientele_stays_full() -> None:
    """Black Box rulebook, Appendix I, Bath, counter-case to the test above: if the Architect's Bath
    action is declined, the Clientele is full (Influence 4), so the remaining Patron actions have
    nothing to do and the turn ends; the Craftsman stays in the Pool."""
    state = bath_influence_table()
    state = act(state, SKIP)
    assert zones(state, 0)["influence"] == 4
    assert pending(state) == (1, "lead")
    assert "Dock" in pool(state)


def test_bath_two_clients_hired_at_once_act_one_after_the_other() -> None:
    """Black Box rulebook, Appendix I, Bath: "This action must be completed before a new Client is
    hired, although two actions may be combined to start an out of town Site." With an Aqueduct one
    Patron action hires a Craftsman from the Pool and one from hand: the first is hired and acts
    (it may wait to combine), then the second is hired; their two actions together lay a Temple on
    an out-of-town Marble Site."""
    aqueduct = {"name": "Aqueduct", "materials": ["Wall", "Wall"], "complete": True}
    state = table(
        [
            {"hand": ["Statue", "Market", "Temple"], "buildings": [BATH, aqueduct]},
            {"hand": ["Road"]},
        ],
        pool=["Dock"],
        sites={"marble": {"in_town": 0, "out_of_town": 2}},
    )
    state = act(state, lead("patron", in_hand(state, 0, "Statue")))
    state = act(state, think("jack"))
    state = act(state, hire(in_pool(state, "Dock"), from_hand=in_hand(state, 0, "Market")))
    # Only the Pool's Craftsman is hired so far; his one action cannot lay out of town.
    assert zones(state, 0)["clientele"] == ["Dock"]
    assert pending(state) == (0, "bath") and left(state) == 1
    temple = in_hand(state, 0, "Temple")
    expect_illegal(state, lay(temple, "marble", out_of_town=True), "not_enough_actions")
    state = act(state, SKIP)  # he waits, to combine with the next new client
    assert zones(state, 0)["clientele"] == ["Dock", "Market"]
    assert pending(state) == (0, "bath") and left(state) == 2
    state = act(state, lay(temple, "marble", out_of_town=True))
    assert zones(state, 0)["buildings"]["Temple"] == ([], False)
    assert engine.view(state, None)["sites"]["marble"] == {"in_town": 0, "out_of_town": 1}
    # Both Bath actions are spent: the turn is over.
    assert pending(state) == (1, "lead")


def combine_table() -> engine.State:
    """Seat 0 owns a Bath, has a Patron client and leads Patron (two actions); the Pool holds two
    Craftsmen (Dock, Market); the hand a Temple and an Insula; Marble Sites are only out of town."""
    state = table(
        [
            {"hand": ["Statue", "Temple", "Insula"], "clientele": ["Palace"], "buildings": [BATH]},
            {"hand": ["Road"]},
        ],
        pool=["Dock", "Market"],
        sites={"marble": {"in_town": 0, "out_of_town": 2}},
    )
    state = act(state, lead("patron", in_hand(state, 0, "Statue")))
    state = act(state, think("jack"))
    state = act(state, hire(in_pool(state, "Dock")))
    assert pending(state) == (0, "bath") and left(state) == 1
    return act(state, SKIP)  # the Dock waits for the next new client


def test_bath_actions_of_two_ordinary_hires_combine_for_an_out_of_town_site() -> None:
    """Black Box rulebook, Appendix I, Bath: "two actions may be combined to start an out of town
    Site" (Out of Town Sites: "two consecutive Architect or Craftsman actions"). Two Patron actions
    hire two Craftsmen one at a time; the first's Bath action waits (skip) and joins the second's:
    together they lay a Temple out of town (docs/rules.md, "Bath: combining for an out-of-town
    Site")."""
    state = combine_table()
    assert pending(state) == (0, "act") and engine.prompt(state)["role"] == "patron"
    state = act(state, hire(in_pool(state, "Market")))
    assert pending(state) == (0, "bath") and left(state) == 2
    state = act(state, lay(in_hand(state, 0, "Temple"), "marble", out_of_town=True))
    assert zones(state, 0)["buildings"]["Temple"] == ([], False)
    assert state.players[0].buildings[-1].out_of_town
    assert pending(state) == (1, "lead")


def test_bath_a_waiting_action_is_only_for_an_out_of_town_site() -> None:
    """Black Box rulebook, Appendix I, Bath: "This action must be completed before a new Client is
    hired": the action that waited serves only to lay out of town with the next one; any other use
    of the next client's action ends both."""
    state = combine_table()
    state = act(state, hire(in_pool(state, "Market")))
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    assert zones(state, 0)["buildings"] == {
        "Bath": (["Atrium", "Atrium"], True),
        "Insula": ([], False),
    }
    assert pending(state) == (1, "lead")


def test_bath_a_new_client_acts_as_a_laborer_with_a_storeroom() -> None:
    """Black Box rulebook, Appendix I, Storeroom: "Each Client in your Clientele may act as a
    Laborer Client at any time instead of itself"; with a Bath (Appendix I, Bath) a new Patron
    client's action may be a Laborer action (docs/rules.md, "Bath: the roles a new client may act
    as")."""
    storeroom = {"name": "Storeroom", "complete": True}
    state = table(
        [{"hand": ["Statue"], "buildings": [BATH, storeroom]}, {"hand": ["Road"]}],
        pool=["Palace", "Wall"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Statue")))
    state = act(state, think("jack"))
    state = act(state, hire(in_pool(state, "Palace")))
    prompt = engine.prompt(state)
    assert prompt["kind"] == "bath" and prompt["roles"] == ["patron", "laborer"]
    state = act(state, gather(in_pool(state, "Wall")))
    assert zones(state, 0)["stockpile"] == ["Wall"] and zones(state, 0)["clientele"] == ["Palace"]


def test_bath_a_merchant_client_acts_as_any_role_with_a_ludus_magna() -> None:
    """Black Box rulebook, Appendix I, Ludus Magna: "Each Merchant Client in your Clientele counts
    as any type of Client"; with a Bath its action may be of any role: here a Craftsman action that
    lays an Insula."""
    ludus = {"name": "Ludus Magna", "complete": True}
    state = table(
        [{"hand": ["Statue", "Insula"], "buildings": [BATH, ludus]}, {"hand": ["Road"]}],
        pool=["Villa"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Statue")))
    state = act(state, think("jack"))
    state = act(state, hire(in_pool(state, "Villa")))
    prompt = engine.prompt(state)
    assert prompt["kind"] == "bath" and set(prompt["roles"]) == {
        "laborer",
        "craftsman",
        "legionary",
        "architect",
        "merchant",
        "patron",
    }
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    assert zones(state, 0)["buildings"]["Insula"] == ([], False)


def bar_table() -> engine.State:
    """Seat 0 owns a Bath and a Bar (Influence 2 + 2 + 1 = 5) and has four clients (room for one
    more), a Wall foundation with one Concrete and a Concrete in its Stockpile; it leads Patron. The
    Pool holds an Architect (Tower); the deck's top card is a Laborer (Insula)."""
    bar = {"name": "Bar", "complete": True}
    state = table(
        [
            {
                "hand": ["Temple"],
                "clientele": ["Academy", "Academy", "Academy", "Shrine"],
                "stockpile": ["Tribunal"],
                "buildings": [BATH, bar, {"name": "Wall", "materials": ["Storeroom"]}],
            },
            {"hand": ["Road"]},
        ],
        pool=["Tower", "Dock"],
        deck=["Insula"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think("jack"))
    assert engine.view(state, 0)["players"][0]["clientele_limit"] == 5
    return act(state, hire(in_pool(state, "Tower"), from_deck=True))


def test_bath_with_a_bar_the_first_clients_action_makes_room_for_the_second() -> None:
    """Black Box rulebook, Appendix I, Bath: "This action must be completed before a new Client is
    hired ... If the Client's action completes a building then this additional Influence is
    available for subsequent Patron actions"; Appendix I, Bar: "The size of your Clientele is still
    limited by your Influence". One Patron action names the Pool's Architect and the deck's top
    card: the Architect is hired (the fifth client) and completes the Wall (Influence 7); then
    there is room, and the deck's card is hired and acts in turn (docs/rules.md, "Bath: one client
    at a time")."""
    state = bar_table()
    assert zones(state, 0)["clientele"] == ["Academy", "Academy", "Academy", "Shrine", "Tower"]
    assert pending(state) == (0, "bath") and engine.prompt(state)["role"] == "architect"
    state = act(state, build(state.players[0].stockpile[0], site_of(state, 0, "Wall")))
    assert zones(state, 0)["influence"] == 7
    assert "Insula" in zones(state, 0)["clientele"]
    assert pending(state) == (0, "bath") and engine.prompt(state)["role"] == "laborer"
    state = act(state, gather(in_pool(state, "Dock")))
    assert zones(state, 0)["stockpile"] == ["Dock"]


def test_bath_with_a_bar_no_room_no_second_client() -> None:
    """Black Box rulebook, Appendix I, Bar: "The size of your Clientele is still limited by your
    Influence": if the first client's Bath action is declined, there is no room for the deck's
    card, which stays in the deck."""
    state = bar_table()
    deck = list(state.deck)
    state = act(state, SKIP)
    assert zones(state, 0)["clientele"] == ["Academy", "Academy", "Academy", "Shrine", "Tower"]
    assert state.deck == deck and pending(state) == (1, "lead")
