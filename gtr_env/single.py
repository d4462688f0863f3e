"""A Gymnasium environment for one seat against the built-in bots (docs/research.md).

>>> import gymnasium, gtr_env
>>> env = gymnasium.make("GloryToRome-v0", players=3, opponents=["greedy", "random"])
>>> observation, info = env.reset(seed=1)
>>> mask = info["action_mask"]  # or env.unwrapped.action_masks(), as MaskablePPO asks
>>> observation, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))

The agent plays one seat (`seat`, or a random one each episode with `seat=None`); the other
seats are played by bots of engine.bots (`opponents`: one name for all, or one per other seat in
seat order: "random", "greedy", "ismcts-1", ...), each given its seat's view, the legal actions
and, for a bot that remembers, its Memory, exactly as the arena and the server give them
(docs/bots.md). The observation is the vector of gtr_env.observation (a flat Box), the action one
index of gtr_env.actions; `info["action_mask"]` marks the legal ones and `info["view"]` is the
raw `engine.view` of the agent's seat. An index the mask forbids changes nothing: the step
returns the same observation, `illegal_reward` (0 unless set) and `info["illegal"] = True`.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import engine
from engine.bots import Bot, make_bot
from engine.determinize import Memory

from .actions import SIZE
from .observation import HIGH, OBS_SIZE, Vector
from .table import Mask, Table, check_setup

ENV_ID = "GloryToRome-v0"


class SingleAgentEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of Glory to Rome against bots.

    The arguments of gtr_env.aec.GloryToRomeEnv (version, players, options, rules_revision,
    reward, margin, auto_forced), and `seat`, `opponents`, `illegal_reward` and `max_steps`
    (truncate the episode after this many of the agent's steps; None: play to the end).
    `reset(seed=s)` deals `engine.new_game(..., seed=s)` and seeds the bots from it."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        version: str = "republic",
        players: int = 2,
        options: dict[str, Any] | None = None,
        rules_revision: int | None = None,
        seat: int | None = 0,
        opponents: str | list[str] = "greedy",
        reward: str = "win",
        margin: float = 0.0,
        auto_forced: bool = True,
        illegal_reward: float = 0.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        check_setup(version, players, options, rules_revision, reward, render_mode)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"no seat {seat} at a table of {players}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players - 1} opponents, one per other seat, not {len(names)}")
        for name in names:
            make_bot(name)  # ValueError for an unknown bot
        self.version, self.players, self.options = version, players, dict(options or {})
        self.rules_revision, self.seat_asked, self.opponents = rules_revision, seat, names
        self.reward, self.margin = reward, margin
        self.illegal_reward, self.max_steps = illegal_reward, max_steps
        self.render_mode = render_mode
        self.table = Table(auto_forced=auto_forced)
        self.seat = 0 if seat is None else seat
        self.bots: dict[int, Bot] = {}
        self.steps = 0
        self.observation_space = spaces.Box(
            low=np.zeros(OBS_SIZE, dtype=np.float32), high=HIGH.copy(), dtype=np.float32
        )
        self.action_space = spaces.Discrete(SIZE)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        if self.seat_asked is None:
            self.seat = int(self.np_random.integers(self.players))
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(name, seed=game_seed * 101 + s)
            for s, name in zip(others, self.opponents, strict=True)
        }
        self.table.memories = {s: Memory(s) for s, bot in self.bots.items() if bot.remembers}
        self.table.load(
            engine.new_game(
                self.version,
                self.players,
                game_seed,
                self.options,
                rules_revision=self.rules_revision,
            )
        )
        self.steps = 0
        self._bots_play()
        observation, mask = self.table.observe(self.seat)
        return observation, self._info(mask)

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over:
            raise ValueError("the episode is over: reset")
        token = int(action)
        self.steps += 1
        decision = table.decision
        legal = decision is not None and token in decision.node
        if legal:
            table.choose(token)
            self._bots_play()
        observation, mask = table.observe(self.seat)
        terminated = table.over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if not legal:
            reward = self.illegal_reward
        else:
            reward = table.rewards(self.reward, self.margin)[self.seat] if terminated else 0.0
        info = self._info(mask)
        if not legal:
            info["illegal"] = True
        return observation, float(reward), terminated, truncated, info

    def action_masks(self) -> Mask:
        """The legal indices now (sb3-contrib's MaskablePPO calls this)."""
        return self.table.observe(self.seat)[1]

    def _bots_play(self) -> None:
        table = self.table
        while not table.over and table.seat != self.seat:
            seat = table.seat
            assert seat is not None and table.state is not None
            bot = self.bots[seat]
            action = bot.choose(table.view(seat), table.legal, table.memories.get(seat))
            table.play(action)

    def _info(self, mask: Mask) -> dict[str, Any]:
        table = self.table
        assert table.state is not None
        info: dict[str, Any] = {
            "action_mask": mask,
            "view": engine.view(table.state, self.seat),  # a new one each time, the caller's
            "seat": self.seat,
        }
        if table.over:
            info["end"] = table.state.end
            info["scores"] = table.scores()
        return info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.table.state is None:
            return None
        prompt = engine.prompt(self.table.state)
        if prompt is None:
            return f"over: {self.table.state.end}"
        return f"seat {prompt['seat']} (you are {self.seat}): {prompt['text']}"
