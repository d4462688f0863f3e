"""Time off (games.services.timeoff, docs/async.md): vacations, mutual pauses and playing hours
stop a decision's clock, and its deadline moves; nothing times out, reminds or stands in while a
clock waits. In-process, time told by `now` where the services take it and by moving stored
moments into the past (as tests/games/test_clocks.py does)."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

import engine
from games import codes
from games.errors import Conflict, Refused
from games.models import Availability, Game, GameEvent, Move, PauseProposal, Seat, Vacation
from games.read import calendars, selectors
from games.read.selectors import Caller
from games.services import automatic, lobby, moves, pauses, timeoff
from games.services.clocks import ClockSpec
from games.services.lobby import SeatSpec
from games.store import rows

SEED = 20261122
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: SEED)


@pytest.fixture
def people(transactional_db: Any, django_user_model: Any) -> list[Any]:
    return [django_user_model.objects.create_user(n, password="x") for n in ("ann", "ben", "cy")]


def against_bot(user: Any, clock: ClockSpec, hours: dict[str, str] | None = None) -> Game:
    """A person at seat 0 against a bot, played up to the person's first decision."""
    game = lobby.game_create(
        user=user,
        version="republic",
        players=2,
        seats=[SeatSpec("me"), SeatSpec("bot")],
        clock=clock,
        playing_hours=hours,
    )
    game.refresh_from_db()
    assert game.status == "active" and game.to_act == 0 and not game.automatic
    return game


def at_table(users: list[Any], clock: ClockSpec) -> Game:
    """A table of people only, started."""
    seats = [SeatSpec("me")] + [SeatSpec("open")] * (len(users) - 1)
    game = lobby.game_create(
        user=users[0], version="republic", players=len(users), seats=seats, clock=clock
    )
    for user in users[1:]:
        lobby.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == "active" and not game.automatic
    return game


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def passed(game: Game) -> datetime:
    """The deadline passes now: moved a second into the past, the decision begun its clock's
    seconds before it (a fixed clock)."""
    moment = timezone.now() - timedelta(seconds=1)
    began = moment - timedelta(seconds=game.clock_seconds)
    Game.objects.filter(pk=game.pk).update(deadline=moment, decision_started=began)
    return moment


def types(game: Game, after: int = 0) -> list[str]:
    found = GameEvent.objects.filter(game=game, number__gt=after).order_by("number")
    return list(found.values_list("type", flat=True))


def event(game: Game, kind: str) -> dict[str, Any]:
    return GameEvent.objects.filter(game=game, type=kind).order_by("-number").first().public


def closed_now(now: datetime) -> dict[str, str]:
    """Playing hours (UTC) closed from an hour ago to an hour from now."""
    return {
        "start": f"{(now + HOUR):%H:%M}",
        "end": f"{(now - HOUR):%H:%M}",
        "zone": "UTC",
    }


def minute(moment: datetime) -> datetime:
    return moment.replace(second=0, microsecond=0)


# Automatic vacation ------------------------------------------------------------------------------


def test_a_passed_deadline_spends_a_vacation_day_then_times_out_once_none_is_left(
    people,
) -> None:
    ann = people[0]
    Availability.objects.create(user=ann, allowance=1)
    game = against_bot(ann, ClockSpec("fixed", seconds=3600))
    deadline = passed(game)
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "vacation"
    (vacation,) = Vacation.objects.filter(user=ann)
    assert vacation.automatic and vacation.days == 1
    assert vacation.starts == deadline and vacation.ends == deadline + DAY
    after = fresh(game)
    assert after.seq == game.seq and after.deadline == deadline + DAY  # the clock waits a day
    assert not Move.objects.filter(game=game, actor="timeout").exists()
    seat = Seat.objects.get(game=game, position=0)
    assert seat.timeouts == 0 and not seat.bot_standing_in
    assert seat.away == [[calendars.iso(vacation.starts), calendars.iso(vacation.ends)]]
    assert event(game, "vacation")["change"] == "automatic"
    assert event(game, "clock")["stopped"]["why"] == "vacation"
    feed = ann.feed.order_by("-number").first()
    assert feed.type == "vacation" and feed.data["days_left"] == 0 and feed.game_id == game.pk
    # While the vacation lasts, a deadline task finds nothing to time out.
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "early"

    # The player comes back and ends the vacation: the day stays spent (no whole day unused),
    # the clock has nothing left, and with no day left the timeout policy applies.
    timeoff.vacation_cancel(user=ann, vacation_id=vacation.pk)
    assert Vacation.objects.get(pk=vacation.pk).days == 1
    passed(game)
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "timed_out"
    assert Move.objects.filter(game=game, actor="timeout").count() == 1
    assert Vacation.objects.filter(user=ann).count() == 1


