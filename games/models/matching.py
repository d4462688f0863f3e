"""People at the table: challenges, seeks, rematches (docs/community.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .tables import Game


class Challenge(models.Model):
    """One account's invitation to another to a new game, answered before it `expires`."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for an answer"
        ACCEPTED = "accepted", "accepted: `game` was created"
        DECLINED = "declined", "declined, with a reason"
        WITHDRAWN = "withdrawn", "withdrawn by the challenger"
        EXPIRED = "expired", "not answered in time"
        VOID = "void", "an account left, or one blocked the other"

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    version = models.CharField(max_length=16, choices=Game.Version.choices)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    clock = models.JSONField(default=dict, blank=True)  # ClockSpec's fields
    fill = models.CharField(max_length=8, default="open")  # the seats beyond two: open or bot
    rated = models.BooleanField(default=False)  # the game it creates is rated
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=16, blank=True)  # why it was declined
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "expires"], name="challenge_status_expires")]

    def __str__(self) -> str:
        return f"challenge {self.pk} ({self.status})"


class Seek(models.Model):
    """What one account wants to play; the server pairs compatible seeks into tables."""

    class Status(models.TextChoices):
        OPEN = "open", "waiting for partners"
        MATCHED = "matched", "seated at `game`"
        CANCELLED = "cancelled", "cancelled by its owner, or its owner left"
        EXPIRED = "expired", "no partner in time"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    version = models.CharField(max_length=16, choices=Game.Version.choices)
    players_min = models.PositiveSmallIntegerField()
    players_max = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    clock = models.JSONField(default=dict, blank=True)  # ClockSpec's fields
    # Compatible seeks have the same key: version, options and clock, as canonical JSON.
    key = models.CharField(max_length=300)
    bots_after = models.PositiveIntegerField(null=True, blank=True)  # minutes; None: never
    rated = models.BooleanField(default=False)  # part of the terms (`key`)
    # The displayed ratings (of the family) the seeker accepts at the table; None: any.
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["status", "key"], name="seek_status_key")]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(status="open"), name="seek_one_open_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"seek {self.pk} ({self.status})"


class Rematch(models.Model):
    """An offer to play a finished game again: same people, rules and clock, seats rotated."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for answers"
        ACCEPTED = "accepted", "everyone accepted: `next_game` was created"
        DECLINED = "declined", "a player declined"
        EXPIRED = "expired", "not answered in time"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    seat = models.PositiveSmallIntegerField()  # who offers
    answers = models.JSONField(default=dict, blank=True)  # {"<seat>": true or false}
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    next_game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    answered = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"rematch of game {self.game_id} ({self.status})"
