"""Ratings (docs/ratings.md): a finished rated game changes its players' and bots' ratings, once.

- `game_finished`: in the transaction that ends a game, under its row lock. Should rating fail
  there, the game still ends, the failure is logged, and `ratings_sweep` rates it later.
- `ratings_sweep`: beat's catch-up for rated games that ended without a ledger row.
- `ratings_rebuild`: every rating again from scratch, replaying the ledger in its order.
- `seat_ratings_set`: the ratings the lobby and the table show beside the seats' names.

A game is rated once: its ledger row (`RatedGame`, unique per game) is written under the game's
row lock. Ratings are locked in subject order, and the ledger row is numbered while they are
held: two games that share a subject are numbered in the order they changed it, which is the
order the rebuild replays.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Count
from django.utils import timezone

from games.events import commit, feeds
from games.models import FAMILY_OF, Game, Move, RatedGame, Rating, RatingChange, Seat
from games.store import rows, snapshot

from . import rating_rules as rules
from .locking import game_locked

log = logging.getLogger(__name__)

SERVER_ACTORS = (Move.Actor.BOT, Move.Actor.TIMEOUT)


def subject_of(seat: Seat) -> str | None:
    """The seat's rated subject: its account, or its bot by name (None: a person, no account)."""
    if seat.kind == Seat.Kind.BOT:
        return f"bot:{seat.bot}"
    return None if seat.user_id is None else f"user:{seat.user_id}"


def game_finished(game: Game, seats: list[Seat]) -> None:
    """Rates a game that just ended, if it was created rated.

    The caller holds the game's row lock in the transaction that ended it. A failure here must not
    undo the game's end: it rolls back to a savepoint, is logged, and the sweep rates it again.
    """
    if not game.rated:
        return
    try:
        with transaction.atomic():
            game_rate(game, seats)
    except Exception:  # the game's end stands; ratings_sweep finds it without its ledger row
        log.exception("Rating game %s failed; the sweep will rate it", game.pk)


def game_rate(game: Game, seats: list[Seat]) -> RatedGame | None:
    """Writes the game's ledger row and its rating changes, unless written already.

    The caller holds the game's row lock. Returns the new ledger row.
    """
    if not game.rated or game.status != Game.Status.FINISHED:
        return None
    if RatedGame.objects.filter(game=game).exists():
        return None
    family = FAMILY_OF[Game.Version(game.version)]
    standings, reason = _standings(game, seats)
    if reason:
        return RatedGame.objects.create(game=game, family=family, rated=False, reason=reason)
    ratings = _locked(family, [s.subject for s in standings])
    ledger = RatedGame.objects.create(
        game=game,
        family=family,
        rated=True,
        standings=[{"seat": s.position, "subject": s.subject, "rank": s.rank} for s in standings],
    )
    changes = _apply(ledger, ratings, standings, game.finished or timezone.now())
    _seats_changed(seats, changes)
    _tell(game, changes)
    return ledger


def _standings(game: Game, seats: list[Seat]) -> tuple[list[rules.Standing], str]:
    if "scenario" in game.setup or "record" in game.setup:
        return [], rules.SETUP
    if game.options.get("training"):
        return [], rules.TRAINING
    end = snapshot.state_of(game).end or {}
    scores = {s["seat"]: s for s in end.get("scores", [])}
    counts = _decisions(game)
    ends = [
        rules.SeatEnd(
            position=s.position,
            subject=subject_of(s),
            person=s.kind != Seat.Kind.BOT,
            forfeit=s.kind != Seat.Kind.BOT and (s.resigned or s.bot_standing_in or s.suspended),
            total=scores.get(s.position, {}).get("total", 0),
            hand=scores.get(s.position, {}).get("hand", 0),
            decisions=counts.get((s.position, "all"), 0),
            by_server=counts.get((s.position, "server"), 0),
        )
        for s in seats
    ]
    surrender = end.get("reason") == "surrender"
    winners = end.get("winners", [])
    return rules.standings_of(ends, winners, surrender, settings.GTR_RATING_BOT_SHARE)


def _decisions(game: Game) -> dict[tuple[int, str], int]:
    """Each seat's moves in the log ("all") and those the server played ("server")."""
    counts: dict[tuple[int, str], int] = {}
    per = (
        Move.objects.filter(game=game, seat__isnull=False)
        .values("seat", "actor")
        .annotate(n=Count("id"))
        .order_by()
    )
    for row in per:
        counts[(row["seat"], "all")] = counts.get((row["seat"], "all"), 0) + row["n"]
        if row["actor"] in SERVER_ACTORS:
            counts[(row["seat"], "server")] = counts.get((row["seat"], "server"), 0) + row["n"]
    return counts