def test_no_vacation_day_without_automatic_vacation(people) -> None:
    Availability.objects.create(user=people[0], auto_vacation=False)
    game = against_bot(people[0], ClockSpec("fixed", seconds=3600))
    passed(game)
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "timed_out"
    assert not Vacation.objects.exists()


def test_an_absence_spends_one_day_a_day_for_all_the_players_games(people) -> None:
    """The day spent for one game's deadline stops the clocks of the player's other games too;
    the next day of absence extends the same vacation."""
    ann = people[0]
    one = against_bot(ann, ClockSpec("fixed", seconds=3600))
    other = against_bot(ann, ClockSpec("fixed", seconds=3600))
    before = fresh(other).deadline
    deadline = passed(one)
    assert automatic.deadline_expire(game_id=one.pk, seq=one.seq) == "vacation"
    (vacation,) = Vacation.objects.filter(user=ann)
    moved = fresh(other)
    assert moved.deadline > before + timedelta(hours=23)  # its clock waits while ann is away
    away = [Seat.objects.get(game=g, position=0).away for g in (one, other)]
    assert away[0] == away[1] and away[0]
    assert event(other, "vacation")["change"] == "automatic"
    # A day later the absence goes on (every stored moment moved a day back, so that the day
    # spent is over): the vacation that ends at the deadline grows by a day.
    shift = DAY + timedelta(minutes=1)
    ended = vacation.ends - shift
    Vacation.objects.filter(pk=vacation.pk).update(starts=deadline - shift, ends=ended)
    for game in (one, other):
        Seat.objects.filter(game=game, position=0).update(away=[])
        Game.objects.filter(pk=game.pk).update(clock_calendar=None)
    Game.objects.filter(pk=one.pk).update(deadline=ended)
    assert automatic.deadline_expire(game_id=one.pk, seq=one.seq) == "vacation"
    (vacation,) = Vacation.objects.filter(user=ann)
    assert vacation.days == 2 and vacation.ends == ended + DAY


# Vacations taken ----------------------------------------------------------------------------------


def test_a_vacation_taken_moves_the_deadlines_of_all_the_players_games(people) -> None:
    ann, ben = people[0], people[1]
    games = [against_bot(ann, ClockSpec("fixed", seconds=3600)) for _ in range(2)]
    bystander = against_bot(ben, ClockSpec("fixed", seconds=3600))
    today = timezone.now().date()
    vacation = timeoff.vacation_take(user=ann, start=today, end=today + timedelta(days=1))
    assert vacation.days == 2 and not vacation.automatic
    assert vacation.ends == datetime.combine(today + timedelta(days=2), datetime.min.time(), UTC)
    for game in games:
        after = fresh(game)
        left = (game.deadline - vacation.starts).total_seconds()
        assert abs((after.deadline - vacation.ends).total_seconds() - left) < 1
        view = selectors.game_view_at(after, 0)
        assert view["seats"][0]["away_until"] == vacation.ends
        assert view["clock"]["running"] is False
        assert view["clock"]["stopped"] == {"why": "vacation", "until": vacation.ends}
        assert types(game)[-2:] == ["vacation", "clock"]
    assert fresh(bystander).deadline == bystander.deadline  # another player's game
    availability = timeoff.availability_of(ann.pk)
    assert timeoff.allowance_of(availability, today.year).spent == 2


