"""Patron and clients (Black Box rulebook, Hiring Clients, Clients; Game Play, steps 3-4)."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    SKIP,
    actions_left,
    expect_illegal,
    find,
    hand,
    is_legal,
    kind,
    lead,
    table,
    think,
)


def hire(card: int) -> dict[str, object]:
    return {"type": "hire", "card": card}


def test_hire_takes_a_pool_card_into_the_clientele() -> None:
    """Black Box rulebook, Hiring Clients: "You execute a Patron action by taking a card from the
    Pool and tucking it underneath the left edge of your Camp ... It is now a Client"."""
    state = table([{"hand": ["Temple"]}, {"hand": ["Rubble"]}], pool=["Road", "Wall"])
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, think())
    wall = find(state, state.pool, "Wall")
    assert is_legal(state, {"type": "hire", "card": wall})
    after = engine.apply(state, hire(wall))
    assert after.players[0].clientele == [wall]
    assert wall not in after.pool
    v = engine.view(after, 1)
    assert [c["id"] for c in v["players"][0]["clientele"]] == [wall]


def test_clientele_is_limited_by_influence() -> None:
    """Black Box rulebook, Hiring Clients: "Your total number of Clients is limited by your current
    Influence - you start the game with two Influence". With a full Clientele the leader's
    Patron actions have nothing to do, so they are never offered and the turn moves on."""
    state = table(
        [{"hand": ["Temple"], "clientele": ["Patron", "Laborer"]}, {"hand": ["Statue"]}],
        pool=["Road", "Wall"],
    )
    assert engine.view(state, 0)["players"][0]["clientele_limit"] == 2
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, {"type": "follow", "cards": [hand(state, 1)[0]]})
    # Seat 0 (two actions: lead + a Patron client) is skipped; seat 1 hires.
    assert engine.to_act(state) == 1 and actions_left(state) == 1
    assert [len(p.clientele) for p in state.players] == [2, 0]


def test_a_hire_over_the_clientele_limit_is_refused() -> None:
    """Black Box rulebook, Hiring Clients: the Clientele limit. The pending Patron decision is
    loaded from JSON with the Clientele already full (play never asks it: see the test above): the
    hire is refused with "clientele_full" and nothing changes."""
    state = table(
        [{"hand": ["Temple"], "clientele": ["Patron"]}, {"hand": ["Statue"]}],
        pool=["Road", "Wall", "Bath"],
    )
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, think())
    assert engine.to_act(state) == 0 and actions_left(state) == 2
    data = engine.to_json(state)
    data["players"][0]["clientele"].append(data["pool"].pop())
    full = engine.from_json(data)
    expect_illegal(full, hire(full.pool[0]), "clientele_full")
    assert all(a["type"] != "hire" for a in engine.legal_actions(full))


def test_more_influence_more_clients() -> None:
    """Black Box rulebook, Benefits of Completing a Structure: Influence "allows you to hire more
    Clients". Influence 3 (one Rubble Site earned) allows a third client."""
    state = table(
        [
            {"hand": ["Temple"], "clientele": ["Patron", "Laborer"], "influence": ["rubble"]},
            {"hand": ["Rubble"]},
        ],
        pool=["Road", "Wall"],
    )
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, think())
    assert actions_left(state) == 2
    state = engine.apply(state, hire(state.pool[0]))
    assert len(state.players[0].clientele) == 3
    # The second action has no room for a client: it lapses and the turn ends.
    assert kind(state) == "lead" and engine.to_act(state) == 1
    assert len(state.pool) == 2  # the one not hired, and the Temple that was led


