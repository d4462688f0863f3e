"""Circus, Imperium only (Black Box rulebook, Appendix I): "You may play two cards of the same Role
as a Jack. (Neither of these cards can themselves be Jacks.)" In Imperium a petition otherwise takes
three cards (Black Box rulebook, Appendix II)."""

from __future__ import annotations

import pytest

import engine
from tests.engine.buildings.steps import (
    act,
    everyone,
    expected,
    follow,
    hire,
    in_hand,
    in_pool,
    lead,
    left,
    pending,
    zones,
)
from tests.engine.helpers import expect_illegal, table

CIRCUS = {"name": "Circus", "materials": ["Dock"], "complete": True}


def circus_table(circus: bool = True, extra: tuple[str, ...] = ()) -> engine.State:
    """Imperium, three players. Seat 0 ("you") owns a Circus (or not) and holds a Merchant (Villa)
    and two Laborers (Insula, Road); the others hold a Patron card each; a Wall is in the Pool."""
    me: dict[str, object] = {"hand": ["Villa", "Insula", "Road", *extra]}
    if circus:
        me["buildings"] = [CIRCUS]
    return table(
        [me, {"hand": ["Temple"]}, {"hand": ["Statue"]}], version="imperium", pool=["Wall"]
    )


def test_circus_example_two_laborers_lead_patron() -> None:
    """Black Box rulebook, Appendix I, Circus, example: "You have in your hand a Merchant card and
    two Laborer cards. You own a Circus. You lead the two Laborer cards, saying 'I am leading as a
    Patron' and place them on your Camp. The other players follow the Patron Role." """
    state = circus_table()
    insula, road = in_hand(state, 0, "Insula"), in_hand(state, 0, "Road")
    state = act(state, lead("patron", insula, road))
    assert zones(state, 0)["camp"] == ["Insula", "Road"]
    assert zones(state, 0)["hand"] == ["Villa"]
    assert state.role == "patron"
    prompt = engine.prompt(state)
    assert prompt["seat"] == 1 and prompt["kind"] == "follow" and prompt["role"] == "patron"
    state = act(state, follow(in_hand(state, 1, "Temple")))
    state = act(state, follow(in_hand(state, 2, "Statue")))
    # The petition counts as one Jack: one Patron action.
    assert pending(state) == (0, "act") and left(state) == 1
    state = act(state, hire(in_pool(state, "Wall")))
    assert zones(state, 0)["clientele"] == ["Wall"]
    # The Pool is now empty, so the followers' actions pass; the petition goes to the Pool.
    assert pending(state) == (1, "lead")
    assert sorted(state.names[c] for c in state.pool) == ["Insula", "Road", "Statue", "Temple"]
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            hand=["Villa"], clientele=["Wall"], influence=3, buildings={"Circus": (["Dock"], True)}
        ),
        expected(),
        expected(),
    ]


def test_circus_petition_refused_without_it() -> None:
    """Black Box rulebook, Appendix II: an Imperium petition takes three cards; a two-card petition
    without a Circus is refused (petition_size) and nothing changes."""
    state = circus_table(circus=False)
    insula, road = in_hand(state, 0, "Insula"), in_hand(state, 0, "Road")
    expect_illegal(state, lead("patron", insula, road), "petition_size")
    assert not any(len(a.get("cards", [])) == 2 for a in engine.legal_actions(state))


def test_circus_three_card_petition_still_allowed() -> None:
    """Black Box rulebook, Appendix II: the Imperium petition of three cards is still there with a
    Circus."""
    state = circus_table(extra=("Bar",))
    three = [in_hand(state, 0, n) for n in ("Insula", "Road", "Bar")]
    state = act(state, lead("patron", *three))
    assert zones(state, 0)["camp"] == ["Bar", "Insula", "Road"]


@pytest.mark.parametrize(
    ("second", "code"), [("Jack", "jack_in_petition"), ("Villa", "petition_mixed")]
)
def test_circus_pair_must_be_two_order_cards_of_one_role(second: str, code: str) -> None:
    """Black Box rulebook, Appendix I, Circus: "two cards of the same Role ... (Neither of these
    cards can themselves be Jacks.)": a Laborer with a Jack, or with a Merchant, is refused."""
    state = circus_table(extra=("Jack",))
    expect_illegal(
        state, lead("patron", in_hand(state, 0, "Insula"), in_hand(state, 0, second)), code
    )


def test_circus_pair_follows_too() -> None:
    """Black Box rulebook, Appendix I, Circus: "You may play two cards of the same Role as a Jack" -
    to follow as well as to lead (Black Box rulebook, Petitioning: "lead or follow")."""
    state = table(
        [{"hand": ["Temple"]}, {"hand": ["Insula", "Road"], "buildings": [CIRCUS]}],
        version="imperium",
        pool=["Wall"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, follow(in_hand(state, 1, "Insula"), in_hand(state, 1, "Road")))
    assert zones(state, 1)["camp"] == ["Insula", "Road"]


def test_circus_is_not_in_the_republic_deck() -> None:
    """Black Box rulebook, Appendix I, Circus: "Imperium version only"; a Republic table cannot hold
    one."""
    with pytest.raises(engine.SetupError) as info:
        table([{"buildings": [CIRCUS]}, {}])
    assert info.value.code == "not_enough_cards"
