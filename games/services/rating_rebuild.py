"""Every rating again from scratch: the ledger of rated games replayed in its order
(`manage.py rebuild_ratings`, docs/ratings.md).

The ledger is the order the server rated the games in (games.services.ratings), which is the
order they finished, but for a game whose rating the sweep caught up later. Replaying it gives
exactly the numbers the games gave one by one: the same model on the same standings, in the same
order, from the same doubles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction

from games.models import RatedGame, Rating, RatingChange

from . import rating_rules as rules

Key = tuple[str, str]  # (family, subject)


@dataclass
class Track:
    """A subject's rating as the replay goes."""

    mu: float = rules.MU
    sigma: float = rules.SIGMA
    games: int = 0
    last_played: datetime | None = None
    changes: list[RatingChange] = field(default_factory=list)


@dataclass(frozen=True)
class Rebuilt:
    games: int  # rated games replayed
    ratings: int  # ratings written
    differed: int  # ratings whose stored numbers differed from the replay's


def ratings_rebuild() -> Rebuilt:
    """Recomputes every rating and its history from the ledger, in one transaction.

    The ratings and the ledger are locked while it runs: a game ending meanwhile waits.
    """
    with transaction.atomic():
        stored = {
            (r.family, r.subject): r
            for r in Rating.objects.select_for_update().order_by("family", "subject")
        }
        ledger = list(
            RatedGame.objects.select_for_update(of=("self",))
            .filter(rated=True)
            .select_related("game")
            .only("id", "family", "standings", "game_id", "created", "game__finished")
            .order_by("id")
        )
        tracks = replay(ledger)
        differed = sum(_differs(stored.get(key), track) for key, track in tracks.items())
        differed += sum(key not in tracks for key in stored)
        _write(stored, tracks)
    return Rebuilt(games=len(ledger), ratings=len(tracks), differed=differed)


def replay(ledger: list[RatedGame]) -> dict[Key, Track]:
    tracks: dict[Key, Track] = {}
    for row in ledger:
        standings = [rules.Standing(s["seat"], s["subject"], s["rank"]) for s in row.standings]
        subjects = {s.subject for s in standings}
        finished = row.game.finished or row.created
        mine = {s: tracks.setdefault((row.family, s), Track()) for s in subjects}
        after = rules.rate({s: (t.mu, t.sigma) for s, t in mine.items()}, standings)
        for subject, (mu, sigma) in sorted(after.items()):
            track = mine[subject]
            seats = [s for s in standings if s.subject == subject]
            track.changes.append(
                RatingChange(
                    ledger=row,
                    game_id=row.game_id,
                    seats=[s.position for s in seats],
                    rank=min(s.rank for s in seats),
                    mu_before=track.mu,
                    sigma_before=track.sigma,
                    mu_after=mu,
                    sigma_after=sigma,
                    value_before=rules.shown(track.mu, track.sigma),
                    value_after=rules.shown(mu, sigma),
                    created=finished,
                )
            )
            track.mu, track.sigma = mu, sigma
            track.games += 1
            track.last_played = finished
    return tracks


def _differs(rating: Rating | None, track: Track) -> bool:
    if rating is None:
        return True
    return (rating.mu, rating.sigma, rating.games) != (track.mu, track.sigma, track.games)


def _write(stored: dict[Key, Rating], tracks: dict[Key, Track]) -> None:
    RatingChange.objects.all().delete()
    Rating.objects.filter(pk__in=[r.pk for k, r in stored.items() if k not in tracks]).delete()
    rows = []
    for (family, subject), track in tracks.items():
        rating = stored.get((family, subject)) or Rating(
            family=family, subject=subject, **rules.identity(subject)
        )
        rating.mu, rating.sigma, rating.games = track.mu, track.sigma, track.games
        rating.value = rules.shown(track.mu, track.sigma)
        rating.last_played = track.last_played
        rows.append((rating, track))
    Rating.objects.bulk_create([r for r, _ in rows if r.pk is None])
    Rating.objects.bulk_update(
        [r for r, _ in rows if r.pk is not None],
        ["mu", "sigma", "value", "games", "last_played"],
    )
    changes = []
    for rating, track in rows:
        for change in track.changes:
            change.rating = rating
            changes.append(change)
    RatingChange.objects.bulk_create(changes)