def test_overlapping_vacations_and_too_many_days_are_refused_and_change_nothing(people) -> None:
    ann = people[0]
    Availability.objects.create(user=ann, allowance=5)
    game = against_bot(ann, ClockSpec("fixed", seconds=3600))
    start = timezone.now().date() + timedelta(days=10)
    if start.year != (start + timedelta(days=10)).year:
        start = date(start.year + 1, 1, 5)  # one year's allowance
    taken = timeoff.vacation_take(user=ann, start=start, end=start + timedelta(days=2))
    deadline, revision = fresh(game).deadline, fresh(game).revision
    refusals = [
        (start + timedelta(days=2), start + timedelta(days=3), Conflict, codes.VACATION_OVERLAP),
        (start - timedelta(days=1), start, Conflict, codes.VACATION_OVERLAP),
        (start + timedelta(days=4), start + timedelta(days=6), Refused, codes.VACATION_ALLOWANCE),
        (timezone.now().date() - timedelta(days=1), start, Refused, codes.BAD_VACATION),
        (start + timedelta(days=5), start + timedelta(days=4), Refused, codes.BAD_VACATION),
        (date(9999, 12, 31), date(9999, 12, 31), Refused, codes.BAD_VACATION),
    ]
    for first, last, error, code in refusals:
        with pytest.raises(error) as raised:
            timeoff.vacation_take(user=ann, start=first, end=last)
        assert raised.value.code == code, (first, last)
    assert list(Vacation.objects.filter(user=ann)) == [taken]
    assert (fresh(game).deadline, fresh(game).revision) == (deadline, revision)
    # Two days are left of five: a vacation of two fits, right after the first.
    timeoff.vacation_take(user=ann, start=start + timedelta(days=3), end=start + timedelta(days=4))


def test_cancelling_refunds_a_vacation_to_come_and_the_unused_days_of_one_under_way(
    people,
) -> None:
    ann = people[0]
    game = against_bot(ann, ClockSpec("fixed", seconds=3600))
    today = timezone.now().date()
    later = timeoff.vacation_take(
        user=ann, start=today + timedelta(days=40), end=today + timedelta(days=41)
    )
    now = timeoff.vacation_take(user=ann, start=today, end=today + timedelta(days=2))
    assert fresh(game).deadline > now.ends
    cancelled = timeoff.vacation_cancel(user=ann, vacation_id=later.pk)
    assert cancelled.days == 0 and not Vacation.objects.filter(pk=later.pk).exists()
    ended = timeoff.vacation_cancel(user=ann, vacation_id=now.pk)
    assert ended.days == 1  # today is under way: the two days after it are refunded
    assert Vacation.objects.get(pk=now.pk).ends <= timezone.now()
    # The clock runs again, without the time the vacation held it.
    left = (game.deadline - now.starts).total_seconds()
    expected = ended.ends + timedelta(seconds=left)
    assert abs((fresh(game).deadline - expected).total_seconds()) < 1
    assert Seat.objects.get(game=game, position=0).away == []
    with pytest.raises(Conflict) as over:
        timeoff.vacation_cancel(user=ann, vacation_id=now.pk)
    assert over.value.code == codes.VACATION_OVER


# Playing hours ------------------------------------------------------------------------------------


def test_outside_playing_hours_the_clock_waits_until_the_window_opens(people) -> None:
    now = timezone.now()
    game = against_bot(people[0], ClockSpec("fixed", seconds=600), closed_now(now))
    opens = minute(now + HOUR)
    assert game.deadline == opens + timedelta(seconds=600)
    view = selectors.game_view_at(game, 0)
    assert view["clock"]["running"] is False
    assert view["clock"]["stopped"] == {"why": "playing_hours", "until": opens}
    assert view["clock"]["playing_hours"] == closed_now(now)
    decision = event(game, "decision")
    assert decision["stopped"]["why"] == "playing_hours"


