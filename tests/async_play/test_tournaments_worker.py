"""A Swiss and a round-robin tournament of 12 players at tables of three, played to the end by
bots over a real Redis and Celery worker (with beat), standings checked against sums by hand
(issue 33).

Beat's sweep starts each (a test each, so that the suite's two processes play them side by
side): the Swiss over three rounds, the round-robin over its whole schedule (six rounds). The
entrants are absent: as each round is paired, every seat of its tables gets `random` standing
in, and the worker plays the tables to their end, move by move, on a prefork pool of two
processes. The last move of a round ends it in
the worker's receiver, which pairs the next. The tournament's clock is compressed (a minute a
move): no seat times out, as a bot answers at once. To keep within the suite's budget the
tables play the training deal (half the deck: about 180 moves a game instead of 340), so the
tournaments are unrated; ratings have tests of their own."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

import engine
from games.models import Game, Seat
from games.services.clocks import ClockSpec
from games.tasks import play_automatic_turn
from tournaments.models import Table, Tournament
from tournaments.services import entries, standings

from .conftest import Worker, wait_for

pytestmark = [pytest.mark.celery, pytest.mark.slow]  # slow: it starts first in its stage

SWISS_ROUNDS = 3
ROBIN_ROUNDS = 6  # the whole schedule of twelve in threes (tournaments/pairing.py)


def bots_take_new_tables(done: set[int]) -> None:
    """Every table paired since the last call: its seats to bots standing in, its game on."""
    for table in Table.objects.exclude(pk__in=done).select_related("game"):
        game = table.game
        Seat.objects.filter(game=game).update(bot="random", bot_standing_in=True)
        Game.objects.filter(pk=game.pk).update(automatic=True)
        play_automatic_turn.delay(game.pk, game.seq)
        done.add(table.pk)


def expected(tournament: Tournament) -> dict[str, float]:
    """Each entrant's points summed by hand: the places at each table's finished game (winners
    first, then by points and cards in hand) worth 2, 1, 0, ties split."""
    points: dict[str, float] = {}
    for round_ in tournament.round_set.all():
        for table in round_.tables.all():
            end = engine.from_json(table.game.state).end
            seats = list(table.game.seats.order_by("position"))
            resigned = {s.position for s in seats if s.resigned}
            key = {
                s["seat"]: (
                    s["seat"] in end["winners"],
                    s["seat"] not in resigned,
                    s["total"],
                    s["hand"],
                )
                for s in end["scores"]
            }
            for seat in seats:
                above = sum(k > key[seat.position] for k in key.values())
                tied = sum(k == key[seat.position] for k in key.values())
                worth = sum(2 - p for p in range(above, above + tied)) / tied
                name = seat.user.username
                points[name] = points.get(name, 0.0) + worth
    return points


def create(staff: Any, users: list[Any], fmt: str, rounds: int | None) -> Tournament:
    tournament = entries.tournament_create(
        user=staff,
        name=f"{fmt} twelve",
        version="republic",
        format=fmt,
        table_size=3,
        rounds=rounds,
        starts=timezone.now() + timedelta(seconds=30),
        max_players=12,
        clock=ClockSpec(kind="fixed", seconds=60),
        options={"training": True},
        rated=False,
    )
    for user in users:
        entries.entry_join(user=user, tournament_id=tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(starts=timezone.now())
    return tournament


def check(tournament: Tournament, rounds: int) -> dict[frozenset[int], int]:
    """The standings are the sums by hand, in order; everyone played every round, at a full
    table. Returns how often each pair of entrants met."""
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert tournament.round_set.count() == rounds
    rows = standings.standings(tournament)
    assert {r.entry.user.username: r.points for r in rows} == expected(tournament)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert all(r.played == rounds for r in rows)
    for round_ in tournament.round_set.all():
        tables = list(round_.tables.all())
        assert len(tables) == 4 and not round_.byes.exists()
        assert all(t.game.status == "finished" for t in tables)
        assert all(engine.from_json(t.game.state).end["reason"] != "surrender" for t in tables)
        assert not Seat.objects.filter(game__in=[t.game for t in tables], resigned=True).exists()
    return dict(standings.history(tournament).meetings)


def play_to_the_end(worker: Worker, django_user_model: Any, fmt: str, rounds: int | None) -> Any:
    """12 entrants in threes; beat's sweep starts the tournament and bots play every table."""
    staff = django_user_model.objects.create_user("director", is_staff=True)
    users = [django_user_model.objects.create_user(f"p{i:02}") for i in range(12)]
    tournament = create(staff, users, fmt, rounds)
    worker.start(pool="prefork")
    done: set[int] = set()

    def over() -> bool:
        bots_take_new_tables(done)
        return not Tournament.objects.exclude(status="finished").exists()

    wait_for(over, f"the {fmt}'s end", timeout=600, state=worker.text)
    return tournament


def test_a_swiss_of_twelve_in_threes_plays_to_the_end(
    worker: Worker, django_user_model: Any
) -> None:
    swiss = play_to_the_end(worker, django_user_model, "swiss", SWISS_ROUNDS)
    met = check(swiss, SWISS_ROUNDS)
    assert max(met.values()) == 1  # no rematch in the rounds of a Swiss this short


def test_a_round_robin_of_twelve_in_threes_plays_to_the_end(
    worker: Worker, django_user_model: Any
) -> None:
    robin = play_to_the_end(worker, django_user_model, "round_robin", None)
    met = check(robin, ROBIN_ROUNDS)
    # Six rounds of four tables of three: 72 meetings of 66 pairs, so some pairs meet twice, but
    # none three times (docs/tournaments.md, Pairing).
    assert sum(met.values()) == 72 and max(met.values()) == 2
