"""The default policy: how the search plays on past its tree, fast and better than uniform.

Uniform random play is a poor model of a player: most of the legal actions at a lead or follow
are petitions (two or three cards for one action), and a random player skips half its role
actions. The policy weighs each legal action by its kind and a glance at the table (a small hand
wants to think; an open foundation wants materials, not another foundation) and draws one in
proportion. It looks at nothing hidden from the seat it plays for beyond what its determinisation
dealt, and costs about as much as listing the options.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...actions import (
    Action,
    Build,
    Claim,
    Demand,
    Follow,
    Fountain,
    Gather,
    Give,
    Hire,
    Lay,
    Lead,
    Publicize,
    Sell,
    Skip,
    Think,
)
from ...state import State

Weigher = Callable[[State, int, Action], float]


def think_weight(state: State, seat: int, a: Action) -> float:
    assert isinstance(a, Think)
    hand = len(state.players[seat].hand)
    weight = 4.0 if hand <= 2 else 1.2 if hand <= 4 else 0.25
    if a.take == "jack":
        weight *= 0.6
    if a.discard:
        weight *= 0.2
    return weight


def play_weight(state: State, seat: int, a: Action) -> float:
    """One card for one action; petitions (two or three for one) rarely pay."""
    assert isinstance(a, Lead | Follow)
    return 1.0 if len(a.cards) == 1 else 0.08


def lay_weight(state: State, seat: int, a: Action) -> float:
    open_ = sum(1 for b in state.players[seat].buildings if not b.complete)
    return (0.2 if a.out_of_town else 1.0) / (1 + 2 * open_)  # type: ignore[attr-defined]


WEIGHTS: dict[type[Action], Weigher] = {
    Skip: lambda s, seat, a: 0.05,
    Think: think_weight,
    Lead: play_weight,
    Follow: play_weight,
    Build: lambda s, seat, a: 4.0,
    Lay: lay_weight,
    Gather: lambda s, seat, a: 2.0,
    Hire: lambda s, seat, a: 2.0,
    Sell: lambda s, seat, a: 2.0,
    Demand: lambda s, seat, a: 1.0 + len(a.cards),  # type: ignore[attr-defined]
    Claim: lambda s, seat, a: 1.0 + len(a.cards),  # type: ignore[attr-defined]
    Give: lambda s, seat, a: 1.0,
    Publicize: lambda s, seat, a: 0.5,
    Fountain: lambda s, seat, a: 1.0,
}


def weight(state: State, seat: int, a: Action) -> float:
    weigher = WEIGHTS.get(type(a))
    return 1.0 if weigher is None else weigher(state, seat, a)


def pick(state: State, seat: int, options: list[Action], rng: random.Random) -> Action:
    """One of `options`, drawn in proportion to its weight."""
    if len(options) == 1:
        return options[0]
    weights = [weight(state, seat, a) for a in options]
    return rng.choices(options, weights)[0]


def pick_uniform(state: State, seat: int, options: list[Action], rng: random.Random) -> Action:
    """The baseline the policy is measured against."""
    return options[rng.randrange(len(options))]
