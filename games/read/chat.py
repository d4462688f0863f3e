"""Table chat and private notes: every read, for one reader (docs/chat.md).

Who reads what: the players' chat, everyone who may see the game; the spectators' chat, the
spectators, and the players only once the game is over (`channel_check`). A reader never gets
the lines of the authors they muted or with whom a block stands (either way, docs/api.md,
People), nor the text of a line staff hid.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from games import codes
from games.errors import Forbidden, NotFound
from games.models import ChatMessage, ChatReader, Game, Seat, SeatNote
from games.read import people
from games.read.selectors import Caller, seat_for
from games.store import rows as game_rows

PAGE = 100  # the most lines one read returns
OVER = (Game.Status.FINISHED, Game.Status.CANCELLED)


def author_key(message: ChatMessage) -> str:
    return f"seat:{message.seat}" if message.seat is not None else f"user:{message.user_id}"


def rendered(message: ChatMessage) -> dict[str, Any]:
    """A line as the API gives it: plain text, never HTML; a hidden one without its text."""
    return {
        "id": message.pk,
        "channel": message.channel,
        "author": author_key(message),
        "seat": message.seat,
        "name": message.name,
        "text": "" if message.hidden else message.text,
        "mentions": message.mentions,
        "hidden": message.hidden is not None,
        "time": message.created,
    }


def channel_check(game: Game, caller: Caller, channel: str) -> Seat | None:
    """Returns the caller's seat; refuses a player the spectators' chat during the game."""
    seat = seat_for(game, user=caller.user, token_seat=caller.token_seat)
    spectators = channel == ChatMessage.Channel.SPECTATORS
    if spectators and seat is not None and game.status not in OVER:
        raise Forbidden(
            "Players read the spectators' chat once the game is over.",
            codes.SPECTATORS_CHAT_CLOSED,
        )
    return seat


def message_seen(game: Game, caller: Caller, message_id: int) -> ChatMessage:
    """A line of the game's chat that the caller may read (to report it), or 404
    `no_such_message` (403 `spectators_chat_closed` for a player, during the game)."""
    message = game.chat.select_related("user").filter(pk=message_id).first()
    if message is None:
        raise NotFound("No such chat message in this game.", codes.NO_SUCH_MESSAGE)
    channel_check(game, caller, message.channel)
    return message


def reader_row(game: Game, seat: Seat | None, user: Any) -> ChatReader | None:
    if seat is not None:
        return ChatReader.objects.filter(game=game, seat=seat.position).first()
    if user is not None and user.is_authenticated:
        return ChatReader.objects.filter(game=game, seat__isnull=True, user=user).first()
    return None


def _unmuted(rows: QuerySet[ChatMessage], muted: list[str]) -> QuerySet[ChatMessage]:
    seats = [int(k.split(":")[1]) for k in muted if k.startswith("seat:")]
    users = [int(k.split(":")[1]) for k in muted if k.startswith("user:")]
    return rows.exclude(seat__in=seats).exclude(seat__isnull=True, user_id__in=users)


def silenced(game: Game, seat: Seat | None, user: Any, reader: ChatReader | None) -> list[str]:
    """The authors whose lines the reader does not get: those they muted, and those with whom a
    block stands, whichever of them made it."""
    keys = list(reader.muted) if reader else []
    account = seat.user_id if seat is not None else getattr(user, "pk", None)
    if account is None:
        return keys
    blocked = people.blocked_with(account)
    keys += [f"seat:{s.position}" for s in game_rows.seats_of(game) if s.user_id in blocked]
    return keys + [f"user:{user_id}" for user_id in sorted(blocked)]


def chat_for(game: Game, caller: Caller, channel: str, after: int = 0) -> dict[str, Any]:
    """The lines of a channel after `after` (oldest first, at most `PAGE`), with the reader's
    unread counts and mutes."""
    seat = channel_check(game, caller, channel)
    reader = reader_row(game, seat, caller.user)
    muted = list(reader.muted) if reader else []
    hidden_from = silenced(game, seat, caller.user, reader)
    lines = _unmuted(game.chat.filter(channel=channel, pk__gt=after), hidden_from).order_by("id")
    found = list(lines[: PAGE + 1])
    return {
        "channel": channel,
        "messages": [rendered(m) for m in found[:PAGE]],
        "more": len(found) > PAGE,
        "unread": unread(game, seat, caller.user, reader),
        "muted": muted,
        "can_post": can_post(game, seat, caller.user),
    }


def can_post(game: Game, seat: Seat | None, user: Any) -> str | None:
    """The channel the reader would speak in, or None."""
    if game.status == Game.Status.CANCELLED:
        return None
    if seat is not None:
        return ChatMessage.Channel.PLAYERS
    if user is not None and user.is_authenticated:
        return ChatMessage.Channel.SPECTATORS
    return None


def unread(game: Game, seat: Seat | None, user: Any, reader: ChatReader | None) -> dict[str, int]:
    """Lines the reader has not marked read, by channel: not their own, not hidden, not muted.
    A player counts no spectators' line during the game."""
    muted = silenced(game, seat, user, reader)
    counts = {}
    for channel in ChatMessage.Channel.values:
        if (
            channel == ChatMessage.Channel.SPECTATORS
            and seat is not None
            and game.status not in OVER
        ):
            counts[channel] = 0
            continue
        last = getattr(reader, f"read_{channel}", 0) if reader else 0
        rows = game.chat.filter(channel=channel, pk__gt=last, hidden__isnull=True)
        rows = rows.exclude(_own(seat, user))
        counts[channel] = _unmuted(rows, muted).count()
    return counts


