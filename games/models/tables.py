"""Games, seats and the append-only move log.

Models hold data, not rules.
The rules are the engine's, and the writes are in `games.services`.
`Game.state` is the engine's private snapshot (`engine.to_json`).
It never leaves the server except through `engine.view`.
Moves are append-only: `(game, seq)` is unique and gapless.
Neither the ORM nor the admin can update or delete one.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games import codes
from games.errors import Conflict
from games.fields import JSONTextField


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "waiting for players"
        ACTIVE = "active", "in play"
        FINISHED = "finished", "finished"
        CANCELLED = "cancelled", "cancelled"

    class Version(models.TextChoices):
        REPUBLIC = "republic", _("Republic")
        IMPERIUM = "imperium", _("Imperium")
        FIRST_EDITION = "first_edition", _("First edition (2005)")

    class Clock(models.TextChoices):
        NONE = "none", _("no time limit")
        FIXED = "fixed", _("a fixed time per decision")
        BANK = "bank", _("a time bank topped up by an increment per move, up to a cap")

    version = models.CharField(max_length=16, choices=Version.choices)
    # The rules revision the game was created with (engine/revisions.py).
    # The game plays by it to the end.
    # Games created before revisions were recorded have the baseline, 1.
    rules_revision = models.PositiveSmallIntegerField(default=1)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    auto_start = models.BooleanField(default=True)
    # Rated or casual, chosen at creation (docs/ratings.md); a rated game's end changes ratings.
    rated = models.BooleanField(default=False)
    # How the table was set up, enough to replay it.
    # {"seed": int}, {"scenario": {...}}, or {"record": {...}, "upto": int, "seed": int}.
    setup = models.JSONField(default=dict, blank=True)
    state = JSONTextField(null=True, blank=True)  # engine.to_json: private
    seq = models.PositiveIntegerField(default=0)  # moves applied
    revision = models.PositiveIntegerField(default=0)  # bumped on every change (ETag)
    last_event = models.PositiveIntegerField(default=0)  # the number of its last GameEvent
    # Time control (docs/async.md): none, `fixed` seconds per decision, or a `bank` per seat.
    # A bank starts at `clock_seconds` and runs down while the seat decides.
    # It gains `clock_increment` per move, up to `clock_cap`.
    clock = models.CharField(max_length=8, choices=Clock.choices, default=Clock.NONE)
    clock_seconds = models.PositiveIntegerField(default=0)
    clock_increment = models.PositiveIntegerField(default=0)
    clock_cap = models.PositiveIntegerField(default=0)
    # The pending decision: when it started and when it times out.
    # No deadline without a clock, or for a seat the server plays.
    # `automatic`: a bot, a resigned seat or a bot standing in must play it.
    to_act = models.PositiveSmallIntegerField(null=True, blank=True)  # whose decision it is
    decision_started = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    automatic = models.BooleanField(default=False)
    # The run of one person's own last decisions: what they may take back (games.read.undoable).
    # {"seat": s, "line": [[seq, learnt], ...], "takeback": {...}}; null after anyone else moved.
    run = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Time off (docs/async.md, Time off; games.read.calendars).
    # The daily window when clocks run: {"start": "HH:MM", "end": "HH:MM", "zone": IANA name or
    # "player"}, fixed at creation. None: clocks run around the clock.
    playing_hours = models.JSONField(null=True, blank=True)
    # The pause in effect, agreed by every person at the table. `paused_until` None: until resumed.
    paused_since = models.DateTimeField(null=True, blank=True)
    paused_until = models.DateTimeField(null=True, blank=True)
    # The open proposal to pause, as the views show it (the PauseProposal row, denormalised):
    # {"id", "seat", "until", "accepted": [seats], "expires"}. None: no proposal open.
    pause_proposal = models.JSONField(null=True, blank=True)
    # The calendar of the decision under way, playing hours resolved and stops
    # (games.read.calendars.to_json). None: every second counts, and the deadline says it all.
    clock_calendar = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["status", "-id"]),
            models.Index(fields=["status", "deadline"], name="game_status_deadline"),
            # The games database (games.services.dataset) reads finished games in this order.
            models.Index(fields=["status", "finished", "id"], name="game_status_finished"),
        ]

    def __str__(self) -> str:
        return f"game {self.pk} ({self.version}, {self.players}p, {self.status})"


class Seat(models.Model):
    class Kind(models.TextChoices):
        OPEN = "open", "open to join"
        INVITED = "invited", "invited by e-mail"
        BOT = "bot", "bot"
        PLAYER = "player", "a registered player"

    class Timeout(models.TextChoices):
        SAFE = "safe", "the engine's safe move; a bot after GTR_TIMEOUTS_BEFORE_BOT in a row"
        BOT = "bot", "a bot takes the seat over at the first timeout"

    class Bot(models.TextChoices):  # engine.bots.BOTS
        GREEDY = "greedy", "greedy"
        RANDOM = "random", "random"
        ISMCTS_1 = "ismcts-1", "ismcts, level 1 (3 iterations a decision)"
        ISMCTS_2 = "ismcts-2", "ismcts, level 2 (30 iterations a decision)"
        ISMCTS_3 = "ismcts-3", "ismcts, level 3 (300 iterations a decision, two turns ahead)"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.OPEN)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    email = models.EmailField(blank=True)
    # sha256 of the secret seat token, the capability link. The token is never stored.
    token_hash = models.CharField(max_length=64, unique=True)
    timeout_policy = models.CharField(max_length=8, choices=Timeout.choices, default=Timeout.SAFE)
    # The engine.bots kind that plays a bot seat, a resigned seat, or a seat taken over.
    bot = models.CharField(max_length=16, choices=Bot.choices, default=Bot.GREEDY)
    bank = models.FloatField(null=True, blank=True)  # seconds left on a bank clock
    timeouts = models.PositiveSmallIntegerField(default=0)  # consecutive timeouts
    bot_standing_in = models.BooleanField(default=False)  # taken over after timeouts
    # The player's account is suspended (games.services.moderation): a bot stands in, and the
    # player may neither move nor return until it is lifted. Known here, a move needs no query.
    suspended = models.BooleanField(default=False)
    resigned = models.BooleanField(default=False)
    surrender_to = models.PositiveSmallIntegerField(null=True, blank=True)
    # The seat's player's time zone and vacations, copied from the account (Availability,
    # Vacation) whenever they change, so that a view or a clock needs no query of its own.
    # `away`: the vacations under way and to come, [[since, until], ...] in ISO 8601.
    time_zone = models.CharField(max_length=64, blank=True, default="")
    away = models.JSONField(default=list, blank=True)
    # The player's standing orders, private to them (games.services.orders):
    # {"orders": [...], "next": <the next order's id>, "cancelled": [...recent notices]}.
    orders = models.JSONField(default=dict, blank=True)
    # The displayed rating of the seat's player or bot in the game's family when it sat down,
    # again when the game started; and, once a rated game's end was rated, what it changed.
    rating = models.IntegerField(null=True, blank=True)
    rating_change = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_one_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of game {self.game_id}"

    @property
    def plays_automatically(self) -> bool:
        return self.kind == self.Kind.BOT or self.resigned or self.bot_standing_in


class AppendOnlyError(Conflict):
    """Moves are never updated or deleted."""

    default_code = codes.APPEND_ONLY


class MoveQuerySet(models.QuerySet["Move"]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("moves are append-only")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("moves are append-only")

    def bulk_update(self, *args: Any, **kwargs: Any) -> int:
        raise AppendOnlyError("moves are append-only")

    def update_or_create(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnlyError("moves are append-only")


class Move(models.Model):
    class Actor(models.TextChoices):
        HUMAN = "human", "human"
        BOT = "bot", "bot"
        TIMEOUT = "timeout", "timeout"
        EMAIL = "email", "e-mail"
        ORDER = "order", "standing order"

    # PROTECT: deleting a game with moves would delete the log.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="moves")
    seq = models.PositiveIntegerField()  # 1-based: the game's seq after this move
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # None: a table event
    action = models.JSONField()
    actor = models.CharField(max_length=8, choices=Actor.choices, default=Actor.HUMAN)
    created = models.DateTimeField(auto_now_add=True)
    state_hash = models.CharField(max_length=64)  # engine.state_hash after the move: private

    objects = MoveQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"move {self.seq} of game {self.game_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("moves are append-only")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnlyError("moves are append-only")


class TakebackRequest(models.Model):
    """A request to take back decisions that need the other players' consent (docs/api.md).

    It stands while the game stays at `seq`: any move ends it.
    The game's `run` holds the pending one for the views.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for answers"
        ACCEPTED = "accepted", "everyone accepted: the undo was appended"
        DECLINED = "declined", "a player (or a bot) declined"
        EXPIRED = "expired", "not answered in time"
        VOID = "void", "the game moved on first"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="takebacks")
    seat = models.PositiveSmallIntegerField()  # the requester
    seq = models.PositiveIntegerField()  # the game's seq when asked
    to = models.PositiveIntegerField()  # the seq whose table it would restore
    answers = models.JSONField(default=dict, blank=True)  # {"<seat>": true or false}
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "-id"]

    def __str__(self) -> str:
        return f"takeback {self.pk} of game {self.game_id} ({self.status})"


class IdempotentResponse(models.Model):
    """The first response to a POST carrying an Idempotency-Key, replayed to retries."""

    principal = models.CharField(max_length=80)  # "user:<id>" or "seat:<id>"
    key = models.CharField(max_length=200)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=300)
    fingerprint = models.CharField(max_length=64)  # sha256 of method, path and body
    status = models.PositiveSmallIntegerField()
    # As text, in the order it was rendered: jsonb would reorder its keys (a replay's bytes).
    body = JSONTextField(null=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["principal", "key"], name="idempotency_unique_key"),
        ]
