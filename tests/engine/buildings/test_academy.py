"""Academy (Black Box rulebook, Appendix I): "You may execute one Thinker action after any turn in
which you execute at least one Craftsman action - even if it's only with a Client. You gain the
benefit of the Function of the Academy on the same turn as the Academy is completed."

Seats: clockwise is increasing seat number, so "the player to your right" is the seat before yours
and "the player to your left" the seat after it."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    everyone,
    expected,
    follow,
    in_hand,
    lay,
    lead,
    left,
    pending,
    play,
    pool,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def academy_table(academy: bool = True) -> engine.State:
    """Seat 0 (right) leads; seat 1 ("you") has an Academy, two Craftsman clients and no cards;
    seat 2 (left) has nothing to do with it."""
    me = {"hand": [], "clientele": ["Crane", "Crane"]}
    if academy:
        me["buildings"] = [{"name": "Academy", "materials": ["Shrine", "Shrine"], "complete": True}]
    return table(
        [{"hand": ["Palisade", "Market"]}, me, {"hand": ["Road"]}],
        deck=["Insula", "Dock", "Bar", "Latrine", "Wall", "Villa", "Temple", "Statue"],
    )


def test_academy_example_thinks_after_craftsman_turn() -> None:
    """Black Box rulebook, Appendix I, Academy, example: "You have an Academy and two Craftsman
    Clients. You have no cards in your hand. The player to your right leads as Craftsman. You pass
    and execute a Thinker action, drawing five new Order cards. The player to your right executes
    his Craftsman action. You execute your two Clients' Craftsman actions by playing two cards as
    new Foundations. You activate your Academy and draw two more Order cards, ending your turn with
    five cards."""
    state = academy_table()
    state = act(state, lead("craftsman", in_hand(state, 0, "Palisade")))
    state = act(state, think("cards"))  # you pass and draw five
    assert zones(state, 1)["hand"] == ["Bar", "Dock", "Insula", "Latrine", "Wall"]
    state = act(state, think("jack"))  # the left player passes too (takes a Jack)
    # The right player executes his Craftsman action.
    assert pending(state) == (0, "act") and left(state) == 1
    state = act(state, lay(in_hand(state, 0, "Market"), "wood"))
    # Your two Clients' Craftsman actions lay two foundations.
    assert pending(state) == (1, "act") and left(state) == 2
    state = act(state, lay(in_hand(state, 1, "Insula"), "rubble"))
    state = act(state, lay(in_hand(state, 1, "Dock"), "wood"))
    assert len(state.players[1].hand) == 3
    # The left player has no Craftsman action; the turn ends and the Academy offers a Thinker
    # action (a choice, not an automatic draw).
    assert pending(state) == (1, "think") and left(state) == 1
    assert {"type": "skip"} in engine.legal_actions(state)
    state = act(state, think("cards"))
    you = zones(state, 1)
    assert len(state.players[1].hand) == 5
    assert you["hand"] == ["Bar", "Latrine", "Temple", "Villa", "Wall"]
    assert you["buildings"] == {
        "Academy": (["Shrine", "Shrine"], True),
        "Insula": ([], False),
        "Dock": ([], False),
    }
    assert you["clientele"] == ["Crane", "Crane"] and you["camp"] == []
    assert zones(state, 0)["buildings"] == {"Market": ([], False)}
    assert zones(state, 0)["hand"] == [] and "Palisade" in [state.names[c] for c in state.pool]
    # The next turn begins: the Leader card has passed to you.
    assert pending(state) == (1, "lead") and state.turn == 2
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(buildings={"Market": ([], False)}),
        expected(
            hand=["Bar", "Latrine", "Temple", "Villa", "Wall"],
            clientele=["Crane", "Crane"],
            influence=4,
            buildings={
                "Academy": (["Shrine", "Shrine"], True),
                "Insula": ([], False),
                "Dock": ([], False),
            },
        ),
        expected(hand=["Jack", "Road"]),
    ]
    assert pool(state) == ["Palisade"]


def test_academy_thinker_action_may_be_declined() -> None:
    """Black Box rulebook, Appendix I, Academy: "You may execute one Thinker action": declining it
    keeps the hand and ends the turn."""
    state = academy_table()
    state = play(state, lead("craftsman", in_hand(state, 0, "Palisade")), think(), think("jack"))
    state = play(state, SKIP)  # the right player lays nothing
    state = act(state, lay(in_hand(state, 1, "Insula"), "rubble"))
    state = act(state, SKIP)
    assert pending(state) == (1, "think")
    state = act(state, SKIP)
    assert len(state.players[1].hand) == 4
    assert pending(state) == (1, "lead") and state.turn == 2


def test_academy_no_think_without_a_craftsman_action() -> None:
    """Black Box rulebook, Appendix I, Academy: only "after any turn in which you execute at least
    one Craftsman action": with the Academy but no Craftsman action taken, the turn simply ends."""
    state = academy_table()
    state = play(state, lead("craftsman", in_hand(state, 0, "Palisade")), think(), think("jack"))
    state = play(state, SKIP, SKIP)  # the right player and you both skip every action
    assert pending(state) == (1, "lead") and state.turn == 2
    assert len(state.players[1].hand) == 5


