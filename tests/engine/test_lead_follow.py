"""Leading and following: one order card of the role, a Jack as any role, a petition
(Black Box rulebook, Game Play, Jacks, Petitioning; Appendix II for Imperium's petition of 3)."""

from __future__ import annotations

import pytest

import engine
from engine.cards import ROLES
from tests.engine.helpers import (
    expect_illegal,
    expect_malformed,
    find,
    follow,
    hand,
    is_legal,
    kind,
    lead,
    names,
    play,
    table,
    think,
)


def leader_with(cards: list[str], version: str = "republic", players: int = 3) -> engine.State:
    others = [{"hand": ["Rubble", "Wood", "Brick"]} for _ in range(players - 1)]
    return table([{"hand": cards}, *others], version=version)


def test_lead_one_order_card_of_its_role() -> None:
    """Black Box rulebook, Game Play, step 1: "'Lead' by playing an Order card from her hand on top
    of her Camp. This determines the Role for all players for this turn"."""
    state = leader_with(["Temple", "Insula"])
    temple = find(state, hand(state, 0), "Temple")
    after = engine.apply(state, lead("patron", temple))
    v = engine.view(after, None)
    assert v["role"] == "patron"
    assert [c["id"] for c in v["players"][0]["camp"]] == [temple]
    assert temple not in hand(after, 0)
    assert kind(after) == "follow" and engine.to_act(after) == 1


def test_an_order_card_leads_only_its_own_role() -> None:
    """Black Box rulebook, Game Play: the card played determines the Role; a Temple (Marble) is a
    Patron."""
    state = leader_with(["Temple"])
    temple = hand(state, 0)[0]
    for role in ROLES:
        if role != "patron":
            expect_illegal(state, lead(role, temple), "wrong_role")
            assert not is_legal(state, lead(role, temple))


@pytest.mark.parametrize("role", ROLES)
def test_a_jack_leads_any_role(role: str) -> None:
    """Black Box rulebook, Jacks: "you may lead one as any Role except Thinker"."""
    state = leader_with(["Jack"])
    jack = hand(state, 0)[0]
    assert is_legal(state, lead(role, jack))
    after = engine.apply(state, lead(role, jack))
    assert engine.view(after, None)["role"] == role


def test_a_jack_cannot_lead_thinker() -> None:
    """Black Box rulebook, Jacks: "any Role except Thinker" - Thinker is not a role one can name."""
    state = leader_with(["Jack"])
    expect_malformed(state, lead("thinker", hand(state, 0)[0]), "bad_field")


@pytest.mark.parametrize("role", ROLES)
def test_republic_petition_of_two_same_role_cards_as_any_role(role: str) -> None:
    """Black Box rulebook, Petitioning: "lead or follow by playing any two Order cards of the same
    Role (color) as a Jack"."""
    state = leader_with(["Insula", "Road", "Temple"])
    pair = [find(state, hand(state, 0), "Insula"), find(state, hand(state, 0), "Road")]
    assert is_legal(state, lead(role, *pair))
    after = engine.apply(state, lead(role, *pair))
    assert engine.view(after, None)["role"] == role
    assert sorted(after.players[0].camp) == sorted(pair)


def test_republic_petition_takes_exactly_two() -> None:
    """Black Box rulebook, Petitioning: "two Order cards"; three is not a Republic petition."""
    state = leader_with(["Insula", "Road", "Latrine"])
    expect_illegal(state, lead("patron", *hand(state, 0)), "petition_size")


def test_imperium_petition_takes_three() -> None:
    """Black Box rulebook, Appendix II: "You need 3 cards for a petition" (Imperium)."""
    state = leader_with(["Insula", "Road", "Latrine"], version="imperium")
    three = hand(state, 0)
    expect_illegal(state, lead("patron", *three[:2]), "petition_size")
    assert not is_legal(state, lead("patron", *three[:2]))
    after = engine.apply(state, lead("patron", *three))
    assert engine.view(after, None)["role"] == "patron"


def test_never_jacks_in_a_petition() -> None:
    """Black Box rulebook, Petitioning: "you may not play two Jacks as a Jack"; a petition is of
    Order cards, so a Jack cannot stand in one either."""
    state = leader_with(["Jack", "Jack", "Insula"])
    jacks = [c for c in hand(state, 0) if state.names[c] == "Jack"]
    insula = find(state, hand(state, 0), "Insula")
    expect_illegal(state, lead("laborer", *jacks), "jack_in_petition")
    expect_illegal(state, lead("laborer", jacks[0], insula), "jack_in_petition")
    legal = engine.legal_actions(state)
    assert all(len(a["cards"]) == 1 for a in legal if a["type"] == "lead"), (
        "no petition is possible"
    )


def test_mixed_role_petition_is_rejected() -> None:
    """Black Box rulebook, Petitioning: the two cards must be "of the same Role (color)"."""
    state = leader_with(["Insula", "Temple"])
    expect_illegal(state, lead("laborer", *hand(state, 0)), "petition_mixed")


