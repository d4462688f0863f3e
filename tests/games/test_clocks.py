"""Time controls, timeouts, bots standing in, and the sweep's query (in-process: tasks run
eagerly here; tests/async_play runs the same against a real Redis and worker)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

import engine
from games.models import Availability, Game, Move, Seat
from games.read import selectors
from games.read.selectors import Caller
from games.services import automatic, lobby, moves, resignation
from games.services.clocks import ClockSpec
from games.services.lobby import SeatSpec
from tests.conftest import signup

SEED = 20261122


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game here is dealt from one seed, so each test plays the same table every run."""
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: SEED)


def human_vs_bot(user: Any, clock: ClockSpec, timeout: str = "safe") -> Game:
    """A two-seat game, the person at seat 0, played up to the person's first decision."""
    game = lobby.game_create(
        user=user,
        version="republic",
        players=2,
        seats=[SeatSpec("me", timeout=timeout), SeatSpec("bot")],
        clock=clock,
    )
    game.refresh_from_db()
    assert game.status == "active" and game.to_act == 0 and not game.automatic
    return game


def expire(game: Game) -> str:
    """The deadline passes (moved into the past), then its task runs."""
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    return automatic.deadline_expire(game_id=game.pk, seq=game.seq)


@pytest.fixture
def user(transactional_db: Any, django_user_model: Any) -> Any:
    """A player who spends no vacation day when a deadline passes: the timeout policy applies
    (automatic vacation: tests/games/test_time_off.py)."""
    user = django_user_model.objects.create_user("dora", password="x")
    Availability.objects.create(user=user, auto_vacation=False)
    return user


def test_a_fixed_clock_sets_a_deadline_for_people_only(user) -> None:
    before = timezone.now()
    game = human_vs_bot(user, ClockSpec("fixed", seconds=3600))
    assert before + timedelta(seconds=3600) <= game.deadline
    assert game.deadline <= timezone.now() + timedelta(seconds=3600)
    # Every bot move before the person's decision went through without a deadline.
    assert all(m.actor == "bot" for m in Move.objects.filter(game=game))


def test_no_clock_no_deadline(user) -> None:
    game = human_vs_bot(user, ClockSpec())
    assert game.deadline is None and game.clock == "none"
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "moved_on"


def test_a_deadline_applies_the_safe_move_once(user) -> None:
    game = human_vs_bot(user, ClockSpec("fixed", seconds=600))
    state = engine.from_json(game.state)
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "early"
    assert Game.objects.get(pk=game.pk).seq == game.seq

    assert expire(game) == "timed_out"
    # Delivered again, late, or by the sweep: nothing more happens.
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "moved_on"
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "moved_on"
    move = Move.objects.get(game=game, seq=game.seq + 1)
    assert move.actor == "timeout" and move.seat == 0
    assert move.action == engine.parse(engine.safe_action(state)).to_json()
    assert Move.objects.filter(game=game, actor="timeout").count() == 1
    seat = Seat.objects.get(game=game, position=0)
    assert seat.timeouts == 1 and not seat.bot_standing_in


def test_a_bot_stands_in_after_n_timeouts_until_the_player_returns(user, settings) -> None:
    settings.GTR_TIMEOUTS_BEFORE_BOT = 2
    game = human_vs_bot(user, ClockSpec("fixed", seconds=600))
    for expected in (1, 2):
        game.refresh_from_db()
        assert game.to_act == 0 and not game.automatic  # the bot's turns ran in-process
        assert expire(game) == "timed_out"
        assert Seat.objects.get(game=game, position=0).timeouts == expected
    seat = Seat.objects.get(game=game, position=0)
    assert seat.bot_standing_in and seat.plays_automatically
    # With a bot standing in for seat 0 and a bot at seat 1, the game plays itself to the end.
    game.refresh_from_db()
    assert game.status == "finished"
    assert Move.objects.filter(game=game, seat=0, actor="bot").exists()
    assert Move.objects.filter(game=game, actor="timeout").count() == 2


