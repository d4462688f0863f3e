"""Creating a tournament, and its entries: join before the start, withdraw, removal after
timeouts (docs/tournaments.md)."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import codes
from games.errors import Conflict, Forbidden, NotFound, Refused
from games.models import Game, Seat
from games.read import people
from games.services import barred
from games.services.clocks import ClockSpec
from games.services.matching import clock_json, options_checked, tell
from games.services.resignation import game_resign

from ..models import Entry, Tournament

MAX_ROUNDS = 30


def terms_checked(
    *,
    version: str,
    format: str,
    table_size: int,
    starts: datetime,
    max_players: int,
    rounds: int | None,
    options: dict[str, Any],
    rated: bool,
) -> dict[str, Any]:
    """A new tournament's terms, checked for the API and the admin alike: its options as the
    engine stores them. Raises 422 `bad_tournament` (or `bad_seek` for options no table fits,
    `unratable` for rated training games)."""
    options = options_checked(version, [table_size], options)
    if rated and options.get("training"):
        raise Refused("Training games are never rated: make it casual.", codes.UNRATABLE)
    if max_players < table_size:
        raise Refused("Room for one table at least.", codes.BAD_TOURNAMENT)
    if format == Tournament.Format.SWISS and rounds is None:
        raise Refused("Say how many rounds a Swiss tournament plays.", codes.BAD_TOURNAMENT)
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise Refused(f"From 1 to {MAX_ROUNDS} rounds.", codes.BAD_TOURNAMENT)
    if starts <= timezone.now():
        raise Refused("A tournament starts in the future.", codes.BAD_TOURNAMENT)
    return options


def tournament_create(
    *,
    user: Any,
    name: str,
    version: str,
    format: str,
    table_size: int,
    starts: datetime,
    max_players: int,
    rounds: int | None = None,
    options: dict[str, Any] | None = None,
    clock: ClockSpec | None = None,
    round_interval: int | None = None,
    timeout_limit: int = 3,
    rated: bool = True,
) -> Tournament:
    """Staff create a tournament. Nothing is written when it is refused."""
    if not user.is_staff:
        raise Forbidden("Only staff may create a tournament.", codes.NOT_STAFF)
    options = terms_checked(
        version=version,
        format=format,
        table_size=table_size,
        starts=starts,
        max_players=max_players,
        rounds=rounds,
        options=options or {},
        rated=rated,
    )
    return Tournament.objects.create(
        name=name,
        version=version,
        options=options,
        format=format,
        table_size=table_size,
        rounds=rounds,
        starts=starts,
        clock=clock_json(clock or ClockSpec()),
        round_interval=round_interval,
        max_players=max_players,
        timeout_limit=timeout_limit,
        rated=rated,
        seed=secrets.randbits(62),
        created_by=user,
    )


def tournament_get(tournament_id: int) -> Tournament:
    found = Tournament.objects.filter(pk=tournament_id).first()
    if found is None:
        raise NotFound("No such tournament.", codes.NO_SUCH_TOURNAMENT)
    return found


def _locked(tournament_id: int) -> Tournament:
    tournament_get(tournament_id)
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def entry_join(*, user: Any, tournament_id: int) -> Entry:
    """Enter before the start: not twice, not a full tournament, not beside a player one
    blocks or is blocked by (they could not share a table), not a suspended account."""
    barred.play_check(user)
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.OPEN:
            raise Conflict("The tournament has started.", codes.TOURNAMENT_STARTED)
        entrants = list(tournament.entries.values_list("user_id", flat=True))
        if user.pk in entrants:
            raise Conflict("You have entered already.", codes.ALREADY_ENTERED)
        if len(entrants) >= tournament.max_players:
            raise Conflict("The tournament is full.", codes.TOURNAMENT_FULL)
        if people.blocked_any(user.pk, entrants):
            raise Forbidden("You block an entrant, or they block you.", codes.BLOCKED)
        return Entry.objects.create(tournament=tournament, user=user)


def entry_withdraw(*, user: Any, tournament_id: int) -> Entry | None:
    """Withdraw. Before the start the entry is gone (None). After it the entrant's games in
    play are resigned and later rounds pair without them; their points stay in the standings."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = tournament.entries.filter(user=user).first()
        if entry is None or entry.status != Entry.Status.ACTIVE:
            raise Conflict("You are not in this tournament.", codes.NOT_ENTERED)
        if tournament.status == Tournament.Status.OPEN:
            entry.delete()
            return None
        if tournament.status != Tournament.Status.RUNNING:
            raise Conflict("The tournament is over.", codes.TOURNAMENT_OVER)
        return entrant_leave(entry, Entry.Status.WITHDRAWN)


def entrant_leave(entry: Entry, status: str, reason: str = "") -> Entry:
    """The entrant withdraws or is removed: each of its games in play is resigned (the server
    plays the seat, or the last player standing wins: games.services.resignation)."""
    entry.status, entry.reason, entry.left = status, reason, timezone.now()
    entry.save(update_fields=["status", "reason", "left"])
    playing = Seat.objects.filter(
        user_id=entry.user_id,
        resigned=False,
        game__status=Game.Status.ACTIVE,
        game__tournament_table__round__tournament_id=entry.tournament_id,
    ).values_list("game_id", "position")
    for game_id, position in list(playing):
        game_resign(game_id=game_id, position=position)
    tell(
        [entry.user_id],
        "tournament_left",
        tournament=entry.tournament_id,
        status=status,
        reason=reason or None,
    )
    return entry


def timeouts_check(game_id: int) -> Entry | None:
    """After a timeout in a tournament game: the entrant whose timeouts in the tournament reach
    its `timeout_limit` is removed (as Rally the Troops bans after timeouts)."""
    from games.models import Move

    with transaction.atomic():
        game = Game.objects.filter(pk=game_id).select_related("tournament_table__round").first()
        if game is None or not hasattr(game, "tournament_table"):
            return None
        tournament = _locked(game.tournament_table.round.tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return None
        seated = tournament.entries.filter(status=Entry.Status.ACTIVE, seatings__table__game=game)
        for entry in seated:
            count = sum(
                Move.objects.filter(game_id=g, seat=position, actor=Move.Actor.TIMEOUT).count()
                for g, position in entry.seatings.values_list("table__game_id", "position")
            )
            if count >= tournament.timeout_limit:
                return entrant_leave(entry, Entry.Status.REMOVED, "timeouts")
    return None
