"""Reads of the game service.

Everything a player receives is built here from `engine.view` for that seat.
A spectator gets the spectator's view.
No one gets the snapshot, the seed or a state hash.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone, translation

import engine
from games import codes
from games.errors import Forbidden, NotAuthenticated, NotFound
from games.events import story
from games.models import Game, Move, Seat
from games.store import caches, rows, snapshot
from games.words import cardnames, labels, prompts
from games.words import seats as seat_words
from games.words import story as story_words

from . import calendars, undoable


def game_get(game_id: int, *, with_state: bool = True) -> Game:
    """Returns one game with its creator, seats and players, in one statement.

    The statement is in games.store.rows.
    The snapshot is left out unless asked for.
    ETag checks and seat lookups need none.
    """
    game = rows.game_with_seats(game_id, with_state=with_state)
    if game is None:
        raise NotFound("No such game.")
    return game


@dataclass(frozen=True)
class Caller:
    """Who asks, as far as a game's seats go.

    - `user`: an account.
    - `token_seat`: the seat of a seat token.
    - `position`: a seat proven otherwise, by a reply secret, the server or a test.
    """

    user: Any = None
    token_seat: Seat | None = None
    position: int | None = None


def position_of(game: Game, caller: Caller) -> int:
    """Returns the caller's position at `game`.

    Raises 401 for a caller who is nobody.
    Raises 403 for anyone else without a seat.
    """
    if caller.position is not None:
        return caller.position
    return seat_required(game, caller).position


def seat_required(game: Game, caller: Caller) -> Seat:
    seat = seat_for(game, user=caller.user, token_seat=caller.token_seat)
    if seat is not None:
        return seat
    if caller.user is None or not caller.user.is_authenticated:
        raise NotAuthenticated("Log in, or send your seat token.")
    raise Forbidden("You have no seat at this game.", codes.NOT_A_PLAYER)


def seat_for(game: Game, *, user: Any, token_seat: Seat | None) -> Seat | None:
    """Returns the caller's seat at `game`.

    That is the seat of its token, else the user's seat, else None (a spectator).
    """
    if token_seat is not None:
        if token_seat.game_id != game.pk:
            raise Forbidden("This seat token belongs to another game.", codes.WRONG_GAME)
        return token_seat
    if user is not None and user.is_authenticated:
        return next((s for s in rows.seats_of(game) if s.user_id == user.pk), None)
    return None


def etag_for(game: Game, seat: Seat | None, language: str = cardnames.ENGLISH) -> str:
    return etag_at(game, None if seat is None else seat.position, language)


def etag_at(game: Game, position: int | None, language: str = cardnames.ENGLISH) -> str:
    viewer = "s" if position is None else position
    return f'W/"g{game.pk}-r{game.revision}-v{viewer}-{cardnames.language_code(language)}"'


def seats_public(game: Game, now: datetime | None = None) -> list[dict[str, Any]]:
    now = now or timezone.now()
    return [
        {
            "position": s.position,
            "kind": s.kind,
            "player": s.user.get_username() if s.user is not None else None,
            "resigned": s.resigned,
            "surrender_to": s.surrender_to,
            "bot": s.bot if s.plays_automatically else None,
            "bot_standing_in": s.bot_standing_in,
            "timeouts": s.timeouts,
            "bank": bank_left(game, s, now),
            "away_until": calendars.away_until(s, now) if s.away else None,
            "rating": s.rating,
            "rating_change": s.rating_change,
        }
        for s in rows.seats_of(game)
    ]


def bank_left(game: Game, seat: Seat, now: datetime | None = None) -> float | None:
    """Returns the seconds left in the seat's bank.

    The running decision's time is already taken off: the time that counted (time off does not).
    """
    if game.clock != Game.Clock.BANK or seat.bank is None:
        return None
    if seat.position == game.to_act and game.deadline is not None:
        return time_left(game, now)
    if seat.position == game.to_act and game.clock_calendar and game.decision_started:
        # A clock stopped until someone resumes: what it had left when it stopped.
        spent = calendars.counted(game, game.decision_started, now or timezone.now())
        return round(max(0.0, seat.bank - spent), 1)
    return round(seat.bank, 1)


def time_left(game: Game, now: datetime | None = None) -> float:
    """Returns the clock seconds to the game's deadline: the running bank of the seat to act.

    Seconds that will not count (a pause, a vacation, outside playing hours) are not left.
    """
    assert game.deadline is not None
    return round(calendars.seconds_left(game, now or timezone.now()) or 0.0, 1)


def clock_public(game: Game, now: datetime | None = None) -> dict[str, Any]:
    """The game's time control, and whether the clock of the decision under way runs now.

    With time off (docs/async.md): why it is stopped and until when, the playing hours, the
    pause in effect and the open proposal to pause.
    """
    now = now or timezone.now()
    out: dict[str, Any] = {"kind": game.clock}
    if game.clock == Game.Clock.FIXED:
        out["seconds"] = game.clock_seconds
    elif game.clock == Game.Clock.BANK:
        out.update(seconds=game.clock_seconds, increment=game.clock_increment, cap=game.clock_cap)
    out.update(calendars.clock_status(game, now))
    out["playing_hours"] = game.playing_hours
    paused = calendars.paused_at(game, now)
    out["pause"] = {"since": game.paused_since, "until": game.paused_until} if paused else None
    proposal = game.pause_proposal
    out["pause_proposal"] = None
    if proposal:
        out["pause_proposal"] = {
            "seat": proposal["seat"],
            "until": calendars.moment(proposal["until"]),
            "accepted": proposal["accepted"],
            "expires": calendars.moment(proposal["expires"]),
        }
    return clock_as_of(out, game, now)


def clock_as_of(clock: dict[str, Any], game: Game, now: datetime) -> dict[str, Any]:
    """A game's `clock` built earlier, brought up to `now` (games.read.view_cache).

    What changes with the time alone comes again: whether the clock runs (from the game's stored
    columns), a pause whose end came, a proposal whose time is up.
    """
    out = {**clock, **calendars.clock_status(game, now)}
    pause = out.get("pause")
    if pause is not None and pause["until"] is not None and pause["until"] <= now:
        out["pause"] = None
    proposal = out.get("pause_proposal")
    if proposal is not None and proposal["expires"] <= now:
        out["pause_proposal"] = None
    return out


def game_summary(game: Game, user: Any = None) -> dict[str, Any]:
    """Returns a game as the lobby lists it.

    With `user`, it says whether the pending decision is that user's.
    """
    now = timezone.now()
    mine = None
    if user is not None and user.is_authenticated:
        mine = next((s.position for s in rows.seats_of(game) if s.user_id == user.pk), None)
    your_turn = turn_of(game, mine)
    return {
        "id": game.pk,
        "status": game.status,
        "version": game.version,
        "rules_revision": game.rules_revision,
        "players": game.players,
        "options": game.options,
        "scenario": "scenario" in game.setup or "record" in game.setup,
        "rated": game.rated,
        "creator": game.creator.get_username() if game.creator is not None else None,
        "seq": game.seq,
        "revision": game.revision,
        "seats": seats_public(game, now),
        "clock": clock_public(game, now),
        "deadline": game.deadline,
        "to_act": game.to_act if game.status == Game.Status.ACTIVE else None,
        "my_seat": mine,
        "your_turn": your_turn,
        "your_deadline": game.deadline if your_turn else None,
        "last_event": game.last_event,
        "server_delayed": server_delayed(game, now),
        "created": game.created,
        "started": game.started,
        "finished": game.finished,
    }


def turn_of(game: Game, position: int | None) -> bool:
    """Whether the pending decision is the seat's to make, not the server's."""
    return (
        position is not None
        and game.status == Game.Status.ACTIVE
        and game.to_act == position
        and not game.automatic
    )


def server_delayed(game: Game, now: datetime | None = None) -> bool:
    """Whether the server's move is late by more than the sweep interval.

    The move is an automatic seat's, due as soon as its decision began.
    Or it is the timeout of a passed deadline.
    Then the beat sweep is catching up, or the background is down.
    The health check says which.
    """
    if game.status != Game.Status.ACTIVE:
        return False
    due = (game.decision_started or game.updated) if game.automatic else game.deadline
    late = timedelta(seconds=settings.GTR_SWEEP_SECONDS)
    return due is not None and (now or timezone.now()) - due > late


def game_view_for_seat(
    game: Game, seat: Seat | None, language: str = cardnames.ENGLISH
) -> dict[str, Any]:
    """Returns the game as `seat` sees it.

    The view holds the engine view, whose turn, and the prompt.
    It holds the seat's legal actions when the decision is its own.
    Cards are named in `language` (games.words.cardnames).
    `seat=None` is a spectator.
    """
    return game_view_at(game, None if seat is None else seat.position, language)


def game_view_at(
    game: Game, position: int | None, language: str = cardnames.ENGLISH
) -> dict[str, Any]:
    """`game_view_for_seat` for the seat at `position` (None: a spectator)."""
    out = game_summary(game)
    out["my_seat"] = position
    out.update(table_view(game, position, cardnames.language_code(language)))
    seat = None if position is None else rows.seats_of(game)[position]
    out.update(undoable.view_fields(game, seat))
    out["your_deadline"] = game.deadline if out["your_turn"] else None
    return out


def table_view(
    game: Game, position: int | None, language: str = cardnames.ENGLISH
) -> dict[str, Any]:
    """Returns the part of a seat's view that the engine builds from the snapshot.

    That is to_act, your_turn, prompt, legal_actions and table, in one language.
    It is cached by (game, revision, seat, language).
    The snapshot changes only with the revision, so an entry is never stale.
    A hit needs neither the snapshot nor the engine.
    The key also holds the game's creation time.
    So a reused id never finds another game's entry.
    """
    key = caches.table_key(game, position, language)
    views = caches.views()
    part: dict[str, Any] | None = views.get(key)
    if part is None:
        with translation.override(language):
            part = _table_view(game, position)
        views.set(key, part)
    return part


def _table_view(game: Game, position: int | None) -> dict[str, Any]:
    out: dict[str, Any] = dict(
        to_act=None, your_turn=False, prompt=None, legal_actions=[], table=None
    )
    if game.state is None:
        return out
    state = snapshot.state_of(game)
    to_act = engine.to_act(state)
    view = engine.view(state, position)
    out["to_act"] = to_act
    view["prompt"] = prompts.localized(view["prompt"], view)
    out["prompt"] = cardnames.localized(prompts.localized(engine.prompt(state), view))
    out["table"] = cardnames.localized(view)
    if position is not None and to_act == position and game.status == Game.Status.ACTIVE:
        out["your_turn"] = True
        out["legal_actions"] = legal_moves(state, view, seat_names(game))
    return out


def seat_names(game: Game) -> dict[int, str]:
    """Returns the seats' names by position, for labels ("Give Bath (brick) to bob").

    They are named as everywhere (games.words.seats): "Guest 2", "Bot 3 (greedy)".
    """
    return seat_words.seat_names(rows.seats_of(game))


CHAT_EVENTS = ("chat", "chat_hidden")  # games.services.chat


def story_lines(
    game: Game,
    position: int | None,
    names: dict[int, str],
    view: dict[str, Any] | None = None,
    *,
    lines: int = 40,
    events: int = 160,
    upto: int | None = None,
) -> list[story_words.Line]:
    """Returns the last `lines` of the game's story (up to move `upto`) as `position` sees it,
    oldest first.

    It is told from the last `events` game events (decisions and draws take no line of their
    own) in the active language (games.words.story), the same words on the page and in mails.
    `view`, the reader's view now, says whose each building is.
    """
    happened = game.events.all() if upto is None else game.events.filter(seq__lte=upto)
    happened = happened.exclude(type__in=CHAT_EVENTS)  # the chat is told apart, not in the story
    rows_ = list(happened.order_by("-number")[:events])[::-1]
    owners = {
        b["foundation"]["id"]: p["seat"]
        for p in (view or {}).get("players") or []
        for b in p.get("buildings") or []
    }
    bots = {s.position for s in rows.seats_of(game) if s.kind == Seat.Kind.BOT}
    narrator = story_words.Narrator(position, names, bots=bots, owners=owners)
    return narrator.lines(story.rendered(e, position) for e in rows_)[-lines:]


def legal_moves(
    state: engine.State, view: dict[str, Any], names: dict[int, str] | None = None
) -> list[dict[str, Any]]:
    """Returns the legal actions of the pending decision, for the seat to act.

    Each has a code: `A1`, `A2`, ... in the engine's order.
    The codes are fixed for a state, and the turn mail uses them.
    Each has a label from games.words.labels, the words of the mails and the web client.
    Labels name cards as the seat's own view does.
    Each says whether it is a petition.
    Each holds the action itself, to be posted back as it is.
    """
    describer = labels.Describer(labels.card_names(view), view=view, seat_names=names)
    out = []
    for i, action in enumerate(engine.legal_actions(state), start=1):
        petition = engine.is_petition(state, action)
        label = describer.label(action, petition)
        out.append({"id": f"A{i}", "label": label, "petition": petition, "action": action})
    return out


SCOPES = ("mine", "open", "active", "finished", "all")


def game_list(
    *,
    user: Any,
    scope: str = "all",
    version: str | None = None,
    players: int | None = None,
    status: str | None = None,
    your_turn: bool | None = None,
) -> QuerySet[Game]:
    qs = (
        Game.objects.defer("state")
        .select_related("creator")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
    )
    yours = Q(pk__in=[])  # never an anonymous caller's turn
    if user is not None and user.is_authenticated:
        seated_to_act = Seat.objects.filter(game=OuterRef("pk"), position=OuterRef("to_act"))
        yours = Q(Exists(seated_to_act.filter(user=user)), status=Game.Status.ACTIVE)
        yours &= Q(automatic=False)
    if scope == "mine":
        if user is None or not user.is_authenticated:
            return qs.none()
        seated = Seat.objects.filter(user=user).values("game_id")
        qs = qs.filter(Q(pk__in=seated) | Q(creator=user))
    elif scope == "open":
        free = Seat.objects.filter(kind=Seat.Kind.OPEN).values("game_id")
        qs = qs.filter(status=Game.Status.OPEN, pk__in=free)
    elif scope == "active":
        qs = qs.filter(status=Game.Status.ACTIVE)
    elif scope == "finished":
        qs = qs.filter(status=Game.Status.FINISHED)
    if version:
        qs = qs.filter(version=version)
    if players:
        qs = qs.filter(players=players)
    if status:
        qs = qs.filter(status=status)
    if your_turn is not None:
        qs = qs.filter(yours) if your_turn else qs.exclude(yours)
    return qs.order_by("-id")


def move_history(game: Game, *, after: int = 0) -> QuerySet[Move]:
    return game.moves.filter(seq__gt=after).order_by("seq")


def move_for_seat(move: Move, position: int | None) -> dict[str, Any]:
    """Returns one logged move as `position` may see it (`engine.public_action`).

    A card taken secretly from hand stays hidden from the other seats.
    Actions carry card ids only, never names.
    Ids reveal nothing about hidden cards.
    Draws are not logged.
    So another player's draws show only as hand counts in the view.
    """
    return {
        "seq": move.seq,
        "seat": move.seat,
        "actor": move.actor,
        "action": engine.public_action(move.action, move.seat, position)
        if move.seat is not None
        else move.action,
        "mine": move.seat is not None and move.seat == position,
        "created": move.created,
    }


def games_due(now: datetime | None = None) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Returns the (game, seq) pairs the sweep must act on.

    The first list is of passed deadlines.
    The second is of automatic seats waiting longer than GTR_SWEEP_GRACE_SECONDS.
    Their task was lost or is late.
    """
    now = now or timezone.now()
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    late = active.filter(automatic=False, deadline__lte=now).values_list("pk", "seq")
    stale = now - timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS)
    stuck = active.filter(automatic=True, updated__lte=stale).values_list("pk", "seq")
    return list(late[:1000]), list(stuck[:1000])


def deadline_of(game_id: int, seq: int) -> datetime | None:
    """Returns the deadline of the decision at `seq`.

    None when the game has moved on or has no deadline.
    """
    game = Game.objects.filter(pk=game_id, seq=seq, status=Game.Status.ACTIVE).only("deadline")
    found = game.first()
    return None if found is None else found.deadline
