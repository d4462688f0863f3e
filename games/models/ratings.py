"""Ratings (docs/ratings.md): one per subject and ruleset family, the ledger of rated games, and
the change each game made.

A subject is an account (`user:<id>`) or a server bot by its name (`bot:ismcts-3`).
The ledger (`RatedGame`) holds each finished rated game once, in the order it was rated, with
the standings it was rated by: `rebuild_ratings` replays it from scratch.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .tables import Game


class Family(models.TextChoices):
    """The rulesets that share a rating: the Black Box edition's two versions, and the 2005
    first edition. Player counts and the Geek cards share their family's rating."""

    BLACK_BOX = "black_box", _("Black Box (Republic and Imperium)")
    FIRST_EDITION = "first_edition", _("First edition (2005)")


FAMILY_OF = {
    Game.Version.REPUBLIC: Family.BLACK_BOX,
    Game.Version.IMPERIUM: Family.BLACK_BOX,
    Game.Version.FIRST_EDITION: Family.FIRST_EDITION,
}


class Rating(models.Model):
    """A subject's skill in a family: the model's mean `mu` and uncertainty `sigma`.

    `value` is the displayed rating (games.services.ratings.shown), kept for ordering.
    """

    family = models.CharField(max_length=16, choices=Family.choices)
    subject = models.CharField(max_length=40)  # "user:<id>" or "bot:<name>"
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    bot = models.CharField(max_length=16, blank=True)  # Seat.Bot, for a bot's rating
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.FloatField()
    games = models.PositiveIntegerField(default=0)  # rated games played
    last_played = models.DateTimeField(null=True, blank=True)  # the last rated game's finish

    class Meta:
        ordering = ["family", "-value", "id"]
        constraints = [
            models.UniqueConstraint(fields=["family", "subject"], name="rating_unique_subject"),
        ]
        indexes = [models.Index(fields=["family", "-value"], name="rating_family_value")]

    def __str__(self) -> str:
        return f"rating of {self.subject} in {self.family}"


class RatedGame(models.Model):
    """A finished game that was created rated, taken once (the unique game).

    `rated` False: a never-rated rule held at its end (`reason`), and no rating changed.
    `standings`: [{"seat", "subject", "rank"}] as rated, rank 1 the best, ties sharing a rank.
    The id is the order of rating: the rebuild replays the ledger in that order.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rated_game")
    family = models.CharField(max_length=16, choices=Family.choices)
    rated = models.BooleanField()
    reason = models.CharField(max_length=24, blank=True)
    standings = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"ledger of game {self.game_id} ({'rated' if self.rated else self.reason})"


class RatingChange(models.Model):
    """The change one rated game made to one subject's rating: its history."""

    ledger = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    seats = models.JSONField(default=list)  # the positions it held (a bot may hold several)
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    value_before = models.FloatField()
    value_after = models.FloatField()
    created = models.DateTimeField()  # the game's finish

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["rating", "-id"], name="ratingchange_rating")]

    def __str__(self) -> str:
        return f"change of {self.rating_id} by game {self.game_id}"
