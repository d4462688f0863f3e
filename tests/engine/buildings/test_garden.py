"""Garden (Black Box rulebook, Appendix I): "When you complete a Garden, you may immediately execute
one Patron action for each point of Influence you have, including the Influence you get from
finishing the Garden. The new Clients do not provide you with additional actions this turn (unlike
Structure Functions, Clients do not provide benefits the turn they are gained)." Its combination
with the Bath is tested in test_bath.py."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
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
    pool,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, table


def garden_table(name: str = "Garden") -> engine.State:
    """Seat 0 ("you") has no clients and a `name` foundation (Stone) with two Stone in it; it
    leads Craftsman with a Market and completes it with a Stone (Prison) from hand, keeping an
    Insula it could lay. The Pool holds two Legionaries (Baths), a Craftsman (Dock) and two
    Patrons (Temples). The others follow."""
    state = table(
        [
            {
                "hand": ["Market", "Prison", "Insula"],
                "buildings": [{"name": name, "materials": ["Villa", "Villa"]}],
            },
            {"hand": ["Palisade"]},
            {"hand": ["Palisade"]},
        ],
        pool=["Bath", "Bath", "Dock", "Temple", "Temple"],
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, follow(in_hand(state, 1, "Palisade")))
    state = act(state, follow(in_hand(state, 2, "Palisade")))
    return act(state, build(in_hand(state, 0, "Prison"), site_of(state, 0, name)))


def test_garden_example_four_of_five_patron_actions() -> None:
    """Black Box rulebook, Appendix I, Garden, example: "You have no Clients. In the Pool are two
    Legionaries, a Craftsman and two Patrons. You lead as Craftsman, and the other players follow.
    You complete a Garden as your first Structure. You now have five Influence and have room for
    five Clients. You have the one-time option to execute up to five Patron actions. You decide to
    execute four Patron actions. You take a Patron, a Craftsman, and two Legionaries from the Pool
    as Clients. You decide against filling the last spot in your Clientele with another Patron." """
    state = garden_table()
    assert zones(state, 0)["influence"] == 5
    assert mine(state, 0)["clientele_limit"] == 5
    prompt = engine.prompt(state)
    assert prompt["seat"] == 0 and prompt["role"] == "patron" and prompt["actions_left"] == 5
    for n, name in enumerate(["Temple", "Dock", "Bath", "Bath"]):
        assert left(state) == 5 - n
        state = act(state, hire(in_pool(state, name)))
    assert left(state) == 1
    assert {"type": "hire", "card": in_pool(state, "Temple")} in engine.legal_actions(state)
    state = act(state, SKIP)  # against filling the last spot
    you = zones(state, 0)
    assert you["clientele"] == ["Bath", "Bath", "Dock", "Temple"]
    assert you["buildings"] == {"Garden": (["Prison", "Villa", "Villa"], True)}
    # The new Craftsman client gives no Craftsman action this turn: the Insula stays in hand and
    # the turn ends (the followers have nothing to build with).
    assert you["hand"] == ["Insula"]
    assert pool(state) == ["Market", "Palisade", "Palisade", "Temple"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            hand=["Insula"],
            clientele=["Bath", "Bath", "Dock", "Temple"],
            influence=5,
            buildings={"Garden": (["Prison", "Villa", "Villa"], True)},
        ),
        expected(),
        expected(),
    ]


def test_garden_no_patron_actions_for_another_structure() -> None:
    """Black Box rulebook, Appendix I, Garden, counter-case: completing another Stone structure (a
    Circus Maximus) the same way gives no Patron action: the led card's one action is spent, the
    turn ends, and a hire is refused."""
    state = garden_table("Circus Maximus")
    assert zones(state, 0)["buildings"]["Circus Maximus"][1] is True
    assert pending(state) == (1, "lead")
    expect_illegal(state, hire(in_pool(state, "Temple")), "not_your_turn", seat=0)
    assert zones(state, 0)["clientele"] == []
