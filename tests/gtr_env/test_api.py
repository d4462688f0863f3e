"""The environments keep their libraries' contracts: PettingZoo's `api_test` and `seed_test` for
the AEC environment (every ruleset, 2 to 5 players, the Geek expansion, the training game, with
and without forced sub-choices taken at once), Gymnasium's `check_env` for the one-seat
environment; seeding reproduces a game exactly; rewards come from the final scores."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import engine
import gtr_env
from gtr_env import final_rewards
from gtr_env.aec import GloryToRomeEnv

CONFIGS: list[dict[str, Any]] = [
    {"version": "republic", "players": 2},
    {"version": "imperium", "players": 3, "options": {"geek": True}},
    {"version": "first_edition", "players": 5},
    {"version": "republic", "players": 4, "options": {"training": True}, "reward": "placement"},
    {"version": "imperium", "players": 2, "auto_forced": False, "margin": 0.1},
]


@pytest.mark.parametrize("config", CONFIGS)
def test_pettingzoo_api_test(config: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict observation spaces (chess has one)
        api_test(gtr_env.env(**config), num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS[:3])
def test_pettingzoo_seed_test(config: dict[str, Any]) -> None:
    seed_test(lambda: gtr_env.env(**config), num_cycles=500)


def play(game: GloryToRomeEnv, seed: int, choices: int = 10_000) -> list[Any]:
    """A game's trajectory: each step's agent, observation bytes, mask bytes, reward, and the
    sub-choice made (uniform among the legal ones, from a generator seeded by `seed`)."""
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    game.reset(seed=seed)
    for agent in game.agent_iter(choices):
        observation, reward, terminated, truncated, _ = game.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(mask)))
        out.append((agent, observation["observation"].tobytes(), mask.tobytes(), reward, action))
        game.step(action)
    return out


def test_a_seed_reproduces_a_whole_game() -> None:
    game = gtr_env.env(version="imperium", players=4, options={"geek": True})
    first = play(game, 11)
    assert play(game, 11) == first
    assert play(gtr_env.env(version="imperium", players=4, options={"geek": True}), 11) == first
    assert first[-1][4] is None and game.table.over
    assert play(game, 12)[:3] != first[:3]  # another deal
    game.reset(seed=11)
    assert game.seed_used == 11 and game.table.initial is not None
    dealt = engine.new_game("imperium", 4, 11, {"geek": True})
    assert engine.state_hash(game.table.initial) == engine.state_hash(dealt)


def test_an_agent_sees_only_its_mask_and_the_end_gives_every_agent_its_view() -> None:
    game = gtr_env.env(version="republic", players=3)
    game.reset(seed=4)
    deciding = game.agent_selection
    for agent in game.agents:
        mask = game.observe(agent)["action_mask"]
        assert mask.any() == (agent == deciding)
    assert game.infos[deciding]["view"]["seat"] == game.possible_agents.index(deciding)
    play(game, 4)
    assert game.agents == []


def test_truncation_after_max_moves() -> None:
    game = gtr_env.env(version="republic", players=2, max_moves=20)
    trajectory = play(game, 3)
    assert len(game.table.log) == 20 and not game.table.over
    assert [t[3] for t in trajectory if t[4] is None] == [0.0, 0.0]


def test_an_illegal_index_is_refused() -> None:
    game = gtr_env.env()
    game.reset(seed=1)
    mask = game.observe(game.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal here"):
        game.step(int(np.flatnonzero(mask == 0)[0]))


def test_a_game_from_a_scenario() -> None:
    state = engine.new_game("first_edition", 3, seed=9)
    game = gtr_env.env(version="first_edition", players=3)
    game.reset(options={"state": state})
    assert game.table.initial is state and game.seed_used is None
    with pytest.raises(ValueError, match="3 seats"):
        game.reset(options={"state": engine.new_game("republic", 2, seed=1)})


def test_gymnasium_check_env() -> None:
    env = gymnasium.make(gtr_env.ENV_ID, players=3, opponents=["greedy", "random"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker is a failure
        check_env(env.unwrapped, skip_render_check=False)


def test_the_single_agent_environment_plays_against_bots_to_the_end() -> None:
    env = gtr_env.SingleAgentEnv(
        version="imperium", players=3, seat=None, opponents=["greedy", "random"]
    )
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=5)
    seat = info["seat"]
    steps, reward, terminated = 0, 0.0, False
    while not terminated:
        mask = env.action_masks()
        assert (mask == info["action_mask"]).all() and mask.any()
        assert info["view"]["seat"] == seat == info["view"]["to_act"]
        _, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(mask)))
        assert not truncated
        steps += 1
    assert env.table.state is not None and info["end"] == env.table.state.end
    assert reward == final_rewards(env.table.state.end)[seat] and steps > 20
    assert {s for s, _ in env.table.log} == {0, 1, 2}


def test_a_search_bot_opponent_is_fed_its_memory() -> None:
    env = gtr_env.SingleAgentEnv(players=2, opponents="ismcts-1", max_steps=6)
    _, info = env.reset(seed=3)
    truncated = False
    while not truncated:
        mask = info["action_mask"]
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        assert not terminated
    memory = env.table.memories[1]
    assert memory.seat == 1 and memory.turn == info["view"]["turn"]
    assert any(s == 1 for s, _ in env.table.log)


def test_an_illegal_index_changes_nothing_in_the_single_agent_environment() -> None:
    env = gtr_env.SingleAgentEnv(illegal_reward=-0.5)
    before, info = env.reset(seed=2)
    forbidden = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, _, info = env.step(forbidden)
    assert info["illegal"] and reward == -0.5 and not terminated
    assert after.tobytes() == before.tobytes()


def test_rewards() -> None:
    def end(winners: list[int], totals: list[int]) -> dict[str, Any]:
        scores = [{"seat": s, "total": t} for s, t in enumerate(totals)]
        return {"reason": "deck", "winners": winners, "scores": scores}

    assert final_rewards(end([1], [10, 20, 5])) == [-1.0, 1.0, -1.0]
    assert final_rewards(end([0, 1], [20, 20])) == [0.0, 0.0]  # a shared win: 1/2 a win each
    assert final_rewards(end([0, 2], [9, 3, 9])) == [0.0, -1.0, 0.0]
    assert final_rewards(end([1], [10, 20, 5]), "placement") == [0.0, 1.0, -1.0]
    assert final_rewards(end([2], [10, 10, 30, 1]), "placement") == pytest.approx(
        [0.0, 0.0, 1.0, -1.0]
    )
    # A Forum wins whatever the scores: its owner places first.
    assert final_rewards(end([0], [3, 20]), "placement") == [1.0, -1.0]
    assert final_rewards(end([1], [10, 20, 5]), margin=0.1) == pytest.approx([-2.0, 2.0, -2.5])
    with pytest.raises(ValueError):
        final_rewards(end([0], [1, 0]), "elo")
