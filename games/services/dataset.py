"""The open dataset: every finished game as one line of ndjson, in the record format
(docs/records.md; docs/research.md, The dataset), as lichess publishes its database.

A line is a game's complete record (`games.services.records.game_record`: the whole deal, every
action by card names, the result), with the game's id and when it finished. Only finished games
are exported, so no line says anything hidden in a game still in play. Games dealt by the server
are the dataset; a game set up from a scenario or an imported record is left out (its table is
someone's invention, or the rest of another game).

`lines` reads the games in batches, in the order they finished (keyset pagination on (finished,
id)), so a long export holds no cursor open and sees games finished while it runs.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import orjson
from django.db.models import Q, QuerySet

from games.models import Game

from .records import game_record

BATCH = 50
Cursor = tuple[datetime.datetime, int] | None


def start_of(day: datetime.date) -> datetime.datetime:
    """Midnight (UTC) at the start of `day`."""
    return datetime.datetime.combine(day, datetime.time(), tzinfo=datetime.UTC)


def finished_games(
    version: str | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
) -> QuerySet[Game]:
    """The finished games of the dataset, in the order they finished: of one `version` when
    given, finished on or after `since` and before `until` (days, UTC) when given."""
    games = (
        Game.objects.filter(status=Game.Status.FINISHED, finished__isnull=False)
        .exclude(setup__has_key="scenario")
        .exclude(setup__has_key="record")
    )
    if version is not None:
        games = games.filter(version=version)
    if since is not None:
        games = games.filter(finished__gte=start_of(since))
    if until is not None:
        games = games.filter(finished__lt=start_of(until))
    return games.order_by("finished", "id")


def line(game: Game) -> bytes:
    """One game's line: its complete record, its id and when it finished, and a newline."""
    assert game.finished is not None
    record: dict[str, Any] = game_record(game, None, None)
    record["game"] = game.pk
    record["finished"] = game.finished.isoformat()
    return orjson.dumps(record) + b"\n"


def batch(
    after: Cursor,
    version: str | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
) -> tuple[list[bytes], Cursor]:
    """The next lines after `after` (None: from the first), and the cursor past them."""
    games = finished_games(version, since, until)
    if after is not None:
        at, pk = after
        games = games.filter(Q(finished__gt=at) | Q(finished=at, id__gt=pk))
    found = list(games[:BATCH])
    if not found:
        return [], after
    last = found[-1]
    assert last.finished is not None
    return [line(g) for g in found], (last.finished, last.pk)


def lines(
    version: str | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
) -> Iterator[bytes]:
    """Every line of the dataset (or of one version, or of some days), in order."""
    after: Cursor = None
    while True:
        found, after = batch(after, version, since, until)
        if not found:
            return
        yield from found
