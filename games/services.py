"""Writes of the game service: lobby, moves, resignations and surrenders (HackSoft's services).

Every write that changes a game locks its row (`select_for_update`), checks, changes, bumps the
game's `revision` (the ETag) and commits; side effects (bot turns, e-mail) are scheduled with
`transaction.on_commit`, so nothing happens for a write that rolled back. Only `move_submit` and
`_table_event` append moves, and only through the engine.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import engine

from . import signals
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
) -> Game:
    """Create a game in the lobby. The creator sits where `seats` says "me" (default: seat 0, the
    rest open). A scenario fixes version, players and options; only staff may use one unless
    GTR_ALLOW_SCENARIOS is on."""
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
    if all(s.kind == "bot" for s in seats):
        raise BadRequest("At least one seat must be for a person.", "bad_seats")
    invitations: list[tuple[Seat, str]] = []
    with transaction.atomic():
        game = Game.objects.create(
            version=version,
            players=players,
            options=options,
            creator=user,
            auto_start=auto_start,
            setup=setup,
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
                timeout_policy=Seat.Timeout.WAIT,
            )
            if spec.kind == "invited":
                invitations.append((seat, token))
        for seat, token in invitations:
            transaction.on_commit(_invitation_sender(seat, token))
        if game.auto_start and all(s.kind != "open" for s in seats):
            _start(game)
    return game


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
        people = game.seats.filter(kind__in=[Seat.Kind.PLAYER, Seat.Kind.INVITED])
        if not people.exists():
            game.status = Game.Status.CANCELLED
            game.finished = timezone.now()
        game.revision += 1
        game.save()


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
    game.save()
    _after_change(game, state)


def seat_token_rotate(*, seat: Seat) -> str:
    """A new capability token for a seat, shown once to that seat's holder; the old one stops
    working."""
    token, token_hash = new_token()
    Seat.objects.filter(pk=seat.pk).update(token_hash=token_hash)
    return token


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
    append the move, save the snapshot, commit; bot turns are scheduled after the commit."""
    parsed = engine.parse(action)  # malformed input is refused before taking any lock
    with transaction.atomic():
        game = _locked(game_id)
        if game.status == Game.Status.OPEN:
            raise Conflict("The game has not started yet.", "game_not_started")
        if game.status == Game.Status.CANCELLED:
            raise Conflict("The game was cancelled.", "game_cancelled")
        if seq != game.seq:
            raise StaleSeq(f"The game moved on: you saw move {seq}, it is now at move {game.seq}.")
        state = engine.apply(engine.from_json(game.state), parsed, seat=position)
        move = _append(game, state, position, parsed.to_json(), actor)
    return game, move


def _append(game: Game, state: engine.State, seat: int | None, action: Any, actor: str) -> Move:
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
    if engine.is_over(state):
        game.status = Game.Status.FINISHED
        game.finished = timezone.now()
    game.save(update_fields=["seq", "revision", "state", "status", "finished", "updated"])
    _after_change(game, state)
    return move


def _after_change(game: Game, state: engine.State) -> None:
    """After the commit: schedule automatic turns, or tell listeners (games.signals) that a
    person has a new decision or that the game ended."""
    game_id, seq, deadline = game.pk, game.seq, game.deadline
    if engine.is_over(state):
        transaction.on_commit(lambda: _send(signals.game_finished, game_id=game_id, seq=seq))
        return
    seat = engine.to_act(state)
    if seat is None:
        return
    automatic = Q(kind=Seat.Kind.BOT) | Q(resigned=True)
    if game.seats.filter(automatic, position=seat).exists():
        transaction.on_commit(lambda: _schedule_automatic(game_id, seq))
    else:
        transaction.on_commit(
            lambda: _send(
                signals.turn_started, game_id=game_id, seq=seq, seat=seat, deadline=deadline
            )
        )


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
        seats = list(game.seats.all())
        seat = seats[position]
        if seat.resigned:
            raise Conflict("You have already resigned.", "already_resigned")
        seat.resigned = True
        seat.save(update_fields=["resigned"])
        standing = [s.position for s in seats if not s.resigned]
        state = engine.from_json(game.state)
        if len(standing) == 1:
            _table_event(game, state, standing[0])
        else:
            game.revision += 1
            game.save(update_fields=["revision", "updated"])
            _after_change(game, state)
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
        seats = list(game.seats.all())
        seats[position].surrender_to = to
        seats[position].save(update_fields=["surrender_to"])
        others = [s for s in seats if s.position != to]
        if to is not None and all(s.resigned or s.surrender_to == to for s in others):
            _table_event(game, engine.from_json(game.state), to)
        else:
            game.revision += 1
            game.save(update_fields=["revision", "updated"])
    return game


def _table_event(game: Game, state: engine.State, winner: int) -> None:
    new = engine.surrender(state, winner)
    _append(game, new, None, {"type": SURRENDER, "winner": winner}, Move.Actor.HUMAN)


def replay_move(state: engine.State, move: Move) -> engine.State:
    """Apply one logged move to the state before it (verify_games, tests)."""
    if move.seat is None and move.action.get("type") == SURRENDER:
        return engine.surrender(state, move.action["winner"])
    return engine.apply(state, move.action, seat=move.seat)


# Automatic seats (bots, resigned players) -------------------------------------------------------

_automatic = threading.local()
AUTOMATIC_STEP_LIMIT = 5000


def _schedule_automatic(game_id: int, seq: int) -> None:
    if getattr(_automatic, "running", False):
        return  # the loop below is already playing this game's automatic turns
    from .tasks import play_automatic_turns

    play_automatic_turns.delay(game_id, seq)


def automatic_turns_play(*, game_id: int, seq: int) -> int:
    """Play the decisions of bots and resigned seats while one of them is to act, starting at
    `seq`; do nothing if the game has moved on (late or duplicate delivery is harmless).
    Returns the number of moves played."""
    played = 0
    _automatic.running = True
    try:
        for _ in range(AUTOMATIC_STEP_LIMIT):
            game = Game.objects.filter(pk=game_id).first()
            if game is None or game.status != Game.Status.ACTIVE or game.seq != seq:
                break
            state = engine.from_json(game.state)
            position = engine.to_act(state)
            seat = game.seats.filter(position=position).first()
            if seat is None or not seat.plays_automatically:
                break
            action = bot_choose(state, game.pk, seq)
            try:
                move_submit(game_id=game_id, position=position, seq=seq, action=action, actor="bot")
            except StaleSeq:
                break
            seq += 1
            played += 1
    finally:
        _automatic.running = False
    return played


def bot_choose(state: engine.State, game_id: int, seq: int) -> dict[str, Any]:
    """The bot: a random legal action, seeded by the game and move number (reproducible)."""
    options = engine.legal_actions(state)
    return random.Random(game_id * 1_000_003 + seq).choice(options)