def test_returning_ends_the_stand_in_and_restarts_the_clock(user, settings) -> None:
    settings.GTR_TIMEOUTS_BEFORE_BOT = 1
    game = lobby.game_create(
        user=user,
        version="republic",
        players=3,
        seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("bot")],
        clock=ClockSpec("fixed", seconds=600),
    )
    other = type(user).objects.create_user("erin", password="x")
    Availability.objects.create(user=other, auto_vacation=False)
    lobby.seat_join(game_id=game.pk, user=other)
    game.refresh_from_db()
    mover = game.to_act
    assert not game.automatic  # with this seed a person has the first decision
    assert expire(game) == "timed_out"
    seat = Seat.objects.get(game=game, position=mover)
    assert seat.bot_standing_in
    game.refresh_from_db()
    automatic.seat_return(game_id=game.pk, position=mover)
    seat.refresh_from_db()
    assert not seat.bot_standing_in and seat.timeouts == 0
    game.refresh_from_db()
    if game.to_act == mover:
        assert not game.automatic and game.deadline > timezone.now()
    # Returning again is harmless.
    automatic.seat_return(game_id=game.pk, position=mover)


def test_own_move_resets_the_timeout_count(user) -> None:
    game = human_vs_bot(user, ClockSpec("fixed", seconds=600))
    assert expire(game) == "timed_out"
    game.refresh_from_db()
    assert Seat.objects.get(game=game, position=0).timeouts == 1
    assert game.to_act == 0 and game.status == "active"  # the person's decision again
    action = engine.legal_actions(engine.from_json(game.state))[0]
    moves.move_submit(game_id=game.pk, caller=Caller(position=0), seq=game.seq, action=action)
    assert Seat.objects.get(game=game, position=0).timeouts == 0


def test_a_bank_is_spent_topped_up_and_capped(user) -> None:
    game = human_vs_bot(user, ClockSpec("bank", seconds=1000, increment=100, cap=1050))
    seat = Seat.objects.get(game=game, position=0)
    assert seat.bank == 1000
    assert abs((game.deadline - game.decision_started).total_seconds() - 1000) < 1
    # The decision took 400 s: 1000 - 400 + 100 = 700.
    started = timezone.now() - timedelta(seconds=400)
    Game.objects.filter(pk=game.pk).update(decision_started=started)
    action = engine.legal_actions(engine.from_json(game.state))[0]
    moves.move_submit(game_id=game.pk, caller=Caller(position=0), seq=game.seq, action=action)
    seat.refresh_from_db()
    assert 690 < seat.bank <= 700
    # A quick decision cannot grow the bank past the cap.
    game.refresh_from_db()
    if game.status == "active" and game.to_act == 0:
        Seat.objects.filter(pk=seat.pk).update(bank=1000)
        game.refresh_from_db()
        action = engine.legal_actions(engine.from_json(game.state))[0]
        moves.move_submit(game_id=game.pk, caller=Caller(position=0), seq=game.seq, action=action)
        seat.refresh_from_db()
        assert seat.bank == 1050


def test_a_timeout_empties_the_bank_before_the_increment(user) -> None:
    game = human_vs_bot(user, ClockSpec("bank", seconds=600, increment=120, cap=900))
    assert expire(game) == "timed_out"
    assert Seat.objects.get(game=game, position=0).bank == 120


def test_the_sweep_finds_overdue_deadlines_and_stuck_bots(user, settings) -> None:
    game = human_vs_bot(user, ClockSpec("fixed", seconds=600))
    assert selectors.games_due() == ([], [])
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert selectors.games_due() == ([(game.pk, game.seq)], [])
    stale = timezone.now() - timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS + 1)
    Game.objects.filter(pk=game.pk).update(automatic=True, deadline=None, updated=stale)
    assert selectors.games_due() == ([], [(game.pk, game.seq)])


def test_staff_may_seat_only_bots_and_the_table_plays_itself(
    transactional_db, django_user_model
) -> None:
    staff = django_user_model.objects.create_user("sam", password="x", is_staff=True)
    game = lobby.game_create(
        user=staff,
        version="imperium",
        players=3,
        seats=[SeatSpec("bot"), SeatSpec("bot", bot="random"), SeatSpec("bot")],
    )
    game.refresh_from_db()
    assert game.status == "finished" and game.to_act is None and not game.automatic
    assert set(Move.objects.filter(game=game).values_list("actor", flat=True)) == {"bot"}