def test_a_client_hired_this_turn_does_not_act() -> None:
    """Black Box rulebook, Hiring Clients: "A new Client does not perform its action during the turn
    that it is hired - you must wait until the next turn in which its Role is led"."""
    state = table(
        [{"hand": ["Temple", "Statue"], "influence": ["rubble"]}, {"hand": ["Rubble"]}],
        pool=["Palace", "Forum Romanum", "Road"],
    )
    state = engine.apply(state, lead("patron", find(state, hand(state, 0), "Temple")))
    state = engine.apply(state, think())
    assert actions_left(state) == 1
    state = engine.apply(state, hire(find(state, state.pool, "Palace")))  # a Patron client
    # The new Patron client gives no action this turn: the leader's actions are over.
    assert not (engine.to_act(state) == 0 and kind(state) == "act")
    assert kind(state) == "lead" and engine.to_act(state) == 1
    # Next time Patron is led, it acts: seat 1 thinks as leader, then seat 0 leads Patron again.
    state = engine.apply(state, think())
    state = engine.apply(state, lead("patron", find(state, hand(state, 0), "Statue")))
    state = engine.apply(state, think())
    assert actions_left(state) == 2


def test_clients_act_even_when_their_owner_thought() -> None:
    """Black Box rulebook, Game Play, step 4: "Players who thought instead of following do still get
    to take actions for their Clients!"; Clients: "even if you decide to Think rather than
    follow"."""
    state = table(
        [
            {"hand": ["Temple"]},
            {"hand": ["Rubble"], "clientele": ["Patron", "Patron"], "influence": ["stone"]},
        ],
        pool=["Road", "Wall", "Bath"],
    )
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, think())
    state = engine.apply(state, SKIP)  # the leader's action
    assert engine.to_act(state) == 1 and actions_left(state) == 2
    state = engine.apply(state, hire(state.pool[0]))
    state = engine.apply(state, hire(state.pool[0]))
    assert len(state.players[1].clientele) == 4
    assert kind(state) == "lead"


def test_clients_of_another_role_do_not_act() -> None:
    """Black Box rulebook, Hiring Clients, Clients: "Each of your Clients may perform its action in
    any turn when its Role is led" - and only then."""
    state = table(
        [{"hand": ["Temple"]}, {"hand": ["Rubble"], "clientele": ["Laborer", "Merchant"]}],
        pool=["Road"],
    )
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, think())
    state = engine.apply(state, SKIP)
    # Seat 1 thought and has no Patron client: no actions; the turn is over.
    assert kind(state) == "lead" and engine.to_act(state) == 1


def test_any_action_may_be_skipped() -> None:
    """Black Box rulebook, Game Play, step 3: "the Leader *may* perform one action"; unused actions
    lapse."""
    state = table(
        [{"hand": ["Temple"], "clientele": ["Patron"]}, {"hand": ["Statue"]}],
        pool=["Road", "Wall"],
    )
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    state = engine.apply(state, {"type": "follow", "cards": [hand(state, 1)[0]]})
    assert is_legal(state, SKIP)
    pool = list(state.pool)
    state = engine.apply(state, SKIP)
    # Skipping gives up the rest of the leader's actions; seat 1 acts next.
    assert engine.to_act(state) == 1 and actions_left(state) == 1
    state = engine.apply(state, SKIP)
    assert state.pool[: len(pool)] == pool
    assert [len(p.clientele) for p in state.players] == [1, 0]
    assert kind(state) == "lead"


def test_role_cards_of_this_turn_cannot_be_hired() -> None:
    """Black Box rulebook, Game Play, step 5: the cards played as Roles go to the Pool only "Once
    all players have finished"; until then they are on the Camps, not in the Pool (as Black Box
    rulebook, Laborer notes for Laborer)."""
    state = table(
        [{"hand": ["Temple"]}, {"hand": ["Statue"]}],
        pool=["Road"],
    )
    temple = hand(state, 0)[0]
    statue = hand(state, 1)[0]
    state = engine.apply(state, lead("patron", temple))
    state = engine.apply(state, {"type": "follow", "cards": [statue]})
    for card in (temple, statue):
        expect_illegal(state, hire(card), "card_not_in_pool")
    assert all(
        a.get("card") in state.pool for a in engine.legal_actions(state) if a["type"] == "hire"
    )
