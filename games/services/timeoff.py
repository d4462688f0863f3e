"""Time off (docs/async.md, Time off): vacations, mutual pauses, and the clocks they stop.

- An account's time zone and automatic vacation (`availability_update`), its yearly allowance of
  vacation days (`allowance_of`), vacations taken for dates (`vacation_take`), cancelled
  (`vacation_cancel`), or spent automatically a day at a time when a deadline would otherwise
  pass (`vacation_spend`, called by `games.services.automatic.deadline_expire`).
- A game's mutual pause is in games.services.pauses; it stops clocks through `clock_recalculate`.

Whenever what stops a seat's clock changes, the deadline of the decision under way moves:
`clock_recalculate`, inside the game's row lock, from the game's and the seat's rows alone
(games.read.calendars). A vacation is the account's: it is copied onto each of the player's seats
(`Seat.away`) in one transaction per game (`away_sync`), so no write ever holds two games' locks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import codes
from games.errors import Conflict, NotFound, Refused
from games.events import commit, feeds, story
from games.models import Availability, Game, Seat, Vacation
from games.read import calendars
from games.read.clock_time import BadHours, Hours
from games.store import rows

from .clocks import deadline_for
from .locking import game_locked

DAY = timedelta(days=1)
LONGEST_VACATION = 366  # days
FURTHEST_VACATION = 2 * 366  # days ahead that a vacation may start


# Playing hours --------------------------------------------------------------------------------


def hours_checked(spec: dict[str, Any] | None, clock: str) -> dict[str, str] | None:
    """A game's playing hours as stored, else 422 `bad_hours` with the reason.

    Only a game with a clock has them: without one, no time counts anyway.
    """
    if spec is None:
        return None
    if clock == Game.Clock.NONE:
        raise Refused("Playing hours need a clock: choose one.", codes.BAD_HOURS)
    zone = spec.get("zone", "player")
    try:
        hours = Hours.parse({**spec, "zone": zone})
    except BadHours as exc:
        raise Refused(str(exc), codes.BAD_HOURS) from None
    return {
        "start": hours.start.isoformat("minutes"),
        "end": hours.end.isoformat("minutes"),
        "zone": "player" if zone == "player" else hours.zone.key,
    }


# Accounts: time zone, automatic vacation, allowance ------------------------------------------


def zone_checked(name: Any) -> str:
    """An IANA time zone name, else 422 `bad_time_zone`."""
    try:
        if not isinstance(name, str) or not name or name != name.strip():
            raise ValueError(name)
        return ZoneInfo(name).key
    except (ValueError, ZoneInfoNotFoundError):
        raise Refused(
            f"{str(name)[:40]!r} is no time zone: use an IANA name, like Europe/Warsaw.",
            codes.BAD_TIME_ZONE,
        ) from None


def availability_of(user_id: int, *, lock: bool = False) -> Availability:
    """The account's settings (unsaved defaults if it never changed them).

    With `lock`, the row exists and stays locked until the transaction ends: vacations of one
    account are taken one at a time.
    """
    if lock:
        found, _ = Availability.objects.select_for_update().get_or_create(user_id=user_id)
        return found
    return Availability.objects.filter(user_id=user_id).first() or Availability(user_id=user_id)


def allowance_days(availability: Availability) -> int:
    if availability.allowance is not None:
        return int(availability.allowance)
    return int(settings.GTR_VACATION_DAYS)


@dataclass(frozen=True)
class Allowance:
    year: int
    days: int
    spent: int

    @property
    def left(self) -> int:
        return max(0, self.days - self.spent)


def local_year(availability: Availability, now: datetime) -> int:
    return now.astimezone(ZoneInfo(availability.time_zone)).year


def vacations_of(availability: Availability, year: int) -> list[Vacation]:
    """The account's vacations that end in `year` (its time zone) or later, in order."""
    zone = ZoneInfo(availability.time_zone)
    since = datetime.combine(date(year, 1, 1), time(), zone)
    found = Vacation.objects.filter(user_id=availability.user_id, ends__gt=since)
    return list(found.order_by("starts"))


def allowance_of(availability: Availability, year: int) -> Allowance:
    """The vacation days of a calendar year: a vacation counts in the year it starts in."""
    zone = ZoneInfo(availability.time_zone)
    starts = datetime.combine(date(year, 1, 1), time(), zone)
    ends = datetime.combine(date(year + 1, 1, 1), time(), zone)
    spent = Vacation.objects.filter(
        user_id=availability.user_id, starts__gte=starts, starts__lt=ends
    ).values_list("days", flat=True)
    return Allowance(year, allowance_days(availability), sum(spent))


