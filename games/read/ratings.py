"""Ratings as the API, the pages and the profiles read them (docs/ratings.md)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games import codes
from games.errors import NotFound
from games.models import Family, Rating, RatingChange, Suspension


def family_checked(family: str) -> str:
    if family not in Family.values:
        raise NotFound("No such ruleset family.", codes.NO_SUCH_FAMILY)
    return family


def leaderboard(family: str, now: datetime | None = None) -> QuerySet[Rating]:
    """The family's active subjects, best first: a rated game in the last
    GTR_RATING_ACTIVE_DAYS, and no closed or suspended account."""
    now = now or timezone.now()
    since = now - timedelta(days=settings.GTR_RATING_ACTIVE_DAYS)
    suspended = Suspension.objects.filter(
        user_id=OuterRef("user_id"), lifted__isnull=True, since__lte=now
    ).filter(Q(until__isnull=True) | Q(until__gt=now))
    return (
        Rating.objects.filter(family=family_checked(family), last_played__gte=since)
        .filter(Q(user__isnull=True) | Q(user__is_active=True))
        .exclude(Exists(suspended))
        .select_related("user")
        .order_by("-value", "id")
    )


def name_of(rating: Rating) -> str:
    return rating.user.get_username() if rating.user is not None else rating.bot


def rating_view(rating: Rating) -> dict[str, Any]:
    return {
        "family": rating.family,
        "player": rating.user.get_username() if rating.user is not None else None,
        "bot": rating.bot or None,
        "rating": round(rating.value),
        "mu": rating.mu,
        "sigma": rating.sigma,
        "games": rating.games,
        "provisional": rating.games < settings.GTR_RATING_PROVISIONAL_GAMES,
        "last_played": rating.last_played,
    }


def shown_of(user_ids: list[int], family: str) -> dict[int, int]:
    """The displayed ratings of these accounts in the family (a newcomer's: 1000)."""
    known = dict(
        Rating.objects.filter(family=family, user_id__in=user_ids).values_list("user_id", "value")
    )
    return {u: round(known.get(u, NEWCOMER)) for u in user_ids}


NEWCOMER = 1000.0  # games.services.rating_rules.shown of a new rating


def ratings_of(user: Any) -> list[dict[str, Any]]:
    """The account's rating in each family it has played rated."""
    return [rating_view(r) for r in Rating.objects.filter(user=user).select_related("user")]


def history(family: str, user: Any) -> QuerySet[RatingChange]:
    """The changes the account's rated games of the family made, the latest first."""
    return RatingChange.objects.filter(
        rating__family=family_checked(family), rating__user=user
    ).order_by("-id")


def change_view(change: RatingChange) -> dict[str, Any]:
    before, after = round(change.value_before), round(change.value_after)
    return {
        "game": change.game_id,
        "seats": change.seats,
        "rank": change.rank,
        "rating_before": before,
        "rating_after": after,
        "change": after - before,
        "mu_before": change.mu_before,
        "sigma_before": change.sigma_before,
        "mu_after": change.mu_after,
        "sigma_after": change.sigma_after,
        "finished": change.created,
    }
