"""Writes of the game service: lobby, moves, resignations and surrenders (HackSoft's services).

Every write that changes a game locks its row (`select_for_update`), checks, changes, bumps the
game's `revision` (the ETag) and commits; side effects (bot turns, e-mail) are scheduled with
`transaction.on_commit`, so nothing happens for a write that rolled back. Only `move_submit` and
`_table_event` append moves, and only through the engine.
"""

from __future__ import annotations

import logging
import secrets
import threading
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

import engine
from engine.bots import BOTS, make_bot

from . import hub, signals, story
from .auth import new_token
from .errors import BadRequest, Conflict, Forbidden, NotFound, StaleSeq
from .models import Game, Move, Seat

log = logging.getLogger(__name__)
# A service-level event in the move log (not an engine action): all other players surrendered.
SURRENDER = "surrender"


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "me", "open", "invited" or "bot"
    email: str = ""
    bot: str = "greedy"  # the engine.bots kind for a bot seat (and for any seat the server plays)
    timeout: str = "safe"  # Seat.Timeout: what a timeout does to this seat


@dataclass(frozen=True)
class ClockSpec:
    """A game's time control (docs/async.md): `none`; `fixed`: `seconds` per decision; `bank`:
    each seat starts with `seconds`, its decisions spend them, each move adds `increment`, and the
    bank never exceeds `cap` (default: `seconds`)."""

    kind: str = "none"
    seconds: int = 0
    increment: int = 0
    cap: int | None = None

    def check(self) -> None:
        if self.kind not in Game.Clock.values:
            raise BadRequest(f"Unknown time control {self.kind!r}.", "bad_clock")
        if self.kind != Game.Clock.NONE and self.seconds <= 0:
            raise BadRequest("Say how many seconds the clock gives.", "bad_clock")
        if self.kind == Game.Clock.BANK and self.cap is not None and self.cap < self.seconds:
            raise BadRequest("The bank's cap is below its starting time.", "bad_clock")


# Setting up -------------------------------------------------------------------------------------


def initial_state(game: Game) -> engine.State:
    """The table before the first move, rebuilt from `game.setup` (used to start and to replay)."""
    if "scenario" in game.setup:
        return engine.scenario(game.setup["scenario"])
    return engine.new_game(game.version, game.players, game.setup["seed"], game.options)


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
) -> Game:
    """Create a game in the lobby. The creator sits where `seats` says "me" (default: seat 0, the
    rest open). A scenario fixes version, players and options; only staff may use one unless
    GTR_ALLOW_SCENARIOS is on. Only staff may seat bots alone (a table that plays itself)."""
    options = dict(options or {})
    if scenario is not None:
        if not (user.is_staff or settings.GTR_ALLOW_SCENARIOS):
            raise Forbidden("Only staff may start a game from a scenario.", "scenario_forbidden")
        if not isinstance(scenario, dict):
            raise BadRequest("A scenario is a JSON object.", "bad_scenario")
        scenario = {**scenario, "seed": scenario.get("seed", secrets.randbits(63))}
        table = engine.scenario(scenario)  # raises SetupError (400) for a bad description
        version, players, options = table.version, table.n, dict(table.options)
        setup: dict[str, Any] = {"scenario": scenario}
    else:
        if players is None:
            raise BadRequest("Say how many players.", "bad_players")
        engine.new_game(version, players, 0, options)  # validates the configuration
        setup = {}
    seats = seats or [SeatSpec("me")] + [SeatSpec("open")] * (players - 1)
    if len(seats) != players:
        raise BadRequest(f"Describe exactly {players} seats.", "bad_seats")
    if sum(s.kind == "me" for s in seats) > 1:
        raise BadRequest("You can take only one seat.", "bad_seats")
    if all(s.kind == "bot" for s in seats) and not user.is_staff:
        raise BadRequest("At least one seat must be for a person.", "bad_seats")
    if any(s.bot not in BOTS for s in seats):
        raise BadRequest(f"Known bots: {', '.join(sorted(BOTS))}.", "bad_bot")
    if any(s.timeout not in Seat.Timeout.values for s in seats):
        raise BadRequest("Unknown timeout policy.", "bad_timeout")
    clock = clock or ClockSpec()
    clock.check()
    bank = float(clock.seconds) if clock.kind == Game.Clock.BANK else None
    invitations: list[tuple[Seat, str]] = []
    with transaction.atomic():
        game = Game.objects.create(
            version=version,
            players=players,
            options=options,
            creator=user,
            auto_start=auto_start,
            setup=setup,
            clock=clock.kind,
            clock_seconds=clock.seconds if clock.kind != Game.Clock.NONE else 0,
            clock_increment=clock.increment if clock.kind == Game.Clock.BANK else 0,
            clock_cap=(clock.cap or clock.seconds) if clock.kind == Game.Clock.BANK else 0,
        )
        for position, spec in enumerate(seats):
            token, token_hash = new_token()
            seat = Seat.objects.create(
                game=game,
                position=position,
                kind=Seat.Kind.PLAYER if spec.kind == "me" else spec.kind,
                user=user if spec.kind == "me" else None,
                email=spec.email,
                token_hash=token_hash,
                timeout_policy=spec.timeout,
                bot=spec.bot,
                bank=bank,
            )
            if spec.kind == "invited":
                invitations.append((seat, token))
        for seat, token in invitations:
            transaction.on_commit(_invitation_sender(seat, token))
            _invitation_notify(game, seat, user)
        if game.auto_start and all(s.kind != "open" for s in seats):
            _start(game)
    return game


