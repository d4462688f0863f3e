"""The 2005 first edition as a ruleset: its deck, set-up, petitions and end (First edition
rulebook (2005); docs/rules.md, section The 2005 first edition). Its building functions are
tested in tests/engine/buildings/test_first_edition_*.py."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.cards import order_types
from tests.engine.buildings.steps import SKIP, act, in_hand, lay, lead, pending
from tests.engine.helpers import canon, expect_illegal, find, legal_set, names, table

FE = "first_edition"


def test_the_deck_is_144_orders_of_40_types_5_jacks_and_30_sites() -> None:
    """First edition rulebook (2005), Contents: "144 Orders (of 40 different available types)",
    "30 Sites", "5 Jacks"; copies per type as ruling "copies per type" infers them."""
    state = engine.new_game(FE, 2, seed=1)
    counts = Counter(state.names)
    assert len(order_types(FE)) == 40
    assert sum(counts[t.name] for t in order_types(FE)) == 144
    assert counts["Jack"] == 5
    assert sum(n for name, n in counts.items() if name.endswith(" Site")) == 30
    assert all(counts[t.name] == (6 if t.value == 1 else 3) for t in order_types(FE))
    # The first edition's own functions are their own types; no Black Box-only card is in it.
    assert "Bar (2005)" in counts and "Bar" not in counts and "Crane" not in counts


@pytest.mark.parametrize("players", [2, 3, 5])
def test_set_up_four_orders_and_a_jack_each_other_jacks_and_sites_out_of_play(
    players: int,
) -> None:
    """First edition rulebook (2005), Set-Up: the Pool cards pick the leader, then "deal each player
    four Orders cards", "Deal each player a Jack card for a total hand size of five. Place the
    remaining Jack cards to the side, out of play", and "select a number of each type of Site equal
    to the number of players ... Leave the unselected Sites to the side, out of the game"."""
    state = engine.new_game(FE, players, seed=players)
    for p in state.players:
        assert len(p.hand) == 5
        assert [state.names[c] for c in p.hand].count("Jack") == 1
    assert state.jacks == []
    assert [state.names[c] for c in state.removed].count("Jack") == 5 - players
    for m in state.sites:
        assert len(state.sites[m]) == players
        assert state.out_of_town[m] == []  # no out-of-town Sites
    assert len(state.pool) >= players  # one face up per player, more to break a tie
    assert pending(state) == (state.leader, "lead")


def test_there_is_no_training_game() -> None:
    """The first edition has no training game (First edition rulebook (2005) describes none)."""
    with pytest.raises(engine.SetupError) as err:
        engine.new_game(FE, 3, seed=1, options={"training": True})
    assert err.value.code == "bad_option"


def test_no_petition_two_cards_of_a_role_are_not_a_jack() -> None:
    """First edition rulebook (2005), Jacks and Game Play: a role is led or followed with one card
    of it or a Jack; there is no petition (only a Circus lets two cards play as a Jack)."""
    state = table([{"hand": ["Insula", "Road", "Temple"]}, {"hand": ["Latrine"]}], version=FE)
    cards = (in_hand(state, 0, "Insula"), in_hand(state, 0, "Road"))
    expect_illegal(state, lead("patron", *cards), "petition_size")
    assert all(len(a.get("cards", ())) <= 1 for a in engine.legal_actions(state))


def test_a_circus_lets_two_cards_of_a_role_play_as_a_jack() -> None:
    """First edition rulebook (2005), Appendix, Circus, example: "You have in your hand a Merchant
    card and two Laborer cards. You own a Circus. You lead the two Laborer cards, saying 'I am
    leading as a Patron'"."""
    state = table(
        [
            {
                "hand": ["Villa", "Insula", "Road"],
                "buildings": [{"name": "Circus", "materials": ["Dock (2005)"], "complete": True}],
            },
            {"hand": ["Temple"]},
        ],
        version=FE,
    )
    state = act(state, lead("patron", in_hand(state, 0, "Insula"), in_hand(state, 0, "Road")))
    assert state.role == "patron" and pending(state) == (1, "follow")


