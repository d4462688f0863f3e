"""Taking moves back (engine/undo.py; docs/rules.md, Taking moves back): `learnt` says what one
apply taught its seat, so that a seat may take back only the decisions that taught it nothing; a
`Trail` replays a log with undo entries. Each reveal the rules make is shown refused, and plain
runs of one seat's decisions are shown accepted."""

from __future__ import annotations

import random

import pytest

import engine
from engine import undo
from tests.engine.buildings.geek import geek_table
from tests.engine.buildings.steps import (
    FOUNTAIN,
    act,
    build,
    hire,
    in_hand,
    in_pool,
    lay,
    lead,
    sell,
    site_of,
)
from tests.engine.buildings.test_atrium import atrium_table
from tests.engine.buildings.test_bar import bar_table
from tests.engine.buildings.test_fountain import FOUNTAIN_BUILDING, fountain_table
from tests.engine.helpers import find, follow, hand, table, think
from tests.engine.test_legionary import demand, legionary_turn


def taught(state: engine.State, action: dict[str, object]) -> tuple[str | None, engine.State]:
    """What playing `action` teaches the seat that plays it, and the state after it."""
    seat = engine.to_act(state)
    assert seat is not None
    after = act(state, action)
    return undo.learnt(state, after, seat), after


# Reveals: each ends what may be taken back ------------------------------------------------------


def test_a_thinker_draws() -> None:
    """Black Box rulebook, Thinker: "draw cards from the deck until you have a full hand"."""
    state = table([{"hand": ["Temple"]}, {"hand": ["Road"]}], deck=["Bath", "Wall"])
    assert taught(state, think("cards"))[0] == undo.DREW


def test_thinking_for_a_jack_draws_nothing() -> None:
    """Black Box rulebook, Thinker: "take one Jack card" instead. The Jacks are alike and counted,
    so nothing hidden is shown; the turn passes to the next seat all the same."""
    state = table([{"hand": ["Temple"]}, {"hand": ["Road"]}], deck=["Bath", "Wall"])
    assert taught(state, think("jack"))[0] is None


def test_a_legionary_demand_answered_by_a_forced_give() -> None:
    """Black Box rulebook, Demanding Materials, step 4: a neighbour holding exactly the cards owed
    gives them with nothing to choose (the engine resolves the give): the Legionary learns what
    that neighbour held."""
    state = legionary_turn([{"hand": ["Academy", "Temple"]}, {"hand": ["Statue", "Road"]}])
    reason, after = taught(state, demand(find(state, hand(state, 0), "Temple")))
    assert reason == undo.OTHER_SEAT
    assert any(e["type"] == "resolved" and e["seat"] == 1 for e in engine.events_of(after))


def test_a_legionary_demand_with_nothing_to_give() -> None:
    """Demanding Materials, step 4: a neighbour with no card of the colour gives nothing, and that
    tells the Legionary so."""
    state = legionary_turn([{"hand": ["Academy", "Temple"]}, {"hand": ["Road"]}])
    assert taught(state, demand(find(state, hand(state, 0), "Temple")))[0] == undo.OTHER_SEAT


def test_a_legionary_demand_the_victim_must_answer() -> None:
    """Demanding Materials, step 4: a neighbour with two Marbles chooses which to give; that he is
    asked at all tells the Legionary he holds the colour."""
    state = legionary_turn([{"hand": ["Academy", "Temple"]}, {"hand": ["Statue", "Palace"]}])
    reason, after = taught(state, demand(find(state, hand(state, 0), "Temple")))
    assert reason == undo.DEMAND and engine.prompt(after)["kind"] == "give"


def test_a_legionary_demand_with_a_pool_claim_first() -> None:
    """Demanding Materials, step 3: with a match in the Pool the Legionary's own claim comes first;
    the demand taught him nothing yet (his revealed card was his own), the claim then does."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Statue", "Road"]}], pool=["Forum Romanum"]
    )
    reason, state = taught(state, demand(find(state, hand(state, 0), "Temple")))
    assert reason is None and engine.prompt(state)["kind"] == "claim"
    claim = {"type": "claim", "cards": [find(state, state.pool, "Forum Romanum")]}
    assert taught(state, claim)[0] == undo.OTHER_SEAT


def test_a_fountain_draws() -> None:
    """Black Box rulebook, Appendix I, Fountain: "you may take a card from the draw deck instead of
    from your hand"; the drawn card is its owner's to see (docs/rules.md, the Fountain's card)."""
    state = fountain_table({"clientele": ["Crane"], "buildings": [FOUNTAIN_BUILDING]}, ["Road"])
    reason, after = taught(state, FOUNTAIN)
    assert reason == undo.DREW and engine.prompt(after)["kind"] == "fountain"