def _invitation_notify(game: Game, seat: Seat, creator: Any) -> None:
    """An invitation to an address that belongs to an account is in that account's feed too."""
    User = get_user_model()
    invited = User.objects.filter(email__iexact=seat.email).values_list("pk", flat=True)
    story.notify(invited, game, "invited", seat=seat.position, by=creator.get_username())


def _invitation_sender(seat: Seat, token: str) -> Any:
    def send() -> None:
        from players.services import invitation_send

        invitation_send(seat=seat, token=token)

    return send


def _locked(game_id: int) -> Game:
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("creator")
        .filter(pk=game_id)
        .first()
    )
    if game is None:
        raise NotFound("No such game.")
    return game


def _require_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise Conflict("The game has already started.", "game_started")


def seat_join(*, game_id: int, user: Any, position: int | None = None) -> Seat:
    """Take an open seat (the first one unless `position` says which); start the game when it is
    full and set to start automatically."""
    with transaction.atomic():
        game = _locked(game_id)
        _require_open(game)
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("You already sit at this table.", "already_seated")
        free = [s for s in seats if s.kind == Seat.Kind.OPEN]
        if position is not None:
            free = [s for s in free if s.position == position]
        if not free:
            raise Conflict("No open seat is left.", "no_open_seat")
        seat = free[0]
        seat.kind, seat.user = Seat.Kind.PLAYER, user
        seat.save(update_fields=["kind", "user"])
        game.revision += 1
        game.save(update_fields=["revision", "updated"])
        story.record(game, "joined", seat=seat.position, player=user.get_username())
        if game.auto_start and _all_filled(game):
            _start(game)
    return seat


def _all_filled(game: Game) -> bool:
    return not game.seats.filter(kind=Seat.Kind.OPEN).exists()


def seat_leave(*, game_id: int, seat: Seat) -> None:
    """Give up a seat before the game starts; a table left with no person on it is cancelled."""
    with transaction.atomic():
        game = _locked(game_id)
        _require_open(game)
        _, token_hash = new_token()
        Seat.objects.filter(pk=seat.pk).update(
            kind=Seat.Kind.OPEN, user=None, email="", token_hash=token_hash
        )
        story.record(game, "left", seat=seat.position)
        people = game.seats.filter(kind__in=[Seat.Kind.PLAYER, Seat.Kind.INVITED])
        if not people.exists():
            game.status = Game.Status.CANCELLED
            game.finished = timezone.now()
            story.record(game, "cancelled")
        game.revision += 1
        game.save()
        transaction.on_commit(lambda: _revoke(seat.pk))  # the old seat token's streams


