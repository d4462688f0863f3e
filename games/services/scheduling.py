"""What follows a commit: the next decision's clock, the server's move for an automatic seat,
deadline tasks, and the signals the e-mail side listens to."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine

from .. import selectors, signals
from ..models import Game, Seat
from .clocks import deadline_for

log = logging.getLogger(__name__)


def after_change(
    game: Game, state: engine.State, seats: list[Seat] | None = None, *, moved: bool = True
) -> None:
    """Save the game with its pending decision's clock, then, after the commit: schedule the
    server's move for an automatic seat, or the deadline and `turn_started` for a person's seat;
    `game_finished` when the game ended. Without a move (`moved=False`: another seat resigned),
    a person's decision already under way keeps its clock and is not announced again."""
    game_id, seq, now = game.pk, game.seq, timezone.now()
    position = engine.to_act(state) if game.status == Game.Status.ACTIVE else None
    seat = None
    if position is not None:
        seat = (seats or selectors.seats_of(game))[position]
    ongoing = game.to_act == position and not game.automatic
    if not moved and seat is not None and not seat.plays_automatically and ongoing:
        game.save()
        return
    game.to_act = position
    game.decision_started = now if seat is not None else None
    game.automatic = seat is not None and seat.plays_automatically
    game.deadline = None if seat is None or game.automatic else deadline_for(game, seat, now)
    game.save()
    deadline = game.deadline
    if engine.is_over(state):
        transaction.on_commit(lambda: send(signals.game_finished, game_id=game_id, seq=seq))
    elif game.automatic:
        transaction.on_commit(lambda: schedule_automatic(game_id, seq))
    elif seat is not None:

        def human_turn() -> None:
            if deadline is not None:
                schedule_deadline(game_id, seq, deadline)
            send(signals.turn_started, game_id=game_id, seq=seq, seat=position, deadline=deadline)

        transaction.on_commit(human_turn)


def send(signal: Any, **kwargs: Any) -> None:
    """Receivers must not raise; if one does, the committed move still stands (it is logged)."""
    for receiver, result in signal.send_robust(sender=Game, **kwargs):
        if isinstance(result, Exception):
            log.error("%s failed for %s", receiver, kwargs, exc_info=result)


def invitation_sender(seat: Seat, token: str) -> Any:
    def send_invitation() -> None:
        from players.services import invitation_send

        invitation_send(seat=seat, token=token)

    return send_invitation


def _eager() -> bool:
    from gtr_api.celery import app

    return bool(app.conf.task_always_eager)


def schedule_automatic(game_id: int, seq: int) -> None:
    from .automatic import automatic_turns_play, automatic_turns_running

    if automatic_turns_running():
        return  # automatic_turns_play is already playing this game's automatic turns
    if _eager():  # in-process (tests): a loop, not one nested task per move
        automatic_turns_play(game_id=game_id, seq=seq)
        return
    from ..tasks import play_automatic_turn

    play_automatic_turn.delay(game_id, seq)


def schedule_deadline(game_id: int, seq: int, deadline: Any) -> None:
    """A task at the deadline, or at the horizon when that is sooner (it reschedules itself):
    Redis redelivers a message held longer than its visibility timeout, so none is held that
    long. In-process (eager) runs schedule nothing: the sweep or a test calls the service."""
    if _eager():
        return
    from ..tasks import expire_deadline

    horizon = timezone.now() + timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
    expire_deadline.apply_async((game_id, seq), eta=min(deadline, horizon))


def games_sweep() -> int:
    """Queue a task for every decision that is due (Celery beat runs this periodically, so a
    lost message cannot stall a game). Returns how many were queued."""
    from ..tasks import expire_deadline, play_automatic_turn

    late, stuck = selectors.games_due()
    for game_id, seq in late:
        expire_deadline.delay(game_id, seq)
    for game_id, seq in stuck:
        play_automatic_turn.delay(game_id, seq)
    return len(late) + len(stuck)
