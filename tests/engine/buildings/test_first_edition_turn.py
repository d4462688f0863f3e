"""The 2005 first edition's building functions that change the turn: leading (Circus Maximus),
thinking (School, Sewer, Senate) and acting out of turn order (Bar, Dock, Bridge) (First edition
rulebook (2005), Appendix - Building Functions; docs/rules.md, section The 2005 first edition).
One test per card, each citing the passage it checks."""

from __future__ import annotations

import engine
from tests.engine.buildings.first_edition import owns, table
from tests.engine.buildings.steps import (
    SKIP,
    act,
    demand,
    follow,
    gather,
    hire,
    in_hand,
    in_pool,
    in_stockpile,
    lead,
    pending,
    sell,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, is_legal


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
