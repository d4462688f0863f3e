"""Seeks and automatch: a player says what they want to play, and the server seats them.

Compatible seeks have the same terms (ruleset, options, clock: `key`) and ranges of player counts
that meet. After every new seek, and at every sweep, the open seeks of its terms are paired into
tables (`plan_tables`) until no table can be formed of the rest. A seek with `bots_after` is
seated with bots once it has waited that many minutes. An account has one open seek at a time, so
a seek puts nobody at two tables. Open seeks expire after GTR_SEEK_HOURS (docs/community.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, QuerySet
from django.utils import timezone

from games import codes
from games.errors import Conflict, Forbidden, NotFound, Refused
from games.models import FAMILY_OF, Game, Seek
from games.read import people, ratings

from . import barred, botseats, lobby
from .clocks import ClockSpec
from .matching import (
    clock_json,
    clock_of,
    options_checked,
    refuse_blocked,
    tell,
    terms_key,
)

PLAYER_COUNTS = range(5, 1, -1)  # the larger table first: more people play at once


def seek_create(
    *,
    user: Any,
    version: str,
    players_min: int,
    players_max: int,
    options: dict[str, Any] | None = None,
    clock: ClockSpec | None = None,
    bots_after: int | None = None,
    rated: bool = False,
    rating_min: int | None = None,
    rating_max: int | None = None,
) -> Seek:
    """Posts a seek, then pairs it with the open seeks it fits (maybe at once).

    `rating_min`, `rating_max`: the ratings of the people it accepts at its table.
    """
    botseats.refuse_bot_caller(user, "seek games")
    barred.play_check(user)
    if players_min > players_max:
        raise Refused("The fewest players is more than the most.", codes.BAD_SEEK)
    if None not in (rating_min, rating_max) and (rating_min or 0) > (rating_max or 0):
        raise Refused("The lowest rating is above the highest.", codes.BAD_RATING_RANGE)
    options = options_checked(version, range(players_min, players_max + 1), options or {})
    if rated:
        lobby.check_ratable({}, options, [])
    stored_clock = clock_json(clock or ClockSpec())
    now = timezone.now()
    with transaction.atomic():
        if Seek.objects.filter(user=user, status=Seek.Status.OPEN).exists():
            raise Conflict("You have an open seek already: cancel it first.", codes.SEEK_OPEN)
        seek = Seek.objects.create(
            user=user,
            version=version,
            players_min=players_min,
            players_max=players_max,
            options=options,
            clock=stored_clock,
            key=terms_key(version, options, stored_clock, rated),
            bots_after=bots_after,
            rated=rated,
            rating_min=rating_min,
            rating_max=rating_max,
            expires=now + timedelta(hours=settings.GTR_SEEK_HOURS),
        )
    seeks_pair(seek.key)
    seeks_fill(timezone.now(), key=seek.key)
    seek.refresh_from_db()
    return seek


def seek_join(*, user: Any, seek_id: int) -> Seek:
    """Seeks the same as another's open seek: the new seek pairs with it (or waits with it for
    more players, when its range starts above two). Returns the new seek."""
    botseats.refuse_bot_caller(user, "join seeks")
    target = seek_get(seek_id)
    if target.status != Seek.Status.OPEN or target.expires <= timezone.now():
        raise Conflict("That seek is not open any more.", codes.SEEK_CLOSED)
    if target.user_id == user.pk:
        raise Refused("That seek is yours.", codes.OWN_SEEK)
    refuse_blocked(user.pk, target.user_id)
    return seek_create(
        user=user,
        version=target.version,
        players_min=target.players_min,
        players_max=target.players_max,
        options=target.options,
        clock=clock_of(target.clock),
        rated=target.rated,
    )


def seeks_cancel_of(user_id: int) -> int:
    """A suspension: the account's open seeks are cancelled. Returns how many."""
    return Seek.objects.filter(user_id=user_id, status=Seek.Status.OPEN).update(
        status=Seek.Status.CANCELLED, closed=timezone.now()
    )