def _locked(family: str, subjects: Iterable[str]) -> dict[str, Rating]:
    """The subjects' ratings, created if new, locked in subject order."""
    wanted = sorted(set(subjects))
    value = rules.shown(rules.MU, rules.SIGMA)
    new = [
        Rating(
            family=family,
            subject=subject,
            **rules.identity(subject),
            mu=rules.MU,
            sigma=rules.SIGMA,
            value=value,
        )
        for subject in wanted
    ]
    Rating.objects.bulk_create(new, ignore_conflicts=True)
    locked = Rating.objects.select_for_update().filter(family=family, subject__in=wanted)
    return {r.subject: r for r in locked.order_by("subject")}


@dataclass(frozen=True)
class Changed:
    rating: Rating
    change: RatingChange


def _apply(
    ledger: RatedGame,
    ratings: dict[str, Rating],
    standings: list[rules.Standing],
    finished: datetime,
) -> list[Changed]:
    """Applies the game to the locked ratings and writes its history rows."""
    priors = {subject: (r.mu, r.sigma) for subject, r in ratings.items()}
    after = rules.rate(priors, standings)
    out = []
    for subject, (mu, sigma) in sorted(after.items()):
        rating = ratings[subject]
        mine = [s for s in standings if s.subject == subject]
        change = RatingChange(
            ledger=ledger,
            game_id=ledger.game_id,
            rating=rating,
            seats=[s.position for s in mine],
            rank=min(s.rank for s in mine),
            mu_before=rating.mu,
            sigma_before=rating.sigma,
            mu_after=mu,
            sigma_after=sigma,
            value_before=rating.value,
            value_after=rules.shown(mu, sigma),
            created=finished,
        )
        rating.mu, rating.sigma, rating.value = mu, sigma, change.value_after
        rating.games += 1
        rating.last_played = finished
        out.append(Changed(rating, change))
    for c in out:  # one short UPDATE a row: Django's bulk_update costs more at these sizes
        r = c.rating
        Rating.objects.filter(pk=r.pk).update(
            mu=r.mu, sigma=r.sigma, value=r.value, games=r.games, last_played=r.last_played
        )
    RatingChange.objects.bulk_create([c.change for c in out])
    return out


def _seats_changed(seats: list[Seat], changes: list[Changed]) -> None:
    """Each rated seat shows the change beside its name (rounded, as the ratings are shown)."""
    by_position = {p: c for c in changes for p in c.change.seats}
    for seat in seats:
        changed = by_position.get(seat.position)
        if changed is not None:
            c = changed.change
            seat.rating_change = round(c.value_after) - round(c.value_before)
            seat.save(update_fields=["rating_change"])


def _tell(game: Game, changes: list[Changed]) -> None:
    """Each account hears of its change in its feed (`rating_changed`)."""
    for c in changes:
        user_id = c.rating.user_id
        if user_id is None:
            continue
        told = feeds.notify([user_id], None, "rating_changed", **rating_event(game, c))
        commit.publish_feed_on_commit(told)


def rating_event(game: Game, c: Changed) -> dict[str, Any]:
    before, after = round(c.change.value_before), round(c.change.value_after)
    return {
        "game": game.pk,
        "family": c.rating.family,
        "rank": c.change.rank,
        "rating": after,
        "change": after - before,
        "games": c.rating.games,
        "provisional": provisional(c.rating.games),
    }


def provisional(games: int) -> bool:
    return games < settings.GTR_RATING_PROVISIONAL_GAMES


# The sweep ----------------------------------------------------------------------------------


def ratings_sweep() -> int:
    """Rates the rated games that ended without their ledger row. Returns how many."""
    due = Game.objects.filter(
        rated=True, status=Game.Status.FINISHED, rated_game__isnull=True
    ).order_by("finished", "id")
    done = 0
    for game_id in due.values_list("pk", flat=True):
        try:
            done += game_rate_late(game_id)
        except DatabaseError:
            # Here the ratings are locked before the feeds, where a game's end locks its feeds
            # first: PostgreSQL may end one of the two as a deadlock. The next sweep tries again.
            log.exception("Rating game %s failed; the next sweep will try again", game_id)
    return done


def game_rate_late(game_id: int) -> int:
    """Rates one finished game in a transaction of its own, under its row lock (idempotent)."""
    with transaction.atomic():
        game = game_locked(game_id)
        ledger = game_rate(game, rows.seats_of(game))
        if ledger is None:
            return 0
        if ledger.rated:  # the seats' changes show in the views: a new revision
            game.revision += 1
            game.save(update_fields=["revision", "updated"])
    return 1


# The lobby and the table ------------------------------------------------------------------


def seat_ratings_set(game: Game, seats: list[Seat]) -> None:
    """Writes beside each seat the displayed rating of its account or bot in the game's family."""
    family = FAMILY_OF[Game.Version(game.version)]
    subjects = {s.position: subject_of(s) for s in seats}
    known = dict(
        Rating.objects.filter(
            family=family, subject__in=[s for s in subjects.values() if s]
        ).values_list("subject", "value")
    )
    newcomer = rules.shown(rules.MU, rules.SIGMA)
    for seat in seats:
        subject = subjects[seat.position]
        rating = None if subject is None else round(known.get(subject, newcomer))
        if seat.rating != rating:
            seat.rating = rating
            seat.save(update_fields=["rating"])