def availability_update(
    *, user: Any, time_zone: str | None = None, auto_vacation: bool | None = None
) -> Availability:
    """Changes the account's time zone or automatic vacation.

    A new time zone moves the playing hours of every game of the player whose hours are each
    player's own ("zone": "player"), and the deadline of a decision under way there.
    """
    zone = None if time_zone is None else zone_checked(time_zone)
    with transaction.atomic():
        availability = availability_of(user.pk, lock=True)
        moved = zone is not None and zone != availability.time_zone
        if zone is not None:
            availability.time_zone = zone
        if auto_vacation is not None:
            availability.auto_vacation = auto_vacation
        availability.save()
    if moved:
        away_sync(user.pk, timezone.now())
    return availability


# Vacations ----------------------------------------------------------------------------------


def away_of(user_id: int, now: datetime) -> list[list[str | None]]:
    """The account's vacations under way and to come, as `Seat.away` keeps them."""
    found = Vacation.objects.filter(user_id=user_id, ends__gt=now).order_by("starts")
    return [[calendars.iso(v.starts), calendars.iso(v.ends)] for v in found]


def seat_profile(user: Any, now: datetime) -> tuple[str, list[list[str | None]]]:
    """A new seat's copy of its player's time zone and vacations."""
    if user is None:
        return "", []
    return availability_of(user.pk).time_zone, away_of(user.pk, now)


def vacation_take(*, user: Any, start: date, end: date, now: datetime | None = None) -> Vacation:
    """A vacation from `start` to `end` (dates, both included) in the player's time zone.

    From local midnight to local midnight; one that starts today starts now. Refused: one that
    starts in the past or more than two years ahead, ends before it starts or lasts more than a
    year (422 `bad_vacation`), one that overlaps another (409 `vacation_overlap`), one longer
    than the days left in its year (422 `vacation_allowance`). Then nothing changes.
    """
    now = now or timezone.now()
    with transaction.atomic():
        availability = availability_of(user.pk, lock=True)
        zone = ZoneInfo(availability.time_zone)
        today = now.astimezone(zone).date()
        if start < today:
            raise Refused(
                f"The vacation starts in the past (today is {today}).", codes.BAD_VACATION
            )
        if end < start:
            raise Refused("The vacation ends before it starts.", codes.BAD_VACATION)
        days = (end - start).days + 1
        if days > LONGEST_VACATION:
            raise Refused("A vacation lasts a year at most.", codes.BAD_VACATION)
        if (start - today).days > FURTHEST_VACATION:
            raise Refused("A vacation starts within the next two years.", codes.BAD_VACATION)
        starts = max(now, datetime.combine(start, time(), zone))
        ends = datetime.combine(end + DAY, time(), zone)
        clash = Vacation.objects.filter(user_id=user.pk, starts__lt=ends, ends__gt=starts).first()
        if clash is not None:
            raise Conflict(
                f"It overlaps your vacation {clash.pk} ({_local(clash.starts, zone)} to "
                f"{_local(clash.ends, zone)}).",
                codes.VACATION_OVERLAP,
            )
        year = allowance_of(availability, start.year)
        if days > year.left:
            raise Refused(
                f"{days} days asked, {year.left} left of {year.days} in {start.year}.",
                codes.VACATION_ALLOWANCE,
            )
        vacation = Vacation.objects.create(user_id=user.pk, starts=starts, ends=ends, days=days)
        _feed(user.pk, vacation, "taken", allowance_of(availability, start.year).left)
    away_sync(user.pk, now, vacation, "taken")
    return vacation


def vacation_cancel(*, user: Any, vacation_id: int, now: datetime | None = None) -> Vacation:
    """Cancels a vacation: one to come is removed and its days refunded; one under way ends now,
    and its unused whole days are refunded. One that is over: 409 `vacation_over`."""
    now = now or timezone.now()
    with transaction.atomic():
        availability = availability_of(user.pk, lock=True)
        vacation = Vacation.objects.filter(user_id=user.pk, pk=vacation_id).first()
        if vacation is None:
            raise NotFound("You have no such vacation.")
        if vacation.ends <= now:
            raise Conflict("That vacation is over.", codes.VACATION_OVER)
        zone = ZoneInfo(availability.time_zone)
        year = vacation.starts.astimezone(zone).year
        if vacation.starts > now:
            gone = Vacation(pk=vacation.pk, user_id=user.pk, starts=vacation.starts, days=0)
            gone.ends, gone.automatic = vacation.ends, vacation.automatic
            vacation.delete()
            vacation = gone
        else:
            unused = math.floor((vacation.ends - now) / DAY)
            vacation.days = max(0, vacation.days - unused)
            vacation.ends = now
            vacation.save(update_fields=["days", "ends"])
        _feed(user.pk, vacation, "cancelled", allowance_of(availability, year).left)
    away_sync(user.pk, now, vacation, "cancelled")
    return vacation