def test_a_bar_hires_from_the_deck() -> None:
    """Black Box rulebook, Appendix I, Bar: "take an additional card from the draw deck as a
    Client"."""
    state = act(bar_table(), hire(in_pool(bar_table(), "Dock")))
    assert engine.to_act(state) == 1
    assert taught(state, hire(in_pool(state, "Gate"), from_deck=True))[0] == undo.DREW
    assert taught(state, hire(in_pool(state, "Gate")))[0] is None  # the Pool's card alone


def test_an_atrium_sells_the_unseen_deck_card() -> None:
    """Black Box rulebook, Appendix I, Atrium: "take an Order card from the deck instead ...
    without looking at it". No one sees the card, yet the deck has dealt: refused all the same."""
    state = act(atrium_table(), {"type": "skip"})  # seat 0's sale passes
    assert engine.to_act(state) == 1
    assert taught(state, sell(from_deck=True))[0] == undo.DREW


def bacchanalia_before_completion() -> engine.State:
    """Black Box rulebook, Appendix III, Bacchanalia: Hannibal (2 Influence) is about to complete
    it with a Temple."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Temple"],
                "buildings": [{"name": "Bacchanalia", "materials": ["Palace"] * 2}],
            },
            {"hand": ["Dock"]},
        ],
        deck=["Scriptorium", "Plebian Council", "Sewer", "Castra", "Road"],
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    return act(state, follow(in_hand(state, 1, "Dock")))


def test_a_bacchanalia_turns_up_the_deck() -> None:
    """Appendix III, Bacchanalia: "Flip over that many cards from the top of the deck". They stay
    on the deck, counted in it, but are shown: no card is drawn, and still refused."""
    state = bacchanalia_before_completion()
    reason, after = taught(
        state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Bacchanalia"))
    )
    assert reason == undo.REVEALED
    assert not any(e["type"] == "drew" for e in engine.events_of(after))


def test_the_end_of_the_game() -> None:
    """Black Box rulebook, Ending the Game: the game ends when the deck runs out; the vaults are
    uncovered then (and a thinker drew the last card)."""
    state = table([{"hand": ["Temple"]}, {"hand": ["Road"]}], deck=["Bath"], deck_rest=False)
    seat = engine.to_act(state)
    after = engine.apply(state, think("cards"))
    assert engine.is_over(after)
    assert undo.learnt(state, after, seat) == undo.DREW
    after.events = [e for e in after.events if e["type"] != "drew"]
    assert undo.learnt(state, after, seat) == undo.GAME_OVER


# Plain runs: one seat's consecutive decisions that teach it nothing ------------------------------


def test_a_craftsman_lays_then_builds_in_the_same_run() -> None:
    """Black Box rulebook, Game Play, Actions: a player with Craftsman clients takes his Craftsman
    actions one after another (Appendix I, Fountain's example, without the Fountain)."""
    me = {"clientele": ["Crane", "Crane"], "hand": ["Dock", "Road", "Insula", "Temple"]}
    state = fountain_table(me, ["Wall"])
    assert engine.to_act(state) == 0
    reason, state = taught(state, lay(in_hand(state, 0, "Road"), "rubble"))
    assert reason is None and engine.to_act(state) == 0
    reason, state = taught(state, build(in_hand(state, 0, "Insula"), site_of(state, 0, "Road")))
    assert reason is None and engine.to_act(state) == 0
    # His last action passes the turn on: the followers' Craftsman actions, with nothing they
    # could do, are resolved for them, and that tells him what they hold.
    assert taught(state, {"type": "skip"})[0] == undo.OTHER_SEAT


def test_a_demand_then_the_pool_claim_is_one_run() -> None:
    """Demanding Materials, steps 1 and 3: the demand and the Legionary's own claim from the Pool
    are two decisions of his in a row; the first taught him nothing."""
    state = legionary_turn(
        [{"hand": ["Academy", "Temple"]}, {"hand": ["Road"]}], pool=["Forum Romanum"]
    )
    reason, after = taught(state, demand(find(state, hand(state, 0), "Temple")))
    assert reason is None and engine.to_act(after) == 0


# The log: undo entries ---------------------------------------------------------------------------


def test_a_trail_restores_the_state_exactly() -> None:
    state = fountain_table(
        {"clientele": ["Crane"], "hand": ["Dock", "Road", "Insula", "Temple"]}, ["Wall"]
    )
    trail = undo.Trail(state, seq=3)
    laid = act(state, lay(in_hand(state, 0, "Road"), "rubble"))
    trail.play(0, laid)
    built = act(laid, build(in_hand(laid, 0, "Insula"), site_of(laid, 0, "Road")))
    trail.play(0, built)
    restored = trail.undo(0, 4)
    assert engine.state_hash(restored) == engine.state_hash(laid)
    assert trail.seq == 6 and trail.state is restored
    # The undone state is gone from the line; the undo's own number now stands for the table.
    with pytest.raises(engine.IllegalAction) as info:
        trail.undo(0, 5)
    assert info.value.code == "undo_not_allowed"
    assert engine.state_hash(trail.undo(0, 3)) == engine.state_hash(state)


def test_a_trail_refuses_an_undo_past_another_seat() -> None:
    state = table([{"hand": ["Temple"]}, {"hand": ["Road"]}], deck=["Bath", "Wall"])
    trail = undo.Trail(state)
    after = engine.apply(state, think("jack"))
    trail.play(engine.to_act(state), after)
    for seat, to in ((engine.to_act(after), 0), (None, 0), (engine.to_act(state), 1)):
        with pytest.raises(engine.IllegalAction):
            trail.undo(seat, to)


@pytest.mark.parametrize("seed", range(3))
def test_what_teaches_nothing_leaves_the_deck_and_the_other_hands(seed: int) -> None:
    """Random games of every version, the Geek cards in the Republic's: after every apply that
    `learnt` says taught its seat nothing, the deck (its order and the generator) and every other
    hand are as they were, and the seat sees no card it could not see before."""
    rng = random.Random(seed)
    version = ("republic", "imperium", "first_edition")[seed % 3]
    options = {"geek": True} if version == "republic" else {}
    state = engine.new_game(version, players=rng.choice([2, 3, 4]), seed=seed, options=options)
    plain = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)
        assert seat is not None
        after = engine.apply(state, rng.choice(engine.legal_actions(state)))
        if undo.learnt(state, after, seat) is None:
            plain += 1
            assert (after.deck, after.rng) == (state.deck, state.rng)
            for other in range(state.n):
                if other != seat:
                    assert after.players[other].hand == state.players[other].hand
            assert undo.seen(after, seat) <= undo.seen(state, seat)
        state = after
    assert plain > 20


