"""The standings of a tournament, and the history its pairing reads (docs/tournaments.md).

Ranked by points (per table by place, a bye worth a table's average), then the tie-breaks:
1. Buchholz: the sum, over every table played, of the tournament points of the others there;
2. victory points: the sum of the entrant's game scores;
3. first places;
4. the earlier entry.
Entrants who withdrew or were removed keep their points and rank among the others.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from games.read import people

from .. import pairing
from ..models import Entry, Seating, Tournament
from .tables import bye_points


@dataclass
class Row:
    entry: Entry
    points: float = 0.0
    buchholz: float = 0.0
    score: int = 0
    wins: int = 0
    byes: int = 0
    played: int = 0
    rank: int = 0
    opponents: list[int] = field(default_factory=list)  # an entry id per opponent per table


def _scored(tournament: Tournament) -> list[Seating]:
    return list(
        Seating.objects.filter(table__round__tournament=tournament, table__scored=True)
        .select_related("entry", "table")
        .order_by("table_id", "position")
    )


def standings(tournament: Tournament) -> list[Row]:
    """Every entrant, best first, ranked by points and the tie-breaks; equal rows share a rank."""
    entries = list(tournament.entries.select_related("user"))
    rows = {e.pk: Row(e) for e in entries}
    tables: dict[int, list[Seating]] = {}
    for seating in _scored(tournament):
        tables.setdefault(seating.table_id, []).append(seating)
    for seated in tables.values():
        for s in seated:
            row = rows[s.entry_id]
            row.points += s.points or 0.0
            row.score += s.score or 0
            row.wins += s.place == 1
            row.played += 1
            row.opponents += [o.entry_id for o in seated if o.entry_id != s.entry_id]
    worth = bye_points(tournament.table_size)
    for entry_id in Entry.byes.through.objects.filter(round__tournament=tournament).values_list(
        "entry_id", flat=True
    ):
        rows[entry_id].byes += 1
        rows[entry_id].points += worth
    for row in rows.values():
        row.buchholz = sum((rows[o].points for o in row.opponents), 0.0)
    ordered = sorted(rows.values(), key=_key)
    for i, row in enumerate(ordered):
        same = i > 0 and _key(ordered[i - 1])[:-1] == _key(row)[:-1]
        row.rank = ordered[i - 1].rank if same else i + 1
    return ordered


def _key(row: Row) -> tuple[float, float, int, int, int]:
    return (-row.points, -row.buchholz, -row.score, -row.wins, row.entry.pk)


def history(tournament: Tournament) -> pairing.History:
    """The rounds so far as the pairing reads them: tables and byes by entry id."""
    tables: dict[int, list[int]] = {}
    for table_id, entry_id in Seating.objects.filter(
        table__round__tournament=tournament
    ).values_list("table_id", "entry_id"):
        tables.setdefault(table_id, []).append(entry_id)
    byes = list(
        Entry.byes.through.objects.filter(round__tournament=tournament).values_list(
            "entry_id", flat=True
        )
    )
    met = pairing.History.of([(list(tables.values()), byes)])
    return dataclasses.replace(met, apart=_blocked_entries(tournament))


def _blocked_entries(tournament: Tournament) -> frozenset[pairing.Pair]:
    """The pairs of active entrants with a block between them, made after both joined (a block
    before refuses the join): the pairing keeps them apart where it can."""
    users = dict(tournament.entries.filter(status=Entry.Status.ACTIVE).values_list("user_id", "pk"))
    return frozenset(frozenset(users[u] for u in pair) for pair in people.blocks_among(users))