def test_a_deadline_that_passes_as_the_window_closes_waits_for_it_to_open(people) -> None:
    """The timeout task came late, after the window closed: no timeout outside playing hours;
    the deadline moves to the opening."""
    Availability.objects.create(user=people[0], auto_vacation=False)
    now = timezone.now()
    game = against_bot(people[0], ClockSpec("fixed", seconds=600), closed_now(now))
    passed(game)
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "early"
    assert fresh(game).deadline == minute(now + HOUR)
    assert not Move.objects.filter(game=game, actor="timeout").exists()
    assert event(game, "clock")["stopped"]["why"] == "playing_hours"


def test_a_window_for_each_players_own_time_zone(people) -> None:
    ann = people[0]
    now = timezone.now()
    hours = {**closed_now(now), "zone": "player"}
    game = against_bot(ann, ClockSpec("fixed", seconds=600), hours)
    assert game.deadline == minute(now + HOUR) + timedelta(seconds=600)  # ann is in UTC
    # Ann moves to a zone three hours behind UTC: her window is three hours later.
    timeoff.availability_update(user=ann, time_zone="America/Sao_Paulo")
    after = fresh(game)
    zone = calendars.stored(after).hours.zone.key
    assert zone == "America/Sao_Paulo"
    assert after.deadline != game.deadline and types(game)[-1] == "clock"
    with pytest.raises(Refused) as bad:
        timeoff.availability_update(user=ann, time_zone="Mars/Olympus")
    assert bad.value.code == codes.BAD_TIME_ZONE


@pytest.mark.parametrize(
    ("hours", "clock"),
    [
        ({"start": "8", "end": "22:00"}, "fixed"),
        ({"start": "08:00", "end": "08:00"}, "fixed"),
        ({"start": "08:00", "end": "22:00", "zone": "Mars/Olympus"}, "fixed"),
        ({"start": "08:00", "end": "22:00"}, "none"),
    ],
)
def test_bad_playing_hours_are_refused(people, hours, clock) -> None:
    with pytest.raises(Refused) as bad:
        lobby.game_create(
            user=people[0],
            version="republic",
            players=2,
            clock=ClockSpec(clock, seconds=600 if clock != "none" else 0),
            playing_hours=hours,
        )
    assert bad.value.code == codes.BAD_HOURS
    assert not Game.objects.exists()


# Pauses -------------------------------------------------------------------------------------------


def test_a_pause_accepted_by_everyone_stops_the_clock_and_resuming_gives_its_time_back(
    people,
) -> None:
    game = at_table(people, ClockSpec("fixed", seconds=3600))
    mover, deadline, start = game.to_act, game.deadline, game.last_event
    proposer, *others = [p for p in range(3) if p != mover] + [mover]
    t0 = timezone.now()
    pauses.pause_propose(game_id=game.pk, position=proposer, now=t0)
    assert fresh(game).deadline == deadline  # proposed: the clock still runs
    assert selectors.game_view_at(fresh(game), None)["clock"]["pause_proposal"]["seat"] == proposer
    with pytest.raises(Conflict) as twice:
        pauses.pause_propose(game_id=game.pk, position=others[0], now=t0)
    assert twice.value.code == codes.PAUSE_PENDING
    pauses.pause_answer(game_id=game.pk, position=others[0], accept=True, now=t0)
    assert fresh(game).paused_since is None and fresh(game).deadline == deadline
    pauses.pause_answer(game_id=game.pk, position=others[1], accept=True, now=t0)
    paused = fresh(game)
    assert paused.paused_since == t0 and paused.paused_until is None
    assert paused.deadline is None  # until someone resumes it
    view = selectors.game_view_at(paused, mover)
    assert view["clock"]["stopped"] == {"why": "pause", "until": None}
    assert view["clock"]["pause"] == {"since": t0, "until": None}
    assert view["clock"]["pause_proposal"] is None
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "moved_on"
    # Ten minutes later anyone resumes: the clock has the time it had left when it stopped.
    pauses.pause_resume(game_id=game.pk, position=others[1], now=t0 + timedelta(minutes=10))
    resumed = fresh(game)
    assert resumed.deadline == deadline + timedelta(minutes=10)
    assert resumed.paused_since is None
    assert types(game, start) == [
        "pause_proposed",
        "pause_answered",
        "pause_answered",
        "paused",
        "clock",
        "resumed",
        "clock",
    ]
    assert event(game, "paused") == {"type": "paused", "seat": proposer, "until": None}
    feed = people[mover].feed.values_list("type", flat=True)
    assert {"pause_proposed", "game_paused", "game_resumed"} <= set(feed)
    with pytest.raises(Conflict) as not_paused:
        pauses.pause_resume(game_id=game.pk, position=mover)
    assert not_paused.value.code == codes.NOT_PAUSED


