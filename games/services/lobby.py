"""The lobby: create a game, take and leave seats, start a full table, rotate a seat's token."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
from engine.bots import BOTS
from games import codes
from games.errors import BadRequest, Conflict, Forbidden, Refused
from games.events import commit, feeds, story
from games.models import Game, Seat
from games.read import people
from games.services.tokens import new_token
from games.store import rows

from . import barred, botseats, ratings, timeoff
from .clocks import ClockSpec
from .locking import game_locked, require_open
from .matching import refuse_blocked
from .moves import initial_state
from .records import record_setup
from .turns import turn_next


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "me", "open", "invited", "bot" or "bot_account"
    email: str = ""
    account: str = ""  # a bot_account seat's username (docs/bots.md)
    bot: str = "greedy"  # the engine.bots kind for any seat the server plays
    timeout: str = "safe"  # Seat.Timeout: what a timeout does to this seat


def game_create(
    *,
    user: Any,
    version: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seats: list[SeatSpec] | None = None,
    auto_start: bool = True,
    scenario: dict[str, Any] | None = None,
    clock: ClockSpec | None = None,
    record: dict[str, Any] | None = None,
    upto: int | None = None,
    playing_hours: dict[str, Any] | None = None,
    rated: bool = False,
) -> Game:
    """Create a game in the lobby.

    The creator sits where `seats` says "me".
    By default that is seat 0, and the rest are open.
    A scenario, or a record imported at `upto` of its actions (games.services.records), fixes
    version, players and options.
    Only staff may use one, unless GTR_ALLOW_SCENARIOS is on.
    Only staff may seat bots alone, at a table that plays itself.
    `playing_hours` (a game with a clock only): the daily window when its clocks run.
    `rated`: its end changes ratings (docs/ratings.md); never a training game, a scenario or
    record, nor a table with a seat invited by e-mail (422 `unratable`).
    """
    options = dict(options or {})
    if scenario is not None and record is not None:
        raise Refused("Start from a scenario or from a record, not both.", codes.BAD_SCENARIO)
    setup: dict[str, Any]
    if record is not None:
        version, players, options, setup = record_setup(user, record, upto)
        rules_revision = setup["record"]["deal"]["rules_revision"]
    elif scenario is not None:
        version, players, options, setup = _scenario_setup(user, scenario)
        rules_revision = setup["scenario"]["rules_revision"]
    else:
        if players is None:
            raise Refused("Say how many players.", codes.BAD_PLAYERS)
        # Validates the configuration and stores the options as the engine reads them.
        # The Geek expansion's `true` becomes the list of its cards.
        options = engine.new_game(version, players, 0, options).options
        setup = {}
        rules_revision = engine.current_revision(version)
    seats = seats or [SeatSpec("me")] + [SeatSpec("open")] * (players - 1)
    _check_seats(user, seats, players)
    if rated:
        check_ratable(setup, options, seats)
    barred.play_check(user)
    bots = _bot_accounts(user, seats, version, rated)
    clock = clock or ClockSpec()
    clock.check()
    hours = timeoff.hours_checked(playing_hours, clock.kind)
    with transaction.atomic():
        game = Game.objects.create(
            version=version,
            rules_revision=rules_revision,  # the game plays by it to its end
            players=players,
            options=options,
            creator=user,
            auto_start=auto_start,
            setup=setup,
            clock=clock.kind,
            clock_seconds=clock.seconds if clock.kind != Game.Clock.NONE else 0,
            clock_increment=clock.increment if clock.kind == Game.Clock.BANK else 0,
            clock_cap=(clock.cap or clock.seconds) if clock.kind == Game.Clock.BANK else 0,
            playing_hours=hours,
            rated=rated,
        )
        bank = float(clock.seconds) if clock.kind == Game.Clock.BANK else None
        time_zone, away = timeoff.seat_profile(user, timezone.now())
        for position, spec in enumerate(seats):
            mine = spec.kind == "me"
            person = user if mine else bots.get(position)
            Seat.objects.create(
                game=game,
                position=position,
                kind=Seat.Kind.PLAYER if person is not None else spec.kind,
                user=person,
                email=spec.email,
                token_hash=new_token()[1],  # the seat's holder gets a token of its own
                timeout_policy=spec.timeout,
                bot=spec.bot,
                bank=bank,
                time_zone=time_zone if mine else "",
                away=away if mine else [],
            )
        ratings.seat_ratings_set(game, rows.seats_of(game))
        feeds.invitations(game)
        commit.publish_on_commit(game, commit.CREATED)
        if game.auto_start and all(s.kind != "open" for s in seats):
            _start(game)
    return game


def _bot_accounts(user: Any, seats: list[SeatSpec], version: str, rated: bool) -> dict[int, Any]:
    """The bot accounts seated by name, by position: each a bot that plays the ruleset, once
    at the table, with no block between it and the creator."""
    found: dict[int, Any] = {}
    for position, spec in enumerate(seats):
        if spec.kind != "bot_account":
            continue
        bot = people.account_named(spec.account)  # 404 no_such_player
        if not botseats.is_bot_account(bot):
            raise Refused(f"{spec.account} is not a bot account.", codes.NOT_A_BOT)
        if bot.pk == user.pk or bot.pk in {b.pk for b in found.values()}:
            raise Refused("A bot account takes one seat at a table.", codes.BAD_SEATS)
        botseats.check_bot_takes(bot, version, rated=rated)
        refuse_blocked(user.pk, bot.pk)
        found[position] = bot
    return found


def _scenario_setup(user: Any, scenario: Any) -> tuple[str, int, dict[str, Any], dict[str, Any]]:
    """Returns version, players, options and setup from a scenario (docs/scenarios.md)."""
    if not (user.is_staff or settings.GTR_ALLOW_SCENARIOS):
        raise Forbidden("Only staff may start a game from a scenario.", codes.SCENARIO_FORBIDDEN)
    if not isinstance(scenario, dict):
        raise Refused("A scenario is a JSON object.", codes.BAD_SCENARIO)
    scenario = {**scenario, "seed": scenario.get("seed", secrets.randbits(63))}
    table = engine.scenario(scenario)  # SetupError (422) for a bad description
    scenario["rules_revision"] = table.rules_revision
    return table.version, table.n, dict(table.options), {"scenario": scenario}


def _check_seats(user: Any, seats: list[SeatSpec], players: int) -> None:
    if len(seats) != players:
        raise Refused(f"Describe exactly {players} seats.", codes.BAD_SEATS)
    if sum(s.kind == "me" for s in seats) > 1:
        raise Refused("You can take only one seat.", codes.BAD_SEATS)
    if all(s.kind == "bot" for s in seats) and not user.is_staff:
        raise Refused("At least one seat must be for a person.", codes.BAD_SEATS)
    if any(s.kind == "bot_account" and not s.account for s in seats):
        raise Refused("A bot account's seat names the account.", codes.BAD_SEATS)
    if any(s.bot not in BOTS for s in seats):
        raise BadRequest(f"Known bots: {', '.join(sorted(BOTS))}.", codes.BAD_BOT)
    if any(s.timeout not in Seat.Timeout.values for s in seats):
        raise BadRequest("Unknown timeout policy.", codes.BAD_TIMEOUT)


def check_ratable(setup: dict[str, Any], options: dict[str, Any], seats: list[SeatSpec]) -> None:
    if setup or options.get("training"):
        raise Refused("A training game, a scenario or a record is never rated.", codes.UNRATABLE)
    if any(s.kind == "invited" for s in seats):
        raise Refused("A seat invited by e-mail has no rating: play casual.", codes.UNRATABLE)


def seat_join(
    *, game_id: int, user: Any, position: int | None = None, blocks_refuse: bool = True
) -> Seat:
    """Take an open seat: the first one, unless `position` says which.

    Not for a suspended account, nor at a table with someone it blocks or who blocks it, unless
    `blocks_refuse` is False: a tournament seats whom it paired, and a block made after both
    joined works there as at any table the two share, as a mute both ways.

    The game starts when the table is full and set to start automatically.
    """
    with transaction.atomic():
        game = game_locked(game_id)
        require_open(game)
        seats = rows.seats_of(game)
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("You already sit at this table.", codes.ALREADY_SEATED)
        if blocks_refuse:
            barred.join_check(user, seats)
        else:
            barred.play_check(user)
        free = [s for s in seats if s.kind == Seat.Kind.OPEN]
        if position is not None:
            free = [s for s in free if s.position == position]
        if not free:
            raise Conflict("No open seat is left.", codes.NO_OPEN_SEAT)
        seat = free[0]
        seat.kind, seat.user = Seat.Kind.PLAYER, user
        seat.time_zone, seat.away = timeoff.seat_profile(user, timezone.now())
        seat.save(update_fields=["kind", "user", "time_zone", "away"])
        ratings.seat_ratings_set(game, [seat])
        game.revision += 1
        game.save(update_fields=["revision", "updated"])
        story.record(game, "joined", seat=seat.position, player=user.get_username())
        commit.publish_on_commit(game, commit.JOINED, seat=seat.position)
        if game.auto_start and _all_filled(game):
            _start(game)
    return seat


def _all_filled(game: Game) -> bool:
    return not game.seats.filter(kind=Seat.Kind.OPEN).exists()


def seat_leave(*, game_id: int, seat: Seat) -> None:
    """Give up a seat before the game starts.

    A table left with no person on it is cancelled.
    """
    with transaction.atomic():
        game = game_locked(game_id)
        require_open(game)
        _, token_hash = new_token()
        Seat.objects.filter(pk=seat.pk).update(
            kind=Seat.Kind.OPEN, user=None, email="", token_hash=token_hash, time_zone="", away=[]
        )
        story.record(game, "left", seat=seat.position)
        people = game.seats.filter(kind__in=[Seat.Kind.PLAYER, Seat.Kind.INVITED])
        if not people.exists():
            game.status = Game.Status.CANCELLED
            game.finished = timezone.now()
            story.record(game, "cancelled")
        game.revision += 1
        game.save()
        commit.publish_on_commit(game, commit.LEFT, seat=seat.position)


def game_start(*, game_id: int, user: Any) -> Game:
    """The creator starts a full table."""
    with transaction.atomic():
        game = game_locked(game_id)
        if game.creator_id != user.pk:
            raise Forbidden("Only the game's creator may start it.", codes.NOT_CREATOR)
        require_open(game)
        if not _all_filled(game):
            raise Conflict("Every seat must be taken first.", codes.SEATS_OPEN)
        _start(game)
    return game


def _start(game: Game) -> None:
    """Deal the cards, and the first decision begins.

    The seed is drawn here and never shown to players.
    """
    if "scenario" not in game.setup and "record" not in game.setup:
        game.setup = {"seed": secrets.randbits(63)}
    state = initial_state(game)
    ratings.seat_ratings_set(game, rows.seats_of(game))  # as the game begins
    game.state = engine.to_json(state)
    game.status = Game.Status.ACTIVE
    game.started = timezone.now()
    game.revision += 1
    story.record(game, "started")
    began = turn_next(game, state)  # saves
    commit.publish_on_commit(game, commit.STARTED, turn_began=began)


def seat_token_rotate(*, seat: Seat) -> str:
    """Returns a new capability token for a seat.

    It is shown once, to the seat's holder. The old token stops working.
    """
    token, token_hash = new_token()
    Seat.objects.filter(pk=seat.pk).update(token_hash=token_hash)
    return token
