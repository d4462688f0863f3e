"""Laborer: gather a material from the Pool (Black Box rulebook, Laborer "Gathering Materials")."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    actions_left,
    canon,
    expect_illegal,
    find,
    follow,
    hand,
    kind,
    lead,
    legal_set,
    table,
    think,
)


def gather(card: int) -> dict[str, object]:
    return {"type": "gather", "card": card}


def test_gather_moves_a_pool_card_to_the_stockpile() -> None:
    """Black Box rulebook, Laborer: "Move one card from the POOL into your STOCKPILE"."""
    state = table([{"hand": ["Insula"]}, {"hand": ["Temple"]}], pool=["Wall", "Road"])
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    state = engine.apply(state, think())
    wall = find(state, state.pool, "Wall")
    assert {a["card"] for a in engine.legal_actions(state) if a["type"] == "gather"} == set(
        state.pool
    )
    after = engine.apply(state, gather(wall))
    assert after.players[0].stockpile == [wall]
    assert wall not in after.pool
    assert [c["id"] for c in engine.view(after, 1)["players"][0]["stockpile"]] == [wall]


def test_only_from_the_pool_and_not_this_turns_role_cards() -> None:
    """Black Box rulebook, Laborer: "Note that the cards players use to lead as or follow the
    Laborer Role are not yet in the Pool and may not be taken"."""
    state = table(
        [{"hand": ["Insula", "Temple"]}, {"hand": ["Road", "Bath"]}],
        pool=["Wall"],
    )
    insula = find(state, hand(state, 0), "Insula")
    road = find(state, hand(state, 1), "Road")
    state = engine.apply(state, lead("laborer", insula))
    state = engine.apply(state, follow(road))
    assert engine.to_act(state) == 0
    for card in (insula, road):
        expect_illegal(state, gather(card), "card_not_in_pool")
    temple = find(state, hand(state, 0), "Temple")
    expect_illegal(state, gather(temple), "card_not_in_pool")
    assert legal_set(state, "gather") == canon(gather(state.pool[0]))


def test_later_players_may_find_the_pool_empty() -> None:
    """Black Box rulebook, Laborer: "if there are not enough cards in the Pool then players later in
    the turn order may be unable to take a card"."""
    state = table(
        [{"hand": ["Insula"]}, {"hand": ["Road"]}, {"hand": ["Latrine"]}],
        pool=["Wall"],
    )
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    state = engine.apply(state, follow(hand(state, 1)[0]))
    state = engine.apply(state, follow(hand(state, 2)[0]))
    assert engine.to_act(state) == 0 and actions_left(state) == 1
    state = engine.apply(state, gather(state.pool[0]))
    # Seats 1 and 2 followed but the Pool is empty: their actions lapse and the turn ends.
    assert kind(state) == "lead" and engine.to_act(state) == 1
    assert [len(p.stockpile) for p in state.players] == [1, 0, 0]


def test_each_action_takes_one_card() -> None:
    """Black Box rulebook, Laborer: one card per action; a leader with one Laborer client takes
    two."""
    state = table(
        [{"hand": ["Insula"], "clientele": ["Laborer"]}, {"hand": ["Temple"]}],
        pool=["Wall", "Road", "Bath"],
    )
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    state = engine.apply(state, think())
    state = engine.apply(state, gather(state.pool[0]))
    assert actions_left(state) == 1
    state = engine.apply(state, gather(state.pool[0]))
    assert len(state.players[0].stockpile) == 2
    assert kind(state) == "lead"
