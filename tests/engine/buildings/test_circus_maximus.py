"""Circus Maximus (Black Box rulebook, Appendix I): "Whenever you lead or follow a Role, you may
gain an additional action from each of your Clients of that Role." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    everyone,
    expected,
    in_hand,
    lead,
    left,
    pending,
    play,
    pool,
    sell,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table

MY_STOCK = ["Bar", "Insula", "Road", "Latrine", "Dock"]


def cm_table(mine: bool = True) -> engine.State:
    """Seat 0 ("you") and seat 1 (left) each own a Circus Maximus (yours optional) and two Merchant
    clients; you lead Merchant with a Garden; nobody follows (both think and take a Jack). You
    have five Stockpile materials, he has two."""
    me: dict[str, object] = {
        "hand": ["Garden"],
        "clientele": ["Prison", "Prison"],
        "stockpile": MY_STOCK,
    }
    if not mine:
        me["influence"] = ["stone"]  # the same Influence (5) and Vault room without it
    else:
        me["buildings"] = [
            {"name": "Circus Maximus", "materials": ["Villa", "Villa", "Villa"], "complete": True}
        ]
    state = table(
        [
            me,
            {
                "clientele": ["Sewer", "Sewer"],
                "stockpile": ["Market", "Palisade"],
                "buildings": [
                    {
                        "name": "Circus Maximus",
                        "materials": ["Catacomb", "Catacomb", "Catacomb"],
                        "complete": True,
                    }
                ],
            },
            {"hand": ["Wall"]},
        ]
    )
    state = act(state, lead("merchant", in_hand(state, 0, "Garden")))
    return play(state, think("jack"), think("jack"))


def test_circus_maximus_example_five_actions_and_two() -> None:
    """Black Box rulebook, Appendix I, Circus Maximus, example: "You own a Circus Maximus. The
    player to your left owns a Circus Maximus. You each have two Merchant Clients. You lead as a
    Merchant. The player to your left does not follow. The player to your right does not follow. You
    perform one Merchant action, plus two Merchant actions due to your Clients, plus two additional
    Merchant actions due to your Clients matching your lead in the presence of a Circus Maximus, for
    a total of five Merchant actions. The player to your left performs two Merchant actions due to
    his Clients. He does not gain any additional actions from his Circus Maximus as he did not
    follow your lead of the Merchant Role." """
    state = cm_table()
    assert pending(state) == (0, "act") and left(state) == 5
    for n, name in enumerate(MY_STOCK):
        assert left(state) == 5 - n
        state = act(state, sell(state.players[0].stockpile[0]))
        assert name in zones(state, 0)["vault"]
    assert zones(state, 0)["vault"] == sorted(MY_STOCK) and zones(state, 0)["stockpile"] == []
    assert pending(state) == (1, "act") and left(state) == 2
    state = act(state, sell(state.players[1].stockpile[0]))
    state = act(state, sell(state.players[1].stockpile[0]))
    assert zones(state, 1)["vault"] == ["Market", "Palisade"]
    # The right player has no Merchant client and did not follow: no action; the turn is over.
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            clientele=["Prison", "Prison"],
            vault=MY_STOCK,
            influence=5,
            buildings={"Circus Maximus": (["Villa", "Villa", "Villa"], True)},
        ),
        expected(
            hand=["Jack"],
            clientele=["Sewer", "Sewer"],
            vault=["Market", "Palisade"],
            influence=5,
            buildings={"Circus Maximus": (["Catacomb", "Catacomb", "Catacomb"], True)},
        ),
        expected(hand=["Jack", "Wall"]),
    ]
    assert pool(state) == ["Garden"]


def test_circus_maximus_no_bonus_without_it() -> None:
    """Black Box rulebook, Appendix I, Circus Maximus, counter-case: without one, leading with two
    Merchant clients gives three actions (Black Box rulebook, Game Play, step 3), with the same
    Influence."""
    state = cm_table(mine=False)
    assert pending(state) == (0, "act") and left(state) == 3
    state = play(state, *[sell(c) for c in state.players[0].stockpile[:3]])
    assert len(state.players[0].vault) == 3 and len(state.players[0].stockpile) == 2
    assert pending(state) == (1, "act") and left(state) == 2
    expect_illegal(state, sell(state.players[0].stockpile[0]), "not_your_turn", seat=0)


def test_circus_maximus_bonus_when_following() -> None:
    """Black Box rulebook, Appendix I, Circus Maximus: "Whenever you lead or follow a Role": had the
    left player followed, he would have had 1 + 2 + 2 = 5 Merchant actions."""
    state = table(
        [
            {"hand": ["Garden"]},
            {
                "hand": ["Garden"],
                "clientele": ["Sewer", "Sewer"],
                "stockpile": ["Market", "Palisade"],
                "buildings": [
                    {
                        "name": "Circus Maximus",
                        "materials": ["Catacomb", "Catacomb", "Catacomb"],
                        "complete": True,
                    }
                ],
            },
        ]
    )
    state = act(state, lead("merchant", in_hand(state, 0, "Garden")))
    state = act(state, {"type": "follow", "cards": [in_hand(state, 1, "Garden")]})
    assert pending(state) == (1, "act") and left(state) == 5


def test_circus_maximus_works_on_the_turn_it_is_completed() -> None:
    """Black Box rulebook, Benefits of Completing a Structure: functions work "immediately - you may
    benefit from them on the turn the Structure is completed" (as in the Ludus Magna example, where
    a completed function gives "a third action this turn"). You lead Architect with two Architect
    clients (three actions); the first completes a Circus Maximus, which adds one action per
    Architect client: four are left."""
    state = table(
        [
            {
                "hand": ["Wall"],
                "clientele": ["Tower", "Tower"],
                "stockpile": ["Prison", "Bar", "Bar", "Bar"],
                "buildings": [
                    {"name": "Circus Maximus", "materials": ["Villa", "Villa"]},
                    {"name": "Road"},
                ],
            },
            {"hand": ["Latrine"]},
        ]
    )
    state = play(state, lead("architect", in_hand(state, 0, "Wall")), think("jack"))
    assert left(state) == 3
    prison = state.players[0].stockpile[0]
    cm = next(
        b.foundation for b in state.players[0].buildings if state.names[b.foundation] != "Road"
    )
    state = act(state, {"type": "build", "card": prison, "building": cm})
    assert zones(state, 0)["buildings"]["Circus Maximus"][1] is True
    assert pending(state) == (0, "act") and left(state) == 4
