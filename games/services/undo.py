"""Taking moves back (docs/api.md, Taking moves back).

- `undo_submit`: a person takes back their own last decisions, which taught them nothing.
- `takeback_request`, `takeback_answer`: going back further, with the others' consent.

What may be taken back is read off the game's run (games.read.undoable), which every move keeps
with what it taught its seat (`engine.learnt`). The server decides, never a client.
Either way an undo entry is appended to the log (`{"type": "undo", "to": k}`).
Its state is the table after move k exactly, replayed from the log; nothing is rewritten.
An undo gives no time back: made at the seat's own decision, that decision goes on with its
clock as it was (its start, its calendar of time off, its deadline), and a bank pays for the
whole of it at the next move (games.services.turns).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
from games import codes
from games.errors import Conflict, Refused, StaleSeq, UndoRefused
from games.events import commit, feeds, recorded, story
from games.models import Game, Move, Seat, TakebackRequest
from games.read import undoable
from games.read.selectors import Caller, position_of
from games.store import rows

from .locking import game_in_play
from .moves import move_append, state_at

WHY = {
    undoable.NOTHING_TO_UNDO: "You have no decision of your own to take back.",
    undoable.OTHER_ACTED: "Another player (or the server) has acted since your last decision.",
    undoable.DECISION_PASSED: "The decision is another player's now: ask for a takeback.",
    undoable.REVEALED: "Your last decision showed you something new: ask for a takeback.",
}


def undo_submit(
    *, game_id: int, caller: Caller, seq: int, to: int | None = None, actor: str = Move.Actor.HUMAN
) -> tuple[Game, Move]:
    """Take back the caller's decisions to the table after move `to` (default: the last one).

    Refused (409 `undo_not_allowed`) when that needs the others' consent or is not the caller's.
    """
    with transaction.atomic():
        game, seats, position = _locked(game_id, caller, seq)
        found = undoable.offer(game, seats[position])
        if found.reason is not None:
            raise UndoRefused(WHY[found.reason], reason=found.reason)
        to = found.safe[-1] if to is None else to
        if to not in found.safe:
            _refuse_target(found, to)
        move = undo_append(game, seats, position, to, actor)
    return game, move


def _locked(game_id: int, caller: Caller, seq: int) -> tuple[Game, list[Seat], int]:
    game, seats = game_in_play(game_id)
    position = position_of(game, caller)
    if seq != game.seq:
        raise StaleSeq(f"The game moved on: you saw move {seq}, it is now at move {game.seq}.")
    return game, seats, position


def _refuse_target(found: undoable.Offer, to: int) -> None:
    if to in found.targets:
        raise UndoRefused(WHY[undoable.REVEALED], reason=undoable.REVEALED)
    raise Refused(
        f"You may go back to move {', '.join(map(str, found.targets)) or 'none'}, not {to}.",
        codes.BAD_UNDO_TARGET,
    )


def undo_append(
    game: Game,
    seats: list[Seat],
    position: int,
    to: int,
    actor: str,
    closing: str = TakebackRequest.Status.VOID,
) -> Move:
    """Append the undo to move `to` for `position`. The caller holds the game's row lock.

    A takeback request still pending is closed as `closing` (void: passed by this undo).
    """
    state = state_at(game, to)
    _close_request(game, closing)
    assert game.run is not None
    game.run = undoable.run_undone(game.run, game.seq + 1, to)
    story.record(game, "undo", seat=position, to=to, actor=actor)
    action = {"type": engine.UNDO, "to": to}
    return move_append(game, state, position, action, actor, seats, undo=True)


def takeback_request(*, game_id: int, caller: Caller, seq: int, to: int | None = None) -> Game:
    """Ask the other players to let the caller take back decisions to the table after `to`.

    Bots and other seats the server plays answer at once: yes when the decisions taught the
    caller nothing. When nothing needs consent, the undo is made at once.
    """
    with transaction.atomic():
        game, seats, position = _locked(game_id, caller, seq)
        found = undoable.offer(game, seats[position])
        if not found.targets:
            why = found.reason or undoable.NOTHING_TO_UNDO
            raise UndoRefused(WHY[why], reason=why)
        to = (found.needs_consent or found.targets)[-1] if to is None else to
        if to not in found.targets:
            _refuse_target(found, to)
        if to in found.safe:
            undo_append(game, seats, position, to, Move.Actor.HUMAN)
            return game
        if undoable.pending_request(game) is not None:
            raise Conflict("A takeback request is waiting for answers.", codes.TAKEBACK_PENDING)
        _close_request(game, TakebackRequest.Status.EXPIRED)
        request = _request_open(game, seats, position, to)
        _settle(game, seats, request)
    return game


def _request_open(game: Game, seats: list[Seat], position: int, to: int) -> TakebackRequest:
    expires = timezone.now() + timedelta(seconds=settings.GTR_TAKEBACK_SECONDS)
    request = TakebackRequest.objects.create(
        game=game, seat=position, seq=game.seq, to=to, expires=expires
    )
    others = [s for s in seats if s.position != position]
    people = [s for s in others if not s.plays_automatically]
    story.takeback_asked(game, position, to, feeds.iso(expires) or "", people)
    assert game.run is not None
    fair = not undoable.learnt_since(game.run, to)
    for seat in others:
        if seat.plays_automatically:
            request.answers[str(seat.position)] = fair
            story.takeback_answered(game, seat.position, fair, seats[position])
    return request


def takeback_answer(*, game_id: int, caller: Caller, accept: bool) -> Game:
    """Accept or decline the takeback request waiting for the caller's answer."""
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        position = position_of(game, caller)
        pending = undoable.pending_request(game)
        if pending is None or pending["seat"] == position or str(position) in pending["answers"]:
            raise Conflict("No takeback request is waiting for your answer.", codes.NO_TAKEBACK)
        request = TakebackRequest.objects.get(pk=pending["id"])
        request.answers[str(position)] = accept
        story.takeback_answered(game, position, accept, seats[request.seat])
        _settle(game, seats, request)
    return game


