"""A Swiss and a round-robin tournament of 12 players at tables of three, played to the end over
a real Redis and Celery worker (with beat), standings checked against sums by hand.

Beat's sweep starts both. Each plays 2 rounds (the round-robin's schedule cut short by the staff's
`rounds`), both at once. To keep within the suite's budget, only round 1 has a table played by
`random` bots standing in for its three absent entrants: the two tournaments' bot tables play
side by side on the worker's two threads, move by move, and the last move of each ends its
round in the worker's receiver, which pairs round 2. Every other table ends at once through the
services (the third resigns, the second surrenders to the first); round 2's last one ends its
tournament in this process's receiver."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, Seat
from games.services import resignation
from games.tasks import play_automatic_turn
from tournaments.models import Round, Tournament
from tournaments.services import entries, standings

from .conftest import Worker, wait_for

pytestmark = pytest.mark.celery


def play_round(tournament: Tournament, number: int, bots: bool) -> None:
    """Table 1 to the bots on the worker (`bots`); the others end at once, in seat order."""
    round_ = wait_for(
        lambda: Round.objects.filter(tournament=tournament, number=number).first(),
        f"round {number}",
    )
    tables = list(round_.tables.order_by("number"))
    assert len(tables) == 4 and not round_.byes.exists()
    if bots:
        game = tables[0].game
        Seat.objects.filter(game=game).update(bot="random", bot_standing_in=True)
        Game.objects.filter(pk=game.pk).update(automatic=True)
        play_automatic_turn.delay(game.pk, game.seq)
    for table in tables[1:] if bots else tables:
        resignation.game_resign(game_id=table.game_id, position=2)
        resignation.game_surrender(game_id=table.game_id, position=1, to=0)


def expected(tournament: Tournament) -> dict[str, float]:
    """Each entrant's points summed by hand: the places at each table's finished game (winners
    first, then by points and cards in hand) worth 2, 1, 0, ties split."""
    points: dict[str, float] = {}
    for round_ in tournament.round_set.all():
        for table in round_.tables.all():
            import engine

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


def create(staff: Any, users: list[Any], fmt: str, rounds: int) -> Tournament:
    tournament = entries.tournament_create(
        user=staff,
        name=f"{fmt} twelve",
        version="republic",
        format=fmt,
        table_size=3,
        rounds=rounds,
        starts=timezone.now() + timedelta(seconds=30),
        max_players=12,
    )
    for user in users:
        entries.entry_join(user=user, tournament_id=tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(starts=timezone.now())
    return tournament


def check(tournament: Tournament, rounds: int) -> None:
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    rows = standings.standings(tournament)
    assert {r.entry.user.username: r.points for r in rows} == expected(tournament)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert all(r.played == rounds for r in rows)
    history = standings.history(tournament)
    assert max(history.meetings.values()) == 1  # no pair met twice in so few rounds


def test_twelve_players_in_threes_play_to_the_end(worker: Worker, django_user_model: Any) -> None:
    staff = django_user_model.objects.create_user("director", is_staff=True)
    users = [django_user_model.objects.create_user(f"p{i:02}") for i in range(12)]
    swiss = create(staff, users, "swiss", 2)
    robin = create(staff, users, "round_robin", 2)
    worker.start()  # beat's sweep starts them
    for number in (1, 2):
        for tournament in (swiss, robin):
            play_round(tournament, number, bots=number == 1)

    def over() -> bool:
        return not Tournament.objects.exclude(status="finished").exists()

    wait_for(over, "the tournaments' end", timeout=180, state=worker.text)
    check(swiss, 2)
    check(robin, 2)
