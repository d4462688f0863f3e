"""Domus and Watch Post (Black Box rulebook, Appendix III). Domus: "As soon as you complete the
Domus, you may immediately perform one Patron action. If the new Client matches the current role,
it may perform its action." Watch Post: "You can use a Craftsman action to tear down one of your
complete buildings instead of the normal Craftsman effect. When you do so, immediately return the
building foundation to your hand and put any Materials from the building into your Stockpile." """

from __future__ import annotations

import engine
from tests.engine.buildings.geek import domus_bath, geek_table, tear_down
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    hire,
    in_hand,
    in_pool,
    lay,
    lead,
    left,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, is_legal, think


def domus_table(pool: list[str]) -> engine.State:
    """Romulus (seat 0) has two Craftsman clients and leads Craftsman with a Market: three actions.
    He holds a Domus and a Dock (Wood) to complete it with, and an Insula to lay later."""
    state = geek_table(
        [{"hand": ["Market", "Domus", "Dock", "Insula"], "clientele": ["Crane", "Crane"]}, {}],
        pool=pool,
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    return act(state, think())


def test_domus_example_the_new_craftsman_adds_an_action() -> None:
    """Black Box rulebook, Appendix III, Domus, example: "Romulus has 3 Craftsman actions. He uses
    one to begin a Domus from his hand and a second to complete it. He then uses the Domus power to
    recruit an additional Craftsman from the pool. He now has 2 Craftsman actions remaining - one
    leftover from his original 3 and one from the new Client." """
    state = domus_table(["Palisade"])
    assert left(state) == 3
    state = act(state, lay(in_hand(state, 0, "Domus"), "wood"))
    state = act(state, build(in_hand(state, 0, "Dock"), site_of(state, 0, "Domus")))
    assert zones(state, 0)["buildings"]["Domus"] == (["Dock"], True)
    prompt = engine.prompt(state)
    assert (prompt["kind"], prompt["role"], prompt["actions_left"]) == ("act", "patron", 1)
    state = act(state, hire(in_pool(state, "Palisade")))
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["role"], prompt["actions_left"]) == (0, "craftsman", 2)
    assert zones(state, 0)["clientele"] == ["Crane", "Crane", "Palisade"]


def test_domus_a_client_of_another_role_does_not_act() -> None:
    """Black Box rulebook, Appendix III, Domus: only a new client that "matches the current role"
    acts; a Patron hired in a Craftsman turn leaves one Craftsman action, as a client hired this
    turn does not act (Hiring Clients, Clients)."""
    state = domus_table(["Temple"])
    state = act(state, lay(in_hand(state, 0, "Domus"), "wood"))
    state = act(state, build(in_hand(state, 0, "Dock"), site_of(state, 0, "Domus")))
    state = act(state, hire(in_pool(state, "Temple")))
    assert pending(state) == (0, "act") and left(state) == 1


def test_domus_with_a_bath_the_new_client_acts_once() -> None:
    """Black Box rulebook, Appendix III, Domus: "If the new Client matches the current role, it may
    perform its action"; Appendix I, Bath: "When you gain a new Client, you may immediately
    execute an action of the new Client's Role". Both give the new client its action of the turn,
    one action, taken at once with the Bath (ruling "Domus: one action with a Bath")."""
    state = domus_bath()
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, lay(in_hand(state, 0, "Domus"), "wood"))
    state = act(state, build(in_hand(state, 0, "Dock"), site_of(state, 0, "Domus")))
    state = act(state, hire(in_pool(state, "Palisade")))
    prompt = engine.prompt(state)
    assert (prompt["kind"], prompt["role"]) == ("bath", "craftsman")
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    assert pending(state) == (1, "lead")  # no second action: the Road stays in hand
    assert zones(state, 0)["hand"] == ["Road"]


def watch_post_table() -> engine.State:
    """Romulus has a completed Watch Post and four Craftsman clients, and leads Craftsman: five
    actions. He holds a Domus, two Docks (Wood) and an Insula; the Pool holds a Temple."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Domus", "Dock", "Dock", "Insula"],
                "clientele": ["Crane", "Crane", "Crane", "Crane"],
                "influence": 5,
                "buildings": [{"name": "Watch Post", "materials": ["Palisade"], "complete": True}],
            },
            {},
        ],
        pool=["Temple"],
        sites={"wood": {"in_town": 3}},
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    return act(state, think())


def test_watch_post_example_tear_down_and_build_again() -> None:
    """Black Box rulebook, Appendix III, Watch Post, example: "Romulus has a completed Watch Post
    and is about to take 5 Craftsman actions. His starts and then completes a Domus from hand using
    his first two actions. His third action is to tear it down ..., returning the Domus card to his
    hand and puts the one Wood Material from under it into his Stockpile. His fourth action is to
    begin it (again) as a new building. He then completes it (again) with his fifth action,
    repeating its 'upon completion' effect." """
    state = watch_post_table()
    assert left(state) == 5
    state = act(state, lay(in_hand(state, 0, "Domus"), "wood"))
    state = act(state, build(in_hand(state, 0, "Dock"), site_of(state, 0, "Domus")))
    assert engine.prompt(state)["role"] == "patron"
    state = act(state, SKIP)  # the Domus's Patron action, declined
    assert left(state) == 3
    influence = zones(state, 0)["influence"]
    state = act(state, tear_down(site_of(state, 0, "Domus")))
    you = zones(state, 0)
    assert "Domus" in you["hand"] and "Domus" not in you["buildings"]
    assert you["stockpile"] == ["Dock"]
    assert you["influence"] == influence  # ruling "Watch Post: the Site stays"
    assert left(state) == 2
    state = act(state, lay(in_hand(state, 0, "Domus"), "wood"))
    state = act(state, build(in_hand(state, 0, "Dock"), site_of(state, 0, "Domus")))
    assert zones(state, 0)["buildings"]["Domus"] == (["Dock"], True)
    prompt = engine.prompt(state)  # the 'upon completion' effect again
    assert (prompt["kind"], prompt["role"], prompt["actions_left"]) == ("act", "patron", 1)


def test_watch_post_tears_down_only_completed_structures_of_its_owner() -> None:
    """Black Box rulebook, Appendix III, Watch Post: "one of your complete buildings": a
    foundation in progress cannot be torn down, and without a Watch Post nothing can."""
    state = watch_post_table()
    state = act(state, lay(in_hand(state, 0, "Domus"), "wood"))
    expect_illegal(state, tear_down(site_of(state, 0, "Domus")), "no_such_building")
    assert is_legal(state, tear_down(site_of(state, 0, "Watch Post")))
    plain = geek_table(
        [{"hand": ["Market", "Dock"], "buildings": [{"name": "Insula", "complete": True}]}, {}]
    )
    plain = act(act(plain, lead("craftsman", in_hand(plain, 0, "Market"))), think())
    expect_illegal(plain, tear_down(site_of(plain, 0, "Insula")), "not_allowed")