def _settle(game: Game, seats: list[Seat], request: TakebackRequest) -> None:
    """Declined by anyone, or accepted by everyone (the undo), or still waiting."""
    answers = request.answers.values()
    asked = [s for s in seats if s.position != request.seat]
    if all(answers) and len(answers) == len(asked):
        request.save(update_fields=["answers"])
        accepted = TakebackRequest.Status.ACCEPTED
        undo_append(game, seats, request.seat, request.to, Move.Actor.HUMAN, accepted)
        return
    assert game.run is not None
    if not all(answers):
        game.run = {k: v for k, v in game.run.items() if k != "takeback"}
        request.status, request.closed = TakebackRequest.Status.DECLINED, timezone.now()
    else:
        game.run = {**game.run, "takeback": _summary(request)}
    request.save()
    game.revision += 1
    rows.update(game, ["run", "revision", "last_event", "updated"])
    recorded.last_event_saved(game)
    commit.publish_on_commit(game, commit.TAKEBACK, seat=request.seat, seats=seats)


def _summary(request: TakebackRequest) -> dict[str, object]:
    return {
        "id": request.pk,
        "seat": request.seat,
        "to": request.to,
        "expires": feeds.iso(request.expires),
        "answers": dict(request.answers),
    }


def _close_request(game: Game, status: str) -> None:
    """Closes the game's request still marked pending: answered, expired, or passed by a move."""
    for request in TakebackRequest.objects.filter(game=game, status=TakebackRequest.Status.PENDING):
        ended = status if request.seq == game.seq else TakebackRequest.Status.VOID
        request.status, request.closed = ended, timezone.now()
        request.save(update_fields=["status", "closed"])
