"""The end of the game and scoring (Black Box rulebook, Ending the Game, Scoring and Winning,
Merchant Bonuses; the scoring figure "5 + 8 + 3 = 16")."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.cards import VALUE_OF_MATERIAL
from tests.engine.helpers import (
    expect_illegal,
    find,
    follow,
    hand,
    lead,
    table,
    think,
)

TRAINING = {"training": True}


def over(state: engine.State, reason: str) -> dict[str, Any]:
    assert engine.is_over(state)
    assert engine.to_act(state) is None
    assert engine.prompt(state) is None
    assert engine.legal_actions(state) == []
    assert state.end is not None and state.end["reason"] == reason
    return state.end


def test_the_deck_running_out_ends_the_game_mid_turn() -> None:
    """Black Box rulebook, Ending the Game: "The draw deck runs out" ... "The game ends immediately
    - players do not continue with the current turn and do not perform any more actions"."""
    state = table(
        [
            {"hand": ["Insula"], "clientele": ["Laborer"]},
            {"hand": ["Temple"]},
            {"hand": ["Road"], "clientele": ["Laborer"]},
        ],
        pool=["Wall", "Bath"],
        deck=["Statue", "Villa"],
        deck_rest=False,
    )
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    state = engine.apply(state, think("cards"))  # seat 1 draws to 5: the deck runs out
    end = over(state, "deck")
    # Seat 2 never followed, and nobody gathered.
    assert [len(p.stockpile) for p in state.players] == [0, 0, 0]
    assert [len(p.hand) for p in state.players] == [0, 3, 1]
    assert sorted(s["seat"] for s in end["scores"]) == [0, 1, 2]
    expect_illegal(state, think("cards"), "game_over")


def test_the_last_card_drawn_ends_the_game_even_when_the_leader_thinks() -> None:
    """Black Box rulebook, Ending the Game: "The draw deck runs out"."""
    state = table([{"hand": []}, {"hand": ["Temple"]}], deck=["Statue"], deck_rest=False)
    state = engine.apply(state, think("cards"))
    over(state, "deck")
    assert len(hand(state, 0)) == 1


def test_claiming_the_last_in_town_site_ends_the_game() -> None:
    """Black Box rulebook, Ending the Game: "A player lays a Foundation which claims the last Site
    card ... that is not Out of Town. This Structure can never be finished" - and the game ends at
    once, so the rest of the player's actions are not taken."""
    empty = {"in_town": 0, "out_of_town": 2}
    state = table(
        [
            {"hand": ["Wall", "Temple", "Statue"], "clientele": ["Architect"]},
            {"hand": ["Tower"]},
        ],
        sites={m: empty for m in ("rubble", "wood", "brick", "concrete", "stone")}
        | {"marble": {"in_town": 1, "out_of_town": 1}},
    )
    state = engine.apply(state, lead("architect", find(state, hand(state, 0), "Wall")))
    state = engine.apply(state, follow(hand(state, 1)[0]))
    temple = find(state, hand(state, 0), "Temple")
    assert engine.prompt(state)["actions_left"] == 2
    state = engine.apply(
        state, {"type": "lay", "card": temple, "site": "marble", "out_of_town": False}
    )
    over(state, "last_site")
    assert [state.names[b.foundation] for b in state.players[0].buildings] == ["Temple"]
    assert state.players[1].buildings == []


def test_the_last_site_of_one_material_does_not_end_the_game() -> None:
    """Black Box rulebook, Ending the Game: it is "the last Site card ... that is not Out of Town"
    that ends the game; other materials still have Sites in town."""
    state = table(
        [{"hand": ["Wall", "Temple", "Statue"]}, {"hand": ["Tower"]}],
        sites={"marble": {"in_town": 1, "out_of_town": 1}},
    )
    state = engine.apply(state, lead("architect", find(state, hand(state, 0), "Wall")))
    state = engine.apply(state, think())
    temple = find(state, hand(state, 0), "Temple")
    state = engine.apply(
        state, {"type": "lay", "card": temple, "site": "marble", "out_of_town": False}
    )
    assert not engine.is_over(state)
    assert engine.view(state, None)["sites"]["marble"]["in_town"] == 0


def test_surrender() -> None:
    """Black Box rulebook, Ending the Game: "All other players agree to 'surrender' to a player";
    Scoring and Winning: "In the event of a ... 'surrender' victory that player wins - there is no
    need to score"."""
    state = table(
        [
            {"hand": ["Temple"], "influence": ["marble", "stone"]},
            {"hand": ["Rubble"]},
            {"hand": ["Rubble"]},
        ]
    )
    before = engine.state_hash(state)
    ended = engine.surrender(state, 2)
    assert engine.state_hash(state) == before  # the given state is not changed
    end = over(ended, "surrender")
    assert end["winners"] == [2]
    expect_illegal(ended, think("cards"), "game_over")
    with pytest.raises(engine.IllegalAction) as info:
        engine.surrender(ended, 1)
    assert info.value.code == "game_over"
    with pytest.raises(engine.IllegalAction) as info:
        engine.surrender(state, 3)
    assert info.value.code == "no_such_seat"


