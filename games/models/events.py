"""The events of games and accounts, webhooks and their deliveries (docs/events.md)."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone

from .tables import Game


class GameEvent(models.Model):
    """One event of a game's story, numbered per game from 1 without gaps (the SSE `id`).

    It is what a move did, as each viewer may see it (engine.event_view).
    Or it is one of the service's own events: a decision begins, a timeout, a resignation...
    `public` is what a spectator sees, and any seat not in `private`.
    `private` holds the renderings of seats that see more, such as their own draws.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    number = models.PositiveIntegerField()
    seq = models.PositiveIntegerField()  # the game's seq once it happened
    type = models.CharField(max_length=32)
    public = models.JSONField()
    private = models.JSONField(default=dict, blank=True)  # {"<seat>": rendering}
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="game_event_unique_number"),
        ]

    def __str__(self) -> str:
        return f"event {self.number} of game {self.game_id} ({self.type})"


class AccountFeed(models.Model):
    """The number of the last event of an account's feed.

    The row is locked while an event is added.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    last = models.PositiveIntegerField(default=0)


class AccountEvent(models.Model):
    """One event of an account's feed (`GET /api/stream/`, webhooks).

    It is your turn in a game, an invitation, or a game of yours started or finished.
    Numbered per account from 1 without gaps.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="feed"
    )
    number = models.PositiveIntegerField()
    game = models.ForeignKey(Game, null=True, on_delete=models.CASCADE, related_name="+")
    type = models.CharField(max_length=32)
    data = models.JSONField(default=dict)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["user", "number"]
        constraints = [
            models.UniqueConstraint(fields=["user", "number"], name="account_event_unique_number"),
        ]

    def __str__(self) -> str:
        return f"event {self.number} of {self.user_id} ({self.type})"


class Webhook(models.Model):
    """An HTTPS URL that receives its owner's account events, signed with `secret`.

    It gets the events of every game, or of one (docs/events.md, Webhooks).
    Disabled after repeated failures, with the error kept.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE)
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64)
    active = models.BooleanField(default=True)
    failures = models.PositiveIntegerField(default=0)  # consecutive failed attempts
    last_error = models.TextField(blank=True)
    last_failure = models.DateTimeField(null=True, blank=True)
    last_success = models.DateTimeField(null=True, blank=True)
    disabled = models.DateTimeField(null=True, blank=True)  # when failures switched it off
    # An attempt to this URL is under way until then: its other deliveries wait their turn.
    busy_until = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"webhook {self.pk} of {self.user_id}: {self.url}"


class WebhookDelivery(models.Model):
    """One account event to one webhook: attempted by a Celery task, retried with backoff."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for an attempt"
        DELIVERED = "delivered", "delivered (2xx)"
        FAILED = "failed", "given up after the last attempt"
        SKIPPED = "skipped", "not sent: the webhook was disabled or deleted"

    hook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(AccountEvent, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt = models.DateTimeField(default=timezone.now)
    claimed_until = models.DateTimeField(null=True, blank=True)  # an attempt is under way
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "next_attempt"], name="delivery_due")]

    def __str__(self) -> str:
        return f"delivery {self.pk} of {self.event_id} to webhook {self.hook_id}"


class Heartbeat(models.Model):
    """The last sign of life of a background process (games.live.health).

    Each worker writes `worker:<hostname>` every GTR_HEARTBEAT_SECONDS.
    The beat sweep writes `sweep` each time it runs.
    The health endpoint reads them.
    """

    name = models.CharField(max_length=200, primary_key=True)
    at = models.DateTimeField()
    info = models.JSONField(default=dict, encoder=DjangoJSONEncoder)

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"
