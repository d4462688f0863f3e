"""A tournament's rounds: the start, pairing each round, scoring its tables as their games end,
and the next round when the last one ends (docs/tournaments.md).

A round moves on from two places: the receiver of a finished game (tournaments.receivers), and
the beat sweep (tournaments.tasks) for tournaments due to start and rounds due at a fixed date.
Both take the tournament's row lock, so a round is paired once however many games end at once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.management.commands.verify_games import verify
from games.models import Game
from games.read import people
from games.services.matching import tell

from .. import pairing
from ..models import Entry, Round, Table, Tournament
from . import standings
from .entries import entrant_leave
from .tables import table_create, table_score

log = logging.getLogger(__name__)


def tournaments_sweep(now: datetime | None = None) -> int:
    """Beat's part: starts the tournaments whose start is due, and the rounds whose date came.

    Returns how many rounds began."""
    now = now or timezone.now()
    due = Tournament.objects.filter(status=Tournament.Status.OPEN, starts__lte=now)
    began = sum(tournament_start(t) for t in due.values_list("pk", flat=True))
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    return began + sum(round_next(t, now) for t in running.values_list("pk", flat=True))


def tournament_start(tournament_id: int) -> bool:
    """Closes the entries and pairs the first round; too few entrants cancel it."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.OPEN:
            return False
        entrants = list(tournament.entries.values_list("user_id", flat=True))
        if len(entrants) < tournament.table_size:
            tournament.status = Tournament.Status.CANCELLED
            tournament.finished = timezone.now()
            tournament.save(update_fields=["status", "finished"])
            tell(entrants, "tournament_cancelled", tournament=tournament.pk, name=tournament.name)
            return False
        tournament.status = Tournament.Status.RUNNING
        if tournament.rounds is None:
            tournament.rounds = pairing.rounds_for_round_robin(len(entrants), tournament.table_size)
        tournament.save(update_fields=["status", "rounds"])
        _round_start(tournament)
        return True


def round_due(tournament: Tournament, number: int) -> datetime:
    """The earliest start of round `number`: at once, or its fixed date."""
    if tournament.round_interval is None:
        return tournament.starts
    return tournament.starts + timedelta(seconds=tournament.round_interval * (number - 1))


def round_next(tournament_id: int, now: datetime | None = None) -> bool:
    """Scores the current round's finished tables; once every one is scored the round ends, and
    the next begins when due, or the tournament ends. A table whose record fails verification
    is not scored: the round waits for staff (tournaments.admin). Returns whether a round began."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return False
        current = tournament.round_set.get(number=tournament.current_round)
        if current.status == Round.Status.PLAYING and not _round_scored(current):
            return False
        if tournament.current_round >= (tournament.rounds or 0):
            _finish(tournament)
            return False
        if round_due(tournament, tournament.current_round + 1) > now:
            return False
        return _round_start(tournament)


def _round_scored(round_: Round) -> bool:
    """Scores each finished, sound table of the round; ends the round when all are scored."""
    for table in round_.tables.select_related("game").filter(scored=False):
        if table.game.status != Game.Status.FINISHED or table.problems:
            continue
        problems = verify(table.game)
        if problems:
            log.error("tournament table %s (game %s) fails verification", table.pk, table.game_id)
            table.problems = problems
            table.save(update_fields=["problems"])
            continue
        table_score(table)
    if round_.tables.filter(scored=False).exists():
        return False
    round_.status, round_.finished = Round.Status.FINISHED, timezone.now()
    round_.save(update_fields=["status", "finished"])
    return True


def _finish(tournament: Tournament) -> None:
    tournament.status, tournament.finished = Tournament.Status.FINISHED, timezone.now()
    tournament.save(update_fields=["status", "finished"])
    rows = standings.standings(tournament)
    for row in rows:
        tell(
            [row.entry.user_id],
            "tournament_finished",
            tournament=tournament.pk,
            name=tournament.name,
            rank=row.rank,
            points=row.points,
        )


def _round_start(tournament: Tournament) -> bool:
    """Pairs the next round among the active entrants and creates its tables' games.

    A suspended entrant is removed first: it could not sit down."""
    for entry in tournament.entries.filter(status=Entry.Status.ACTIVE):
        if people.suspended(entry.user_id):
            entrant_leave(entry, Entry.Status.REMOVED, "suspended")
    active = list(tournament.entries.filter(status=Entry.Status.ACTIVE).select_related("user"))
    if len(active) < tournament.table_size:
        _finish(tournament)  # too few left to fill a table
        return False
    number = tournament.current_round + 1
    drawn = _pairing(tournament, active, number)
    by_id = {e.pk: e for e in active}
    round_ = Round.objects.create(tournament=tournament, number=number)
    round_.byes.set([by_id[pk] for pk in drawn.byes])
    for n, seated in enumerate(drawn.tables, start=1):
        table = table_create(tournament, round_, n, [by_id[pk] for pk in seated])
        _announce(tournament, number, table)
    tell(
        [by_id[pk].user_id for pk in drawn.byes],
        "tournament_round",
        **_round_data(tournament, number),
        bye=True,
    )
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    return True


def _pairing(tournament: Tournament, active: list[Entry], number: int) -> pairing.Round:
    history = standings.history(tournament)
    seed = tournament.seed + number
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return pairing.pair_round_robin(
            [e.pk for e in active], tournament.table_size, history, seed
        )
    table = standings.standings(tournament)
    ids = {e.pk for e in active}
    order = [row.entry.pk for row in table if row.entry.pk in ids]
    points = {row.entry.pk: row.points for row in table}
    return pairing.pair_swiss(order, points, tournament.table_size, history, seed)


def _round_data(tournament: Tournament, number: int) -> dict[str, object]:
    return {"tournament": tournament.pk, "name": tournament.name, "round": number}


def _announce(tournament: Tournament, number: int, table: Table) -> None:
    users = list(table.seatings.values_list("entry__user_id", flat=True))
    tell(users, "tournament_round", **_round_data(tournament, number), game=table.game_id)