def vacation_spend(game: Game, seats: list[Seat], seat: Seat, now: datetime) -> Vacation | None:
    """A day of the player's allowance spent instead of a timeout, if there is one to spend.

    The deadline of `seat`'s decision has passed. If the account has automatic vacation on and a
    day left in the deadline's year, a vacation of one day starts at the deadline (or the
    automatic one that ends there goes on a day), and the deadline moves a day on. The caller
    holds the game's lock and publishes; the player's other games follow after the commit.
    Returns None (nothing changed) when the normal timeout policy applies.
    """
    passed = game.deadline
    if seat.user_id is None or passed is None:
        return None
    availability = availability_of(seat.user_id, lock=True)
    if not availability.auto_vacation:
        return None
    zone = ZoneInfo(availability.time_zone)
    year = allowance_of(availability, passed.astimezone(zone).year)
    if year.left < 1:
        return None
    user_vacations = Vacation.objects.filter(user_id=seat.user_id)
    following = user_vacations.filter(starts__gt=passed).order_by("starts").first()
    ends = passed + DAY if following is None else min(passed + DAY, following.starts)
    vacation = user_vacations.filter(
        automatic=True, ends__gte=passed - timedelta(seconds=1), ends__lte=passed
    ).first()
    if vacation is not None:  # the day before was spent too: the same absence goes on
        vacation.ends, vacation.days = ends, vacation.days + 1
        vacation.save(update_fields=["ends", "days"])
    else:
        vacation = Vacation.objects.create(
            user_id=seat.user_id, starts=passed, ends=ends, days=1, automatic=True
        )
    _feed(seat.user_id, vacation, "automatic", year.left - 1, game)
    seat.away = away_of(seat.user_id, now)
    seat.save(update_fields=["away"])
    _record_vacation(game, seat, vacation, "automatic")
    clock_recalculate(game, seats, now)
    game.revision += 1
    game.save()
    commit.publish_on_commit(
        game,
        commit.VACATION,
        seat=seat.position,
        actor="automatic",
        seats=seats,
        clock_moved=True,
        subject_id=vacation.pk,
    )
    # The player's other games, each in its own transaction once this one commits. If that
    # fails, `away_checked` catches up before any of their timeouts.
    user_id = seat.user_id
    transaction.on_commit(
        lambda: away_sync(user_id, now, vacation, "automatic", skip=game.pk), robust=True
    )
    return vacation


def away_checked(game: Game, seats: list[Seat], seat: Seat, now: datetime) -> bool:
    """Before a timeout: whether the seat's copy of its player's vacations was out of date.

    Then it is brought up to date, the deadline recalculated, and the change published. Needed
    only if copying a vacation to this game failed (its transaction is separate).
    """
    if seat.user_id is None:
        return False
    away = away_of(seat.user_id, now)
    if away == _pending(seat.away, now):
        return False
    seat.away = away
    seat.save(update_fields=["away"])
    moved = clock_recalculate(game, seats, now)
    game.revision += 1
    game.save()
    commit.publish_on_commit(game, commit.CLOCK, seat=seat.position, clock_moved=moved)
    return True


def _pending(away: list[Any], now: datetime) -> list[Any]:
    return [pair for pair in away or [] if calendars.moment(pair[1]) > now]  # type: ignore[operator]