def test_a_record_with_an_undo_replays_to_the_same_table() -> None:
    """docs/records.md: an undo entry is written as it was logged, and a replay follows it."""
    from engine import record

    state = engine.new_game("republic", players=2, seed=5)
    rng, log, trail = random.Random(5), [], undo.Trail(state)
    while len(log) < 40:
        seat = engine.to_act(trail.state)
        targets = [n for n, _ in trail.line[:-1]]
        if trail.seat == seat and targets and rng.random() < 0.3:
            entry = {"type": "undo", "to": rng.choice(targets)}
            trail.undo(seat, entry["to"])
        else:
            entry = rng.choice(engine.legal_actions(trail.state))
            trail.play(seat, engine.apply(trail.state, entry, seat=seat))
        log.append((seat, entry))
    assert any(undo.is_undo(a) for _, a in log)
    exported = record.record(state, log)
    assert [e["action"] for e in exported["actions"] if e["action"]["type"] == "undo"] == [
        a for _, a in log if undo.is_undo(a)
    ]
    replayed, replayed_log = record.replay(exported)
    assert engine.state_hash(replayed) != engine.state_hash(state)
    assert record.canonical(replayed) == record.canonical(trail.state)
    assert [a for _, a in replayed_log if undo.is_undo(a)] == [a for _, a in log if undo.is_undo(a)]
    bad = {
        **exported,
        "actions": [*exported["actions"], {"seat": 0, "action": {"type": "undo", "to": 0}}],
    }
    with pytest.raises(engine.IllegalAction) as info:
        record.replay(bad)
    assert info.value.code == "undo_not_allowed"
