"""A game's mutual pause (docs/async.md, Time off): proposed (`pause_propose`), accepted or declined
by every other person at the table (`pause_answer`), resumed by anyone (`pause_resume`); proposals
expire (`proposal_expire`, lazily, and `proposals_expire`, the sweep's tidying). A pause stops the
clock of the decision under way (games.services.timeoff.clock_recalculate). A pause with an end
is over once its end passed; the table hears so once (`pause_end`, lazily, and `pauses_end`, the
sweep's), as when a person resumes it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import codes
from games.errors import Conflict, Forbidden, Refused
from games.events import commit, feeds, story
from games.models import Game, PauseProposal, Seat
from games.read import calendars
from games.store import rows

from . import barred
from .locking import game_in_play, game_locked
from .timeoff import clock_recalculate

LONGEST_PAUSE = timedelta(days=365)


def people(seats: list[Seat]) -> list[Seat]:
    """The seats whose persons decide on a pause: people seated who have not resigned, and whose
    accounts are not suspended (a suspended player may not stall the game)."""
    return [
        s
        for s in seats
        if s.kind in (Seat.Kind.PLAYER, Seat.Kind.INVITED) and not s.resigned and not s.suspended
    ]


def _person(seats: list[Seat], position: int) -> Seat:
    seat = seats[position]
    if seat.resigned:
        raise Conflict("You resigned from this game.", codes.RESIGNED)
    barred.seat_check(seat)
    if seat not in people(seats):
        raise Forbidden("Only the people at the table decide on a pause.", codes.NOT_A_PLAYER)
    return seat


def proposal_expire(game: Game, now: datetime) -> bool:
    """Ends the game's open proposal if its time is up (lazily, inside another write, or by the
    sweep). The game is changed, not saved. Returns whether it expired."""
    proposal = game.pause_proposal
    if not proposal or calendars.moment(proposal["expires"]) > now:  # type: ignore[operator]
        return False
    PauseProposal.objects.filter(pk=proposal["id"], status=PauseProposal.Status.OPEN).update(
        status=PauseProposal.Status.EXPIRED, answered=now
    )
    game.pause_proposal = None
    story.record(game, "pause_expired", seat=proposal["seat"])
    return True


def proposals_expire(now: datetime | None = None) -> int:
    """The sweep's tidying: every open proposal whose time is up expires, one game at a time."""
    now = now or timezone.now()
    due = PauseProposal.objects.filter(status=PauseProposal.Status.OPEN, expires__lte=now)
    done = 0
    for game_id in sorted(set(due.values_list("game_id", flat=True))):
        with transaction.atomic():
            game = game_locked(game_id)
            if proposal_expire(game, now):
                game.revision += 1
                game.save()
                commit.publish_on_commit(game, commit.PAUSE_ANSWERED)
                done += 1
    return done


def pause_propose(
    *, game_id: int, position: int, until: datetime | None = None, now: datetime | None = None
) -> Game:
    """A person proposes to pause the game, until a moment or until someone resumes it.

    Every other person must accept before the proposal expires (GTR_PAUSE_PROPOSAL_HOURS); with
    no other person at the table the game pauses at once. Refused: a game not in play (409
    `game_not_active`), a pause already proposed or in effect (409 `pause_pending`), an end that
    is not in the future, or more than a year away (422 `bad_pause`).
    """
    now = now or timezone.now()
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        seat = _person(seats, position)
        proposal_expire(game, now)  # lazily: saved with what follows, or forgotten with a refusal
        pause_end(game, seats, now)  # the same: a pause over is told before a new one
        if game.pause_proposal or calendars.paused_at(game, now):
            raise Conflict("A pause is proposed or in effect already.", codes.PAUSE_PENDING)
        if until is not None and not now < until <= now + LONGEST_PAUSE:
            raise Refused("A pause ends in the future, within a year.", codes.BAD_PAUSE)
        others = [s for s in people(seats) if s.position != position]
        expires = now + timedelta(hours=settings.GTR_PAUSE_PROPOSAL_HOURS)
        proposal = PauseProposal.objects.create(
            game=game, seat=position, until=until, accepted=[position], expires=expires
        )
        game.revision += 1
        if not others:
            _pause_start(game, seats, proposal, now)
            return game
        game.pause_proposal = {
            "id": proposal.pk,
            "seat": position,
            "until": calendars.iso(until),
            "accepted": [position],
            "expires": calendars.iso(expires),
        }
        detail = {"seat": seat.position, "until": feeds.iso(until), "expires": feeds.iso(expires)}
        story.record(game, "pause_proposed", **detail)
        asked = [s.user_id for s in others if s.user_id is not None]
        feeds.notify(asked, game, "pause_proposed", seq=game.seq, **detail)
        game.save()
        commit.publish_on_commit(
            game, commit.PAUSE_PROPOSED, seat=position, seats=seats, subject_id=proposal.pk
        )
    return game