def test_clock_and_bots_over_http(transactional_db) -> None:
    alice = signup("alice")
    r = alice.post(
        "/api/games/",
        {
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
            "clock": {"kind": "bank", "seconds": 86400, "increment": 3600, "cap": 3 * 86400},
        },
    )
    assert r.status_code == 201, r.content
    view = alice.game(r.json()["id"])  # after the bot's opening moves, if it led
    clock = {k: view["clock"][k] for k in ("kind", "seconds", "increment", "cap")}
    assert clock == {"kind": "bank", "seconds": 86400, "increment": 3600, "cap": 259200}
    assert view["clock"]["running"] and view["clock"]["stopped"] is None
    assert view["deadline"] is not None and view["to_act"] == 0
    me, bot = view["seats"]
    assert 86300 < me["bank"] <= 86400 and me["bot"] is None and me["timeouts"] == 0
    assert bot["bot"] == "random" and bot["bank"] == 86400
    r = alice.post(f"/api/games/{view['id']}/return/")
    assert r.status_code == 200 and r.json()["seats"][0]["bot_standing_in"] is False


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "fixed", "seconds": 5},
        {"kind": "bank", "seconds": 600, "cap": 300},
        {"kind": "hourglass", "seconds": 600},
    ],
)
def test_bad_clocks_are_refused(db, clock: dict[str, Any]) -> None:
    """Outside the schema (an unknown kind, too few seconds) is 400; a clock that fits it but
    makes no sense (a cap below the bank) is 422 `bad_clock`."""
    alice = signup("alice")
    r = alice.post("/api/games/", {"players": 2, "clock": clock})
    if clock["kind"] == "hourglass" or clock.get("seconds") == 5:
        assert r.status_code == 400 and r.json()["code"] == "invalid", r.content
    else:
        assert r.status_code == 422 and r.json()["code"] == "bad_clock", r.content


def test_a_clock_without_seconds_gives_a_day(db) -> None:
    alice = signup("alice")
    r = alice.post("/api/games/", {"players": 2, "clock": {"kind": "fixed"}})
    assert r.status_code == 201
    clock = r.json()["clock"]
    assert (clock["kind"], clock["seconds"]) == ("fixed", 86400)


def test_only_staff_seat_bots_alone(db) -> None:
    alice = signup("alice")
    r = alice.post("/api/games/", {"players": 2, "seats": [{"kind": "bot"}, {"kind": "bot"}]})
    assert r.status_code == 422 and r.json()["code"] == "bad_seats"


def test_another_seat_resigning_keeps_the_clock_running(user) -> None:
    other = type(user).objects.create_user("fay", password="x")
    game = lobby.game_create(
        user=user,
        version="republic",
        players=3,
        seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("bot")],
        clock=ClockSpec("fixed", seconds=600),
    )
    lobby.seat_join(game_id=game.pk, user=other)
    game.refresh_from_db()
    mover = game.to_act
    assert not game.automatic and game.deadline is not None
    quitter = 1 - mover if mover in (0, 1) else 0
    resignation.game_resign(game_id=game.pk, position=quitter)
    after = Game.objects.get(pk=game.pk)
    assert after.to_act == mover and after.deadline == game.deadline
    assert after.revision == game.revision + 1


def test_no_deadline_task_is_held_beyond_the_horizon(settings, monkeypatch) -> None:
    from games import tasks
    from gtr_api.celery import app

    sent: list[dict[str, Any]] = []
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    monkeypatch.setattr(tasks.expire_deadline, "apply_async", lambda *a, **kw: sent.append(kw))
    settings.GTR_DEADLINE_HORIZON_SECONDS = 1800
    soon = timezone.now() + timedelta(seconds=60)
    tasks.deadline_schedule(1, 2, soon)
    far = timezone.now() + timedelta(days=3)
    tasks.deadline_schedule(1, 2, far)
    assert sent[0]["eta"] == soon
    assert sent[1]["eta"] < timezone.now() + timedelta(seconds=1801)
