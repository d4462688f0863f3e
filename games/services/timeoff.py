"""Time off (docs/async.md, Time off): vacations, mutual pauses, and the clocks they stop.

- An account's time zone and automatic vacation (`availability_update`), its yearly allowance of
  vacation days (`allowance_of`), vacations taken for dates (`vacation_take`), cancelled
  (`vacation_cancel`), or spent automatically a day at a time when a deadline would otherwise
  pass (`vacation_spend`, called by `games.services.automatic.deadline_expire`).
- A game's mutual pause: proposed (`pause_propose`), accepted or declined by every other person
  (`pause_answer`), resumed by anyone (`pause_resume`); proposals expire (`proposal_expire`).

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
from games.errors import Conflict, Forbidden, NotFound, Refused
from games.events import commit, feeds, story
from games.models import Availability, Game, PauseProposal, Seat, Vacation
from games.read import calendars
from games.read.clock_time import BadHours, Hours
from games.store import rows

from .clocks import deadline_for
from .locking import game_in_play, game_locked

DAY = timedelta(days=1)
LONGEST_PAUSE = timedelta(days=365)
LONGEST_VACATION = 366  # days


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
    starts in the past or ends before it starts (422 `bad_vacation`), one that overlaps another
    (409 `vacation_overlap`), one longer than the days left in its year (422
    `vacation_allowance`). Then nothing changes.
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
    found, deliveries = feeds.notify([user_id], game, "vacation", **data)
    if game is None:
        commit.publish_feed_on_commit(found, deliveries)


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
    timed = (
        game.status == Game.Status.ACTIVE
        and game.clock != Game.Clock.NONE
        and not game.automatic
        and game.to_act is not None
        and game.decision_started is not None
    )
    if not timed:
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


# Pauses -------------------------------------------------------------------------------------


def people(seats: list[Seat]) -> list[Seat]:
    """The seats whose persons decide on a pause: people seated who have not resigned."""
    return [s for s in seats if s.kind in (Seat.Kind.PLAYER, Seat.Kind.INVITED) and not s.resigned]


def _person(seats: list[Seat], position: int) -> Seat:
    seat = seats[position]
    if seat.resigned:
        raise Conflict("You resigned from this game.", codes.RESIGNED)
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
        story.record(game, "resumed", seat=position)
        _feed_seated(game, seats, "game_resumed", seat=position)
        moved = clock_recalculate(game, seats, now)
        game.paused_since = game.paused_until = None
        game.revision += 1
        game.save()
        commit.publish_on_commit(
            game, commit.RESUMED, seat=position, seats=seats, clock_moved=moved
        )
    return game


def _feed_seated(game: Game, seats: list[Seat], kind: str, **data: Any) -> None:
    users = [s.user_id for s in seats if s.user_id is not None]
    feeds.notify(users, game, kind, seq=game.seq, **data)