def score_table(players: list[dict[str, Any]]) -> engine.State:
    return table(players, options=TRAINING)


def by_seat(state: engine.State) -> list[dict[str, Any]]:
    return sorted(engine.scores(state), key=lambda s: s["seat"])


def test_the_rulebook_scoring_figure() -> None:
    """Black Box rulebook, Scoring and Winning, the figure "5 + 8 + 3 = 16": 5 Influence, a Vault
    worth 8, and one Merchant Bonus (most Stone in the Vault)."""
    state = score_table(
        [
            {"influence": ["stone"], "vault": ["Stone", "Stone", "Concrete"]},
            {"vault": ["Stone", "Concrete"]},
        ]
    )
    me, other = by_seat(state)
    assert me["influence"] == 5
    assert me["vault"] == 3 + 3 + 2 == 8
    assert me["merchant_bonuses"] == ["stone"]
    assert me["total"] == 5 + 8 + 3 == 16
    # The other player: 2 Influence + 3 + 2, no bonus (Concrete is tied 1-1).
    assert other["merchant_bonuses"] == []
    assert other["total"] == 2 + 3 + 2


def test_vault_values_count() -> None:
    """Black Box rulebook, Scoring and Winning: "The combined Value of cards in your Vault"
    (Rubble/Wood 1, Brick/Concrete 2, Stone/Marble 3)."""
    vault = ["Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"]
    state = score_table([{"vault": vault}, {"vault": vault}])
    for s in by_seat(state):
        assert s["vault"] == sum(VALUE_OF_MATERIAL[m.casefold()] for m in vault)
        assert s["merchant_bonuses"] == []  # every material is tied


def test_a_tie_for_a_material_grants_no_bonus() -> None:
    """Black Box rulebook, Merchant Bonuses: "If there is a tie for a Material, that bonus card is
    not granted" - even to a third player with fewer."""
    state = table(
        [
            {"vault": ["Marble", "Marble"]},
            {"vault": ["Marble", "Marble"]},
            {"vault": ["Marble", "Rubble"]},
        ],
        options=TRAINING,
    )
    scores = by_seat(state)
    assert [s["merchant_bonuses"] for s in scores] == [[], [], ["rubble"]]
    assert [s["total"] for s in scores] == [2 + 6, 2 + 6, 2 + 3 + 1 + 3]


def test_one_bonus_per_material_with_the_most() -> None:
    """Black Box rulebook, Merchant Bonuses: "the three-point bonus card is awarded for each
    Material to the player with most of that Material in his Vault"."""
    state = score_table(
        [
            {"vault": ["Stone", "Stone", "Wood"], "influence": ["rubble"]},
            {"vault": ["Stone", "Marble"]},
        ]
    )
    me, other = by_seat(state)
    assert sorted(me["merchant_bonuses"]) == ["stone", "wood"]
    assert me["total"] == 3 + 7 + 6
    assert other["merchant_bonuses"] == ["marble"]
    assert other["total"] == 2 + 6 + 3


def end_by_deck(state: engine.State) -> engine.State:
    """The leader thinks and draws the last card of the deck."""
    state = engine.apply(state, think("cards"))
    assert engine.is_over(state)
    return state


def test_most_points_wins() -> None:
    """Black Box rulebook, Scoring and Winning: "The player with the most Victory Points wins"."""
    state = table(
        [{"hand": ["Rubble"] * 5}, {"hand": [], "vault": ["Wood"]}],
        deck=["Temple"],
        deck_rest=False,
        options=TRAINING,
    )
    end = over(end_by_deck(state), "deck")
    # Seat 1: 2 + 1 + 3 (Wood bonus) = 6 beats seat 0's 2, despite seat 0's 6 cards in hand.
    assert end["winners"] == [1]


def test_a_tie_is_broken_by_cards_in_hand() -> None:
    """Black Box rulebook, Scoring and Winning: "If there is a tie, the tying player with the most
    cards in his hand wins"."""
    state = table(
        [{"hand": ["Rubble"]}, {"hand": ["Rubble", "Wood", "Brick"]}, {"hand": []}],
        deck=["Temple"],
        deck_rest=False,
        options=TRAINING,
    )
    state = end_by_deck(state)
    end = over(state, "deck")
    assert len({s["total"] for s in end["scores"]}) == 1  # all tied on points
    assert [s["hand"] for s in sorted(end["scores"], key=lambda s: s["seat"])] == [2, 3, 0]
    assert end["winners"] == [1]


def test_the_end_reveals_the_vaults() -> None:
    """Black Box rulebook, Merchant Bonuses: "At the end of the game all players uncover their
    Vaults"."""
    state = table(
        [{"hand": [], "vault": ["Stone"]}, {"hand": ["Temple"]}],
        deck=["Statue"],
        deck_rest=False,
    )
    stone = state.players[0].vault[0]
    assert engine.view(state, 1)["players"][0]["vault_visible"] == []
    state = end_by_deck(state)
    for viewer in (0, 1, None):
        v = engine.view(state, viewer)["players"][0]
        assert [c["id"] for c in v["vault_visible"]] == [stone]
