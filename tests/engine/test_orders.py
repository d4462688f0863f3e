"""Standing orders (engine/orders.py): the vocabulary covers every decision a seat takes off its
turn, an order is checked when written, fires only on the seat's own view and legal actions, and
is stale once the seat learns something it did not foresee."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.determinize import determinize
from tests.engine.helpers import find, hand, kind, lead, table, think

Order = dict[str, Any]


def pick(state: engine.State, orders: list[Order]) -> tuple[int, dict[str, Any]] | None:
    seat = engine.to_act(state)
    return engine.order_pick(orders, engine.view(state, seat), engine.legal_actions(state))


def written(state: engine.State, seat: int, *orders: Order) -> list[Order]:
    return engine.orders_checked(list(orders), engine.view(state, seat))


def patron_led() -> engine.State:
    """Seat 0 leads Patron; seat 1, holding a Temple (marble: Patron), a Road and a Wall, follows
    or thinks."""
    state = table(
        [{"hand": ["Palace", "Bath"]}, {"hand": ["Temple", "Road", "Wall"]}],
    )
    state = engine.apply(state, lead("patron", find(state, hand(state, 0), "Palace")))
    assert engine.to_act(state) == 1 and kind(state) == "follow"
    return state


# The vocabulary -------------------------------------------------------------------------------


def test_every_kind_a_seat_decides_but_the_lead_has_orders() -> None:
    kinds = engine.order_kinds()
    deciding = {k for k in engine.PROMPT_KINDS if k != "lead"}
    # Kinds that take no action never ask anyone (they resolve themselves).
    silent = {"end_turn", "hire", "after_leading", "watermill", "domus", "ransom"}
    assert set(kinds) == deciding - silent
    assert "lead" not in kinds
    for k, types in kinds.items():
        for do in types:
            order = {"when": k, "do": do}
            assert engine.orders_checked([order], engine.view(patron_led(), 1)) == [order]


def test_an_order_of_each_kind_answers_every_off_turn_decision_of_random_games() -> None:
    """Whatever a seat is asked off its turn, an order of that kind and one of its actions
    picks a legal action."""
    rng = random.Random(31)
    asked: set[str] = set()
    for seed in range(12):
        state = engine.new_game("imperium", players=3 + seed % 3, seed=seed, options={"geek": True})
        while not engine.is_over(state):
            legal = engine.legal_actions(state)
            seat = engine.to_act(state)
            prompt = engine.prompt(state)
            assert prompt is not None
            if seat != state.leader:
                types = engine.order_kinds()[prompt["kind"]]
                do = rng.choice(sorted({a["type"] for a in legal}))
                assert do in types
                found = pick(state, [{"when": prompt["kind"], "do": do}])
                if do != "think" or any(a.get("take") == "cards" for a in legal):
                    assert found is not None and found[1] in legal
                asked.add(prompt["kind"])
            state = engine.apply(state, rng.choice(legal))
    assert {"follow", "act", "give", "claim"} <= asked


# Writing an order ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "order",
    [
        {"when": "lead", "do": "think"},  # its own turn
        {"when": "follow", "do": "lead"},  # not an action of a follow
        {"when": "nothing", "do": "skip"},
        {"when": "sewer", "do": "skip", "role": "laborer"},  # a Sewer names no role
        {"when": "follow", "role": "senator", "do": "think"},
        {"when": "follow", "do": "follow", "take": "jack"},
        {"when": "follow", "do": "think", "unless": "give"},
        {"when": "give", "do": "give", "prefer": "random"},
        {"when": "follow", "do": "follow", "cards": []},
        {"when": "follow", "do": "follow", "cards": [True]},
        {"when": "follow", "do": "follow", "hand": [1]},
        "think",
    ],
)
def test_what_is_not_an_order_is_refused(order: Any) -> None:
    with pytest.raises(engine.IllegalAction) as info:
        written(patron_led(), 1, order)
    assert info.value.code == "order_invalid"


def test_an_order_names_only_cards_of_the_seats_own_hand() -> None:
    state = patron_led()
    bath = find(state, hand(state, 0), "Bath")
    with pytest.raises(engine.IllegalAction) as info:
        written(state, 1, {"when": "follow", "do": "follow", "cards": [bath]})
    assert info.value.code == "order_card_not_held"


def test_too_many_orders_are_refused() -> None:
    orders = [{"when": "sewer", "do": "skip"}] * (engine.orders.MAX_ORDERS + 1)
    with pytest.raises(engine.IllegalAction):
        written(patron_led(), 1, *orders)


def test_an_order_naming_cards_keeps_the_hand_it_was_written_against() -> None:
    state = patron_led()
    temple = find(state, hand(state, 1), "Temple")
    [kept] = written(
        state, 1, {"when": "follow", "role": "patron", "do": "follow", "cards": [temple]}
    )
    assert kept["hand"] == sorted(hand(state, 1))
    [policy] = written(state, 1, {"when": "sewer", "do": "skip"})
    assert "hand" not in policy


# Firing -------------------------------------------------------------------------------------


def test_follow_with_a_named_card_if_still_held_otherwise_think() -> None:
    """The issue's example ("when Architect is led, follow with this Temple if I still hold it,
    otherwise think", with the Temple's own role) is two orders, tried in turn."""
    state = patron_led()
    temple = find(state, hand(state, 1), "Temple")
    orders = written(
        state,
        1,
        {"when": "follow", "role": "patron", "do": "follow", "cards": [temple]},
        {"when": "follow", "role": "patron", "do": "think", "take": "cards"},
    )
    assert pick(state, orders) == (0, {"type": "follow", "cards": [temple]})
    assert pick(state, orders[1:]) == (0, {"type": "think", "take": "cards"})
    # Another role led: neither applies.
    assert pick(state, [{**o, "role": "laborer"} for o in orders]) is None


