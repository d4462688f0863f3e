"""Glory to Rome for game AI: a PettingZoo AEC environment for 2 to 5 agents, a Gymnasium
environment for one seat against the built-in bots, batch self-play (docs/research.md).

>>> import gtr_env
>>> game = gtr_env.env(version="republic", players=2)
>>> game.reset(seed=1)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape == (gtr_env.OBS_SIZE,)
True

Everything plays through the engine's facade (`engine`): this package is the optional extra
`env` (PettingZoo, Gymnasium, NumPy), and neither the engine nor the server imports it.
"""

from __future__ import annotations

import gymnasium

from .actions import SIZE as ACTION_SIZE
from .actions import Decision, describe, label, sentence_of
from .aec import GloryToRomeEnv, env, raw_env
from .observation import OBS_SIZE, encode_view
from .single import ENV_ID, SingleAgentEnv
from .table import Table, final_rewards

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="gtr_env.single:SingleAgentEnv")

__all__ = [
    "ACTION_SIZE",
    "ENV_ID",
    "OBS_SIZE",
    "Decision",
    "GloryToRomeEnv",
    "SingleAgentEnv",
    "Table",
    "describe",
    "encode_view",
    "env",
    "final_rewards",
    "label",
    "raw_env",
    "sentence_of",
]
