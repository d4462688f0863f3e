"""A tournament table: its game, created through the lobby with the entrants seated, and its
result as places and points once the game ends (docs/tournaments.md, Points)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine
from games.models import Game, Seat
from games.services import lobby
from games.services.matching import clock_of

from ..models import Entry, Round, Seating, Table, Tournament

TIMEOUT_POLICY = Seat.Timeout.SAFE  # the engine's safe move; a bot stands in after a few


def table_create(
    tournament: Tournament, round_: Round, number: int, entries: Sequence[Entry]
) -> Table:
    """Creates the game of one table, every entrant seated as its account, and starts it.

    The first entrant creates the game; the others take their seats through the lobby, and the
    game starts when the last sits down. Seat order follows the pairing's order."""
    first, *others = entries
    seats = [lobby.SeatSpec("me", timeout=TIMEOUT_POLICY)]
    seats += [lobby.SeatSpec("open", timeout=TIMEOUT_POLICY) for _ in others]
    game = lobby.game_create(
        user=first.user,
        version=tournament.version,
        players=len(entries),
        options=dict(tournament.options),
        seats=seats,
        clock=clock_of(tournament.clock),
        rated=tournament.rated,
    )
    for position, entry in enumerate(others, start=1):
        lobby.seat_join(game_id=game.pk, user=entry.user, position=position, blocks_refuse=False)
    table = Table.objects.create(round=round_, number=number, game=game)
    Seating.objects.bulk_create(
        Seating(table=table, entry=entry, position=p) for p, entry in enumerate(entries)
    )
    return table


def places(game: Game, seats: Sequence[Seat]) -> list[tuple[int, int]]:
    """Each seat's place (1 best) and victory points, by seat position.

    The engine's winners share first place. The others follow by points, then cards in hand
    (the rulebook's tie-break), except that a seat that resigned (or whose entrant withdrew)
    places below every seat that did not. Seats equal on all of it share a place."""
    end: dict[str, Any] = engine.from_json(game.state).end or {}
    scores = {s["seat"]: s for s in end.get("scores", [])}
    winners = set(end.get("winners", []))
    resigned = {s.position for s in seats if s.resigned}

    def key(position: int) -> tuple[int, int, int, int]:
        s = scores.get(position, {"total": 0, "hand": 0})
        return (position in winners, position not in resigned, s["total"], s["hand"])

    keys = {s.position: key(s.position) for s in seats}
    ordered = sorted(keys.values(), reverse=True)
    return [
        (ordered.index(keys[s.position]) + 1, scores.get(s.position, {"total": 0})["total"])
        for s in sorted(seats, key=lambda s: s.position)
    ]


def points_for(places_: Sequence[int]) -> list[float]:
    """k players: place p is worth k - p; players sharing places share their points equally.

    >>> points_for([1, 2, 3])
    [2.0, 1.0, 0.0]
    >>> points_for([1, 1, 3])
    [1.5, 1.5, 0.0]
    """
    k = len(places_)
    out = []
    for place in places_:
        tied = places_.count(place)  # they hold places place .. place + tied - 1
        out.append(sum(k - p for p in range(place, place + tied)) / tied)
    return out


def bye_points(table_size: int) -> float:
    """A bye is worth a table's average: (k - 1) / 2."""
    return (table_size - 1) / 2


def table_score(table: Table) -> None:
    """Writes each seating's place, points and victory points from the finished game."""
    game = table.game
    seats = list(game.seats.order_by("position"))
    result = places(game, seats)
    points = points_for([place for place, _ in result])
    for seating in table.seatings.all():
        place, score = result[seating.position]
        seating.place, seating.points, seating.score = place, points[seating.position], score
        seating.save(update_fields=["place", "points", "score"])
    table.scored = True
    table.save(update_fields=["scored"])
