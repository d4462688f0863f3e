"""Time off: an account's availability, its vacations, and proposals to pause (docs/async.md,
Time off)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .tables import Game


class Availability(models.Model):
    """An account's time zone and vacation settings.

    An account without a row has the defaults: UTC, automatic vacation on, the server's allowance.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    time_zone = models.CharField(max_length=64, default="UTC")  # an IANA name
    # Spend a vacation day instead of timing out, while days are left.
    auto_vacation = models.BooleanField(default=True)
    # Vacation days a calendar year, set by staff; None: GTR_VACATION_DAYS.
    allowance = models.PositiveSmallIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"availability of {self.user_id}"


class Vacation(models.Model):
    """A time when an account's clocks wait: taken for dates, or spent automatically.

    Its `days` count against the allowance of the calendar year it starts in (in the account's
    time zone). Vacations of one account never overlap.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts = models.DateTimeField()
    ends = models.DateTimeField()
    days = models.PositiveSmallIntegerField()  # spent from the allowance
    automatic = models.BooleanField(default=False)  # a deadline passed while away
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user", "starts"]
        indexes = [models.Index(fields=["user", "ends"], name="vacation_user_ends")]

    def __str__(self) -> str:
        return f"vacation of {self.user_id} from {self.starts:%Y-%m-%d %H:%M}"


class PauseProposal(models.Model):
    """A player's proposal to pause a game: every other person must accept it before it expires."""

    class Status(models.TextChoices):
        OPEN = "open", "waiting for answers"
        ACCEPTED = "accepted", "accepted by all: the game paused"
        DECLINED = "declined", "declined by a player"
        EXPIRED = "expired", "not answered in time"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="pause_proposals")
    seat = models.PositiveSmallIntegerField()  # who proposes
    until = models.DateTimeField(null=True, blank=True)  # None: until someone resumes
    accepted = models.JSONField(default=list)  # the seats that accepted, the proposer's first
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    expires = models.DateTimeField()
    created = models.DateTimeField(auto_now_add=True)
    answered = models.DateTimeField(null=True, blank=True)  # when it stopped being open

    class Meta:
        ordering = ["game", "-id"]

    def __str__(self) -> str:
        return f"pause proposal {self.pk} of game {self.game_id} ({self.status})"
