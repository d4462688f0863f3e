"""Aqueduct (Black Box rulebook, Appendix I): "Your maximum Clientele is doubled. This includes the
maximum Clientele increase you get from the two Influence you gain from finishing the Aqueduct." and
"Every time you perform the Patron action you may choose to take an additional card from your hand
as a Client into your Clientele. You do not need to take a Client from the Pool in order to take
this additional Client from your hand." """

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    everyone,
    expected,
    hire,
    in_hand,
    in_pool,
    lead,
    left,
    mine,
    pending,
    play,
    pool,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def test_aqueduct_example_clientele_fourteen_with_insula() -> None:
    """Black Box rulebook, Appendix I, Aqueduct, first example: "You have an Insula (+2 Clientele).
    You complete an Aqueduct as your second Structure. Your maximum Clientele is now five Influence,
    plus two from the Function of the Insula, doubled by the Function of the Aqueduct, for a total
    of fourteen." """
    state = table(
        [
            {
                "hand": ["Dock", "Tower"],
                "buildings": [
                    {"name": "Insula", "materials": ["Bar"], "complete": True},
                    {"name": "Aqueduct", "materials": ["Wall"]},
                ],
            },
            {"hand": ["Road"]},
        ]
    )
    assert mine(state, 0)["clientele_limit"] == 3 + 2
    state = play(state, lead("craftsman", in_hand(state, 0, "Dock")), think("jack"))
    state = act(state, build(in_hand(state, 0, "Tower"), site_of(state, 0, "Aqueduct")))
    you = zones(state, 0)
    assert you["buildings"] == {
        "Insula": (["Bar"], True),
        "Aqueduct": (["Tower", "Wall"], True),
    }
    assert you["influence"] == 5
    assert mine(state, 0)["clientele_limit"] == 14
    assert mine(state, 0)["vault_limit"] == 5  # the Aqueduct doubles the Clientele only
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            influence=5,
            buildings={"Insula": (["Bar"], True), "Aqueduct": (["Tower", "Wall"], True)},
        ),
        expected(hand=["Jack", "Road"]),
    ]
    assert pool(state) == ["Dock"]


def test_aqueduct_clientele_not_doubled_without_it() -> None:
    """Black Box rulebook, Appendix I, Aqueduct, counter-case: Influence five with an Insula but no
    Aqueduct allows five plus two, seven clients."""
    state = table(
        [
            {
                "influence": ["concrete"],
                "buildings": [{"name": "Insula", "materials": ["Bar"], "complete": True}],
            },
            {},
        ]
    )
    assert zones(state, 0)["influence"] == 5
    assert mine(state, 0)["clientele_limit"] == 7


def patron_table(aqueduct: bool = True) -> engine.State:
    """Seat 0 owns an Aqueduct (or not) and a Patron client (a Statue), holds a Temple to lead
    Patron and two Legionary cards (Bath, Foundry); the Pool holds one Merchant (a Villa). The
    other players do not follow."""
    me = {"hand": ["Temple", "Bath", "Foundry"], "clientele": ["Statue"]}
    if aqueduct:
        me["buildings"] = [{"name": "Aqueduct", "materials": ["Wall", "Wall"], "complete": True}]
    state = table([me, {"hand": ["Road"]}, {"hand": ["Dock"]}], pool=["Villa"])
    return play(state, lead("patron", in_hand(state, 0, "Temple")), think("jack"), think("jack"))


def test_aqueduct_example_patron_hires_from_hand() -> None:
    """Black Box rulebook, Appendix I, Aqueduct, second example: "You own an Aqueduct and have a
    Patron Client. There is one Merchant in the Pool. You lead as a Patron. The other players do not
    follow. You take the Merchant Client from the Pool into your Clientele and a Legionary Client
    from your hand into your Clientele as your first Patron action. You take another Legionary
    Client from your hand into your Clientele as your second Patron action." """
    state = patron_table()
    assert pending(state) == (0, "act") and left(state) == 2
    assert mine(state, 0)["clientele_limit"] == 8
    state = act(state, hire(card=in_pool(state, "Villa"), from_hand=in_hand(state, 0, "Bath")))
    assert left(state) == 1
    # The hand alone, without a Pool card (the Pool is empty anyway).
    state = act(state, hire(from_hand=in_hand(state, 0, "Foundry")))
    you = zones(state, 0)
    assert you["clientele"] == ["Bath", "Foundry", "Statue", "Villa"]  # three new clients
    assert you["hand"] == [] and you["camp"] == []
    assert zones(state, 1)["clientele"] == [] and zones(state, 2)["clientele"] == []
    assert [state.names[c] for c in state.pool] == ["Temple"]  # the led card, at turn end
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            clientele=["Bath", "Foundry", "Statue", "Villa"],
            influence=4,
            buildings={"Aqueduct": (["Wall", "Wall"], True)},
        ),
        expected(hand=["Jack", "Road"]),
        expected(hand=["Dock", "Jack"]),
    ]
    assert pool(state) == ["Temple"]


def test_aqueduct_hire_from_hand_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Aqueduct: hiring from hand is the Aqueduct's function;
    without one it is refused (not_allowed) and nothing changes, and no such hire is offered."""
    state = patron_table(aqueduct=False)
    assert pending(state) == (0, "act") and left(state) == 2
    bath = in_hand(state, 0, "Bath")
    expect_illegal(state, hire(from_hand=bath), "not_allowed")
    expect_illegal(state, hire(card=in_pool(state, "Villa"), from_hand=bath), "not_allowed")
    assert not any(a.get("from_hand") is not None for a in engine.legal_actions(state))


def test_aqueduct_cannot_hire_a_jack() -> None:
    """Black Box rulebook, Jacks: "Jacks cannot be taken or played as ... Clients": a Jack from hand
    is refused by the Aqueduct (not_an_order) and nothing changes."""
    state = table(
        [
            {
                "hand": ["Temple", "Jack"],
                "buildings": [
                    {"name": "Aqueduct", "materials": ["Wall", "Wall"], "complete": True}
                ],
            },
            {"hand": ["Road"]},
        ],
        pool=["Villa"],
    )
    state = play(state, lead("patron", in_hand(state, 0, "Temple")), think("jack"))
    assert pending(state) == (0, "act")
    jack = in_hand(state, 0, "Jack")
    expect_illegal(state, hire(from_hand=jack), "not_an_order")
    expect_illegal(state, hire(in_pool(state, "Villa"), from_hand=jack), "not_an_order")