def test_a_pause_declined_or_expired_changes_nothing(people) -> None:
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    deadline = game.deadline
    pauses.pause_propose(game_id=game.pk, position=0)
    pauses.pause_answer(game_id=game.pk, position=1, accept=False)
    declined = fresh(game)
    assert declined.pause_proposal is None and declined.deadline == deadline
    assert PauseProposal.objects.get().status == "declined"
    # A proposal nobody answers in time: accepting it is too late, and nothing changes.
    old = timezone.now() - timedelta(hours=49)
    pauses.pause_propose(game_id=game.pk, position=0, now=old)
    with pytest.raises(Conflict) as late:
        pauses.pause_answer(game_id=game.pk, position=1, accept=True)
    assert late.value.code == codes.NO_PAUSE_PROPOSAL
    assert fresh(game).paused_since is None and fresh(game).deadline == deadline
    assert pauses.proposals_expire() == 1  # the sweep tidies it up
    assert fresh(game).pause_proposal is None and types(game)[-1] == "pause_expired"
    assert PauseProposal.objects.filter(status="expired").count() == 1


def test_a_pause_until_a_moment_and_alone_with_bots(people) -> None:
    game = against_bot(people[0], ClockSpec("fixed", seconds=3600))
    t0 = timezone.now()
    with pytest.raises(Refused) as bad:
        pauses.pause_propose(game_id=game.pk, position=0, until=t0 - HOUR, now=t0)
    assert bad.value.code == codes.BAD_PAUSE
    pauses.pause_propose(game_id=game.pk, position=0, until=t0 + 2 * HOUR, now=t0)
    paused = fresh(game)  # no other person to ask: paused at once
    assert paused.paused_until == t0 + 2 * HOUR
    assert paused.deadline == game.deadline + 2 * HOUR
    with pytest.raises(Conflict) as again:
        pauses.pause_propose(game_id=game.pk, position=0, now=t0)
    assert again.value.code == codes.PAUSE_PENDING
    # Once its end has come, the pause is over by itself.
    view = selectors.game_view_at(paused, 0)
    assert view["clock"]["pause"]["until"] == t0 + 2 * HOUR
    Game.objects.filter(pk=game.pk).update(paused_since=t0 - 3 * HOUR, paused_until=t0 - HOUR)
    assert selectors.game_view_at(fresh(game), 0)["clock"]["pause"] is None


