"""Challenges: one account invites another to a new game, which they accept or decline.

A challenge waits GTR_CHALLENGE_HOURS for its answer. Accepting creates the game: the challenger
at seat 0, the challenged at seat 1, the other seats open in the lobby or bots (`fill`). Both
accounts hear of every change in their feeds (docs/community.md).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games import codes
from games.errors import Conflict, Forbidden, NotFound, Refused
from games.events import feeds
from games.models import Challenge
from games.read import people

from . import barred, botseats, lobby
from .clocks import ClockSpec
from .matching import (
    clock_json,
    clock_of,
    options_checked,
    refuse_blocked,
    tell,
)

# Why a challenge is declined: a closed list, so no free text reaches the challenger.
DECLINE_REASONS = (
    "generic",
    "later",
    "too_fast",
    "too_slow",
    "ruleset",
    "players",
    "options",
    "no_bots",
)
FILLS = ("open", "bot")  # the seats beyond the two players
MAX_PENDING = 20  # challenges of one account waiting for answers at once


def challenge_create(
    *,
    user: Any,
    to: str,
    version: str,
    players: int,
    options: dict[str, Any] | None = None,
    clock: ClockSpec | None = None,
    fill: str = "open",
    rated: bool = False,
) -> Challenge:
    """Challenges the account called `to`. Nothing changes when it is refused."""
    barred.play_check(user)
    if to == user.get_username():
        raise Refused("You cannot challenge yourself.", codes.CHALLENGE_SELF)
    options = options_checked(version, [players], options or {})
    if botseats.is_server_bot(to):
        return _server_bot_game(user, to, version, players, options, clock, fill)
    target = people.account_named(to)
    refuse_blocked(user.pk, target.pk)
    options = options_checked(version, [players], options or {})
    if rated:
        lobby.check_ratable({}, options, [])
    botseats.check_bot_takes(target, version, rated=rated)
    stored_clock = clock_json(clock or ClockSpec())
    now = timezone.now()
    with transaction.atomic():
        pending = Challenge.objects.filter(
            challenger=user, status=Challenge.Status.PENDING, expires__gt=now
        )
        if pending.filter(challenged=target).exists():
            raise Conflict("You have challenged them already.", codes.CHALLENGE_PENDING)
        if pending.count() >= MAX_PENDING:
            raise Refused(
                f"At most {MAX_PENDING} challenges may wait for answers.",
                codes.TOO_MANY_CHALLENGES,
            )
        challenge = Challenge.objects.create(
            challenger=user,
            challenged=target,
            version=version,
            players=players,
            options=options,
            clock=stored_clock,
            fill=fill,
            rated=rated,
            expires=now + timedelta(hours=settings.GTR_CHALLENGE_HOURS),
        )
        tell([target.pk], "challenged", **_event_data(challenge))
    return challenge


def _server_bot_game(
    user: Any,
    bot: str,
    version: str,
    players: int,
    options: dict[str, Any],
    clock: ClockSpec | None,
    fill: str,
) -> Challenge:
    """A challenge to one of the server's bots is accepted at once: the game is created with
    the challenger at seat 0 and the bot at seat 1, and starts when its seats are filled."""
    extra = [lobby.SeatSpec(fill)] * (players - 2)
    with transaction.atomic():
        game = lobby.game_create(
            user=user,
            version=version,
            players=players,
            options=options,
            seats=[lobby.SeatSpec("me"), lobby.SeatSpec("bot", bot=bot), *extra],
            clock=clock,
        )
        now = timezone.now()
        challenge = Challenge.objects.create(
            challenger=user,
            challenged=botseats.server_bot_user(bot),
            version=version,
            players=players,
            options=game.options,
            clock=clock_json(clock or ClockSpec()),
            fill=fill,
            expires=now,
            status=Challenge.Status.ACCEPTED,
            answered=now,
            game=game,
        )
        tell([user.pk], "challenge_closed", **_closed_data(challenge))
    return challenge


def _event_data(challenge: Challenge) -> dict[str, Any]:
    return {
        "challenge": challenge.pk,
        "by": challenge.challenger.get_username(),
        "version": challenge.version,
        "players": challenge.players,
        "expires": feeds.iso(challenge.expires),
    }


def challenges_of(user: Any) -> QuerySet[Challenge]:
    """The challenges the account sent or received, the newest first."""
    mine = Q(challenger=user) | Q(challenged=user)
    return Challenge.objects.filter(mine).select_related("challenger", "challenged", "game")


def challenge_get(user: Any, challenge_id: int) -> Challenge:
    """One of the account's challenges; 404 for anyone else's."""
    challenge = challenges_of(user).filter(pk=challenge_id).first()
    if challenge is None:
        raise NotFound("No such challenge.")
    return challenge


def _locked(user: Any, challenge_id: int) -> Challenge:
    challenge_get(user, challenge_id)
    challenge = Challenge.objects.select_for_update().get(pk=challenge_id)
    if challenge.status != Challenge.Status.PENDING or challenge.expires <= timezone.now():
        raise Conflict(f"The challenge is {status_of(challenge)} already.", codes.CHALLENGE_CLOSED)
    return challenge


def status_of(challenge: Challenge, now: datetime | None = None) -> str:
    """Its status as the API shows it: a pending one past its time is expired."""
    late = challenge.expires <= (now or timezone.now())
    if challenge.status == Challenge.Status.PENDING and late:
        return Challenge.Status.EXPIRED
    return challenge.status


def challenge_accept(*, user: Any, challenge_id: int) -> Challenge:
    """The challenged accepts: the game is created, and starts when its seats are filled."""
    with transaction.atomic():
        challenge = _locked(user, challenge_id)
        if challenge.challenged_id != user.pk:
            raise Forbidden("Only the challenged may accept.", codes.NOT_YOUR_CHALLENGE)
        if not challenge.challenger.is_active:
            raise Conflict("The challenger's account is closed.", codes.CHALLENGE_CLOSED)
        refuse_blocked(challenge.challenger_id, user.pk)
        # its rulesets, or whether it takes rated games, may have changed
        botseats.check_bot_takes(user, challenge.version, rated=challenge.rated)
        extra = [lobby.SeatSpec(challenge.fill)] * (challenge.players - 2)
        game = lobby.game_create(
            user=challenge.challenger,
            version=challenge.version,
            players=challenge.players,
            options=challenge.options,
            seats=[lobby.SeatSpec("me"), lobby.SeatSpec("open"), *extra],
            clock=clock_of(challenge.clock),
            rated=challenge.rated,
        )
        lobby.seat_join(game_id=game.pk, user=user, position=1)
        _close(challenge, Challenge.Status.ACCEPTED, game=game)
        tell([challenge.challenger_id], "challenge_closed", **_closed_data(challenge))
    return challenge


def challenge_decline(*, user: Any, challenge_id: int, reason: str = "generic") -> Challenge:
    with transaction.atomic():
        challenge = _locked(user, challenge_id)
        if challenge.challenged_id != user.pk:
            raise Forbidden("Only the challenged may decline.", codes.NOT_YOUR_CHALLENGE)
        _close(challenge, Challenge.Status.DECLINED, reason=reason)
        tell([challenge.challenger_id], "challenge_closed", **_closed_data(challenge))
    return challenge


def challenge_withdraw(*, user: Any, challenge_id: int) -> Challenge:
    with transaction.atomic():
        challenge = _locked(user, challenge_id)
        if challenge.challenger_id != user.pk:
            raise Forbidden("Only the challenger may withdraw.", codes.NOT_YOUR_CHALLENGE)
        _close(challenge, Challenge.Status.WITHDRAWN)
        tell([challenge.challenged_id], "challenge_closed", **_closed_data(challenge))
    return challenge


def _close(challenge: Challenge, status: str, **fields: Any) -> None:
    challenge.status = status
    challenge.answered = timezone.now()
    for name, value in fields.items():
        setattr(challenge, name, value)
    challenge.save()


def _closed_data(challenge: Challenge) -> dict[str, Any]:
    return {
        "challenge": challenge.pk,
        "status": challenge.status,
        "reason": challenge.reason or None,
        **({"game": challenge.game_id} if challenge.game_id else {}),
    }


def challenges_expire(now: datetime | None = None) -> int:
    """The sweep: pending challenges past their time expire; those of a closed account are
    void. Both accounts hear of it. Returns how many closed."""
    now = now or timezone.now()
    gone = Q(challenger__is_active=False) | Q(challenged__is_active=False)
    return _end(Q(expires__lte=now) | gone)


def challenges_void_between(a_id: int, b_id: int) -> int:
    """A block: the challenges waiting between the two accounts are void."""
    return _end(
        Q(challenger_id=a_id, challenged_id=b_id) | Q(challenger_id=b_id, challenged_id=a_id),
        void=True,
    )


def challenges_void_of(user_id: int) -> int:
    """A suspension: the challenges the account sent or received, still waiting, are void."""
    return _end(Q(challenger_id=user_id) | Q(challenged_id=user_id), void=True)


def _end(which: Q, void: bool = False) -> int:
    """Closes each pending challenge of `which`, expired (void when an account is closed, or
    when `void`); both accounts hear of it. Returns how many closed."""
    pending = Challenge.objects.filter(which, status=Challenge.Status.PENDING)
    closed = 0
    for challenge_id in pending.values_list("pk", flat=True):
        with transaction.atomic():
            challenge = Challenge.objects.select_for_update().select_related(
                "challenger", "challenged"
            )
            one = challenge.filter(pk=challenge_id, status=Challenge.Status.PENDING).first()
            if one is None:
                continue
            active = one.challenger.is_active and one.challenged.is_active
            _close(one, Challenge.Status.EXPIRED if active and not void else Challenge.Status.VOID)
            tell([one.challenger_id, one.challenged_id], "challenge_closed", **_closed_data(one))
            closed += 1
    return closed
