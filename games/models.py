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
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.errors import Conflict
from games.fields import JSONTextField

from . import codes


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
        ISMCTS_1 = "ismcts-1", "ismcts, level 1 (0.2 s a decision)"
        ISMCTS_2 = "ismcts-2", "ismcts, level 2 (0.8 s a decision)"
        ISMCTS_3 = "ismcts-3", "ismcts, level 3 (2.5 s a decision)"

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


# Events (docs/events.md) -------------------------------------------------------------------------


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


# Time off (docs/async.md, Time off) -------------------------------------------------------------
# An account's time off lives here, not in players: the clocks need it, and players sits above
# games in the import rings.


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


# People at the table: challenges, seeks, rematches (docs/community.md) ----------------------------


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
