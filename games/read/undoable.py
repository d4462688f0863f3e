"""What a seat may take back now, read off the game's `run` (docs/api.md, Taking moves back).

`Game.run` follows the run of one person's own consecutive decisions.
It is `{"seat": s, "line": [[seq, learnt], ...]}`, plus `"takeback"` while a request stands.
The line's first entry is the seq before the run began; each later one is a decision of the
seat (or an undo within the run), with what it taught the seat (`engine.learnt`, or null).
Any move of another seat, or one the server made, ends the run.

- Without consent, a seat takes back decisions of its run while the decision is still its own,
  back to the state after the last one that taught it something.
- With the others' consent (a takeback), it may go back further within the run, and also after
  its run handed the decision to the next player, until that player decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from games.models import Game, Move, Seat

# Why a seat may take nothing back without consent now (the `reason` of `undo_not_allowed`).
NOTHING_TO_UNDO = "nothing_to_undo"  # no decision of its own in the run
OTHER_ACTED = "other_acted"  # another player, or the server, acted since its last decision
DECISION_PASSED = "decision_passed"  # the decision is another seat's now: ask for a takeback
REVEALED = "revealed"  # its last decision taught it something: ask for a takeback
REASONS = (NOTHING_TO_UNDO, OTHER_ACTED, DECISION_PASSED, REVEALED)
PEOPLE = (Move.Actor.HUMAN, Move.Actor.EMAIL)  # the moves a person made themselves


@dataclass(frozen=True)
class Offer:
    """What the seat may take back: `targets` any way, `safe` without consent."""

    reason: str | None  # None when `safe` is not empty
    targets: tuple[int, ...] = ()
    safe: tuple[int, ...] = ()

    @property
    def needs_consent(self) -> tuple[int, ...]:
        return tuple(t for t in self.targets if t not in self.safe)


def run_moved(
    run: dict[str, Any] | None, seq: int, seat: int | None, actor: str, learnt: str | None
) -> dict[str, Any] | None:
    """The run after move `seq` of `seat` by `actor`, which taught the seat `learnt`."""
    if seat is None or actor not in PEOPLE:
        return None
    if run is not None and run["seat"] == seat:
        return {"seat": seat, "line": [*run["line"], [seq, learnt]]}
    return {"seat": seat, "line": [[seq - 1, None], [seq, learnt]]}


def run_undone(run: dict[str, Any], seq: int, to: int) -> dict[str, Any]:
    """The run after the undo `seq` to `to`: the undo stands for that state from now on."""
    line = run["line"]
    at = [s for s, _ in line].index(to)
    return {"seat": run["seat"], "line": [*line[:at], [seq, line[at][1]]]}


def offer(game: Game, seat: Seat) -> Offer:
    """What `seat` may take back now."""
    run = game.run
    if game.status != Game.Status.ACTIVE or seat.plays_automatically:
        return Offer(NOTHING_TO_UNDO)
    if run is None or run["seat"] != seat.position:
        return Offer(OTHER_ACTED if game.seq else NOTHING_TO_UNDO)
    line = run["line"]
    targets = tuple(s for s, _ in line[:-1])
    if not targets:
        return Offer(NOTHING_TO_UNDO)
    if game.to_act != seat.position:
        return Offer(DECISION_PASSED, targets)
    last = max((i for i, (_, learnt) in enumerate(line) if learnt), default=0)
    safe = targets[last:]
    return Offer(None if safe else REVEALED, targets, safe)


def learnt_since(run: dict[str, Any], to: int) -> bool:
    """Whether a decision of the run after `to` taught its seat something."""
    seqs = [s for s, _ in run["line"]]
    return any(learnt for _, learnt in run["line"][seqs.index(to) + 1 :])


def view_fields(game: Game, seat: Seat | None) -> dict[str, Any]:
    """The view's `undo`, `takeback` and `takeback_request` for `seat` (None: a spectator)."""
    out: dict[str, Any] = {"undo": None, "takeback": None}
    if seat is not None and game.state is not None:
        found = offer(game, seat)
        if found.safe:
            out["undo"] = {"to": found.safe[-1], "earliest": found.safe[0]}
        if found.needs_consent:
            out["takeback"] = {"to": found.needs_consent[-1], "earliest": found.needs_consent[0]}
    out["takeback_request"] = pending_request(game)
    return out


def pending_request(game: Game) -> dict[str, Any] | None:
    """The takeback request standing now, as the views show it: none once it expired."""
    return standing((game.run or {}).get("takeback"))


def standing(request: dict[str, Any] | None) -> dict[str, Any] | None:
    """`request` (a view's `takeback_request`) unless it expired."""
    if request is None or datetime.fromisoformat(request["expires"]) <= timezone.now():
        return None
    return request
