"""The ismcts bot: legal actions only, deterministic without a clock, bounded by its clock with
one, greedy's choice before any search, and decisions that depend on nothing hidden (the last is
checked for every bot in test_bots.py; the determinisation itself in test_determinize.py)."""

from __future__ import annotations

import random
from itertools import count

import pytest

import engine
from engine.bots import IsmctsBot, make_bot
from engine.bots.greedy import action_scores
from engine.bots.ismcts import LEVELS
from engine.determinize import Memory
from engine.state import State


def play(state: State, bots: dict[int, IsmctsBot | object]) -> State:
    """Play to the end; each seat's memory sees its views and the public moves."""
    memories = [Memory(s) for s in range(state.n)]
    for _ in range(5000):
        if engine.is_over(state):
            return state
        for memory in memories:
            memory.observe(engine.view(state, memory.seat))
        seat = engine.to_act(state)
        assert seat is not None
        legal = engine.legal_actions(state)
        bot = bots[seat]
        assert isinstance(bot, IsmctsBot)
        action = bot.choose(engine.view(state, seat), legal, memories[seat])
        assert action in legal
        state = engine.apply(state, action, seat)
        for memory in memories:
            memory.record(seat, engine.public_action(action, seat, memory.seat))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("version", "players", "seed"),
    [("republic", 2, 3), ("imperium", 3, 4), ("first_edition", 3, 5), ("first_edition", 5, 6)],
)
def test_ismcts_plays_legal_actions_to_the_end(version: str, players: int, seed: int) -> None:
    state = engine.new_game(version, players, seed)
    end = play(state, {s: IsmctsBot(seed * 10 + s, iterations=4) for s in range(players)})
    assert engine.is_over(end)


def decisions(steps: int) -> list[tuple[dict, list, Memory]]:
    """(view, legal actions, memory) of the seats to act along a game of greedy bots."""
    state = engine.new_game("imperium", 3, 17)
    memories = [Memory(s) for s in range(3)]
    out = []
    mover = make_bot("greedy", 1)
    for _ in range(steps):
        for memory in memories:
            memory.observe(engine.view(state, memory.seat))
        seat = engine.to_act(state)
        assert seat is not None
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        if len(legal) > 1:
            out.append((view, legal, Memory.from_json(memories[seat].to_json())))
        action = mover.choose(view, legal)
        state = engine.apply(state, action)
        for memory in memories:
            memory.record(seat, engine.public_action(action, seat, memory.seat))
    return out


def test_without_a_clock_a_decision_is_a_function_of_seed_view_legal_and_memory() -> None:
    asked = decisions(50)
    first = [IsmctsBot(5, iterations=15).choose(v, legal, m) for v, legal, m in asked]
    again = [IsmctsBot(5, iterations=15).choose(v, legal, m) for v, legal, m in reversed(asked)]
    assert first == again[::-1]
    others = (
        [IsmctsBot(seed, iterations=15).choose(v, legal, m) for v, legal, m in asked]
        for seed in (6, 7, 8)
    )
    assert any(other != first for other in others)  # the seed matters (a search, not a rule)


def test_with_a_clock_the_search_stops_at_its_budget() -> None:
    """A clock that moves a tenth of a second each time it is read, a one-second budget: the
    search stops after about ten iterations, and does at least one whatever the clock says."""
    view, legal, memory = decisions(20)[-1]
    ticks = count()
    bot = IsmctsBot(1, clock=lambda: next(ticks) / 10, seconds=1.0)
    bot.choose(view, legal, memory)
    assert 5 <= bot.last_iterations <= 11
    stopped = IsmctsBot(1, clock=lambda: 1e9 * next(ticks), seconds=0.5)
    assert stopped.choose(view, legal, memory) in legal
    assert stopped.last_iterations == 1
    capped = make_bot("ismcts-3", 1, clock=lambda: next(ticks) / 10, budget=0.5)
    assert isinstance(capped, IsmctsBot) and capped.seconds == 0.5 < LEVELS[3].seconds


def test_before_any_search_it_plays_greedys_choice() -> None:
    """The heuristic ranking is the search's prior: with no iteration at all, the bot plays an
    action greedy scores best."""
    for view, legal, memory in decisions(40):
        action = IsmctsBot(2, iterations=0).choose(view, legal, memory)
        scores = action_scores(view, legal)
        assert scores[legal.index(action)] >= max(scores) - 1e-9  # greedy's ties


def test_a_single_legal_action_is_played_at_once() -> None:
    state = engine.new_game("republic", 2, 5)
    seat = engine.to_act(state)
    assert seat is not None
    only = [engine.legal_actions(state)[0]]
    bot = IsmctsBot(1, iterations=100)
    assert bot.choose(engine.view(state, seat), only) is only[0]
    assert bot.last_iterations == 0


def test_another_seats_memory_is_refused() -> None:
    state = engine.new_game("republic", 2, 5)
    seat = engine.to_act(state)
    assert seat is not None
    with pytest.raises(ValueError, match="own seat's memory"):
        IsmctsBot(1).choose(engine.view(state, seat), engine.legal_actions(state), Memory(1 - seat))


def test_the_search_leaves_the_global_generator_alone() -> None:
    before = random.getstate()
    for view, legal, memory in decisions(15):
        IsmctsBot(3, iterations=5).choose(view, legal, memory)
    assert random.getstate() == before


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_level_is_its_iterations_and_its_time_budget_only_caps_them(level: int) -> None:
    """A level is a number of iterations, more for a higher level (docs/bots.md). With a clock
    that never runs out a level does exactly its iterations and chooses as it does without a
    clock; searching by time, it goes on past them until its budget is spent."""
    view, legal, memory = decisions(20)[-1]
    free = make_bot(f"ismcts-{level}", 1)
    timed = make_bot(f"ismcts-{level}", 1, clock=lambda: 0.0)
    assert isinstance(free, IsmctsBot) and isinstance(timed, IsmctsBot)
    assert timed.choose(view, legal, memory) == free.choose(view, legal, memory)
    assert timed.last_iterations == free.last_iterations == LEVELS[level].iterations
    ticks = count()
    long = make_bot(f"ismcts-{level}", 1, clock=lambda: next(ticks) / 1000)
    assert isinstance(long, IsmctsBot)
    long.by_time = True
    long.choose(view, legal, memory)
    assert long.last_iterations > LEVELS[level].iterations
    if level - 1 in LEVELS:
        assert LEVELS[level].iterations > LEVELS[level - 1].iterations