def game_start(*, game_id: int, user: Any) -> Game:
    """The creator starts a full table."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.creator_id != user.pk:
            raise Forbidden("Only the game's creator may start it.", "not_creator")
        _require_open(game)
        if not _all_filled(game):
            raise Conflict("Every seat must be taken first.", "seats_open")
        _start(game)
    return game


def _start(game: Game) -> None:
    """Deal (the seed is drawn here and never shown to players) and schedule bot turns."""
    if "scenario" not in game.setup:
        game.setup = {"seed": secrets.randbits(63)}
    state = initial_state(game)
    game.state = engine.to_json(state)
    game.status = Game.Status.ACTIVE
    game.started = timezone.now()
    game.revision += 1
    story.record(game, "started")
    _after_change(game, state)  # saves


def seat_token_rotate(*, seat: Seat) -> str:
    """A new capability token for a seat, shown once to that seat's holder; the old one stops
    working."""
    token, token_hash = new_token()
    Seat.objects.filter(pk=seat.pk).update(token_hash=token_hash)
    _revoke(seat.pk)
    return token


def _revoke(seat_id: int) -> None:
    """Streams opened with a seat's old token close (games.streams)."""
    hub.publish(f"seat:{seat_id}", {"revoked": True})


# Play -------------------------------------------------------------------------------------------


def move_submit(
    *,
    game_id: int,
    position: int,
    seq: int,
    action: Any,
    actor: str = Move.Actor.HUMAN,
) -> tuple[Game, Move]:
    """Play `action` for seat `position`, which saw the game at `seq`. One transaction: lock the
    game, check `seq` (409 when stale), apply through the engine (400 malformed, 422 illegal),
    append the move, save the snapshot, commit; bot turns, deadlines and notifications follow the
    commit. A person's own move (`human`, `email`) ends a bot's stand-in for that seat."""
    parsed = engine.parse(action)  # malformed input is refused before taking any lock
    with transaction.atomic():
        game = _locked(game_id)
        if game.status == Game.Status.OPEN:
            raise Conflict("The game has not started yet.", "game_not_started")
        if game.status == Game.Status.CANCELLED:
            raise Conflict("The game was cancelled.", "game_cancelled")
        if seq != game.seq:
            raise StaleSeq(f"The game moved on: you saw move {seq}, it is now at move {game.seq}.")
        state = engine.from_json(game.state)
        move = _play(game, state, _seats(game), position, parsed, actor)
    return game, move


def _seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).order_by("position"))


def _play(
    game: Game,
    state: engine.State,
    seats: list[Seat],
    position: int,
    action: engine.Action,
    actor: str,
) -> Move:
    """The one path every move takes (HTTP, e-mail, bots, timeouts), inside the caller's
    transaction with the game row locked: apply, charge the clock, append, schedule."""
    new = engine.apply(state, action, seat=position)
    seat = seats[position]
    changed = _charge_clock(game, seat, actor, timezone.now())
    if actor in (Move.Actor.HUMAN, Move.Actor.EMAIL) and (seat.timeouts or seat.bot_standing_in):
        seat.timeouts, seat.bot_standing_in = 0, False  # the player is back
        changed += ["timeouts", "bot_standing_in"]
    if changed:
        seat.save(update_fields=changed)
    return _append(game, new, position, action.to_json(), actor, seats)


def _append(
    game: Game,
    state: engine.State,
    seat: int | None,
    action: Any,
    actor: str,
    seats: list[Seat],
) -> Move:
    move = Move.objects.create(
        game=game,
        seq=game.seq + 1,
        seat=seat,
        action=action,
        actor=actor,
        state_hash=engine.state_hash(state),
    )
    game.seq += 1
    game.revision += 1
    game.state = engine.to_json(state)
    story.record_apply(game, state, actor)
    if engine.is_over(state):
        game.status = Game.Status.FINISHED
        game.finished = timezone.now()
    _after_change(game, state, seats)
    return move


# Clocks: see docs/async.md. A decision's clock runs from `game.decision_started` to the move.


