"""The bots: they play only legal actions, decide from (seed, view, legal) alone, cope with action
types they do not know, and greedy beats random."""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.bots import BOTS, Bot, IsmctsBot
from engine.bots import make_bot as make_full_bot
from engine.bots.arena import run
from engine.state import State

QUICK_ITERATIONS = 6  # a search bot's iterations here: its own tests (test_ismcts.py) go deeper
ONE_OF_EACH = ["random", "greedy", "ismcts-1"]  # the ismcts levels differ only in time


def test_one_of_each_kind_covers_every_bot() -> None:
    """Every bot is random, greedy or an ismcts level (levels differ only in their time): the
    tests here run one of each kind."""
    for name in BOTS:
        if name not in ONE_OF_EACH:
            assert isinstance(make_full_bot(name), IsmctsBot)


def make_bot(name: str, seed: int = 0) -> Bot:
    """`engine.bots.make_bot`, with a search bot cut short (these tests are about every bot)."""
    bot = make_full_bot(name, seed)
    if isinstance(bot, IsmctsBot):
        bot.iterations = QUICK_ITERATIONS
    return bot


CONFIGS = [
    ("republic", 2, 1),
    ("imperium", 3, 2),
    ("republic", 4, 3),
    ("imperium", 5, 4),
]


def play(state: State, bots: dict[int, Bot], max_steps: int = 5000) -> State:
    for _ in range(max_steps):
        if engine.is_over(state):
            return state
        seat = engine.to_act(state)
        assert seat is not None
        legal = engine.legal_actions(state)
        action = bots[seat].choose(engine.view(state, seat), legal)
        assert action in legal
        state = engine.apply(state, action, seat)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", ONE_OF_EACH)
@pytest.mark.parametrize(("version", "players", "seed"), CONFIGS)
def test_bot_only_plays_legal_actions(name: str, version: str, players: int, seed: int) -> None:
    state = engine.new_game(version, players, seed)
    end = play(state, {s: make_bot(name, seed * 10 + s) for s in range(players)})
    assert engine.is_over(end)


@pytest.mark.parametrize("seed", [9, 1657])
def test_greedy_players_in_a_deadlock_still_end_the_game(seed: int) -> None:
    """Two greedy players of these Imperium deals reach a loop: each leads Legionary with a Jack,
    demanding what the other lacks, while the other thinks for the Jack. Past LONG_GAME turns
    greedy sometimes plays a random move, so the game ends after all."""
    from engine.bots.greedy import LONG_GAME

    state = engine.new_game("imperium", 2, seed)
    end = play(state, {s: make_bot("greedy", seed * 10 + s) for s in range(2)}, max_steps=20000)
    assert engine.is_over(end)
    assert end.turn > LONG_GAME  # it did go on past the turns greedy games take


def test_mixed_table_plays_to_the_end() -> None:
    state = engine.new_game("republic", 3, 11, {"training": True})
    bots = {0: make_bot("greedy", 1), 1: make_bot("random", 2), 2: make_bot("greedy", 3)}
    assert engine.is_over(play(state, bots))


def decisions(version: str, players: int, seed: int, steps: int) -> list[tuple[Any, Any]]:
    """(view, legal) pairs along a game played by random bots."""
    state = engine.new_game(version, players, seed)
    mover = make_bot("random", seed)
    out = []
    for _ in range(steps):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)
        legal = engine.legal_actions(state)
        out.append((engine.view(state, seat), legal))
        state = engine.apply(state, mover.choose(engine.view(state, seat), legal))
    return out


@pytest.mark.parametrize("name", ONE_OF_EACH)
def test_a_decision_depends_only_on_seed_view_and_legal(name: str) -> None:
    """Two bots with one seed agree, in any order, asked any number of times: a retried task or
    a replay gets the same move."""
    asked = decisions("imperium", 3, 5, 150)
    first, second = make_bot(name, 42), make_bot(name, 42)
    forward = [first.choose(v, legal) for v, legal in asked]
    backward = [second.choose(v, legal) for v, legal in reversed(asked)][::-1]
    assert forward == backward
    again = [first.choose(copy.deepcopy(v), copy.deepcopy(legal)) for v, legal in asked]
    assert again == forward


def test_random_bots_with_other_seeds_differ() -> None:
    asked = [(v, legal) for v, legal in decisions("republic", 2, 8, 200) if len(legal) > 3]
    a, b = make_bot("random", 1), make_bot("random", 2)
    assert [a.choose(v, legal) for v, legal in asked] != [b.choose(v, legal) for v, legal in asked]


