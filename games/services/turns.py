"""The pending decision, set after every change to a game: whose it is, whether the server plays
it (an automatic seat), and when it times out."""

from __future__ import annotations

from django.utils import timezone

import engine

from .. import selectors, story
from ..models import Game, Seat
from .clocks import deadline_for

# The game's columns `turn_next` sets (`updated` changes with every save).
TURN_FIELDS = ("to_act", "decision_started", "automatic", "deadline", "updated")


def turn_next(
    game: Game,
    state: engine.State,
    seats: list[Seat] | None = None,
    *,
    moved: bool = True,
    changed: tuple[str, ...] | None = None,
) -> bool:
    """Save the game with its pending decision and that decision's clock. Returns whether a
    decision began (to be announced, played by the server, or timed). Without a move
    (`moved=False`: another seat resigned), a person's decision already under way keeps its clock
    and does not begin again. `changed` names the other columns the caller changed, so that only
    those and the decision's are written (None: every column)."""
    fields = None if changed is None else [*changed, *TURN_FIELDS]
    now = timezone.now()
    position = engine.to_act(state) if game.status == Game.Status.ACTIVE else None
    seat = None if position is None else (seats or selectors.seats_of(game))[position]
    ongoing = game.to_act == position and not game.automatic
    if not moved and seat is not None and not seat.plays_automatically and ongoing:
        game.save(update_fields=fields)
        return False
    game.to_act = position
    game.decision_started = now if seat is not None else None
    game.automatic = seat is not None and seat.plays_automatically
    game.deadline = None if seat is None or game.automatic else deadline_for(game, seat, now)
    game.save(update_fields=fields)
    if seat is None:
        return False
    story.decision(game, state, seat)
    return True
