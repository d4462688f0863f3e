"""The PettingZoo AEC environment: Glory to Rome for 2 to 5 agents (docs/research.md).

>>> from gtr_env import env
>>> game = env(version="imperium", players=3)
>>> game.reset(seed=7)
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     if terminated or truncated:
...         action = None
...     else:  # a uniformly random legal sub-choice
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)
>>> sorted(game.rewards) == []  # every agent has left the finished game
True

Each agent (`player_0` ... `player_{n-1}`, the engine's seats) observes only its own seat's view:
`observation` is the fixed-size vector of gtr_env.observation and `action_mask` marks the legal
indices of gtr_env.actions (zeros for an agent whose decision it is not); `info["view"]` is the
raw `engine.view` of the agent deciding (and of every agent at the end). An agent's move is one
sub-choice; when it completes a sentence the engine plays the action, and the agent selection
moves to whoever decides next (often the same agent: a Craftsman's build takes several
sub-choices). Rewards are zero until the game ends.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import engine

from .actions import SIZE, describe
from .observation import HIGH, OBS_SIZE
from .table import Table, check_setup

NAME = "glory_to_rome_v0"


def observation_space() -> spaces.Dict:
    """An agent's observation: the vector and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.zeros(OBS_SIZE, dtype=np.float32), high=HIGH.copy(), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(SIZE,), dtype=np.int8),
        }
    )


class GloryToRomeEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Glory to Rome as a PettingZoo AEC environment.

    - `version`: "republic", "imperium" or "first_edition"; `players`: 2 to 5; `options`: the
      engine's (`{"training": True}`, `{"geek": True}` or a list of Geek cards);
      `rules_revision`: the ruleset's current one unless given (docs/rules.md).
    - `reward`: "win" or "placement"; `margin`: a weight for the score margin added to it
      (gtr_env.table.final_rewards).
    - `auto_forced`: take sub-choices (and whole decisions) that have one legal option at once.
    - `max_moves`: truncate the game after this many engine actions (None: play to the end;
      every game ends, the deck runs out).

    `reset(seed=s)` deals `engine.new_game(version, players, seed=s, ...)`: the same seed and
    the same sub-choices give the same game. `reset(options={"state": s})` plays on from an
    engine state instead (a scenario, a record's replay); other options are ignored.
    """

    metadata = {"name": NAME, "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        version: str = "republic",
        players: int = 2,
        options: dict[str, Any] | None = None,
        rules_revision: int | None = None,
        reward: str = "win",
        margin: float = 0.0,
        auto_forced: bool = True,
        max_moves: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_setup(version, players, options, rules_revision, reward, render_mode)
        self.version, self.players, self.options = version, players, dict(options or {})
        self.rules_revision = rules_revision
        self.reward, self.margin, self.max_moves = reward, margin, max_moves
        self.render_mode = render_mode
        self.table = Table(auto_forced=auto_forced)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self.observation_spaces = {a: observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(SIZE) for a in self.possible_agents}
        self._rng = random.Random()
        self.seed_used: int | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        space: spaces.Dict = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Discrete:
        space: spaces.Discrete = self.action_spaces[agent]
        return space

    # The AEC interface ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._rng.randrange(2**62)
        state = (options or {}).get("state")
        if state is None:
            state = engine.new_game(
                self.version,
                self.players,
                game_seed,
                self.options,
                rules_revision=self.rules_revision,
            )
            self.seed_used = game_seed
        elif not isinstance(state, engine.State) or state.n != self.players:
            raise ValueError(f"options['state'] must be an engine state of {self.players} seats")
        else:
            self.seed_used = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.table.load(state)
        self._after_move()

    def observe(self, agent: str) -> dict[str, Any]:
        vector, mask = self.table.observe(self.possible_agents.index(agent))
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is deciding: None is an action only after the end")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.table.choose(int(action))
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        table = self.table
        if table.over:
            for agent, reward in zip(
                self.possible_agents, table.rewards(self.reward, self.margin), strict=True
            ):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self._final_infos()
            return
        if self.max_moves is not None and len(table.log) >= self.max_moves:
            for agent in self.agents:
                self.truncations[agent] = True
            self._final_infos()
            return
        assert table.seat is not None and table.decision is not None
        agent = self.possible_agents[table.seat]
        self.agent_selection = agent
        for other in self.agents:
            self.infos[other] = {}
        self.infos[agent] = {
            "view": table.view(table.seat),
            "sentence": list(table.decision.prefix),
        }

    def _final_infos(self) -> None:
        table = self.table
        assert table.state is not None
        for seat, agent in enumerate(self.possible_agents):
            self.infos[agent] = {
                "view": table.view(seat),
                "end": table.state.end,
                "scores": table.scores() if table.over else None,
            }
        if table.seat is not None:  # truncated: the agent that was deciding steps out first
            self.agent_selection = self.possible_agents[table.seat]

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.table.state is None:
            return None
        state, table = self.table.state, self.table
        prompt = engine.prompt(state)
        lines = [f"{self.version}, {self.players} players, move {len(table.log)}"]
        if prompt is None:
            lines.append(f"over: {state.end}")
        else:
            lines.append(f"player_{prompt['seat']}: {prompt['text']}")
            if table.decision is not None and table.decision.prefix:
                lines.append(f"so far: {describe(table.decision.prefix)}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


def env(**kwargs: Any) -> GloryToRomeEnv:
    """A new environment (the keyword arguments of GloryToRomeEnv)."""
    return GloryToRomeEnv(**kwargs)


raw_env = env
