"""Legionary: Rome demands materials (Black Box rulebook, Demanding Materials, steps 1-6, Legionary
Clients; docs/rules.md, ruling "the Pool take is optional")."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.helpers import (
    SKIP,
    canon,
    expect_illegal,
    find,
    find_all,
    hand,
    kind,
    lead,
    legal_set,
    names,
    table,
    think,
)


def demand(*cards: int) -> dict[str, Any]:
    return {"type": "demand", "cards": list(cards)}


def claim(*cards: int) -> dict[str, Any]:
    return {"type": "claim", "cards": list(cards)}


def give(*cards: int) -> dict[str, Any]:
    return {"type": "give", "cards": list(cards)}


def legionary_turn(players: list[dict[str, Any]], **top: Any) -> engine.State:
    """Seat 0 leads Legionary with its "Academy" (a Brick card); everyone else thinks by taking a
    Jack (so their hands do not change); seat 0's Legionary actions are pending."""
    state = table(players, **top)
    state = engine.apply(state, lead("legionary", find(state, hand(state, 0), "Academy")))
    while kind(state) == "follow":
        state = engine.apply(state, think("jack"))
    assert engine.to_act(state) == 0 and kind(state) == "act"
    return state


def test_demand_claim_and_both_neighbours_give() -> None:
    """Black Box rulebook, Demanding Materials: 3. "If there are card(s) of the same color in the
    Pool then you may immediately take one and place it in your STOCKPILE"; 4. "If your neighbors
    ... have one or more cards of the color you are demanding in their hand then they must give one
    to you"; 6. "the card you use to demand Materials never leaves your hand"."""
    state = legionary_turn(
        [
            {"hand": ["Academy", "Temple"]},
            {"hand": ["Statue", "Road"]},
            {"hand": ["Palace", "Wall"]},
        ],
        pool=["Forum Romanum", "Bath"],
    )
    temple = find(state, hand(state, 0), "Temple")
    state = engine.apply(state, demand(temple))
    # The Pool offers its Marble: a decision for the Legionary.
    assert engine.to_act(state) == 0 and kind(state) == "claim"
    assert engine.prompt(state)["demand"] == ["marble"]
    assert [c["id"] for c in engine.prompt(state)["revealed"]] == [temple]
    fr = find(state, state.pool, "Forum Romanum")
    assert legal_set(state) == canon(SKIP, claim(fr))
    state = engine.apply(state, claim(fr))
    # Each neighbour holds exactly one Marble: nothing to choose, it is given at once.
    assert names(state, state.players[0].stockpile) == ["Forum Romanum", "Statue", "Palace"]
    assert temple in hand(state, 0)
    assert names(state, hand(state, 1)) == ["Road", "Jack"]
    assert names(state, hand(state, 2)) == ["Wall", "Jack"]
    assert kind(state) == "lead"


def test_the_pool_take_is_optional() -> None:
    """Black Box rulebook, Demanding Materials, step 3: "you *may* immediately take one";
    docs/rules.md, ruling "the Pool take is optional"."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Road"]}, {"hand": ["Wall"]}],
        pool=["Forum Romanum"],
    )
    state = engine.apply(state, demand(find(state, hand(state, 0), "Temple")))
    pool = list(state.pool)
    state = engine.apply(state, SKIP)
    assert state.players[0].stockpile == []
    assert set(pool) <= set(state.pool)


def test_one_pool_card_per_demand() -> None:
    """Black Box rulebook, Demanding Materials, step 3: "take one" per demand."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Road"]}, {"hand": ["Wall"]}],
        pool=["Forum Romanum", "Palace", "Bath"],
    )
    state = engine.apply(state, demand(find(state, hand(state, 0), "Temple")))
    marbles = find_all(state, state.pool, "Marble")
    assert len(marbles) == 2
    expect_illegal(state, claim(*marbles), ("not_demanded", "over_limit"))
    bath = find(state, state.pool, "Bath")
    expect_illegal(state, claim(bath), ("not_demanded", "not_offered"))
    assert legal_set(state, "claim") == canon(*[claim(m) for m in marbles])


def test_the_neighbour_chooses_which_card_to_give() -> None:
    """Black Box rulebook, Demanding Materials, step 4: "they must give one to you" - which one is
    the giver's choice (the victim holds two different Marble cards)."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Statue", "Palace", "Road"]}, {"hand": []}],
    )
    state = engine.apply(state, demand(find(state, hand(state, 0), "Temple")))
    assert engine.to_act(state) == 1 and kind(state) == "give"
    assert engine.prompt(state)["to"] == 0
    statue = find(state, hand(state, 1), "Statue")
    palace = find(state, hand(state, 1), "Palace")
    road = find(state, hand(state, 1), "Road")
    assert legal_set(state) == canon(give(statue), give(palace))
    expect_illegal(state, give(), "must_give")
    expect_illegal(state, give(statue, palace), ("not_demanded", "must_give"))
    expect_illegal(state, give(road), "not_demanded")
    expect_illegal(state, give(statue), "not_your_turn", seat=0)
    state = engine.apply(state, give(palace), seat=1)
    assert state.players[0].stockpile == [palace]
    assert statue in hand(state, 1)


def test_glory_to_rome_when_a_neighbour_has_none() -> None:
    """Black Box rulebook, Demanding Materials, step 5: "If either neighbor does not have a matching
    card she says 'Glory to Rome!', and you get nothing from that player"."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Road", "Wall"]}, {"hand": ["Villa"]}],
    )
    state = engine.apply(state, demand(find(state, hand(state, 0), "Temple")))
    assert state.players[0].stockpile == []
    assert [len(p.hand) for p in state.players[1:]] == [3, 2]  # their cards and the Jack taken
    assert kind(state) == "lead"


