"""Rematch: after a game, any player offers to play it again; everyone else accepts or declines.

One offer per game. Bots accept at once, and so does the bot that takes the seat of an account
that was closed. The next game has the same people, ruleset, options, clock and playing hours;
each seat moves one place on (seat 0 sits at seat 1...). An offer waits GTR_REMATCH_HOURS.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import codes
from games.errors import Conflict
from games.events import feeds
from games.models import Game, Rematch, Seat
from games.store import rows

from . import barred, lobby
from .clocks import ClockSpec
from .locking import game_locked
from .matching import tell


def person(seat: Seat) -> bool:
    """Whether a person answers for the seat: an account still open, or an invited address."""
    if seat.kind == Seat.Kind.INVITED:
        return True
    return seat.kind == Seat.Kind.PLAYER and seat.user is not None and seat.user.is_active


def _users(seats: list[Seat]) -> list[int]:
    return [s.user_id for s in seats if person(s) and s.user_id is not None]


def rematch_offer(*, game_id: int, position: int) -> Rematch:
    with transaction.atomic():
        game = game_locked(game_id)
        if game.status != Game.Status.FINISHED:
            raise Conflict("The game is not over.", codes.GAME_NOT_FINISHED)
        if Rematch.objects.filter(game=game).exists():
            raise Conflict("A rematch was offered already.", codes.REMATCH_OFFERED)
        seats = rows.seats_of(game)
        barred.account_check(_user_at(seats, position))
        answers = {str(s.position): True for s in seats if not person(s)}
        answers[str(position)] = True
        expires = timezone.now() + timedelta(hours=settings.GTR_REMATCH_HOURS)
        rematch = Rematch.objects.create(game=game, seat=position, answers=answers, expires=expires)
        others = [s for s in seats if s.position != position]
        tell(
            _users(others),
            "rematch_offered",
            game=game.pk,
            seat=position,
            expires=feeds.iso(expires),
        )
        _settle(game, seats, rematch)
    return rematch


def rematch_answer(*, game_id: int, position: int, accept: bool) -> Rematch:
    with transaction.atomic():
        game = game_locked(game_id)
        rematch = Rematch.objects.select_for_update().filter(game=game).first()
        waiting = rematch is not None and rematch.status == Rematch.Status.PENDING
        if rematch is None or not waiting or rematch.expires <= timezone.now():
            raise Conflict("No rematch offer is waiting.", codes.NO_REMATCH)
        if str(position) in rematch.answers:
            raise Conflict("You have answered already.", codes.NO_REMATCH)
        seats = rows.seats_of(game)
        if accept:
            barred.account_check(_user_at(seats, position))
        rematch.answers[str(position)] = accept
        if not accept:
            rematch.status = Rematch.Status.DECLINED
        _settle(game, seats, rematch, declined_by=None if accept else position)
    return rematch


def _settle(
    game: Game, seats: list[Seat], rematch: Rematch, declined_by: int | None = None
) -> None:
    """Saves the answers; once every seat accepted, the next game begins."""
    if rematch.status == Rematch.Status.PENDING and len(rematch.answers) == len(seats):
        rematch.next_game = _play_again(game, seats)
        rematch.status = Rematch.Status.ACCEPTED
    if rematch.status != Rematch.Status.PENDING:
        rematch.answered = timezone.now()
        data = {"seat": declined_by} if declined_by is not None else {}
        if rematch.next_game_id is not None:
            data["next_game"] = rematch.next_game_id
        tell(_users(seats), "rematch_closed", game=game.pk, status=rematch.status, **data)
    rematch.save()


def _play_again(game: Game, seats: list[Seat]) -> Game:
    """The next game: the player at seat p sits at seat p + 1 (the last at seat 0)."""
    n = len(seats)
    moved = {(s.position + 1) % n: s for s in seats}
    creator = next((moved[q].user for q in range(n) if _is_user(moved[q])), game.creator)
    specs = [_spec(moved[q], creator) for q in range(n)]
    clock = ClockSpec(game.clock, game.clock_seconds, game.clock_increment, game.clock_cap or None)
    following = lobby.game_create(
        user=creator,
        version=game.version,
        players=n,
        options=game.options,
        seats=specs,
        clock=clock,
        playing_hours=game.playing_hours,
        rated=game.rated,  # a rematch is rated or casual as the game was
    )
    for q in range(n):
        seat = moved[q]
        if _is_user(seat) and seat.user != creator:
            lobby.seat_join(game_id=following.pk, user=seat.user, position=q)
    return following


def _user_at(seats: list[Seat], position: int) -> int | None:
    return next((s.user_id for s in seats if s.position == position), None)


def _is_user(seat: Seat) -> bool:
    return person(seat) and seat.user is not None


def _spec(seat: Seat, creator: Any) -> lobby.SeatSpec:
    if not person(seat):
        return lobby.SeatSpec("bot", bot=seat.bot, timeout=seat.timeout_policy)
    if seat.user is None:
        return lobby.SeatSpec("invited", email=seat.email, timeout=seat.timeout_policy)
    kind = "me" if seat.user == creator else "open"
    return lobby.SeatSpec(kind, timeout=seat.timeout_policy)


def waiting(offer: Rematch) -> list[int]:
    """The seats yet to answer an offer still open."""
    if offer.status != Rematch.Status.PENDING:
        return []
    return [p for p in range(offer.game.players) if str(p) not in offer.answers]


def rematch_of(game_id: int) -> Rematch | None:
    return Rematch.objects.filter(game_id=game_id).first()


def rematches_expire(now: datetime | None = None) -> int:
    """The sweep: offers nobody answered in time expire, and the table hears of it."""
    now = now or timezone.now()
    late = Rematch.objects.filter(status=Rematch.Status.PENDING, expires__lte=now)
    expired = 0
    for rematch_id in late.values_list("pk", flat=True):
        with transaction.atomic():
            rematch = Rematch.objects.select_for_update().filter(pk=rematch_id).first()
            if rematch is None or rematch.status != Rematch.Status.PENDING:
                continue
            rematch.status = Rematch.Status.EXPIRED
            _settle(rematch.game, rows.seats_of(rematch.game), rematch)
            expired += 1
    return expired