def _charge_clock(game: Game, seat: Seat, actor: str, now: Any) -> list[str]:
    """A bank clock: the mover's bank loses the time this decision took (a timeout empties it)
    and gains the increment, up to the cap. Only decisions that had a deadline are charged."""
    if game.clock != Game.Clock.BANK or game.deadline is None or game.automatic:
        return []
    bank = seat.bank if seat.bank is not None else float(game.clock_seconds)
    spent = (now - game.decision_started).total_seconds() if game.decision_started else 0.0
    left = 0.0 if actor == Move.Actor.TIMEOUT else max(0.0, bank - spent)
    seat.bank = min(float(game.clock_cap), left + game.clock_increment)
    return ["bank"]


def _deadline_for(game: Game, seat: Seat, now: Any) -> Any:
    if game.clock == Game.Clock.FIXED:
        return now + timedelta(seconds=game.clock_seconds)
    if game.clock == Game.Clock.BANK:
        bank = seat.bank if seat.bank is not None else float(game.clock_seconds)
        return now + timedelta(seconds=bank)
    return None


def _after_change(
    game: Game, state: engine.State, seats: list[Seat] | None = None, *, moved: bool = True
) -> None:
    """Save the game with its pending decision's clock, then, after the commit: schedule the
    server's move for an automatic seat, or the deadline and `turn_started` for a person's seat;
    `game_finished` when the game ended. Without a move (`moved=False`: another seat resigned),
    a person's decision already under way keeps its clock and is not announced again."""
    game_id, seq, now = game.pk, game.seq, timezone.now()
    position = engine.to_act(state) if game.status == Game.Status.ACTIVE else None
    seat = None
    if position is not None:
        seat = (seats or _seats(game))[position]
    ongoing = game.to_act == position and not game.automatic
    if not moved and seat is not None and not seat.plays_automatically and ongoing:
        game.save()
        return
    game.to_act = position
    game.decision_started = now if seat is not None else None
    game.automatic = seat is not None and seat.plays_automatically
    game.deadline = None if seat is None or game.automatic else _deadline_for(game, seat, now)
    game.save()
    if seat is not None:
        _decision_event(game, state, seat)
    deadline = game.deadline
    if engine.is_over(state):
        transaction.on_commit(lambda: _send(signals.game_finished, game_id=game_id, seq=seq))
    elif game.automatic:
        transaction.on_commit(lambda: _schedule_automatic(game_id, seq))
    elif seat is not None:

        def human_turn() -> None:
            if deadline is not None:
                _schedule_deadline(game_id, seq, deadline)
            _send(signals.turn_started, game_id=game_id, seq=seq, seat=position, deadline=deadline)

        transaction.on_commit(human_turn)


def _decision_event(game: Game, state: engine.State, seat: Seat) -> None:
    """A decision begins: whose, of what kind, until when; "your turn" in a person's feed."""
    prompt = engine.prompt(state) or {}
    deadline = None if game.deadline is None else _iso(game.deadline)
    detail = {"kind": prompt.get("kind"), "deadline": deadline}
    if "role" in prompt:
        detail["role"] = prompt["role"]
    story.record(game, "decision", seat=seat.position, automatic=game.automatic, **detail)
    if not game.automatic and seat.user_id is not None:
        story.notify([seat.user_id], game, "your_turn", seq=game.seq, seat=seat.position, **detail)


def _iso(moment: Any) -> str:
    return str(moment.isoformat()).replace("+00:00", "Z")


def _send(signal: Any, **kwargs: Any) -> None:
    """Receivers must not raise; if one does, the committed move still stands (it is logged)."""
    for receiver, result in signal.send_robust(sender=Game, **kwargs):
        if isinstance(result, Exception):
            log.error("%s failed for %s", receiver, kwargs, exc_info=result)


