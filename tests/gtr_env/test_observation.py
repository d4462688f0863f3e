"""The observation holds nothing its seat may not see (gtr_env.observation, docs/research.md).

Three ways to change what a seat cannot see while keeping what it can, each checked byte for
byte on the observation vector (and, for the seat deciding, the action mask):

- worlds dealt by `engine.determinize` from the deciding seat's own view and memory, as a search
  bot deals them: every hidden card (other hands, the deck, unseen Vault cards) dealt at random;
- the same table with the hidden order cards of other hands, the deck and the Vaults swapped
  among themselves (tests/engine/test_determinize.py's `hide_differently`), for every seat,
  deciding or not;
- the same game replayed from its record on another table, whose card ids are another
  permutation: the observation names cards by type, never by id.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

import engine
from engine import record
from engine.determinize import Dealer, Memory
from engine.state import State
from gtr_env import observation
from gtr_env.observation import OBS_SIZE, encode_view
from gtr_env.table import Table
from tests.engine.test_determinize import hide_differently

from .games import config, new_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = range(12)  # every ruleset, 2 to 5 players, Geek and training games


def observed(state: State, seat: int, first: int | None = None) -> tuple[bytes, bytes]:
    """The seat's observation and mask bytes on a table at `state` (after one sub-choice,
    `first`, when given)."""
    table = Table(auto_forced=False)
    table.load(state)
    if first is not None:
        table.choose(first)
    vector, mask = table.observe(seat)
    return vector.tobytes(), mask.tobytes()


def test_a_dealt_world_gives_the_deciding_seat_the_same_observation_and_mask() -> None:
    compared = differs = 0
    for game in GAMES:
        state = new_game(game)
        memories = [Memory(s) for s in range(state.n)]
        r = random.Random(game)
        step = 0
        while not engine.is_over(state):
            for memory in memories:
                memory.observe(engine.view(state, memory.seat))
            seat = engine.to_act(state)
            assert seat is not None
            if step % 7 == 0:
                view = engine.view(state, seat)
                world = Dealer(view, memories[seat]).deal(random.Random(step))
                differs += [world.names[c] for c in world.deck] != [
                    state.names[c] for c in state.deck
                ]
                assert observed(world, seat) == observed(state, seat)
                table = Table(auto_forced=False)
                table.load(state)
                first = table.decision.legal_tokens()[-1] if table.decision else None
                assert observed(world, seat, first) == observed(state, seat, first)
                compared += 1
            action = r.choice(engine.legal_actions(state))
            state = engine.apply(state, action)
            for memory in memories:
                memory.record(seat, engine.public_action(action, seat, memory.seat))
            step += 1
    assert compared > 300 and differs > compared * 0.9


def test_hidden_cards_dealt_otherwise_change_no_seats_observation() -> None:
    r = random.Random(35)
    changed = 0
    for game in GAMES:
        state = new_game(game)
        step = 0
        while not engine.is_over(state):
            if step % 5 == 0:
                for seat in range(state.n):
                    other = hide_differently(state, seat, r)
                    changed += other.deck != state.deck
                    mine = encode_view(engine.view(state, seat))
                    assert encode_view(engine.view(other, seat)).tobytes() == mine.tobytes()
            state = engine.apply(state, r.choice(engine.legal_actions(state)))
            step += 1
    assert changed > 500


def test_the_observation_does_not_depend_on_card_ids() -> None:
    """A game replayed from its record on a table with other ids: every seat observes the same
    vector at every move, and the deciding seat has the same mask."""
    for game in GAMES[:6]:
        first = new_game(game)
        r = random.Random(game)
        state, log = first, []
        while not engine.is_over(state):
            seat = engine.to_act(state)
            action = r.choice(engine.legal_actions(state))
            log.append((seat, action))
            state = engine.apply(state, action)
        exported = record.record(first, log)
        replay = record.replay(exported, upto=0, seed=game + 1)[0]
        assert replay.names != first.names  # another permutation of the same cards
        a, b = Table(auto_forced=False), Table(auto_forced=False)
        a.load(first)
        b.load(replay)
        for (_, action), entry in zip(log, exported["actions"], strict=True):
            assert b.state is not None and a.seat is not None and a.seat == b.seat
            for seat in range(first.n):
                va, ma = a.observe(seat)
                vb, mb = b.observe(seat)
                assert va.tobytes() == vb.tobytes() and ma.tobytes() == mb.tobytes()
            a.play(action)
            b.play(record.resolve(b.state, entry["action"]))
        assert a.over and b.over


def test_every_value_is_within_its_bounds_and_the_layout_is_documented() -> None:
    """Values are integers from 0 to their slice's `high`; the slices tile the vector; the table
    in docs/research.md is the layout's (`python -m gtr_env`)."""
    offset = 0
    for s in observation.LAYOUT.slices:
        assert s.offset == offset and s.length > 0
        offset += s.length
    assert offset == OBS_SIZE
    r = random.Random(1)
    for game in GAMES[:8]:
        state = new_game(game)
        while not engine.is_over(state):
            for seat in range(state.n) if state.moves % 2 == 0 else ():
                v = encode_view(engine.view(state, seat))
                assert v.dtype == np.float32 and v.shape == (OBS_SIZE,)
                assert (v >= 0).all() and (v <= observation.HIGH).all()
                assert (v == np.round(v)).all()
            state = engine.apply(state, r.choice(engine.legal_actions(state)))
    docs = (ROOT / "docs" / "research.md").read_text()
    assert observation.markdown() in docs


def test_prompts_say_nothing_the_observation_leaves_out() -> None:
    """Every key a prompt has in these games is one the observation reads (or words)."""
    r = random.Random(2)
    for game in GAMES:
        state = new_game(game)
        while not engine.is_over(state):
            prompt = engine.prompt(state)
            assert prompt is not None
            assert set(prompt) <= observation.PROMPT_KEYS, (config(game), prompt)
            state = engine.apply(state, r.choice(engine.legal_actions(state)))
