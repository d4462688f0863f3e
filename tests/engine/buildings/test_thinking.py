"""Buildings that change thinking: Latrine, Vomitorium, Tribunal, School (Black Box rulebook,
Appendix I)."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import build, in_hand, site_of
from tests.engine.helpers import expect_illegal, find, find_all, lead, names, table, think


def right_leads_architect(me: dict[str, object], version: str = "republic") -> engine.State:
    """Three players: seat 2 (to my right) leads Architect, so I (seat 0) follow or think first."""
    state = table([me, {}, {"hand": ["Tower"]}], leader=2, version=version)
    return engine.apply(state, lead("architect", find(state, state.players[2].hand, "Tower")))


def test_latrine_example_discard_one_then_refill() -> None:
    """Black Box rulebook, Appendix I, Latrine, example: "You own a Latrine and have four Legionary
    cards in your hand. The player to your right leads as Architect. You pass. You discard one card
    into the Pool and then draw two cards from the draw pile to reach your hand refill size of
    five.\""""
    state = right_leads_architect(
        {"hand": ["Legionary"] * 4, "buildings": [{"name": "Latrine", "complete": True}]}
    )
    discarded = state.players[0].hand[0]
    pool_before = len(state.pool)
    state = engine.apply(state, {**think(), "discard": [discarded]})
    assert discarded in state.pool and len(state.pool) == pool_before + 1
    assert len(state.players[0].hand) == 5 and discarded not in state.players[0].hand


def test_latrine_discards_one_order_card_only() -> None:
    """Black Box rulebook, Appendix I, Latrine: "an Order card", one."""
    state = right_leads_architect(
        {
            "hand": ["Legionary", "Legionary", "Jack"],
            "buildings": [{"name": "Latrine", "complete": True}],
        }
    )
    hand = state.players[0].hand
    expect_illegal(state, {**think(), "discard": hand[:2]}, "no_discard")
    expect_illegal(state, {**think(), "discard": [find(state, hand, "Jack")]}, "no_discard")


def test_vomitorium_example_discard_whole_hand() -> None:
    """Black Box rulebook, Appendix I, Vomitorium, example: "You own a Vomitorium and have three
    Patrons and a Jack in your hand. The player to your right leads as an Architect. You pass. You
    discard all three of your Patron cards into the Pool. You discard your Jack to the pile of Jacks
    ... You then draw five cards from the draw pile.\""""
    state = right_leads_architect(
        {
            "hand": ["Patron", "Patron", "Patron", "Jack"],
            "buildings": [{"name": "Vomitorium", "complete": True}],
        }
    )
    hand = list(state.players[0].hand)
    jack = find(state, hand, "Jack")
    patrons = find_all(state, hand, "Patron")
    jacks_before = len(state.jacks)
    state = engine.apply(state, {**think(), "discard": hand})
    assert set(patrons) <= set(state.pool)
    assert jack in state.jacks and len(state.jacks) == jacks_before + 1
    assert len(state.players[0].hand) == 5 and not set(hand) & set(state.players[0].hand)
    # Part of a hand is not the Vomitorium's "all the cards".
    state = right_leads_architect(
        {
            "hand": ["Patron", "Patron", "Jack"],
            "buildings": [{"name": "Vomitorium", "complete": True}],
        }
    )
    expect_illegal(state, {**think(), "discard": state.players[0].hand[:2]}, "no_discard")


def test_tribunal_example_think_then_a_jack() -> None:
    """Black Box rulebook, Appendix I, Tribunal, example (Republic only): "You own a Tribunal. You
    have 2 cards in hand and Think. You opt to draw 3 cards from the deck then 1 Jack. Instead, you
    could have drawn 2 Jacks.\""""
    me = {"hand": ["Road", "Bar"], "buildings": [{"name": "Tribunal", "complete": True}]}
    state = table([me, {}])
    drawn = engine.apply(state, {**think("cards"), "extra_jack": True})
    assert sorted(names(drawn, drawn.players[0].hand)).count("Jack") == 1
    assert len(drawn.players[0].hand) == 6
    jacks = engine.apply(state, {**think("jack"), "extra_jack": True})
    assert names(jacks, jacks.players[0].hand).count("Jack") == 2
    assert len(jacks.players[0].hand) == 4
    assert {**think("cards"), "extra_jack": True} in engine.legal_actions(state)


def test_school_example_four_thinker_actions() -> None:
    """Black Box rulebook, Appendix I, School, example: "You have two cards in hand. You complete a
    School as your first Structure. You now have four Influence ... With your first action you
    refill your hand up to five from the draw deck. With your second action you take a Jack. With
    your third action you take another Jack. With your fourth action you draw an Order card from the
    deck. You end your turn with eight cards in hand.\""""
    state = table(
        [
            {
                "hand": ["Dock", "Brick", "Road", "Bar"],
                "buildings": [{"name": "School", "materials": ["Brick"]}],
            },
            {},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think())
    state = engine.apply(state, build(in_hand(state, 0, "Brick"), site_of(state, 0, "School")))
    assert len(state.players[0].hand) == 2
    prompt = engine.prompt(state)
    assert prompt["kind"] == "think" and prompt["actions_left"] == 4
    for take in ("cards", "jack", "jack", "cards"):
        state = engine.apply(state, think(take))
    assert len(state.players[0].hand) == 8
    assert names(state, state.players[0].hand).count("Jack") == 2
    assert engine.prompt(state)["kind"] != "think"  # the four actions are used up


def test_school_thinker_actions_may_be_declined() -> None:
    """Black Box rulebook, Appendix I, School, example: "the one-time option to perform the Thinker
    action up to four times"."""
    state = table(
        [{"hand": ["Dock", "Brick"], "buildings": [{"name": "School", "materials": ["Brick"]}]}, {}]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think())
    state = engine.apply(state, build(in_hand(state, 0, "Brick"), site_of(state, 0, "School")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, {"type": "skip"})
    assert names(state, state.players[0].hand) == ["Jack"]
    assert state.turn == 2