def game_resign(*, game_id: int, position: int) -> Game:
    """Leave a game in play. With one player left standing the game ends in that player's favour
    (as a surrender); otherwise the server plays the resigned seat's decisions from now on."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("The game is not in play.", "game_not_active")
        seats = _seats(game)
        seat = seats[position]
        if seat.resigned:
            raise Conflict("You have already resigned.", "already_resigned")
        seat.resigned = True
        seat.save(update_fields=["resigned"])
        story.record(game, "resigned", seat=position)
        standing = [s.position for s in seats if not s.resigned]
        state = engine.from_json(game.state)
        if len(standing) == 1:
            _table_event(game, state, standing[0], seats)
        else:
            game.revision += 1
            _after_change(game, state, seats, moved=False)
    return game


def seat_return(*, game_id: int, position: int) -> Game:
    """The player is back: the bot that stood in for the seat after its timeouts stops, and the
    count of consecutive timeouts starts again. A seat's own move does the same."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("The game is not in play.", "game_not_active")
        seats = _seats(game)
        seat = seats[position]
        if seat.resigned:
            raise Conflict("You have resigned from this game.", "resigned")
        if not (seat.bot_standing_in or seat.timeouts):
            return game
        seat.timeouts, seat.bot_standing_in = 0, False
        seat.save(update_fields=["timeouts", "bot_standing_in"])
        story.record(game, "returned", seat=position)
        game.revision += 1
        state = engine.from_json(game.state)
        if engine.to_act(state) == position:
            _after_change(game, state, seats)  # the decision is the player's again, with a clock
        else:
            game.save(update_fields=["revision", "updated"])
    return game