def _own(seat: Seat | None, user: Any) -> Q:
    if seat is not None:
        return Q(seat=seat.position)
    if user is not None and user.is_authenticated:
        return Q(seat__isnull=True, user_id=user.pk)
    return Q(pk__in=[])


def muted_by(game_id: int, position: int | None, user_id: int | None) -> list[str]:
    rows = ChatReader.objects.filter(game_id=game_id)
    if position is not None:
        rows = rows.filter(seat=position)
    elif user_id is None:
        return []
    else:
        rows = rows.filter(seat__isnull=True, user_id=user_id)
    found = rows.values_list("muted", flat=True).first()
    return list(found or [])


def author_exists(game_id: int, key: str) -> bool:
    kind, number = key.split(":")
    rows = ChatMessage.objects.filter(game_id=game_id)
    if kind == "seat":
        return rows.filter(seat=int(number)).exists()
    return rows.filter(seat__isnull=True, user_id=int(number)).exists()


def newest_id(game_id: int, channel: str) -> int:
    rows = ChatMessage.objects.filter(game_id=game_id, channel=channel).order_by("-id")
    found = rows.values_list("id", flat=True).first()
    return int(found or 0)


def last_lines(game_id: int, position: int, count: int = 5) -> list[ChatMessage]:
    """The players' last lines, oldest first, as the seat's mail shows them: none hidden,
    none of an author the seat muted."""
    rows = ChatMessage.objects.filter(
        game_id=game_id, channel=ChatMessage.Channel.PLAYERS, hidden__isnull=True
    )
    game = Game.objects.get(pk=game_id)
    seat = next(s for s in game_rows.seats_of(game) if s.position == position)
    reader = ChatReader.objects.filter(game_id=game_id, seat=position).first()
    rows = _unmuted(rows, silenced(game, seat, None, reader))
    return list(reversed(rows.order_by("-id")[:count]))


def note_of(seat: Seat) -> dict[str, Any]:
    """The seat's private note: only its player ever reads it."""
    note = SeatNote.objects.filter(seat=seat).first()
    return {"text": note.text if note else "", "updated": note.updated if note else None}
