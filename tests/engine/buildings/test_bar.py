"""Bar (Black Box rulebook, Appendix I): "Each time you execute a Patron action, you may choose to
take an additional card from the draw deck as a Client into your Clientele. You do not need to take
a Client from the Pool in order to draw his additional Client from the deck, but once you draw from
the deck you may not go back and take a Client from the Pool for that action. The size of your
Clientele is still limited by your Influence."

A hire that names both a Pool card and the deck takes the Pool card first (docs/rules.md, ruling
"Bar: the Pool card first"), so the deck never comes before the Pool within one action."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    everyone,
    expected,
    follow,
    hire,
    in_hand,
    in_pool,
    lead,
    left,
    mine,
    pending,
    play,
    zones,
)
from tests.engine.helpers import expect_illegal, table

BAR = {"name": "Bar", "materials": ["Road"], "complete": True}


def bar_table() -> engine.State:
    """Seat 0 (right) leads Patron; seat 1 ("you") owns a Bar; seat 2 (left) owns a Bar and a
    Patron client (a Basilica). The Pool holds three Craftsmen (Docks) and a Legionary (a Gate);
    the deck's next cards are an Architect (Tower), a Legionary (Shrine) and a Merchant (Villa)."""
    state = table(
        [
            {"hand": ["Temple"]},
            {"hand": ["Statue"], "buildings": [BAR]},
            {"hand": ["Palace"], "clientele": ["Basilica"], "buildings": [BAR]},
        ],
        pool=["Dock", "Dock", "Dock", "Gate"],
        deck=["Tower", "Shrine", "Villa"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, follow(in_hand(state, 1, "Statue")))
    return act(state, follow(in_hand(state, 2, "Palace")))


def test_bar_example_pool_and_deck_clients() -> None:
    """Black Box rulebook, Appendix I, Bar, example: "You own a Bar. The player to your left owns a
    Bar and has a Patron Client. There are three Craftsmen and a Legionary in the Pool. The player
    to your right leads as Patron, you follow, and the player to your left follows. The player to
    your right takes a Craftsman Client from the Pool. You perform your Patron action, taking a
    Legionary from the Pool as a Client, and drawing an Architect from the deck as a Client. The
    player to your left decides not to take a Craftsman from the Pool on his first action, drawing
    just from the deck. It is a Legionary. On his second action he again decides to take only from
    the deck. He gets a Merchant. He is now at his Clientele limit, as his Influence is three." """
    state = bar_table()
    deck = len(state.deck)
    assert pending(state) == (0, "act") and left(state) == 1
    state = act(state, hire(in_pool(state, "Dock")))
    assert pending(state) == (1, "act") and left(state) == 1
    state = act(state, hire(in_pool(state, "Gate"), from_deck=True))
    assert zones(state, 1)["clientele"] == ["Gate", "Tower"]
    assert pending(state) == (2, "act") and left(state) == 2
    # He could take a Craftsman from the Pool, but draws from the deck only.
    assert {"type": "hire", "card": in_pool(state, "Dock")} in engine.legal_actions(state)
    state = act(state, hire(from_deck=True))
    assert zones(state, 2)["clientele"] == ["Basilica", "Shrine"]
    state = act(state, hire(from_deck=True))
    right, you, lft = zones(state, 0), zones(state, 1), zones(state, 2)
    assert right["clientele"] == ["Dock"]
    assert you["clientele"] == ["Gate", "Tower"] and you["influence"] == 3
    assert lft["clientele"] == ["Basilica", "Shrine", "Villa"] and lft["influence"] == 3
    assert mine(state, 2)["clientele_limit"] == 3  # at his limit
    assert len(state.deck) == deck - 3
    assert sorted(state.names[c] for c in state.pool) == [
        "Dock",
        "Dock",
        "Palace",
        "Statue",
        "Temple",
    ]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(clientele=["Dock"]),
        expected(clientele=["Gate", "Tower"], influence=3, buildings={"Bar": (["Road"], True)}),
        expected(
            clientele=["Basilica", "Shrine", "Villa"],
            influence=3,
            buildings={"Bar": (["Road"], True)},
        ),
    ]


def test_bar_clientele_limit_still_applies() -> None:
    """Black Box rulebook, Appendix I, Bar: "The size of your Clientele is still limited by your
    Influence": with room for one more client, a Pool card and a deck card together are refused."""
    state = bar_table()
    state = play(state, hire(in_pool(state, "Dock")))
    data = engine.to_json(state)
    # Give seat 1 two clients (the Pool's other two Docks): room for one more (limit 3).
    docks = [c for c in data["pool"] if state.names[c] == "Dock"]
    for c in docks:
        data["pool"].remove(c)
        data["players"][1]["clientele"].append(c)
    full = engine.from_json(data)
    assert pending(full) == (1, "act")
    expect_illegal(full, hire(in_pool(full, "Gate"), from_deck=True), "clientele_full")
    after = act(full, hire(from_deck=True))
    assert len(after.players[1].clientele) == 3


def test_bar_deck_hire_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Bar: hiring from the deck is the Bar's function; the leader,
    who has no Bar, is refused (not_allowed), nothing changes, and it is not offered to him."""
    state = bar_table()
    assert pending(state) == (0, "act")
    expect_illegal(state, hire(from_deck=True), "not_allowed")
    expect_illegal(state, hire(in_pool(state, "Dock"), from_deck=True), "not_allowed")
    assert not any(a.get("from_deck") for a in engine.legal_actions(state))