def seek_get(seek_id: int) -> Seek:
    seek = Seek.objects.select_related("user").filter(pk=seek_id).first()
    if seek is None:
        raise NotFound("No such seek.")
    return seek


def seek_cancel(*, user: Any, seek_id: int) -> Seek:
    with transaction.atomic():
        seek = Seek.objects.select_for_update().filter(pk=seek_id).first()
        if seek is None:
            raise NotFound("No such seek.")
        if seek.user_id != user.pk:
            raise Forbidden("Only its owner may cancel a seek.", codes.NOT_YOUR_SEEK)
        if seek.status != Seek.Status.OPEN:
            raise Conflict("That seek is not open any more.", codes.SEEK_CLOSED)
        _close(seek, Seek.Status.CANCELLED)
    return seek


def seeks_open() -> QuerySet[Seek]:
    """The seeks waiting for partners, the oldest first: the lobby's list."""
    return Seek.objects.filter(status=Seek.Status.OPEN, expires__gt=timezone.now()).select_related(
        "user"
    )


def _close(seek: Seek, status: str, game: Any = None) -> None:
    seek.status, seek.game, seek.closed = status, game, timezone.now()
    seek.save(update_fields=["status", "game", "closed"])


# Pairing --------------------------------------------------------------------------------------


def fits(seek: Seek, n: int) -> bool:
    return seek.players_min <= n <= seek.players_max


Blocks = frozenset[frozenset[int]]  # the pairs of accounts with a block between them
Shown = Mapping[int, int]  # the seekers' displayed ratings in the terms' family


def plan_tables(
    seeks: Sequence[Seek], blocks: Blocks = frozenset(), shown: Shown | None = None
) -> list[tuple[int, list[Seek]]]:
    """Tables of compatible seeks, the oldest seeks first, until no table fits the rest.

    Each table has n seeks whose ranges hold n, none of them blocking another, each owner's
    rating in every other seek's rating range.
    """
    left = list(seeks)
    tables: list[tuple[int, list[Seek]]] = []
    while True:
        table = _one_table(left, Apart(blocks, shown or {}))
        if table is None:
            return tables
        tables.append(table)
        left = [s for s in left if s not in table[1]]


@dataclass(frozen=True)
class Apart:
    """What keeps two seeks from one table: a block, or a rating out of the other's range."""

    blocks: Blocks
    shown: Shown

    def __call__(self, a: Seek, b: Seek) -> bool:
        if frozenset((a.user_id, b.user_id)) in self.blocks:
            return True
        return not (
            _accepts(a, self.shown.get(b.user_id)) and _accepts(b, self.shown.get(a.user_id))
        )


def _accepts(seek: Seek, rating: int | None) -> bool:
    if rating is None:
        return True
    low, high = seek.rating_min, seek.rating_max
    return (low is None or rating >= low) and (high is None or rating <= high)


def _one_table(seeks: list[Seek], blocks: Apart) -> tuple[int, list[Seek]] | None:
    for n in PLAYER_COUNTS:
        group = _unblocked([s for s in seeks if fits(s, n)], n, blocks)
        if group is not None:
            return n, group
    return None


def _unblocked(candidates: list[Seek], n: int, blocks: Apart) -> list[Seek] | None:
    """The first n candidates that block none of each other, the oldest first."""
    group = _compatible(candidates, n, blocks)
    return group if len(group) == n else None


def _compatible(candidates: list[Seek], n: int, blocks: Apart) -> list[Seek]:
    """At most n of the candidates, the oldest first, of whom none is kept apart from another."""
    group: list[Seek] = []
    for seek in candidates:
        if not any(blocks(seek, other) for other in group):
            group.append(seek)
        if len(group) == n:
            break
    return group