def test_think_only_when_the_role_cannot_be_followed() -> None:
    """Black Box rulebook, Game Play, step 2: each other player follows the role or thinks."""
    state = patron_led()
    order = {"when": "follow", "do": "think", "take": "cards", "unless": "follow"}
    assert pick(state, [order]) is None  # the Temple follows Architect
    state = table([{"hand": ["Palace"]}, {"hand": ["Road", "Wall"]}])  # no marble, no Jack
    state = engine.apply(state, lead("patron", find(state, hand(state, 0), "Palace")))
    assert pick(state, [order]) == (0, {"type": "think", "take": "cards"})


def test_no_order_fires_on_the_seats_own_turn() -> None:
    state = table([{"hand": ["Road", "Bath"]}, {"hand": ["Temple"]}], pool=["Wall"])
    assert engine.to_act(state) == 0
    assert pick(state, [{"when": "lead", "do": "think"}]) is None
    state = engine.apply(state, lead("laborer", find(state, hand(state, 0), "Road")))
    state = engine.apply(state, think())
    assert engine.to_act(state) == 0 and kind(state) == "act"  # the leader's own action
    assert pick(state, [{"when": "act", "do": "skip"}]) is None


def test_an_order_fires_only_for_its_own_seat() -> None:
    state = patron_led()
    view = engine.view(state, 0)  # not seat 0's decision
    assert engine.order_pick([{"when": "follow", "do": "think"}], view, []) is None


def test_a_legionary_victim_gives_the_cheapest_or_the_dearest() -> None:
    """Black Box rulebook, Demanding Materials, step 4: the victim "must give one" of the
    demanded material; which one is its choice, and an order makes it."""
    state = table([{"hand": ["Academy", "Temple", "Road"]}, {"hand": ["Palace", "Statue", "Road"]}])
    state = engine.apply(state, lead("legionary", find(state, hand(state, 0), "Academy")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, hand(state, 0), "Temple")]}
    )
    assert engine.to_act(state) == 1 and kind(state) == "give"
    legal = engine.legal_actions(state)
    assert len(legal) == 2  # the Palace or the Statue: two marbles of one value
    for prefer in ("cheapest", "dearest"):
        assert pick(state, [{"when": "give", "do": "give", "prefer": prefer}]) == (0, legal[0])


def test_an_order_that_is_no_longer_legal_does_not_fire() -> None:
    state = patron_led()
    road = find(state, hand(state, 1), "Road")
    assert pick(state, [{"when": "follow", "do": "follow", "cards": [road]}]) is None


# Hidden information -------------------------------------------------------------------------


def test_the_same_view_picks_the_same_action_whatever_others_hold() -> None:
    """An order reads the seat's view and legal actions only: deal the others' hands and the
    deck again as the seat may imagine them, and the pick is the same."""
    rng = random.Random(7)
    orders = [
        {"when": "follow", "do": "think", "take": "cards", "unless": "follow"},
        {"when": "follow", "do": "follow", "prefer": "dearest"},
        {"when": "give", "do": "give"},
        {"when": "act", "do": "skip"},
        {"when": "sewer", "do": "claim", "prefer": "dearest"},
    ]
    checked = 0
    for seed in range(6):
        state = engine.new_game("republic", players=3, seed=seed)
        while not engine.is_over(state):
            seat = engine.to_act(state)
            assert seat is not None
            view = engine.view(state, seat)
            if seat != state.leader:
                world = determinize(view, rng)
                assert engine.view(world, seat) == view
                other = engine.order_pick(orders, view, engine.legal_actions(world))
                assert other == pick(state, orders)
                checked += 1
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    assert checked > 50


# Staleness ----------------------------------------------------------------------------------


def test_a_named_card_order_is_stale_when_the_card_goes_or_a_new_card_comes() -> None:
    state = patron_led()
    temple = find(state, hand(state, 1), "Temple")
    [order] = written(state, 1, {"when": "follow", "do": "follow", "cards": [temple]})
    assert engine.order_stale(order, engine.view(state, 1)) is None
    drew = engine.apply(state, think())  # seat 1 draws: its hand gains cards
    assert engine.order_stale(order, engine.view(drew, 1)) == "new_card"
    followed = engine.apply(state, {"type": "follow", "cards": [temple]})
    assert engine.order_stale(order, engine.view(followed, 1)) == "card_gone"
    policy = {"when": "follow", "do": "think"}
    assert engine.order_stale(policy, engine.view(drew, 1)) is None
