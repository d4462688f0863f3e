"""The engine's only source of chance: a small seeded generator whose whole state is one integer.

The state lives in the game state, so replaying a game's actions from its seed is exact
(boardgame.io's seeded PRNG; OpenSpiel's explicit chance). SplitMix64 (Steele, Lea, Flood 2014).
"""

from __future__ import annotations

from typing import TypeVar

MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    return seed & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform integer in [0, n)) by rejection, so there is no modulo bias."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list[T]) -> int:
    """Shuffle items in place (Fisher-Yates); return the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