def test_the_game_ends_when_all_sites_are_claimed() -> None:
    """First edition rulebook (2005), Ending the Game: "All Site cards have been claimed"; there are
    no out-of-town Sites (Set-Up)."""
    state = table(
        [{"hand": ["Insula", "Market"]}, {"hand": ["Latrine"]}],
        version=FE,
        sites={m: {"in_town": 1 if m == "rubble" else 0} for m in engine.cards.MATERIALS},
    )
    assert not any(state.out_of_town.values())
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, {"type": "think", "take": "cards"})
    state = act(state, lay(in_hand(state, 0, "Insula"), "rubble"))
    assert engine.is_over(state) and state.end["reason"] == "last_site"


def test_a_scenario_of_the_first_edition_places_no_site_out_of_town() -> None:
    state = table([{"hand": ["Insula"]}, {"hand": ["Latrine"]}], version=FE)
    assert all(len(state.sites[m]) == 2 for m in state.sites)
    assert not any(state.out_of_town.values())


def legionary_table(pool: list[str], hand: list[str]) -> engine.State:
    """Seat 0 leads Legionary, with a Legionary client per card of `hand` past the first, and
    demands with every card of `hand`; seat 1, who has nothing to give, takes a Jack."""
    clients = ["Legionary"] * (len(hand) - 1)
    players = [{"hand": ["Archway", *hand], "clientele": clients}, {"hand": ["Insula"]}]
    state = table(players, version=FE, pool=pool, jacks=1)
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, {"type": "think", "take": "jack"})
    cards = [c for c in state.players[0].hand]
    return act(state, {"type": "demand", "cards": cards})


def test_the_legionary_takes_the_matching_pool_card() -> None:
    """First edition rulebook (2005), Legionary Role: "If there is a matching material in the Pool
    then take it and place it into your Stockpile": not a choice, as the Black Box's "you may
    immediately take one" is (ruling "the Pool take is optional")."""
    state = legionary_table(["Palace", "Road"], ["Temple"])
    assert names(state, state.players[0].stockpile) == ["Palace"]
    assert sorted(names(state, state.pool)) == ["Archway", "Road"]  # the turn is over
    claimed = [e for e in engine.events_of(state) if e["type"] == "resolved"]
    assert [e["decision"] for e in claimed] == ["claim", "give"]  # taken for him: no choice


def test_the_legionary_chooses_which_matching_card_but_takes_one_per_demand() -> None:
    """First edition rulebook (2005), Legionary Role: "take it", one per material demanded
    ("including multiples of the same material if you have duplicate cards"); which of two
    matching cards is his choice. Leaving them is refused (must_take), as is taking more."""
    state = legionary_table(["Palace", "Forum", "Temple"], ["Temple", "Villa"])
    assert pending(state) == (0, "claim")
    marbles = [c for c in state.pool]
    assert legal_set(state) == canon(*({"type": "claim", "cards": [c]} for c in marbles))
    expect_illegal(state, SKIP, "must_take")
    expect_illegal(state, {"type": "claim", "cards": marbles[:2]}, "over_limit")
    state = act(state, {"type": "claim", "cards": [find(state, state.pool, "Forum")]})
    assert names(state, state.players[0].stockpile) == ["Forum"]


def test_the_legionary_takes_as_many_as_the_pool_holds() -> None:
    """First edition rulebook (2005), Legionary Role: two demands of Marble with one Marble in
    the Pool take that one ("he gives up as much as he has", as the neighbours do)."""
    state = legionary_table(["Palace"], ["Temple", "Forum"])
    assert names(state, state.players[0].stockpile) == ["Palace"]
    assert names(state, state.pool) == ["Archway"]  # the turn is over
