"""Every order card of both versions has its function registered, and the version-only functions are
refused where their cards do not exist (Black Box rulebook, Appendix I "version only" marks,
Appendix II)."""

from __future__ import annotations

import pytest

import engine
from engine.cards import ORDER_TYPES, order_types
from engine.powers import POWERS
from tests.engine.helpers import expect_illegal, find, follow, lead, table, think


def test_every_card_in_the_catalog_has_its_power_registered() -> None:
    assert set(POWERS) == {t.name for t in ORDER_TYPES}
    for version in ("republic", "imperium"):
        assert len(order_types(version)) == 40


@pytest.mark.parametrize(
    ("version", "card"),
    [
        ("imperium", "Crane"),
        ("imperium", "Domus Aurea"),
        ("republic", "Circus"),
        ("republic", "Senate"),
    ],
)
def test_version_only_cards_cannot_be_dealt_in_the_other_version(version: str, card: str) -> None:
    """Black Box rulebook, Appendix II: "Do not mix cards from both versions"."""
    with pytest.raises(engine.SetupError) as info:
        table([{"hand": [card]}, {}], version=version)
    assert info.value.code == "not_enough_cards"


def test_crane_lead_in_imperium_is_refused() -> None:
    """Crane (Republic only) lets any card lead Architect; in Imperium a Laborer card cannot."""
    state = table([{"hand": ["Road"]}, {}], version="imperium")
    expect_illegal(
        state, lead("architect", find(state, state.players[0].hand, "Road")), "wrong_role"
    )


def test_crane_lets_any_card_follow_architect() -> None:
    """Black Box rulebook, Appendix I, Crane, example: "The player to your right leads a Jack and
    declares it to be an Architect. You play a Laborer and declare it to also be an Architect.
    Resolve the Roles as if both had been actual gray cards." Without a Crane the Laborer card is
    refused."""
    crane = {"name": "Crane", "complete": True}
    with_crane = table([{"hand": ["Jack", "Temple"]}, {"hand": ["Road"], "buildings": [crane]}])
    without = table([{"hand": ["Jack", "Temple"]}, {"hand": ["Road"]}])
    for state, allowed in ((with_crane, True), (without, False)):
        state = engine.apply(state, lead("architect", find(state, state.players[0].hand, "Jack")))
        road = find(state, state.players[1].hand, "Road")
        if allowed:
            state = engine.apply(state, follow(road))
            assert state.players[1].camp == [road]
            assert state.players[1].played == 1
        else:
            expect_illegal(state, follow(road), "wrong_role")


def test_circus_petition_in_imperium_and_refused_without_it() -> None:
    """Black Box rulebook, Appendix I, Circus, example (Imperium only): "You lead the two Laborer
    cards, saying 'I am leading as a Patron'"; without a Circus an Imperium petition takes three
    cards (Appendix II)."""
    hand = ["Merchant", "Road", "Bar"]
    with_circus = table(
        [{"hand": hand, "buildings": [{"name": "Circus", "complete": True}]}, {}],
        version="imperium",
    )
    without = table([{"hand": hand}, {}], version="imperium")
    for state, allowed in ((with_circus, True), (without, False)):
        pair = [find(state, state.players[0].hand, n) for n in ("Road", "Bar")]
        if allowed:
            state = engine.apply(state, lead("patron", *pair))
            assert state.role == "patron" and sorted(state.players[0].camp) == sorted(pair)
            assert engine.prompt(state)["kind"] == "follow"
        else:
            expect_illegal(state, lead("patron", *pair), "petition_size")


def test_palace_multi_card_lead_refused_without_a_palace() -> None:
    """Black Box rulebook, Appendix I, Palace lets several cards of a role lead; without it three
    Merchant cards are neither one card nor a Republic petition of two."""
    state = table([{"hand": ["Merchant", "Merchant", "Merchant"]}, {}])
    expect_illegal(state, lead("merchant", *state.players[0].hand), "petition_size")
    state = table([{"hand": ["Merchant", "Jack"]}, {}])
    expect_illegal(state, lead("merchant", *state.players[0].hand), "jack_in_petition")


def test_thinking_extras_refused_without_their_buildings() -> None:
    """Latrine, Vomitorium and Tribunal (Black Box rulebook, Appendix I) are the only ways to
    discard before thinking or to take a Jack as well."""
    state = table([{"hand": ["Road", "Bar"]}, {}])
    road = find(state, state.players[0].hand, "Road")
    expect_illegal(state, {**think(), "discard": [road]}, "no_discard")
    expect_illegal(state, {**think(), "extra_jack": True}, "no_extra_jack")
