"""The Thinker action (Black Box rulebook, Thinking)."""

from __future__ import annotations

import pytest

import engine
from tests.engine.helpers import (
    expect_illegal,
    hand,
    is_legal,
    kind,
    lead,
    names,
    play,
    table,
    think,
)

DECK = ["Temple", "Insula", "Road", "Shrine", "Villa", "Market", "Bath"]


def two_players(hand0: list[str], **top: object) -> engine.State:
    top.setdefault("deck", DECK)
    return table([{"hand": hand0}, {"hand": ["Rubble"]}], **top)


def test_take_a_jack() -> None:
    """Black Box rulebook, Thinking: "Take one Jack (if available)"."""
    state = two_players(["Brick", "Stone"])
    jacks = engine.view(state, None)["jacks_count"]
    after = engine.apply(state, think("jack"))
    assert names(after, hand(after, 0)) == [*names(state, hand(state, 0)), "Jack"]
    assert engine.view(after, None)["jacks_count"] == jacks - 1
    assert engine.view(after, None)["deck_count"] == engine.view(state, None)["deck_count"]


def test_no_jack_left_to_take() -> None:
    """Black Box rulebook, Thinking: a Jack only "if available"."""
    state = two_players(["Brick"], jacks=0)
    assert not is_legal(state, think("jack"))
    assert is_legal(state, think("cards"))
    expect_illegal(state, think("jack"), "no_jacks")


@pytest.mark.parametrize("held", [0, 1, 2, 4])
def test_draw_refills_to_hand_size_all_the_way(held: int) -> None:
    """Black Box rulebook, Thinking: "Draw as many Order cards from the draw pile as you need to
    fill to your hand refill size (normally five) ... You may not fill your hand partially"."""
    start = ["Marble", "Brick", "Wood", "Rubble"][:held]
    state = two_players(start)
    after = engine.apply(state, think("cards"))
    assert len(hand(after, 0)) == 5
    # The cards drawn are the top of the draw pile, in order.
    assert names(after, hand(after, 0))[held:] == DECK[: 5 - held]
    assert engine.view(after, None)["deck_count"] == engine.view(state, None)["deck_count"] - (
        5 - held
    )


@pytest.mark.parametrize("held", [5, 6, 8])
def test_draw_one_when_at_or_above_hand_size(held: int) -> None:
    """Black Box rulebook, Thinking: "Draw one additional Order card (if you are at or above your
    hand refill size)"; Sample Turn, step 2: Player 4 "already has 5 cards. He draws 1 more"."""
    start = (["Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"] * 2)[:held]
    state = two_players(start)
    after = engine.apply(state, think("cards"))
    assert len(hand(after, 0)) == held + 1
    assert names(after, hand(after, 0))[-1] == DECK[0]


def test_jacks_in_hand_count_toward_hand_size() -> None:
    """Black Box rulebook, Thinking: the hand refill size counts the cards in hand, and a Jack in
    hand is a card in hand (Black Box rulebook, Jacks: "Jacks are wild cards" played from the hand).
    Four orders and a Jack are five cards: thinking draws exactly one."""
    state = two_players(["Rubble", "Wood", "Brick", "Concrete", "Jack"])
    after = engine.apply(state, think("cards"))
    assert len(hand(after, 0)) == 6
    state = two_players(["Rubble", "Jack", "Jack"])
    after = engine.apply(state, think("cards"))
    assert len(hand(after, 0)) == 5
    assert names(after, hand(after, 0)).count("Jack") == 2


def test_the_leader_thinking_ends_the_turn() -> None:
    """Black Box rulebook, Thinking: "If on your turn as Leader you choose to Think instead of
    leading ... the other players do not get to follow. When you are finished the turn ends and you
    pass the Leader card to the player on your left"."""
    state = table(
        [
            {"hand": ["Rubble"], "clientele": ["Laborer"]},
            {"hand": ["Rubble"], "clientele": ["Laborer"]},
            {"hand": ["Rubble"], "clientele": ["Laborer"]},
        ],
        pool=["Wall", "Bath", "Temple"],
        leader=1,
    )
    after = engine.apply(state, think("cards"))
    # No role was led: nobody follows and no client acts.
    assert after.pool == state.pool
    assert all(not p.stockpile for p in after.players)
    assert engine.view(after, None)["leader"] == 2
    assert engine.to_act(after) == 2
    assert kind(after) == "lead"
    assert engine.view(after, None)["turn"] == engine.view(state, None)["turn"] + 1
    assert [len(p.hand) for p in after.players] == [1, 5, 1]


def test_a_follower_may_think_instead() -> None:
    """Black Box rulebook, Game Play, step 2: each other player may "'Think' and draw more
    cards"."""
    state = table([{"hand": ["Rubble", "Wood"]}, {"hand": ["Brick"]}], deck=DECK)
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    assert kind(state) == "follow"
    assert engine.to_act(state) == 1
    after = play(state, think("cards"))
    assert names(after, hand(after, 1)) == [*names(state, hand(state, 1)), *DECK[:4]]
    jack = play(state, think("jack"))
    assert names(jack, hand(jack, 1))[-1] == "Jack"


def test_thinking_draws_the_last_card_ends_the_game() -> None:
    """Black Box rulebook, Ending the Game: "The draw deck runs out". A refill that empties the deck
    ends the game at once, even short of the hand size."""
    state = two_players(["Rubble"], deck=["Temple", "Road"], deck_rest=False)
    after = engine.apply(state, think("cards"))
    assert names(after, hand(after, 0)) == [*names(state, hand(state, 0)), "Temple", "Road"]
    assert engine.is_over(after)
    assert after.end is not None and after.end["reason"] == "deck"
