"""Castra and Castra Praetoria (Black Box rulebook, Appendix III). Castra: "If you lose one or more
cards from your hand to enemy legionaries, then you may Think once at the end of that round. That
Think action happens after all legionaries have resolved." Castra Praetoria: "As soon as you
complete the Castra Praetoria, you may add any or all of the Material under it as Clients to your
Clientele. ... Once you have the Castra Praetoria in play, it allows you to show incomplete
buildings when demanding with a Legionary action as well as (or instead of) showing cards from
hand. You may only show each of your incomplete buildings once during a Legionary round, and those
buildings remain where they are." """

from __future__ import annotations

import engine
from tests.engine.buildings.geek import geek_table
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    claim,
    demand,
    follow,
    in_hand,
    lead,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, is_legal, think


def castra_table(castra: bool = True) -> engine.State:
    """Remus (seat 0) leads Legionary; both neighbours follow and demand a card he holds."""
    buildings = [{"name": "Castra", "materials": ["Insula"], "complete": True}] if castra else []
    state = geek_table(
        [
            {"hand": ["Academy", "Temple", "Latrine", "Dock"], "buildings": buildings},
            {"hand": ["Academy", "Road"]},
            {"hand": ["Academy", "Crane"]},
        ],
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Academy")))
    state = act(state, follow(in_hand(state, 1, "Academy")))
    return act(state, follow(in_hand(state, 2, "Academy")))


def test_castra_example_think_after_all_legionaries() -> None:
    """Black Box rulebook, Appendix III, Castra, example: "Remus has a Castra in play. He leads
    Legionary, and both of his neighbors follow. After all the Legionary actions are resolved, Remus
    has lost 1 card to each of his neighbors. He then performs a Think action to draw more
    cards." """
    state = castra_table()
    state = act(state, demand(in_hand(state, 0, "Temple")))  # nobody has a Marble
    state = act(state, demand(in_hand(state, 1, "Road")))  # Remus gives his Latrine (Rubble)
    assert pending(state) == (2, "act")  # no Think before every Legionary has resolved
    state = act(state, demand(in_hand(state, 2, "Crane")))  # and his Dock (Wood)
    assert zones(state, 0)["hand"] == ["Temple"]
    assert zones(state, 1)["stockpile"] == ["Latrine"] and zones(state, 2)["stockpile"] == ["Dock"]
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"], prompt["actions_left"]) == (0, "think", 1)
    state = act(state, think())
    assert len(state.players[0].hand) == 5  # refilled to five
    assert pending(state) == (1, "lead")


def test_castra_no_think_without_a_loss() -> None:
    """Black Box rulebook, Appendix III, Castra: the Think needs a card lost "from your hand"; a
    Castra owner who loses nothing does not think, and without a Castra no one does."""
    state = castra_table()
    state = act(state, demand(in_hand(state, 0, "Temple")))
    state = act(state, SKIP)
    state = act(state, SKIP)
    assert pending(state) == (1, "lead")
    state = castra_table(castra=False)
    state = act(state, demand(in_hand(state, 0, "Temple")))
    state = act(state, demand(in_hand(state, 1, "Road")))
    state = act(state, demand(in_hand(state, 2, "Crane")))
    assert pending(state) == (1, "lead")


def test_castra_praetoria_example_marble_becomes_a_patron_client() -> None:
    """Black Box rulebook, Appendix III, Castra Praetoria, first example: "Romulus has a
    Scriptorium in play and completes a Castra Praetoria by adding a single Marble to it. He
    immediately adds the Marble Material to his Clientele as a Patron Client." """
    state = geek_table(
        [
            {
                "hand": ["Market", "Temple"],
                "buildings": [
                    {"name": "Scriptorium", "materials": ["Stone"] * 3, "complete": True},
                    {"name": "Castra Praetoria"},
                ],
            },
            {},
        ]
    )
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    temple = in_hand(state, 0, "Temple")
    state = act(state, build(temple, site_of(state, 0, "Castra Praetoria")))
    state = act(state, claim(site_of(state, 0, "Castra Praetoria")))  # the Scriptorium's choice
    assert pending(state) == (0, "enlist")
    state = act(state, claim(temple))
    you = zones(state, 0)
    assert you["clientele"] == ["Temple"]
    assert you["buildings"]["Castra Praetoria"] == ([], True)


def test_castra_praetoria_enlists_as_many_as_there_is_room_for() -> None:
    """Ruling "Castra Praetoria: room in the Clientele": "Normally, this will mean that two Brick
    Material become two Legionary Clients" (Black Box rulebook, Appendix III, Castra Praetoria),
    but only as far as the Clientele has room."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Bath"],
                "clientele": ["Temple", "Temple", "Temple"],
                "buildings": [{"name": "Castra Praetoria", "materials": ["Academy"]}],
            },
            {},
        ]
    )
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    bath = in_hand(state, 0, "Bath")
    state = act(state, build(bath, site_of(state, 0, "Castra Praetoria")))
    both = sorted(state.players[0].buildings[0].materials)
    assert engine.prompt(state)["kind"] == "enlist"
    assert is_legal(state, claim(both[0])) and not is_legal(state, claim(*both))
    expect_illegal(state, claim(*both), "over_limit")


def praetoria_demand_table(praetoria: bool = True) -> engine.State:
    """Remus has a completed Castra Praetoria (or not), an incomplete Scriptorium and Bath, and two
    Legionary clients; he leads Legionary: three actions. Romulus holds two Stone and a Rubble."""
    buildings = [
        {"name": "Scriptorium", "materials": ["Catacomb"]},
        {"name": "Bath"},
    ]
    if praetoria:
        buildings.append(
            {"name": "Castra Praetoria", "materials": ["Atrium"] * 2, "complete": True}
        )
    state = geek_table(
        [
            {
                "hand": ["Academy", "Garden", "Insula"],
                "clientele": ["Archway", "Archway"],
                "buildings": buildings,
            },
            {"hand": ["Prison", "Sewer", "Road"]},
        ]
    )
    return act(act(state, lead("legionary", in_hand(state, 0, "Academy"))), think())


def test_castra_praetoria_example_a_foundation_demands_too() -> None:
    """Black Box rulebook, Appendix III, Castra Praetoria, second example: "Remus has a completed
    Castra Praetoria in play, along with an incomplete Scriptorium and an incomplete Bath. He has 2
    Legionary Clients and leads a Legionary role, thus taking 3 Legionary actions. He reveals ... a
    Stone and a Rubble from his hand. He chooses to reveal the Scriptorium as his third card to
    demand an additional Stone. The cards he revealed from hand remain in his hand, and the
    Scriptorium remains in play." """
    state = praetoria_demand_table()
    scriptorium = site_of(state, 0, "Scriptorium")
    shown = demand(in_hand(state, 0, "Garden"), in_hand(state, 0, "Insula"), scriptorium)
    state = act(state, shown)
    demanded = next(e for e in engine.events_of(state) if e["type"] == "action")["action"]
    assert demanded["cards"][2] == scriptorium
    assert zones(state, 0)["hand"] == ["Garden", "Insula"]
    assert zones(state, 0)["buildings"]["Scriptorium"] == (["Catacomb"], False)
    assert zones(state, 0)["stockpile"] == ["Prison", "Road", "Sewer"]  # two Stone and a Rubble
    assert not {"Prison", "Sewer", "Road"} & set(zones(state, 1)["hand"])


def test_castra_praetoria_foundations_only_with_it_and_once_each() -> None:
    """Black Box rulebook, Appendix III, Castra Praetoria: without it a foundation cannot be shown;
    with it each foundation is one card of the demand (never more actions than the Legionary
    has)."""
    state = praetoria_demand_table(praetoria=False)
    expect_illegal(state, demand(site_of(state, 0, "Scriptorium")), "card_not_held")
    state = praetoria_demand_table()
    bath, scriptorium = site_of(state, 0, "Bath"), site_of(state, 0, "Scriptorium")
    assert is_legal(state, demand(bath, scriptorium))
    four = demand(bath, scriptorium, in_hand(state, 0, "Garden"), in_hand(state, 0, "Insula"))
    expect_illegal(state, four, "not_enough_actions")