def seeks_pair(key: str) -> int:
    """Seats the open seeks of these terms at as many tables as they fill. Returns how many.

    The open seeks are locked in id order: two pairings of the same terms wait for each other,
    and the later one sees what the earlier seated.
    """
    with transaction.atomic():
        open_seeks = list(
            Seek.objects.select_for_update()
            .filter(status=Seek.Status.OPEN, key=key, expires__gt=timezone.now())
            .order_by("id")
        )
        users = [s.user_id for s in open_seeks]
        shown = _shown(open_seeks)
        tables = plan_tables(open_seeks, people.blocks_among(users), shown)
        for n, group in tables:
            _seat(group, n, bots=0)
    return len(tables)


def _seat(group: list[Seek], n: int, bots: int) -> None:
    """A table of the group's owners (the oldest seek's at seat 0), and `bots` bots."""
    first = group[0]
    specs = [lobby.SeatSpec("me")] + [lobby.SeatSpec("open")] * (len(group) - 1)
    game = lobby.game_create(
        user=first.user,
        version=first.version,
        players=n,
        options=first.options,
        seats=specs + [lobby.SeatSpec("bot")] * bots,
        clock=clock_of(first.clock),
        rated=first.rated,
    )
    for position, seek in enumerate(group[1:], start=1):
        lobby.seat_join(game_id=game.pk, user=seek.user, position=position)
    for seek in group:
        _close(seek, Seek.Status.MATCHED, game)
        tell([seek.user_id], "seek_matched", seek=seek.pk, game=game.pk, bots=bots)


def _shown(seeks: Sequence[Seek]) -> dict[int, int]:
    """The seekers' displayed ratings in their terms' family, if any seek asks for a range."""
    if not seeks or all(s.rating_min is None and s.rating_max is None for s in seeks):
        return {}
    family = FAMILY_OF[Game.Version(seeks[0].version)]
    return ratings.shown_of([s.user_id for s in seeks], family)


def seeks_fill(now: datetime, key: str | None = None) -> int:
    """Seats each seek that waited its `bots_after` minutes with bots, and with the open seeks
    of its terms that accept bots too. Returns how many tables."""
    due = Seek.objects.filter(status=Seek.Status.OPEN, bots_after__isnull=False)
    if key is not None:
        due = due.filter(key=key)
    filled = 0
    for seek in due.order_by("id"):
        if seek.created + timedelta(minutes=seek.bots_after or 0) <= now:
            filled += _fill(seek.pk, now)
    return filled


def _fill(seek_id: int, now: datetime) -> int:
    with transaction.atomic():
        seek = Seek.objects.select_for_update().filter(pk=seek_id).first()
        if seek is None or seek.status != Seek.Status.OPEN:
            return 0
        n = seek.players_min
        others = Seek.objects.select_for_update().filter(
            status=Seek.Status.OPEN, key=seek.key, bots_after__isnull=False, expires__gt=now
        )
        fitting = [seek, *(s for s in others.exclude(pk=seek.pk).order_by("id") if fits(s, n))]
        blocks = people.blocks_among(s.user_id for s in fitting)
        group = _compatible(fitting, n, Apart(blocks, _shown(fitting)))  # the seek first: in it
        _seat(group, n, bots=n - len(group))
    return 1


def seeks_sweep(now: datetime | None = None) -> int:
    """The sweep: expires old seeks, cancels those of closed accounts, seats those due for bots,
    and pairs every terms' open seeks (a safety net: each new seek pairs at once)."""
    now = now or timezone.now()
    gone = Seek.objects.filter(status=Seek.Status.OPEN, user__is_active=False)
    gone.update(status=Seek.Status.CANCELLED, closed=now)
    for seek in Seek.objects.filter(status=Seek.Status.OPEN, expires__lte=now):
        with transaction.atomic():
            if Seek.objects.filter(pk=seek.pk, status=Seek.Status.OPEN).update(
                status=Seek.Status.EXPIRED, closed=now
            ):
                tell([seek.user_id], "seek_expired", seek=seek.pk)
    tables = seeks_fill(now)
    keys = (
        Seek.objects.filter(status=Seek.Status.OPEN)
        .values("key")
        .annotate(n=Count("id"))
        .filter(n__gte=2)
    )
    return tables + sum(seeks_pair(row["key"]) for row in keys)
