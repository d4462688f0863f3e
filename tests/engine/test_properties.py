"""Seeded random playouts (OpenSpiel's random_sim_test): the engine's property test.

400 complete random games in the suite (GTR_PROPERTY_GAMES=2000, or more, for a longer run: the
suite has a time budget), across 2-5 players and every ruleset (Republic, Imperium, the 2005 first
edition), building functions active (a tenth of the Black Box games are training games, and a third
of the others play with the whole Geek expansion), one game in eight by its ruleset's first rules
revision (the readings later revisions changed: engine/revisions.py). After every action every card
is in exactly one zone and the total never changes. Every seat's view, the spectator's, and the
legal actions of the seat to act name only cards that seat may see: checked after every action of
one game in twenty, and after every 50th action of the others (a full check of 2,000 takes over half
an hour); in one game in four, the events of every action (engine.events_of), as each seat and the
spectator see them, name only cards that viewer could see just before or just after it, or that the
action itself put on the table. After each game the state survives a JSON round trip, and replaying
its actions from its seed gives the same hash. Every building of each ruleset, and each of the Geek
expansion's ten, is completed in some of 600 further games (some 200 a ruleset, some 120 of them
with the Geek cards; GTR_COVERAGE_GAMES for more, or fewer).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest

import engine
from engine import revisions
from engine.cards import GEEK_NAMES, VERSIONS, order_types
from engine.state import State, zones

# The suite's budget, shared by the rulesets; set the variables higher for a deeper run.
GAMES = int(os.environ.get("GTR_PROPERTY_GAMES", "400"))
CHUNKS = 40
MAX_STEPS = 5000
END_REASONS = {"deck", "last_site", "catacomb", "forum", "plebian_council", "bacchanalia"}


def config(game: int) -> tuple[str, int, dict[str, bool], int]:
    """The game's ruleset, players, options and rules revision."""
    r = random.Random(game)
    version, players = r.choice(VERSIONS), r.randint(2, 5)
    training = game % 10 == 0 and version != "first_edition"  # it has no training game
    options = {"training": training}
    if version != "first_edition" and not training and game % 3 == 1:
        options["geek"] = True  # the Geek expansion: Republic and Imperium only
    old = game % 8 == 5  # an older game, still played to its end by its revision's readings
    return version, players, options, revisions.BASELINE if old else revisions.current(version)


def assert_conserved(state: State) -> None:
    seen = [c for ids in zones(state).values() for c in ids]
    assert len(seen) == len(state.names), "a card was created or lost"
    assert sorted(seen) == list(range(len(state.names))), "a card is in two zones"


def visible_to(state: State, seat: int | None) -> set[int]:
    """The cards a seat may identify, computed from the zones (independently of views.py)."""
    out = set(state.pool)
    over = state.end is not None
    for s, p in enumerate(state.players):
        out.update(p.camp, p.clientele, p.stockpile, p.vaulted)
        if over:
            out.update(p.vault)
        if s == seat:
            out.update(p.hand, p.filched)
        for b in p.buildings:
            out.add(b.foundation)
            out.update(b.materials)
    for frame in state.frames:
        out.update(frame.get("revealed", ()))
    return out


CARD_IN_VIEW = re.compile(r'\{"id": (\d+), "name": "([^"]*)"')
ANY_ID = re.compile(r'"id": (\d+)')
INTEGER = re.compile(r"\b\d+\b")


def assert_no_leak(state: State) -> None:
    for seat in [None, *range(state.n)]:
        allowed = visible_to(state, seat)
        text = json.dumps(engine.view(state, seat))
        named = CARD_IN_VIEW.findall(text)
        assert len(named) == len(ANY_ID.findall(text)), "a card id outside an {id, name} object"
        for card, name in named:
            assert int(card) in allowed, f"seat {seat} sees hidden card {card}"
            assert name == state.names[int(card)]
    actor = engine.to_act(state)
    if actor is not None:
        allowed = visible_to(state, actor)
        # Every integer in an action is a card id (foundations included).
        for number in INTEGER.findall(json.dumps(engine.legal_actions(state))):
            assert int(number) in allowed, (
                f"a legal action names card {number} hidden from its actor"
            )


