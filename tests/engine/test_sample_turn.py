"""The rulebook's Sample Turn (Black Box rulebook, Sample Turn, steps 1-5), played move
by move."""

from __future__ import annotations

import engine
from tests.engine.helpers import actions_left, find, hand, kind, table


def sample_table() -> engine.State:
    """4 players. Player 1 (seat 0) is Leader with a yellow card and a Laborer client; Player 2
    holds a Jack and no Laborer client; Player 3 holds fewer than 5 cards and has 2 Laborer
    clients; Player 4 holds 5 cards and no Laborer client. The Pool holds enough to gather."""
    return table(
        [
            {"hand": ["Insula", "Temple"], "clientele": ["Laborer"]},
            {"hand": ["Jack", "Temple"], "clientele": ["Patron"]},
            {"hand": ["Shrine", "Villa"], "clientele": ["Laborer", "Laborer"]},
            {"hand": ["Temple", "Villa", "Shrine", "Market", "Bath"], "clientele": ["Merchant"]},
        ],
        pool=["Wood", "Brick", "Concrete", "Stone", "Marble", "Rubble"],
    )


def test_sample_turn() -> None:
    state = sample_table()
    start = engine.view(state, None)
    yellow = find(state, hand(state, 0), "Insula")
    jack = find(state, hand(state, 1), "Jack")

    # STEP 1: "Player 1 is Leader and plays a yellow card to lead Laborer."
    state = engine.apply(state, {"type": "lead", "role": "laborer", "cards": [yellow]})
    assert engine.to_act(state) == 1 and kind(state) == "follow"

    # STEP 2: "Player 2 plays a Jack to follow Laborer."
    state = engine.apply(state, {"type": "follow", "cards": [jack]})
    # "Player 3 ... Thinks, immediately drawing Order cards to bring her hand up to 5."
    assert engine.to_act(state) == 2
    state = engine.apply(state, {"type": "think", "take": "cards"})
    assert len(hand(state, 2)) == 5
    # "Player 4 ... already has 5 cards. He draws 1 more Order card, bringing his hand up to 6."
    assert engine.to_act(state) == 3
    state = engine.apply(state, {"type": "think", "take": "cards"})
    assert len(hand(state, 3)) == 6

    # STEP 3: "Player 1 has a Laborer in his Clientele. He performs 2 Laborer actions."
    assert engine.to_act(state) == 0 and actions_left(state) == 2
    for expected_left in (2, 1):
        assert actions_left(state) == expected_left
        state = engine.apply(state, {"type": "gather", "card": state.pool[0]})
    assert len(state.players[0].stockpile) == 2

    # STEP 4: "Player 2 performs 1 Laborer action for following."
    assert engine.to_act(state) == 1 and actions_left(state) == 1
    state = engine.apply(state, {"type": "gather", "card": state.pool[0]})
    # "Player 3 has 2 Laborers in her Clientele. She didn't follow but may perform 2 Laborer
    # actions for her Clients."
    assert engine.to_act(state) == 2 and actions_left(state) == 2
    state = engine.apply(state, {"type": "gather", "card": state.pool[0]})
    state = engine.apply(state, {"type": "gather", "card": state.pool[0]})
    assert [len(p.stockpile) for p in state.players] == [2, 1, 2, 0]
    # "Player 4 didn't follow and doesn't have a Laborer Client, so he gets no actions."

    # STEP 5: "The yellow card Player 1 used to lead is placed in the Pool and Player 2's Jack is
    # placed on the pile ... Player 2 now becomes Leader for the next turn."
    v = engine.view(state, None)
    assert yellow in state.pool and jack not in state.pool
    assert jack in state.jacks
    assert v["jacks_count"] == start["jacks_count"] + 1
    assert all(not p["camp"] for p in v["players"])
    assert v["leader"] == 1
    assert engine.to_act(state) == 1 and kind(state) == "lead"
    # Player 4 got no action: his stockpile is untouched and he was never asked.
    assert len(state.players[3].hand) == 6


def test_clients_example_three_actions_or_think_and_two() -> None:
    """Black Box rulebook, Hiring Clients, Clients, example: "If you have two Laborer Clients and
    another player leads with a Laborer card, you may either follow with a Laborer card and perform
    three Laborer actions or execute one Thinker action immediately and still perform two Laborer
    actions"."""
    base = table(
        [{"hand": ["Insula"]}, {"hand": ["Road"], "clientele": ["Laborer", "Laborer"]}],
        pool=["Wood", "Brick", "Concrete", "Stone"],
    )
    led = engine.apply(base, {"type": "lead", "role": "laborer", "cards": [hand(base, 0)[0]]})
    followed = engine.apply(led, {"type": "follow", "cards": [hand(led, 1)[0]]})
    followed = engine.apply(followed, {"type": "skip"})  # the leader's one action
    assert engine.to_act(followed) == 1 and actions_left(followed) == 3
    thought = engine.apply(led, {"type": "think", "take": "cards"})
    thought = engine.apply(thought, {"type": "skip"})
    assert engine.to_act(thought) == 1 and actions_left(thought) == 2
