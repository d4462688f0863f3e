"""One game as the environments play it: the engine's state, the pending decision as a trie of
sub-choices (gtr_env.actions), each seat's observation (gtr_env.observation), and the rewards.

The PettingZoo environment (gtr_env.aec) and the Gymnasium wrapper (gtr_env.single) both drive a
`Table`; so does batch self-play. Everything goes through the engine's facade (`engine.new_game`,
`legal_actions`, `apply`, `view`, `to_act`, `scores`); a seat's observation is built from its
`engine.view` alone.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

import engine
from engine.determinize import Memory

from .actions import SIZE, Action, Decision, View, sentence_of
from .observation import OBS_SIZE, Vector, encode_choice, encode_view

Mask = npt.NDArray[np.int8]
REWARDS = ("win", "placement")


class Table:
    """A game in progress.

    `auto_forced`: a sub-choice with a single legal index is taken at once (the agent is asked
    only when it has a choice; its observation's choice part still shows the forced ones), and
    so is a whole decision with a single legal action. `memories` (seat: engine.determinize's
    Memory) see each of their seat's views and every public move, as the arena feeds a search
    bot's (docs/bots.md)."""

    def __init__(self, auto_forced: bool = True) -> None:
        self.auto_forced = auto_forced
        self.memories: dict[int, Memory] = {}
        self.state: engine.State | None = None
        self.initial: engine.State | None = None
        self.log: list[tuple[int, Action]] = []
        self.decision: Decision | None = None
        self.legal: list[Action] = []  # the legal actions of the decision, as the engine lists them
        self.seat: int | None = None  # the seat deciding; None once the game is over
        self._views: dict[int, View] = {}
        self._vectors: dict[int, Vector] = {}

    # Setting up ----------------------------------------------------------------------------------

    def load(self, state: engine.State) -> None:
        """Play on from `state` (a new game, `engine.scenario(...)`, a record's replay)."""
        self.state = self.initial = state
        self.log = []
        self._decide()
        self._settle(self._forced())

    @property
    def players(self) -> int:
        assert self.state is not None
        return self.state.n

    @property
    def over(self) -> bool:
        return self.state is not None and engine.is_over(self.state)

    # What a seat sees ----------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """`engine.view(state, seat)` of the current table (made once per move)."""
        view = self._views.get(seat)
        if view is None:
            assert self.state is not None
            view = self._views[seat] = engine.view(self.state, seat)
        return view

    def observe(self, seat: int) -> tuple[Vector, Mask]:
        """The seat's observation vector and action mask (all zero unless it is deciding)."""
        vector = self._vectors.get(seat)
        if vector is None:
            vector = self._vectors[seat] = encode_view(self.view(seat))
        out = vector.copy()
        mask: Mask = np.zeros(SIZE, dtype=np.int8)
        if seat == self.seat and self.decision is not None:
            encode_choice(out, self.decision.prefix)
            mask[self.decision.legal_tokens()] = 1
        return out, mask

    def observation_size(self) -> int:
        return OBS_SIZE

    # Playing -------------------------------------------------------------------------------------

    def choose(self, token: int) -> None:
        """The deciding seat's next sub-choice (ValueError when its mask forbids it)."""
        if self.decision is None:
            raise ValueError("the game is over")
        action = self.decision.choose(token)
        self._settle(action if action is not None else self._forced())

    def play(self, action: Action) -> None:
        """A whole engine action for the deciding seat (a bot's, a record's): written as its
        sentence and chosen token by token, as an agent would (the sub-choices made already,
        forced ones included, must be its first). The action itself is played, not the first
        one alike to it that the sentence stands for."""
        if self.decision is None or self.seat is None:
            raise ValueError("the game is over")
        decision, before = self.decision, len(self.log)
        sentence = sentence_of(self.view(self.seat), action)
        if action in self.legal:  # play it, not the first action alike to it
            decision.settle(sentence, action)
        for i, token in enumerate(sentence):
            if len(self.log) > before:
                break  # played: the forced end of its sentence was taken with it
            if i < len(decision.prefix):
                if decision.prefix[i] != token:
                    raise ValueError(f"{action} is not what this decision has begun to say")
                continue
            self.choose(token)

    def _forced(self) -> Action | None:
        """Take the forced sub-choices of the decision in progress; the action if that
        completes it."""
        if not self.auto_forced or self.decision is None:
            return None
        while (token := self.decision.forced()) is not None:
            action = self.decision.choose(token)
            if action is not None:
                return action
        return None

    def _settle(self, action: Action | None) -> None:
        """Play the completed `action` and every one that follows with no choice in it."""
        while action is not None:
            assert self.state is not None and self.seat is not None
            seat = self.seat
            self.state = engine.apply(self.state, action, seat)
            self.log.append((seat, action))
            for s, memory in self.memories.items():
                memory.record(seat, engine.public_action(action, seat, s))
            self._decide()
            action = self._forced()

    def _decide(self) -> None:
        assert self.state is not None
        self._views, self._vectors = {}, {}
        for s, memory in self.memories.items():
            memory.observe(self.view(s))
        seat = engine.to_act(self.state)
        self.seat = seat
        if seat is None:
            self.decision, self.legal = None, []
            return
        self.legal = engine.legal_actions(self.state)
        self.decision = Decision(self.view(seat), self.legal)

    # The end -------------------------------------------------------------------------------------

    def scores(self) -> list[dict[str, Any]]:
        assert self.state is not None
        return engine.scores(self.state)

    def rewards(self, reward: str = "win", margin: float = 0.0) -> list[float]:
        """Each seat's reward for the finished game (zero for every seat before the end)."""
        if not self.over:
            return [0.0] * self.players
        assert self.state is not None and self.state.end is not None
        return final_rewards(self.state.end, reward, margin)


def check_setup(
    version: str,
    players: int,
    options: dict[str, Any] | None,
    rules_revision: int | None,
    reward: str,
    render_mode: str | None,
) -> None:
    """Refuse an environment's arguments that no game could be played with: the engine sets up
    one table (engine.SetupError for a bad version, count, option or revision)."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError("the only render mode is 'ansi'")
    engine.new_game(version, players, 0, options, rules_revision=rules_revision)


def final_rewards(end: dict[str, Any], reward: str = "win", margin: float = 0.0) -> list[float]:
    """Rewards from the engine's end of a game (`state.end`: reason, winners, scores).

    - `win`: a win is +1 and a loss -1; a win shared by k tied winners counts 1/k of a win
      (the arena's tally, engine/bots/arena.py), so each of them gets 2/k - 1 (a two-way tie: 0).
    - `placement`: the winners first, then the others by total score; +1 for the first place,
      -1 for the last, evenly between; seats tied for places share their average.
    - `margin` (any mode): adds `margin` times the seat's total score less the best total among
      the others (negative behind, positive ahead).
    """
    scores = {s["seat"]: s["total"] for s in end["scores"]}
    seats = sorted(scores)
    n = len(seats)
    winners = set(end["winners"])
    if reward == "win":
        out = [2.0 / len(winners) - 1.0 if s in winners else -1.0 for s in seats]
    elif reward == "placement":
        key = {s: (s in winners, scores[s]) for s in seats}
        order = sorted(seats, key=lambda s: key[s], reverse=True)
        place: dict[int, float] = {}
        i = 0
        while i < n:
            j = i
            while j + 1 < n and key[order[j + 1]] == key[order[i]]:
                j += 1
            for s in order[i : j + 1]:
                place[s] = (i + j) / 2
            i = j + 1
        out = [1.0 - 2.0 * place[s] / (n - 1) for s in seats]
    else:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if margin:
        for i, s in enumerate(seats):
            best_other = max(scores[o] for o in seats if o != s)
            out[i] += margin * (scores[s] - best_other)
    return out
