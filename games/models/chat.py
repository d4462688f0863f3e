"""Table chat and private notes (docs/chat.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from .tables import Game, Seat


class ChatMessage(models.Model):
    """A line said at a table, in the players' chat or the spectators'.

    Plain text, never HTML. A player's line names its seat; a spectator's only its account.
    Hidden by staff: kept, but its text is never shown again.
    """

    class Channel(models.TextChoices):
        PLAYERS = "players", "players"
        SPECTATORS = "spectators", "spectators"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    channel = models.CharField(max_length=16, choices=Channel.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # a player's position
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=150)  # the author's name when they wrote
    text = models.TextField()
    mentions = models.JSONField(default=list, blank=True)  # the seats named with @
    event = models.PositiveIntegerField(null=True, blank=True)  # its GameEvent's number
    via = models.CharField(max_length=8, default="web")  # web (or the API) or email
    hidden = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "channel", "id"], name="chat_game_channel")]

    def __str__(self) -> str:
        return f"chat {self.pk} in game {self.game_id} ({self.channel})"


class ChatReader(models.Model):
    """Where one reader of a game's chat stands: what they read, and whom they muted.

    A player is their seat (whether they come with an account or a seat token); a spectator is
    their account. `muted` holds author keys (`seat:2`, `user:17`).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    read_players = models.PositiveIntegerField(default=0)  # the last message id read
    read_spectators = models.PositiveIntegerField(default=0)
    muted = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat"],
                condition=models.Q(seat__isnull=False),
                name="chat_reader_seat",
            ),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(seat__isnull=True),
                name="chat_reader_user",
            ),
        ]

    def __str__(self) -> str:
        who = f"seat {self.seat}" if self.seat is not None else f"user {self.user_id}"
        return f"chat reader {who} of game {self.game_id}"


class SeatNote(models.Model):
    """A player's private note on their seat in a game: only they ever read it, and it stays
    after the game."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="note")
    text = models.TextField(blank=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"note on {self.seat}"
