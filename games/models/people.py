"""People: blocks, reports and suspensions (docs/api.md, People).

They live in games, not in players: joining a table, chat and challenges enforce them, and
players sits above games in the import rings.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .tables import Game


class Block(models.Model):
    """`user` blocks `blocked`: neither may challenge the other, sit at a table with the other
    or chat to the other (games.read.people.blocked)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "blocked"], name="block_unique_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} blocks {self.blocked_id}"


class Report(models.Model):
    """A report to staff about a player, or about a message at a table.

    `message_id` names the message in its game's chat; its writer is `player`. Staff handle
    reports in the admin: dismiss, hide the message, suspend the account.
    """

    class Kind(models.TextChoices):
        PLAYER = "player", "a player"
        MESSAGE = "message", "a message"

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("abuse or harassment")
        SPAM = "spam", _("spam")
        CHEATING = "cheating", _("cheating")
        STALLING = "stalling", _("stalling or abandoning games")
        NAME = "name", _("an offensive username")
        OTHER = "other", _("something else")

    class Status(models.TextChoices):
        OPEN = "open", "waiting for staff"
        DISMISSED = "dismissed", "dismissed: nothing to do"
        ACTED = "acted", "acted on"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports_against",
    )
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    message_id = models.PositiveBigIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=16, choices=Reason.choices)
    text = models.TextField(blank=True, max_length=1000)  # the reporter's words: plain text
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    note = models.TextField(blank=True)  # staff's
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "-id"], name="report_status")]

    def __str__(self) -> str:
        return f"report {self.pk} ({self.kind}, {self.reason}, {self.status})"


class Suspension(models.Model):
    """An account may not play or chat from `since` until `until` (None: until lifted).

    Its games go on with a bot standing in (games.services.moderation).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="suspensions"
    )
    reason = models.TextField()
    since = models.DateTimeField(default=timezone.now)
    until = models.DateTimeField(null=True, blank=True)
    lifted = models.DateTimeField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["user", "lifted"], name="suspension_user")]

    def __str__(self) -> str:
        return f"suspension {self.pk} of {self.user_id}"