def pause_answer(*, game_id: int, position: int, accept: bool, now: datetime | None = None) -> Game:
    """A person accepts or declines the open proposal (409 `no_pause_proposal` if none is open).

    The game pauses when every other person has accepted; a decline ends the proposal (the
    proposer declining withdraws it). Accepting twice changes nothing.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        _person(seats, position)
        proposal_expire(game, now)  # an expired proposal is no longer open: nothing changes
        proposal_data = game.pause_proposal
        if not proposal_data:
            raise Conflict("No pause is proposed.", codes.NO_PAUSE_PROPOSAL)
        if accept and position in proposal_data["accepted"]:
            return game
        proposal = PauseProposal.objects.get(pk=proposal_data["id"])
        story.record(game, "pause_answered", seat=position, accepted=accept)
        game.revision += 1
        if not accept:
            proposal.status, proposal.answered = PauseProposal.Status.DECLINED, now
            proposal.save(update_fields=["status", "answered"])
            game.pause_proposal = None
            game.save()
            commit.publish_on_commit(game, commit.PAUSE_ANSWERED, seat=position, seats=seats)
            return game
        proposal.accepted = sorted({*proposal.accepted, position})
        proposal.save(update_fields=["accepted"])
        game.pause_proposal = {**proposal_data, "accepted": proposal.accepted}
        if {s.position for s in people(seats)} <= set(proposal.accepted):
            _pause_start(game, seats, proposal, now)
            return game
        game.save()
        commit.publish_on_commit(game, commit.PAUSE_ANSWERED, seat=position, seats=seats)
    return game


def _pause_start(game: Game, seats: list[Seat], proposal: PauseProposal, now: datetime) -> None:
    """Every person agreed: the clocks stop. The caller holds the lock and bumped the revision."""
    proposal.status, proposal.answered = PauseProposal.Status.ACCEPTED, now
    proposal.save(update_fields=["status", "answered"])
    game.pause_proposal = None
    game.paused_since, game.paused_until = now, proposal.until
    story.record(game, "paused", seat=proposal.seat, until=feeds.iso(proposal.until))
    _feed_seated(game, seats, "game_paused", seat=proposal.seat, until=feeds.iso(proposal.until))
    moved = clock_recalculate(game, seats, now)
    game.save()
    commit.publish_on_commit(
        game, commit.PAUSED, seat=proposal.seat, seats=seats, clock_moved=moved
    )


def pause_resume(*, game_id: int, position: int, now: datetime | None = None) -> Game:
    """Any person at the table ends the pause in effect (409 `not_paused` if none is): the clock
    of the decision under way runs again with the time it had left."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        _person(seats, position)
        if not calendars.paused_at(game, now):
            raise Conflict("The game is not paused.", codes.NOT_PAUSED)
        game.paused_until = now
        story.record(game, "resumed", seat=position, automatic=False)
        _feed_seated(game, seats, "game_resumed", seat=position, automatic=False)
        moved = clock_recalculate(game, seats, now)
        game.paused_since = game.paused_until = None
        game.revision += 1
        game.save()
        commit.publish_on_commit(
            game, commit.RESUMED, seat=position, seats=seats, clock_moved=moved
        )
    return game


def pause_end(game: Game, seats: list[Seat], now: datetime) -> bool:
    """Tells the table that the pause's end came: a `resumed` event with `automatic: true`, no
    seat, as a person's resume has, and the pause forgotten. The game is changed, not saved;
    the caller holds the lock. Returns whether it ended (False: no pause, or one not over)."""
    if game.paused_since is None or calendars.paused_at(game, now):
        return False
    story.record(game, "resumed", seat=None, automatic=True)
    _feed_seated(game, seats, "game_resumed", seat=None, automatic=True)
    clock_recalculate(game, seats, now)  # the pause's end is in its calendar: nothing moves
    game.paused_since = game.paused_until = None
    return True


def pauses_end(now: datetime | None = None) -> int:
    """The sweep's: every pause whose end passed is told over, once, one game at a time.

    Under the game's lock it looks again, so a retry, or a second sweep, finds nothing to do.
    """
    now = now or timezone.now()
    due = Game.objects.filter(
        status=Game.Status.ACTIVE, paused_since__isnull=False, paused_until__lte=now
    )
    done = 0
    for game_id in sorted(due.values_list("pk", flat=True)):
        with transaction.atomic():
            game = game_locked(game_id)
            if game.status != Game.Status.ACTIVE:
                continue
            seats = rows.seats_of(game)
            if pause_end(game, seats, now):
                game.revision += 1
                game.save()
                commit.publish_on_commit(game, commit.RESUMED, seats=seats)
                done += 1
    return done


def _feed_seated(game: Game, seats: list[Seat], kind: str, **data: Any) -> None:
    users = [s.user_id for s in seats if s.user_id is not None]
    feeds.notify(users, game, kind, seq=game.seq, **data)
