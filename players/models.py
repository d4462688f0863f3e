"""E-mail preferences, the record of notifications sent, and the record of replies read.

Preferences belong to an e-mail address, not to an account: an invited seat has an address and no
account, and an unsubscribe link names the address it was sent to. An account's preferences are
those of its current address.
"""

from __future__ import annotations

from django.db import models


class MailPreference(models.Model):
    """What one address wants to receive. No row: the defaults (everything on, no digest)."""

    address = models.EmailField(unique=True)  # lower-cased
    your_turn = models.BooleanField(default=True)
    reminder = models.BooleanField(default=True)
    final = models.BooleanField(default=True)
    # Instead of a mail per turn and per reminder, one mail a day listing the games waiting.
    digest = models.BooleanField(default=False)
    # The unsubscribe link's switch: no notification at all while it is on.
    unsubscribed = models.BooleanField(default=False)
    # The language of the mails, of the API's card names and of the web client ("en", "pl");
    # blank: none chosen (the request's Accept-Language, or English for mail).
    language = models.CharField(max_length=8, blank=True, default="")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"mail preferences of {self.address}"


class SentNotification(models.Model):
    """One notification sent, so that a task delivered twice sends it once. `key` names it:
    `turn:<game>:<seq>:<seat>`, `reminder:<game>:<seq>:<seat>`, `timeout:<game>:<seq>`,
    `final:<game>:<seat>`, `digest:<address>:<date>`."""

    key = models.CharField(max_length=300, unique=True)
    address = models.EmailField()
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.key


class InboundMail(models.Model):
    """A reply read (by Message-ID, or a hash of the message without one), so that a message
    delivered twice (webhook retries, the same mailbox read again) is acted on once."""

    message_id = models.CharField(max_length=255, unique=True)
    outcome = models.CharField(max_length=32)
    game_id = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.message_id}: {self.outcome}"


class TableVisit(models.Model):
    """When a seat last had its game open in the web client (the page, a refresh of its table,
    or the page's heartbeat while it waits). A person looking at the table gets no turn mail:
    the page shows the turn live; and a visit answers the turn mail sent before it."""

    game_id = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField()
    seen = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game_id", "position"], name="table_visit_unique")
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of game {self.game_id} seen {self.seen:%Y-%m-%d %H:%M:%S}"