def card_objects(data: Any) -> set[int]:
    """Ids of the `{id, name}` objects anywhere in `data`."""
    if isinstance(data, dict):
        found = {data["id"]} if set(data) == {"id", "name"} else set()
        return found.union(*(card_objects(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(card_objects(v) for v in data))
    return set()


def integers(data: Any) -> set[int]:
    """Every integer in an action (each one is a card id)."""
    if isinstance(data, dict | list):
        return set().union(
            *(integers(v) for v in (data.values() if isinstance(data, dict) else data))
        )
    return {data} if isinstance(data, int) and not isinstance(data, bool) else set()


def played_openly(before: State, state: State, event: dict[str, Any]) -> set[int]:
    """The cards an action put on the table from its actor's hand: whatever left that hand for
    anywhere but a vault (a camp, a foundation, the Pool, a Stockpile, a Clientele; a Jack may be
    back on its pile by the end of the apply), the cards a Legionary reveals (Black Box
    rulebook, DEMANDING MATERIALS: they stay in hand), and the cards discarded before thinking
    (Appendix I, Latrine and Vomitorium: into the Pool, a Jack to its pile, whence the Thinker
    may take it back)."""
    if event["type"] != "action":
        return set()
    seat = event["seat"]
    vaults = {c for p in state.players for c in p.vault}
    left = set(before.players[seat].hand) - set(state.players[seat].hand) - vaults
    action = event["action"]
    left |= set(action["cards"] if action["type"] == "demand" else action.get("discard", ()))
    return left


def assert_events_leak_nothing(before: State, state: State) -> None:
    """Each event of the apply from `before` to `state`, as each viewer sees it, names (in
    `{id, name}` objects or as ids in an action) only cards that viewer could see just before or
    just after it, or that the action put on the table (a card followed with and back in the
    Pool by the end of the turn); another seat's draw to a hand, and any draw to a vault, is a
    count."""
    common = visible_to(before, None) | visible_to(state, None)
    for seat in [None, *range(state.n)]:
        seeable = common
        if seat is not None:  # what only the seat sees: its hand, what it filched (visible_to)
            for s in (before, state):
                seeable = seeable | set(s.players[seat].hand) | set(s.players[seat].filched)
        for event in engine.events_of(state):
            seen = engine.event_view(state, event, seat)
            named = card_objects(seen) | integers(seen.get("action", {}))
            hidden_draw = event["type"] == "drew" and (
                event["zone"] == "vault" or (event["zone"] == "hand" and event["seat"] != seat)
            )
            if hidden_draw:
                assert seen["cards"] is None and seen["count"] == len(event["cards"])
            allowed = seeable | played_openly(before, state, event)
            if event["type"] == "action" and event["seat"] == seat:
                allowed |= set(before.players[seat].hand)
            assert named <= allowed, f"seat {seat} sees hidden cards in {seen}"


EVENTS_CHECKED_ONE_GAME_IN = 4  # a quarter of the games (whole chunks), after every action


def leak_check_every(game: int) -> int:
    return 1 if game % 20 == 0 else 50


def play(game: int, check: bool) -> tuple[State, list[dict[str, Any]]]:
    version, players, options, revision = config(game)
    state = engine.new_game(version, players, game, options, rules_revision=revision)
    r = random.Random(1_000_000 + game)
    actions = []
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            return state, actions
        action = r.choice(engine.legal_actions(state))
        actions.append(action)
        before, state = state, engine.apply(state, action)
        if check:
            assert_conserved(state)
            if (game // CHUNKS) % EVENTS_CHECKED_ONE_GAME_IN == 0:  # spread over the chunks
                assert_events_leak_nothing(before, state)
            if len(actions) % leak_check_every(game) == 0:
                assert_no_leak(state)
    raise AssertionError(f"game {game} did not end in {MAX_STEPS} steps")


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    for game in range(chunk, GAMES, CHUNKS):
        final, actions = play(game, check=True)
        assert final.end is not None and final.end["reason"] in END_REASONS
        version, players, options, revision = config(game)
        replay = engine.new_game(version, players, game, options, rules_revision=revision)
        for action in actions:
            replay = engine.apply(replay, action)
        assert engine.state_hash(replay) == engine.state_hash(final)
        assert engine.state_hash(engine.from_json(engine.to_json(final))) == engine.state_hash(
            final
        )


def completions(games: range) -> Counter[tuple[str, str]]:
    """How often each (version, building) was completed in these random games."""
    done: Counter[tuple[str, str]] = Counter()
    for game in games:
        final, _ = play(game, check=False)
        for p in final.players:
            for b in p.buildings:
                if b.complete:
                    name = final.names[b.foundation]
                    done[("geek" if name in GEEK_NAMES else final.version, name)] += 1
    return done


COVERAGE_SEEDS = 2000  # past the seeds test_random_games plays (up to 2,000), whatever GAMES is
COVERAGE_GAMES = range(
    COVERAGE_SEEDS, COVERAGE_SEEDS + int(os.environ.get("GTR_COVERAGE_GAMES", "600"))
)  # some 200 per ruleset


@pytest.mark.slow
def test_every_building_is_completed_in_some_random_game() -> None:
    """The random games exercise every building function of every ruleset."""
    done = completions(COVERAGE_GAMES)
    print(report(done))
    for version in VERSIONS:
        missing = [t.name for t in order_types(version) if done[(version, t.name)] == 0]
        assert not missing, f"{version}: never completed in {len(COVERAGE_GAMES)} games: {missing}"
    missing = [name for name in GEEK_NAMES if done[("geek", name)] == 0]
    assert not missing, f"Geek expansion: never completed in {len(COVERAGE_GAMES)} games: {missing}"


def report(done: Counter[tuple[str, str]]) -> str:
    lines = ["| building | Republic | Imperium | First edition |", "|---|---:|---:|---:|"]
    for t in sorted({t.name for v in VERSIONS for t in order_types(v)}):
        counts = [str(done.get((v, t), "-")) for v in VERSIONS]
        lines.append(f"| {t} | {' | '.join(counts)} |")
    lines += ["", "| Geek building | Republic and Imperium |", "|---|---:|"]
    lines += [f"| {name} | {done.get(('geek', name), '-')} |" for name in GEEK_NAMES]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m tests.engine.test_properties: the report for docs/
    print(report(completions(range(2000))))