def test_academy_no_think_without_the_academy() -> None:
    """Black Box rulebook, Appendix I, Academy: the same turn without an Academy ends with no
    Thinker action: the Leader card passes and you keep three cards."""
    state = academy_table(academy=False)
    state = play(state, lead("craftsman", in_hand(state, 0, "Palisade")), think(), think("jack"))
    state = act(state, lay(in_hand(state, 0, "Market"), "wood"))
    state = act(state, lay(in_hand(state, 1, "Insula"), "rubble"))
    state = act(state, lay(in_hand(state, 1, "Dock"), "wood"))
    assert pending(state) == (1, "lead") and state.turn == 2
    assert len(state.players[1].hand) == 3
    assert not any(a.get("type") == "skip" for a in engine.legal_actions(state))


def test_academy_works_on_the_turn_it_is_completed() -> None:
    """Black Box rulebook, Appendix I, Academy: "You gain the benefit of the Function of the Academy
    on the same turn as the Academy is completed." You lead Craftsman and complete the Academy with
    a Brick from hand; at the end of that turn it gives you a Thinker action."""
    state = table(
        [
            {"hand": ["Dock", "Shrine"], "buildings": [{"name": "Academy", "materials": ["Gate"]}]},
            {"hand": ["Road"]},
        ]
    )
    state = play(state, lead("craftsman", in_hand(state, 0, "Dock")), think("jack"))
    state = act(state, build(in_hand(state, 0, "Shrine"), site_of(state, 0, "Academy")))
    assert zones(state, 0)["buildings"] == {"Academy": (["Gate", "Shrine"], True)}
    assert zones(state, 0)["influence"] == 4
    assert pending(state) == (0, "think") and left(state) == 1
    state = act(state, think("cards"))
    assert len(state.players[0].hand) == 5
    assert pending(state) == (1, "lead")


def test_academy_craftsman_action_from_following_counts() -> None:
    """Black Box rulebook, Appendix I, Academy: a Craftsman action taken by following counts as well
    as one taken only with a Client. (The leader has no card left to act with.)"""
    state = table(
        [
            {"hand": ["Palisade"]},
            {
                "hand": ["Market", "Insula"],
                "buildings": [
                    {"name": "Academy", "materials": ["Shrine", "Shrine"], "complete": True}
                ],
            },
        ]
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Palisade")))
    state = act(state, follow(in_hand(state, 1, "Market")))
    assert pending(state) == (1, "act") and left(state) == 1
    state = act(state, lay(in_hand(state, 1, "Insula"), "rubble"))
    assert pending(state) == (1, "think")


def test_academy_craftsman_action_from_an_amphitheatre_on_an_architect_turn() -> None:
    """Black Box rulebook, Appendix I, Academy: "after any turn in which you execute at least one
    Craftsman action": an Amphitheatre completed with an Architect action gives Craftsman actions
    (Black Box rulebook, Appendix I, Amphitheatre); using one of them earns the Academy's Thinker
    action."""
    state = table(
        [
            {
                "hand": ["Wall", "Insula"],
                "stockpile": ["Tower"],
                "buildings": [
                    {"name": "Academy", "materials": ["Shrine", "Shrine"], "complete": True},
                    {"name": "Amphitheatre", "materials": ["Storeroom"]},
                ],
            },
            {"hand": ["Road"]},
        ]
    )
    state = play(state, lead("architect", in_hand(state, 0, "Wall")), think("jack"))
    state = act(state, build(state.players[0].stockpile[0], site_of(state, 0, "Amphitheatre")))
    assert engine.prompt(state)["role"] == "craftsman"
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    assert pending(state) == (0, "think") and left(state) == 1


def test_academy_no_thinker_action_for_another_structure() -> None:
    """Black Box rulebook, Appendix I, Academy, counter-case: completing a Shrine (not an Academy)
    with a Craftsman action gives no Thinker action at the end of the turn: the Leader card passes
    and a think by you is refused (not_your_turn), nothing changing."""
    state = table(
        [
            {"hand": ["Dock", "Gate"], "buildings": [{"name": "Shrine", "materials": ["Bath"]}]},
            {"hand": ["Road"]},
        ]
    )
    state = play(state, lead("craftsman", in_hand(state, 0, "Dock")), think("jack"))
    state = act(state, build(in_hand(state, 0, "Gate"), site_of(state, 0, "Shrine")))
    assert zones(state, 0)["buildings"] == {"Shrine": (["Bath", "Gate"], True)}
    assert pending(state) == (1, "lead")
    expect_illegal(state, think("cards"), "not_your_turn", seat=0)


def test_academy_thinks_after_the_turns_jacks_are_back_in_the_pile() -> None:
    """Black Box rulebook, Appendix I, Academy: "You may execute one Thinker action *after* any
    turn in which you execute at least one Craftsman action"; at the end of each turn "any Jacks
    played return to the Jacks pile" (Jacks). The Academy's Thinker action comes after the turn, so
    the Jack the leader played is back in the pile and may be taken, though the pile was empty
    during the turn (docs/rules.md, "Academy: after the turn")."""
    state = table(
        [
            {"hand": ["Jack"]},
            {
                "hand": ["Market", "Insula"],
                "buildings": [
                    {"name": "Academy", "materials": ["Shrine", "Shrine"], "complete": True}
                ],
            },
        ],
        jacks=0,
    )
    jack = in_hand(state, 0, "Jack")
    state = act(state, lead("craftsman", jack))
    state = act(state, follow(in_hand(state, 1, "Market")))
    state = act(state, lay(in_hand(state, 1, "Insula"), "rubble"))
    assert pending(state) == (1, "think")
    assert state.jacks == [jack] and state.players[0].camp == []
    assert engine.view(state, 1)["role"] is None  # the turn is over
    state = act(state, think("jack"))
    assert state.players[1].hand == [jack] and state.jacks == []
    assert pending(state) == (1, "lead") and state.turn == 2