def away_sync(
    user_id: int,
    now: datetime,
    vacation: Vacation | None = None,
    change: str = "",
    *,
    skip: int | None = None,
) -> int:
    """Copies the account's vacations and time zone onto its seats in games not over.

    One transaction per game, each under its lock: the seat's copy, the game's story (a
    `vacation` event naming the vacation that changed), and the deadline of the decision under
    way. Returns the number of games whose seat changed. `skip`: a game already done.
    """
    availability = availability_of(user_id)
    away = away_of(user_id, now)
    live = (Game.Status.OPEN, Game.Status.ACTIVE)
    game_ids = sorted(
        set(
            Seat.objects.filter(user_id=user_id, game__status__in=live).values_list(
                "game_id", flat=True
            )
        )
        - {skip}
    )
    changed = 0
    for game_id in game_ids:
        with transaction.atomic():
            game = game_locked(game_id)
            seats = rows.seats_of(game)
            seat = next((s for s in seats if s.user_id == user_id), None)
            same = seat is None or (seat.away == away and seat.time_zone == availability.time_zone)
            if same or game.status not in live:
                continue
            assert seat is not None
            seat.away, seat.time_zone = away, availability.time_zone
            seat.save(update_fields=["away", "time_zone"])
            game.revision += 1
            moved = False
            if game.status == Game.Status.ACTIVE:
                if vacation is not None:
                    _record_vacation(game, seat, vacation, change)
                moved = clock_recalculate(game, seats, now)
            game.save()
            kind = commit.VACATION if vacation is not None else commit.CLOCK
            commit.publish_on_commit(
                game,
                kind,
                seat=seat.position,
                seats=seats,
                clock_moved=moved,
                subject_id=None if vacation is None else vacation.pk,
            )
            changed += 1
    return changed


def _record_vacation(game: Game, seat: Seat, vacation: Vacation, change: str) -> None:
    story.record(
        game,
        "vacation",
        seat=seat.position,
        since=feeds.iso(vacation.starts),
        until=feeds.iso(vacation.ends),
        change=change,
    )


def _feed(
    user_id: int, vacation: Vacation, change: str, left: int, game: Game | None = None
) -> None:
    """The player's own feed hears of the vacation: taken, spent automatically, cancelled."""
    data = {
        "vacation": vacation.pk,
        "change": change,
        "since": feeds.iso(vacation.starts),
        "until": feeds.iso(vacation.ends),
        "automatic": vacation.automatic,
        "days": vacation.days,
        "days_left": left,
    }
    told = feeds.notify([user_id], game, "vacation", **data)
    if game is None:
        commit.publish_feed_on_commit(told)


def _local(moment: datetime, zone: ZoneInfo) -> str:
    return f"{moment.astimezone(zone):%Y-%m-%d %H:%M}"


# The clock of the decision under way --------------------------------------------------------


def clock_recalculate(game: Game, seats: list[Seat], now: datetime) -> bool:
    """The deadline of the decision under way, again, once what stops its clock changed.

    `deadline = calendar.deadline(decision_started, budget)`, the calendar being the one the
    decision has had so far and the seat's from now on (games.read.calendars.recalculated). The
    game is changed, not saved; a `clock` event says what now holds. The caller holds the lock.
    Returns whether the deadline moved.
    """
    if not calendars.timed(game):
        return False
    assert game.to_act is not None and game.decision_started is not None
    seat = seats[game.to_act]
    calendar = calendars.recalculated(game, seat, now)
    before = game.deadline, game.clock_calendar
    game.clock_calendar = calendars.to_json(calendar)
    game.deadline = deadline_for(game, seat, game.decision_started, calendar)
    if (game.deadline, game.clock_calendar) == before:
        return False
    status = calendars.clock_status(game, now)
    stopped = status["stopped"]
    if stopped is not None:
        stopped = {"why": stopped["why"], "until": feeds.iso(stopped["until"])}
    story.record(
        game,
        "clock",
        seat=seat.position,
        deadline=feeds.iso(game.deadline),
        running=status["running"],
        stopped=stopped,
    )
    return game.deadline != before[0]


def clock_wait(game: Game, seats: list[Seat], now: datetime) -> bool:
    """Before a timeout: whether the clock is stopped now (its deadline passed as a window closed,
    or a pause began, while the task was on its way). Then the timeout waits until the clock
    runs again: the deadline moves there, and the change is published."""
    calendar = calendars.stored(game)
    if calendar is None or calendar.stopped(now) is None:
        return False
    resume = next(calendar.free(now), None)
    game.deadline = None if resume is None else resume[0]
    game.revision += 1
    position = game.to_act
    stopped = calendars.clock_status(game, now)["stopped"]
    story.record(
        game,
        "clock",
        seat=position,
        deadline=feeds.iso(game.deadline),
        running=False,
        stopped={"why": stopped["why"], "until": feeds.iso(stopped["until"])} if stopped else None,
    )
    game.save()
    commit.publish_on_commit(game, commit.CLOCK, seat=position, seats=seats, clock_moved=True)
    return True