def test_followers_decide_clockwise_and_must_follow_the_led_role() -> None:
    """Black Box rulebook, Game Play, step 2: "in clockwise order around the table each other player
    may either 'Think' ... or 'Follow' by playing an Order card of the same Role as the Leader"."""
    state = table(
        [{"hand": ["Insula"]}, {"hand": ["Temple", "Road"]}, {"hand": ["Latrine"]}],
        pool=["Wood"],
    )
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    assert engine.to_act(state) == 1 and kind(state) == "follow"
    temple = find(state, hand(state, 1), "Temple")
    road = find(state, hand(state, 1), "Road")
    expect_illegal(state, follow(temple), "wrong_role")
    assert not is_legal(state, follow(temple))
    assert is_legal(state, follow(road))
    state = engine.apply(state, follow(road))
    assert engine.to_act(state) == 2 and kind(state) == "follow"
    state = engine.apply(state, follow(hand(state, 2)[0]))
    assert kind(state) == "act" and engine.to_act(state) == 0


def test_follow_with_a_jack_or_a_petition_of_another_role() -> None:
    """Black Box rulebook, Jacks: "You may also follow any Role with a Jack"; Petitioning: "lead or
    follow" with two same-role cards as a Jack."""
    state = table(
        [{"hand": ["Insula"]}, {"hand": ["Jack"]}, {"hand": ["Temple", "Statue"]}],
        pool=["Wood"],
    )
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    state = engine.apply(state, follow(hand(state, 1)[0]))
    pair = hand(state, 2)
    assert is_legal(state, follow(*pair))
    state = engine.apply(state, follow(*pair))
    assert [len(p.camp) for p in state.players] == [1, 1, 2]


def test_follow_cannot_use_cards_not_held() -> None:
    """Black Box rulebook, Game Play: cards are played "from her hand"."""
    state = table([{"hand": ["Insula"]}, {"hand": ["Road"]}])
    insula = hand(state, 0)[0]
    state = engine.apply(state, lead("laborer", insula))
    expect_illegal(state, follow(insula), "card_not_held")


def test_played_cards_go_to_the_pool_and_jacks_to_their_pile() -> None:
    """Black Box rulebook, Game Play, step 5: "move all Order cards played as Roles off the Camps
    into the Pool"; Jacks: "any Jacks played return to the Jacks pile"."""
    state = table(
        [{"hand": ["Insula", "Road"]}, {"hand": ["Jack"]}, {"hand": ["Latrine"]}],
    )
    jacks = engine.view(state, None)["jacks_count"]
    pair = hand(state, 0)
    jack = hand(state, 1)[0]
    latrine = hand(state, 2)[0]
    state = play(state, lead("laborer", *pair), follow(jack), follow(latrine))
    # Laborer with an empty Pool: nobody can take anything, so the turn ends at once.
    assert kind(state) == "lead"
    assert set(pair) | {latrine} <= set(state.pool)
    assert jack in state.jacks and jack not in state.pool
    assert engine.view(state, None)["jacks_count"] == jacks + 1
    assert all(not p.camp for p in state.players)
    assert engine.view(state, None)["leader"] == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_leader_card_passes_left(players: int) -> None:
    """Black Box rulebook, Game Play, step 5: "The Leader now passes the Leader card to the player
    on her left" (left = the next seat clockwise)."""
    state = table([{"hand": ["Rubble"]} for _ in range(players)], leader=players - 1)
    state = engine.apply(state, lead("laborer", hand(state, players - 1)[0]))
    while kind(state) == "follow":
        state = engine.apply(state, think("cards"))
    while kind(state) == "act":
        state = engine.apply(state, {"type": "skip"})
    assert engine.view(state, None)["leader"] == 0
    assert engine.to_act(state) == 0


def test_imperium_followers_petition_with_three() -> None:
    """Black Box rulebook, Appendix II: Imperium petitions are 3 cards, for following as for
    leading."""
    state = table(
        [{"hand": ["Insula"]}, {"hand": ["Temple", "Statue", "Palace"]}],
        version="imperium",
        pool=["Wood"],
    )
    state = engine.apply(state, lead("laborer", hand(state, 0)[0]))
    three = hand(state, 1)
    expect_illegal(state, follow(*three[:2]), "petition_size")
    after = engine.apply(state, follow(*three))
    assert names(after, after.players[1].camp) == names(state, three)


def test_a_petition_gives_one_action_like_a_jack() -> None:
    """Black Box rulebook, Petitioning: two cards are played "as a Jack" - one card's worth: one
    action for leading (Game Play, step 3), one for following (step 4)."""
    state = table(
        [{"hand": ["Insula", "Road"]}, {"hand": ["Temple", "Statue"]}],
        pool=["Wall", "Bath", "Villa", "Shrine"],
    )
    state = engine.apply(state, lead("laborer", *hand(state, 0)))
    state = engine.apply(state, follow(*hand(state, 1)))
    assert engine.to_act(state) == 0 and engine.prompt(state)["actions_left"] == 1
    state = engine.apply(state, {"type": "gather", "card": state.pool[0]})
    assert engine.to_act(state) == 1 and engine.prompt(state)["actions_left"] == 1
    state = engine.apply(state, {"type": "gather", "card": state.pool[0]})
    assert kind(state) == "lead"
    assert [len(p.stockpile) for p in state.players] == [1, 1]