def test_only_the_two_neighbours_in_four_players() -> None:
    """Black Box rulebook, Demanding Materials, step 4: "your neighbors (the players sitting left
    and right of you)" - the player across is not asked."""
    state = legionary_turn(
        [
            {"hand": ["Academy", "Temple"]},
            {"hand": ["Statue"]},
            {"hand": ["Palace"]},
            {"hand": ["Forum Romanum"]},
        ],
    )
    state = engine.apply(state, demand(find(state, hand(state, 0), "Temple")))
    assert sorted(names(state, state.players[0].stockpile)) == ["Forum Romanum", "Statue"]
    assert "Palace" in names(state, hand(state, 2))


def test_two_players_the_opponent_is_the_only_neighbour() -> None:
    """Black Box rulebook, Demanding Materials: "In a two-player game, your opponent is your only
    neighbor" (asked once, not twice)."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Statue", "Palace"]}],
    )
    state = engine.apply(state, demand(find(state, hand(state, 0), "Temple")))
    assert engine.to_act(state) == 1 and kind(state) == "give"
    state = engine.apply(state, give(find(state, hand(state, 1), "Statue")))
    assert names(state, state.players[0].stockpile) == ["Statue"]
    assert "Palace" in names(state, hand(state, 1))
    assert kind(state) == "lead"


def test_all_demands_at_once_including_multiples() -> None:
    """Black Box rulebook, Legionary Clients: "If you perform more than one Legionary action in the
    same turn you must reveal all Materials you are demanding at once. You may ask for any
    combination ... including multiples of the same Material ... If a neighbor has part of what you
    are demanding, he gives up as much as he has"."""
    state = legionary_turn(
        [
            {"hand": ["Academy", "Temple", "Statue", "Road"], "clientele": ["Legionary"] * 2},
            {"hand": ["Palace", "Wall"]},
            {"hand": ["Forum Romanum", "Basilica", "Insula", "Latrine"]},
        ],
    )
    cards = [find(state, hand(state, 0), n) for n in ("Temple", "Statue", "Road")]
    assert engine.prompt(state)["actions_left"] == 3
    state = engine.apply(state, demand(*cards))
    # Seat 1 (left) has 1 of the 2 Marble demanded and no Rubble: gives the one Marble at once.
    # Seat 2 (right) has exactly 2 Marble and 2 Rubble, 1 Rubble demanded: chooses the Rubble.
    assert engine.to_act(state) == 2 and kind(state) == "give"
    assert names(state, state.players[0].stockpile) == ["Palace"]
    insula = find(state, hand(state, 2), "Insula")
    for a in engine.legal_actions(state):
        assert len(a["cards"]) == 3
    state = engine.apply(state, give(*find_all(state, hand(state, 2), "Marble"), insula))
    assert sorted(names(state, state.players[0].stockpile)) == sorted(
        ["Palace", "Forum Romanum", "Basilica", "Insula"]
    )
    assert set(cards) <= set(hand(state, 0))
    assert kind(state) == "lead"


def test_extra_actions_are_lost_when_the_hand_is_short() -> None:
    """Black Box rulebook, Legionary Clients: "If you have fewer Order cards left in your hand than
    the Legionary actions you have available the extra actions are lost"; step 1: "Turn over an
    Order card (not a Jack)"."""
    state = legionary_turn(
        [
            {"hand": ["Academy", "Temple", "Jack"], "clientele": ["Legionary"] * 2},
            {"hand": ["Statue"]},
            {"hand": ["Palace"]},
        ],
    )
    assert engine.prompt(state)["actions_left"] == 3
    temple = find(state, hand(state, 0), "Temple")
    jack = find(state, hand(state, 0), "Jack")
    assert legal_set(state, "demand") == canon(demand(temple))
    expect_illegal(state, demand(temple, jack), "not_an_order")
    expect_illegal(state, demand(jack), "not_an_order")
    state = engine.apply(state, demand(temple))
    assert sorted(names(state, state.players[0].stockpile)) == ["Palace", "Statue"]
    # The other two actions are gone: the turn is over.
    assert kind(state) == "lead"
    assert temple in hand(state, 0) and jack in hand(state, 0)


def test_more_demands_than_actions_is_refused() -> None:
    """Black Box rulebook, Legionary Clients: one demand per Legionary action."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple", "Statue"]}, {"hand": ["Palace"]}, {"hand": ["Road"]}],
    )
    cards = [find(state, hand(state, 0), n) for n in ("Temple", "Statue")]
    expect_illegal(state, demand(*cards), "not_enough_actions")


def test_a_follower_demands_from_the_leader_too() -> None:
    """Black Box rulebook, Demanding Materials: the neighbours of the player acting, whoever
    leads."""
    state = table(
        [
            {"hand": ["Academy", "Statue"]},
            {"hand": ["Archway", "Temple"]},
            {"hand": ["Palace"]},
        ],
    )
    state = engine.apply(state, lead("legionary", find(state, hand(state, 0), "Academy")))
    state = engine.apply(
        state, {"type": "follow", "cards": [find(state, hand(state, 1), "Archway")]}
    )
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, SKIP)  # the leader does not demand
    assert engine.to_act(state) == 1
    state = engine.apply(state, demand(find(state, hand(state, 1), "Temple")))
    assert sorted(names(state, state.players[1].stockpile)) == ["Palace", "Statue"]