def game_surrender(*, game_id: int, position: int, to: int | None) -> Game:
    """Surrender to seat `to` (None withdraws). When every other player has surrendered to the
    same seat (resigned players count as agreeing), that seat wins (rules: ENDING THE GAME)."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("The game is not in play.", "game_not_active")
        if to is not None and not 0 <= to < game.players:
            raise BadRequest(f"There is no seat {to}.", "no_such_seat")
        if to == position:
            raise BadRequest("Surrender to another player.", "surrender_to_self")
        seats = _seats(game)
        seats[position].surrender_to = to
        seats[position].save(update_fields=["surrender_to"])
        story.record(game, "surrender", seat=position, to=to)
        others = [s for s in seats if s.position != to]
        if to is not None and all(s.resigned or s.surrender_to == to for s in others):
            _table_event(game, engine.from_json(game.state), to, seats)
        else:
            game.revision += 1
            game.save(update_fields=["revision", "updated"])
    return game


def _table_event(game: Game, state: engine.State, winner: int, seats: list[Seat]) -> None:
    new = engine.surrender(state, winner)
    _append(game, new, None, {"type": SURRENDER, "winner": winner}, Move.Actor.HUMAN, seats)


def replay_move(state: engine.State, move: Move) -> engine.State:
    """Apply one logged move to the state before it (verify_games, tests)."""
    if move.seat is None and move.action.get("type") == SURRENDER:
        return engine.surrender(state, move.action["winner"])
    return engine.apply(state, move.action, seat=move.seat)


# Automatic seats (bots, resigned players, bots standing in) and deadlines ----------------------
#
# Each is one short transaction named by (game, seq): it locks the game and does nothing unless
# the game is still at that seq and the decision is still of the kind it was scheduled for, so a
# task delivered twice, late, or to two workers at once plays at most one move.

_automatic = threading.local()
AUTOMATIC_STEP_LIMIT = 5000


def _eager() -> bool:
    from gtr_api.celery import app

    return bool(app.conf.task_always_eager)


def _schedule_automatic(game_id: int, seq: int) -> None:
    if getattr(_automatic, "running", False):
        return  # automatic_turns_play below is already playing this game's automatic turns
    if _eager():  # in-process (tests): a loop, not one nested task per move
        automatic_turns_play(game_id=game_id, seq=seq)
        return
    from .tasks import play_automatic_turn

    play_automatic_turn.delay(game_id, seq)


def _schedule_deadline(game_id: int, seq: int, deadline: Any) -> None:
    """A task at the deadline, or at the horizon when that is sooner (it reschedules itself):
    Redis redelivers a message held longer than its visibility timeout, so none is held that
    long. In-process (eager) runs schedule nothing: the sweep or a test calls the service."""
    if _eager():
        return
    from .tasks import expire_deadline

    horizon = timezone.now() + timedelta(seconds=settings.GTR_DEADLINE_HORIZON_SECONDS)
    expire_deadline.apply_async((game_id, seq), eta=min(deadline, horizon))


def automatic_turns_play(*, game_id: int, seq: int) -> int:
    """Play the decisions of automatic seats while one of them is to act, starting at `seq`, one
    transaction each; do nothing if the game has moved on. Returns the number of moves played."""
    played = 0
    _automatic.running = True
    try:
        for _ in range(AUTOMATIC_STEP_LIMIT):
            if not automatic_move_play(game_id=game_id, seq=seq + played):
                break
            played += 1
    finally:
        _automatic.running = False
    return played


def automatic_move_play(*, game_id: int, seq: int) -> bool:
    """One move for the automatic seat to act at `seq` (a bot from that seat's view only).
    False, and nothing done, when the game is not at `seq` or a person is to decide."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE or game.seq != seq:
            return False
        state = engine.from_json(game.state)
        position = engine.to_act(state)
        seats = _seats(game)
        if position is None or not seats[position].plays_automatically:
            return False
        action = bot_action(game, state, seats[position])
        _play(game, state, seats, position, engine.parse(action), Move.Actor.BOT)
    return True


def bot_action(game: Game, state: engine.State, seat: Seat) -> dict[str, Any]:
    """The seat's bot decides from that seat's view and legal actions, never the full state;
    seeded by game and seat, so the same question gets the same answer (a retried task)."""
    bot = make_bot(seat.bot, seed=game.pk * 8 + seat.position)
    return bot.choose(engine.view(state, seat.position), engine.legal_actions(state))


def deadline_expire(*, game_id: int, seq: int) -> str:
    """The deadline of the decision at `seq` passed: apply the seat's timeout policy once. The
    engine's safe move is played for the seat (actor `timeout`); after GTR_TIMEOUTS_BEFORE_BOT
    timeouts in a row (or at once with the `bot` policy) a bot stands in for the seat until the
    player returns. Returns what happened: "moved_on", "early" (rescheduled) or "timed_out"."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE or game.seq != seq or game.deadline is None:
            return "moved_on"
        if game.automatic:
            return "moved_on"
        deadline = game.deadline
        if deadline > timezone.now():
            transaction.on_commit(lambda: _schedule_deadline(game_id, seq, deadline))
            return "early"
        state = engine.from_json(game.state)
        position = engine.to_act(state)
        seats = _seats(game)
        seat = seats[position]
        seat.timeouts += 1
        if (
            seat.timeout_policy == Seat.Timeout.BOT
            or seat.timeouts >= settings.GTR_TIMEOUTS_BEFORE_BOT
        ):
            seat.bot_standing_in = True
        seat.save(update_fields=["timeouts", "bot_standing_in"])
        timeout = {
            "seat": position,
            "timeouts": seat.timeouts,
            "bot_standing_in": seat.bot_standing_in,
        }
        story.record(game, "timeout", **timeout)
        if seat.user_id is not None:
            story.notify([seat.user_id], game, "timed_out", seq=game.seq, **timeout)
        action = engine.parse(engine.safe_action(state))
        _play(game, state, seats, position, action, Move.Actor.TIMEOUT)
    return "timed_out"


def games_due(now: Any = None) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The sweep's question: (game, seq) pairs whose deadline has passed, and whose automatic
    seat has waited longer than GTR_SWEEP_GRACE_SECONDS (its task was lost or is late)."""
    now = now or timezone.now()
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    late = active.filter(automatic=False, deadline__lte=now).values_list("pk", "seq")
    stale = now - timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS)
    stuck = active.filter(automatic=True, updated__lte=stale).values_list("pk", "seq")
    return list(late[:1000]), list(stuck[:1000])


def games_sweep() -> int:
    """Queue a task for every decision that is due (Celery beat runs this periodically, so a
    lost message cannot stall a game). Returns how many were queued."""
    from .tasks import expire_deadline, play_automatic_turn

    late, stuck = games_due()
    for game_id, seq in late:
        expire_deadline.delay(game_id, seq)
    for game_id, seq in stuck:
        play_automatic_turn.delay(game_id, seq)
    return len(late) + len(stuck)
