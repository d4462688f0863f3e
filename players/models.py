"""E-mail preferences, the record of notifications sent, the record of replies read, and the
browsers' Web Push subscriptions with the server's VAPID key.

Preferences belong to an e-mail address, not to an account. An invited seat has an address and no
account. And an unsubscribe link names the address it was sent to. An account's preferences are
those of its current address.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class MailPreference(models.Model):
    """What one address wants to receive.

    An address without a row gets the defaults: everything on, no digest.
    """

    address = models.EmailField(unique=True)  # Lower-cased.
    your_turn = models.BooleanField(default=True)
    reminder = models.BooleanField(default=True)
    final = models.BooleanField(default=True)
    # One mail a day listing the games waiting, instead of turn and reminder mails.
    digest = models.BooleanField(default=False)
    # The unsubscribe link's switch. No notification at all goes while it is on.
    unsubscribed = models.BooleanField(default=False)
    # The language of the mails, of the API's card names and of the web client: "en" or "pl".
    # Blank means none chosen. Then the request's Accept-Language applies, or English for mail.
    language = models.CharField(max_length=8, blank=True, default="")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"mail preferences of {self.address}"


class SentNotification(models.Model):
    """One notification sent, so that a task delivered twice sends it once.

    `key` names it. The keys are `turn:<game>:<seq>:<seat>`, `reminder:<game>:<seq>:<seat>`,
    `timeout:<game>:<seq>`, `final:<game>:<seat>` and `digest:<address>:<date>`.
    """

    key = models.CharField(max_length=300, unique=True)
    address = models.EmailField()
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.key


class InboundMail(models.Model):
    """A reply read, so that a message delivered twice is acted on once.

    Webhook retries or reading the same mailbox again deliver a message twice. A reply is known
    by its Message-ID, or by a hash of the message without one.
    """

    message_id = models.CharField(max_length=255, unique=True)
    outcome = models.CharField(max_length=32)
    game_id = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.message_id}: {self.outcome}"


class TableVisit(models.Model):
    """When a seat last had its game open in the web client.

    The page, a refresh of its table and the page's heartbeat while it waits all count. A person
    looking at the table gets no turn mail. The page shows the turn live. A visit also
    answers the turn mail sent before it.
    """

    game_id = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField()
    seen = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game_id", "position"], name="table_visit_unique")
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of game {self.game_id} seen {self.seen:%Y-%m-%d %H:%M:%S}"


class VapidKey(models.Model):
    """The server's VAPID key pair for Web Push (players/push), made on first use.

    One row. It lives in the database, never in the repository. `GTR_VAPID_PRIVATE_KEY` set in
    the environment takes its place (docs/deploy.md). Replacing the key makes every browser's
    subscription useless: they were made for the old public key.
    """

    private_pem = models.TextField()  # PKCS#8, PEM
    public_key = models.CharField(max_length=100)  # the uncompressed point, base64url
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"VAPID key {self.public_key[:12]}..."


class PushSubscription(models.Model):
    """One browser's Web Push subscription, for an account: "notify me when it is my turn".

    `endpoint` is the browser vendor's push service URL for that browser; `p256dh` and `auth`
    are the browser's keys that the payload is encrypted with (RFC 8291). A push service that
    answers 404 or 410 says the subscription is gone, and it is deleted.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)
    last_success = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)  # in a row
    last_error = models.TextField(blank=True, default="")
    last_failure = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"


class BotAccount(models.Model):
    """An account that is a bot (docs/bots.md): made so by the account itself, for good.

    It plays by challenges and by seats people give it by name, through the same move endpoint
    as anyone, and never in the lobby nor on the site's pages for people. `owner` is the person
    responsible for it. `last_connected`: when its event stream was last open (the bot list's
    `online`).
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="bot"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="bots_owned",
    )
    description = models.CharField(max_length=500, blank=True, default="")
    rulesets = models.JSONField(default=list)  # games.models.Game.Version values
    rated = models.BooleanField(default=False)  # accepts rated games
    created = models.DateTimeField(auto_now_add=True)
    last_connected = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"bot account {self.user_id}"
