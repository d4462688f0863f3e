"""Information-set Monte Carlo tree search (SO-ISMCTS: Cowling, Powley and Whitehouse, 2012).

Each iteration deals one world consistent with what the searching seat knows (engine.determinize)
and walks the one tree in it: at each decision, the children whose actions are legal in this
world compete by UCB1, counting as tries only the times a child was available (its `avail`);
an action never tried in this node is added, the world is played on by the default policy for a
while, and the reward each seat earned (evaluate.rewards) goes back up the path, each node
crediting the seat that chose it. Opponents' decisions are nodes too, chosen for their own
reward. Forced moves (a single option) are played without a node. The root's children are the
decision's legal actions; the move played is the most visited (ties: the prior).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ...actions import Action
from ...determinize import Dealer
from ...fast import options, play
from ...flow import pending
from ...state import State
from .evaluate import rewards
from .keys import Key, key
from .policy import pick

Picker = Callable[[State, int, list[Action], random.Random], Action]
Judge = Callable[[State], list[float]]


@dataclass(slots=True)
class Node:
    seat: int = -1  # who chose the action leading here
    visits: int = 0
    total: float = 0.0
    avail: int = 0
    prior: float = 0.0
    children: dict[Key, Node] = field(default_factory=dict)


@dataclass
class Settings:
    exploration: float = 0.7  # UCB1's constant, for rewards in [0, 1]
    prior_weight: float = 1.0  # the root prior's pull, fading with visits
    playout_turns: int = 1  # turns the default policy plays past the tree before judging
    playout_steps: int = 200  # and never more decisions than this
    picker: Picker = pick
    judge: Judge = rewards  # each seat's reward where a playout stops


def ucb(child: Node, c: float) -> float:
    return child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)


class Search:
    def __init__(
        self,
        dealer: Dealer,
        root_keys: list[Key],
        priors: list[float],
        rng: random.Random,
        settings: Settings,
    ) -> None:
        self.dealer, self.rng, self.settings = dealer, rng, settings
        children = {k: Node(prior=p) for k, p in zip(root_keys, priors, strict=True)}
        self.root = Node(children=children)
        self.iterations = 0

    def run(self, keep_going: Callable[[int], bool]) -> None:
        while keep_going(self.iterations):
            self.iterate()
            self.iterations += 1

    def iterate(self) -> None:
        state = self.dealer.deal(self.rng)
        path = self.descend(state)
        reward = self.playout(state)
        for node in path:
            node.visits += 1
            node.total += reward[node.seat]

    def descend(self, state: State) -> list[Node]:
        """Select and expand: the nodes visited, the new one last."""
        node, path = self.root, []
        while state.end is None:
            acts = options(state)
            top = pending(state)
            assert top is not None
            seat = top[1]["seat"]
            if len(acts) == 1 and node is not self.root:
                play(state, acts[0])
                continue
            legal: dict[Key, Action] = {}
            for a in acts:
                legal.setdefault(key(state, seat, a), a)
            if node is self.root:  # only the decision's own actions (a world offers the same)
                legal = {k: a for k, a in legal.items() if k in node.children}
            chosen = self.select(node, legal)
            child = node.children.get(chosen)
            if child is None:
                child = node.children[chosen] = Node(seat=seat, avail=1)
                play(state, legal[chosen])
                path.append(child)
                return path
            if child.visits == 0:  # a root child not yet tried
                child.seat = seat
                play(state, legal[chosen])
                path.append(child)
                return path
            play(state, legal[chosen])
            path.append(child)
            node = child
        return path

    def select(self, node: Node, legal: dict[Key, Action]) -> Key:
        """The key to follow: an untried one if any (by prior, else at random), else UCB1."""
        children = node.children
        untried = []
        for k in legal:
            child = children.get(k)
            if child is None or child.visits == 0:
                untried.append(k)
            if child is not None:
                child.avail += 1
        if untried:
            if node is self.root:
                return max(untried, key=lambda k: children[k].prior)
            return untried[self.rng.randrange(len(untried))]
        c, w = self.settings.exploration, self.settings.prior_weight
        root = node is self.root
        return max(
            legal,
            key=lambda k: (
                ucb(children[k], c)
                + (w * children[k].prior / (1 + children[k].visits) if root else 0.0)
            ),
        )

    def playout(self, state: State) -> list[float]:
        """The default policy plays on for a few turns; then the position is judged."""
        stop = state.turn + self.settings.playout_turns
        picker = self.settings.picker
        for _ in range(self.settings.playout_steps):
            if state.end is not None or state.turn >= stop:
                break
            acts = options(state)
            top = pending(state)
            assert top is not None
            play(state, picker(state, top[1]["seat"], acts, self.rng))
        return self.settings.judge(state)

    def best(self) -> Key:
        """The most visited root child; ties go to the higher prior."""
        children = self.root.children
        return max(children, key=lambda k: (children[k].visits, children[k].prior))