def hide_differently(state: State, seat: int) -> State:
    """The same table as `seat` sees it, with other hands and the deck dealt differently."""
    other = state.clone()
    hidden = [c for s, p in enumerate(other.players) if s != seat for c in p.hand] + other.deck
    shuffled = list(reversed(hidden))
    i = 0
    for s, p in enumerate(other.players):
        if s != seat:
            p.hand = shuffled[i : i + len(p.hand)]
            i += len(p.hand)
    other.deck = shuffled[i:]
    return other


@pytest.mark.parametrize("name", ONE_OF_EACH)
def test_bots_never_see_hidden_cards(name: str) -> None:
    """Tables that differ only in what the seat cannot see get the same decision, and the bot
    works from the view's JSON form alone."""
    state = engine.new_game("republic", 3, 21)
    walker = make_bot("random", 0)
    checked = 0
    for _ in range(120):
        seat = engine.to_act(state)
        assert seat is not None
        other = hide_differently(state, seat)
        mine = engine.view(state, seat)
        prompt = engine.prompt(state)
        assert prompt is not None
        if prompt["kind"] in ("lead", "follow", "act"):
            assert engine.view(other, seat) == mine
            assert engine.legal_actions(other) == engine.legal_actions(state)
            bot = make_bot(name, 3)
            as_json = json.loads(json.dumps(mine))
            legal = engine.legal_actions(state)
            assert bot.choose(as_json, legal) == bot.choose(engine.view(other, seat), legal)
            checked += 1
        state = engine.apply(state, walker.choose(mine, engine.legal_actions(state)))
    assert checked > 50


def test_greedy_copes_with_unknown_action_types() -> None:
    view, legal = decisions("republic", 2, 3, 1)[0]
    bot = make_bot("greedy", 0)
    strange: list[dict[str, Any]] = [{"type": "mystery", "card": 10**6}, {"type": "skip"}]
    assert bot.choose(view, strange) in strange
    assert bot.choose(view, [{"type": "mystery"}]) == {"type": "mystery"}
    odd_fields = [{**a, "new_field": [1, 2]} for a in legal]
    assert bot.choose(view, odd_fields) in odd_fields


@pytest.mark.parametrize("name", ONE_OF_EACH)
def test_bots_refuse_any_view_but_the_seat_to_act(name: str) -> None:
    state = engine.new_game("republic", 2, 1)
    seat = engine.to_act(state)
    assert seat is not None
    legal = engine.legal_actions(state)
    for wrong in (None, 1 - seat):
        with pytest.raises(ValueError, match="seat to act"):
            make_bot(name, 0).choose(engine.view(state, wrong), legal)


def test_no_legal_action_and_unknown_bot_are_errors() -> None:
    state = engine.new_game("republic", 2, 1)
    with pytest.raises(ValueError):
        make_bot("random", 0).choose(engine.view(state, 0), [])
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever", 0)
    assert {"random", "greedy"} <= set(BOTS)


def test_greedy_beats_random() -> None:
    """Behaviour, not timing: over 40 seeded two-player games greedy wins clearly more."""
    result = run(["greedy", "random"], "republic", games=20, seed=1000)
    result2 = run(["greedy", "random"], "imperium", games=20, seed=2000)
    wins = {
        name: result["bots"][name]["share_of_wins"] + result2["bots"][name]["share_of_wins"]
        for name in ("greedy", "random")
    }
    assert not result["errors"] and not result2["errors"]
    assert wins["greedy"] / 2 > 0.6
    assert wins["greedy"] > wins["random"]


def test_bots_leave_the_global_generator_alone() -> None:
    before = random.getstate()
    for name in ONE_OF_EACH:
        bot = make_bot(name, 5)
        for v, legal in decisions("republic", 3, 4, 60):
            bot.choose(v, legal)
    assert random.getstate() == before


def top_level_imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_bots_are_pure_python() -> None:
    """Only the arena may print or read the clock (no module of the engine imports a framework:
    tests/engine/test_imports.py)."""
    for path in (Path(engine.__file__).parent / "bots").rglob("*.py"):
        imported = top_level_imports(path)
        if path.name != "arena.py":
            assert not imported & {"time", "sys", "os", "argparse", "datetime"}, path.name
