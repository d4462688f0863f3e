"""A tournament, its entries, its rounds, and its tables (each a games.Game)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round-robin"
        SWISS = "swiss", "Swiss"

    class Status(models.TextChoices):
        OPEN = "open", "taking entries until the start"
        RUNNING = "running", "rounds in play"
        FINISHED = "finished", "every round played"
        CANCELLED = "cancelled", "too few entrants at the start"

    name = models.CharField(max_length=100)
    version = models.CharField(max_length=16, choices=Game.Version.choices)
    options = models.JSONField(default=dict, blank=True)  # as the engine stores them
    format = models.CharField(max_length=12, choices=Format.choices)
    table_size = models.PositiveSmallIntegerField()
    # None: a round-robin's rounds are set at the start, enough for everyone to meet once.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    starts = models.DateTimeField()
    clock = models.JSONField(default=dict, blank=True)  # ClockSpec's fields, per game
    # None: a round starts when the previous one ends. Else round r starts no sooner than
    # `starts` + (r - 1) * interval, and never before the previous round ends.
    round_interval = models.PositiveIntegerField(null=True, blank=True)  # seconds
    max_players = models.PositiveSmallIntegerField()
    timeout_limit = models.PositiveSmallIntegerField(default=3)  # timeouts that remove an entrant
    rated = models.BooleanField(default=True)  # its games are rated (tournaments.services.tables)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    current_round = models.PositiveSmallIntegerField(default=0)
    seed = models.BigIntegerField(default=0)  # the pairing's, drawn at creation
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts", "-id"]
        indexes = [models.Index(fields=["status", "starts"], name="tournament_status_starts")]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "playing"
        WITHDRAWN = "withdrawn", "withdrew after the start"
        REMOVED = "removed", "removed: too many timeouts, or a suspended account"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    reason = models.CharField(max_length=16, blank=True)  # removed: "timeouts" or "suspended"
    joined = models.DateTimeField(auto_now_add=True)
    left = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_account")
        ]

    def __str__(self) -> str:
        return f"entry {self.pk} of tournament {self.tournament_id}"


class Round(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "games in play"
        FINISHED = "finished", "every game ended and was scored"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    byes = models.ManyToManyField(Entry, blank=True, related_name="byes")
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    scored = models.BooleanField(default=False)
    # What verify_games found wrong with its record: the round waits until staff accept it.
    problems = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["number"]


class Seating(models.Model):
    """An entrant at a table: its seat, then its place and points once the game ended."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seatings")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seatings")
    position = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.FloatField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)  # the game's victory points

    class Meta:
        ordering = ["position"]