def test_a_bank_is_charged_only_the_time_that_counted(people) -> None:
    Availability.objects.create(user=people[0], auto_vacation=False)
    game = against_bot(people[0], ClockSpec("bank", seconds=1000))
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(decision_started=now - timedelta(seconds=400))
    pauses.pause_propose(game_id=game.pk, position=0, now=now - timedelta(seconds=300))
    pauses.pause_resume(game_id=game.pk, position=0, now=now - timedelta(seconds=100))
    game = fresh(game)
    assert abs(selectors.game_view_at(game, 0)["seats"][0]["bank"] - 800) < 2
    action = engine.legal_actions(engine.from_json(game.state))[0]
    moves.move_submit(game_id=game.pk, caller=Caller(position=0), seq=game.seq, action=action)
    bank = Seat.objects.get(game=game, position=0).bank
    assert 795 < bank <= 800  # 400 s went by, 200 of them paused


def test_a_move_may_be_made_while_paused(people) -> None:
    game = against_bot(people[0], ClockSpec("fixed", seconds=3600))
    pauses.pause_propose(game_id=game.pk, position=0)
    action = engine.legal_actions(engine.from_json(fresh(game).state))[0]
    moves.move_submit(game_id=game.pk, caller=Caller(position=0), seq=game.seq, action=action)
    after = fresh(game)
    if after.status == "active" and after.to_act == 0:
        assert after.deadline is None  # the next decision begins paused
        assert event(game, "decision")["stopped"] == {"why": "pause", "until": None}


def test_only_people_at_the_table_decide_on_a_pause(people) -> None:
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    with transaction.atomic():
        Seat.objects.filter(game=game, position=1).update(resigned=True)
    with pytest.raises(Conflict) as resigned:
        pauses.pause_propose(game_id=game.pk, position=1)
    assert resigned.value.code == codes.RESIGNED
    lone = against_bot(people[2], ClockSpec("fixed", seconds=3600))
    seats = rows.seats_of(Game.objects.get(pk=lone.pk))
    assert [s.position for s in pauses.people(seats)] == [0]


# Races (PostgreSQL) ------------------------------------------------------------------------------


def race(ann: Any, game: Game) -> dict[str, Any]:
    """At the same moment: `ann` takes a vacation of today; `game`'s deadline task runs."""
    import threading

    from django.db import connections

    barrier = threading.Barrier(2)
    outcomes: dict[str, Any] = {}

    def take() -> None:
        barrier.wait(timeout=30)
        try:
            today = timezone.now().date()
            outcomes["take"] = timeoff.vacation_take(user=ann, start=today, end=today)
        except Conflict as exc:
            outcomes["take"] = exc.code
        finally:
            connections.close_all()

    def expire() -> None:
        barrier.wait(timeout=30)
        try:
            outcomes["expire"] = automatic.deadline_expire(game_id=game.pk, seq=game.seq)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=f) for f in (take, expire)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


@pytest.mark.postgres
def test_a_vacation_taken_as_a_deadline_passes_overlaps_nothing(people) -> None:
    """The player takes a vacation (the account's lock, then each game's) at the moment one of
    their deadlines passes with automatic vacation on (the game's lock, then the account's):
    neither waits on the other in a circle, no two vacations overlap, and nothing times out."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    ann = people[0]
    for _ in range(5):
        games = [against_bot(ann, ClockSpec("fixed", seconds=3600)) for _ in range(2)]
        passed(games[0])
        outcomes = race(ann, games[0])
        assert set(outcomes) == {"take", "expire"}, outcomes
        assert outcomes["expire"] in ("vacation", "early"), outcomes
        if outcomes["take"] == codes.VACATION_OVERLAP:
            assert outcomes["expire"] == "vacation"  # the day spent came first
        found = list(Vacation.objects.filter(user=ann).order_by("starts"))
        assert all(a.ends <= b.starts for a, b in itertools.pairwise(found)), found
        assert not Move.objects.filter(actor="timeout").exists()
        for game in games:  # every game of hers knows of every vacation
            away = Seat.objects.get(game=game, position=0).away
            assert away == timeoff.away_of(ann.pk, timezone.now())
        Vacation.objects.filter(user=ann).delete()
        Game.objects.filter(pk__in=[g.pk for g in games]).update(status="finished")
