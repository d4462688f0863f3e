"""Games with the Geek expansion (the `geek` option) through everything that plays them besides the
rules tests: the search path (engine.fast) equals the facade, a state dealt from a seat's view and
memory (engine.determinize) shows that seat its view and offers its legal actions, and every bot
plays such games to the end with legal moves only. (The property test, test_properties.py, plays
random Geek games with its invariants.)"""

from __future__ import annotations

import random

import pytest

import engine
from engine import fast
from engine.bots import IsmctsBot, make_bot
from engine.determinize import Dealer, Memory
from engine.state import State, to_json, zones

from .test_determinize import decisions

GEEK = {"geek": True}
CONFIGS = [("republic", 2, 11), ("imperium", 3, 12), ("republic", 4, 13), ("imperium", 5, 14)]


@pytest.mark.parametrize(("version", "players", "seed"), CONFIGS)
def test_play_in_place_equals_apply(version: str, players: int, seed: int) -> None:
    for game in range(3):
        r = random.Random(seed * 10 + game)
        state = engine.new_game(version, players, seed * 10 + game, GEEK)
        inplace = engine.new_game(version, players, seed * 10 + game, GEEK)
        while not engine.is_over(state):
            options = fast.options(inplace)
            assert [a.to_json() for a in options] == engine.legal_actions(state)
            choice = r.randrange(len(options))
            state = engine.apply(state, engine.legal_actions(state)[choice])
            fast.play(inplace, options[choice])
            assert engine.state_hash(inplace) == engine.state_hash(state)
        assert to_json(inplace) == to_json(state)


@pytest.mark.parametrize(("version", "players", "seed"), CONFIGS)
def test_a_dealt_state_is_the_seats_view(version: str, players: int, seed: int) -> None:
    kinds = set()
    for step, (state, memory) in enumerate(decisions(version, players, seed, False, **GEEK)):
        view = engine.view(state, memory.seat)
        world = Dealer(view, memory).deal(random.Random(step))
        assert sorted(c for ids in zones(world).values() for c in ids) == list(
            range(len(world.names))
        )
        assert engine.view(world, memory.seat) == view
        assert engine.legal_actions(world) == engine.legal_actions(state)
        kinds.add(view["prompt"]["kind"])
    assert view["geek"] == list(engine.cards.GEEK_NAMES)
    assert kinds >= {"lead", "follow", "act"}


def test_a_bacchanalia_is_dealt_with_its_cards_on_top() -> None:
    """The cards a Bacchanalia turned up stay on top of the deck in every dealt state (Black Box
    rulebook, Appendix III, Bacchanalia: "Flip over that many cards from the top of the deck")."""
    from tests.engine.buildings.test_geek_bacchanalia import REVEALED, bacchanalia_table

    state = bacchanalia_table(REVEALED)
    view = engine.view(state, 0)
    for seed in range(5):
        world = Dealer(view, Memory(0)).deal(random.Random(seed))
        assert [world.names[c] for c in reversed(world.deck[-5:])] == REVEALED
        assert engine.legal_actions(world) == engine.legal_actions(state)


def play_bots(state: State, bots: dict[int, object], memories: bool = False) -> State:
    seen = [Memory(s) for s in range(state.n)]
    for _ in range(5000):
        if engine.is_over(state):
            return state
        for memory in seen:
            memory.observe(engine.view(state, memory.seat))
        seat = engine.to_act(state)
        assert seat is not None
        legal = engine.legal_actions(state)
        bot = bots[seat]
        if memories:
            assert isinstance(bot, IsmctsBot)
            action = bot.choose(engine.view(state, seat), legal, seen[seat])
        else:
            action = bot.choose(engine.view(state, seat), legal)  # type: ignore[attr-defined]
        assert action in legal
        state = engine.apply(state, action, seat)
        for memory in seen:
            memory.record(seat, engine.public_action(action, seat, memory.seat))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize(("version", "players", "seed"), CONFIGS)
def test_bots_play_geek_games_to_the_end(name: str, version: str, players: int, seed: int) -> None:
    state = engine.new_game(version, players, seed, GEEK)
    end = play_bots(state, {s: make_bot(name, seed * 10 + s) for s in range(players)})
    assert engine.is_over(end)


@pytest.mark.parametrize(("version", "players", "seed"), CONFIGS[:2])
def test_ismcts_plays_geek_games_to_the_end(version: str, players: int, seed: int) -> None:
    state = engine.new_game(version, players, seed, GEEK)
    bots = {s: IsmctsBot(seed * 10 + s, iterations=4) for s in range(players)}
    assert engine.is_over(play_bots(state, bots, memories=True))


def test_a_geek_game_record_replays_to_the_same_game() -> None:
    """A record by card names (engine/record.py) keeps the option and replays a Geek game."""
    import json

    from engine import record as records

    for seed in range(8):
        r = random.Random(seed)
        first = engine.new_game(("republic", "imperium")[seed % 2], 2 + seed % 4, seed, GEEK)
        state, log = first, []
        while not engine.is_over(state):
            seat = engine.to_act(state)
            action = r.choice(engine.legal_actions(state))
            state = engine.apply(state, action, seat=seat)
            log.append((seat, action))
        exported = json.loads(json.dumps(records.record(first, log)))
        assert exported["ruleset"]["options"] == {"geek": list(engine.cards.GEEK_NAMES)}
        again, _ = records.replay(exported, seed=seed + 1000)
        assert records.canonical(again) == records.canonical(state) and again.end == state.end
