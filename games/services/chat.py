"""Table chat and private notes: every write (docs/chat.md).

- `chat_post`: a line said at a table. A player speaks in the players' chat, anyone else with an
  account in the spectators'. Plain text, at most `MAX_TEXT` characters, no control characters;
  at most GTR_CHAT_BURST lines in GTR_CHAT_BURST_SECONDS from one author at one table
  (429 `chat_flood`).
- `chat_hide`: staff hide a line; it is kept, its text never shown again.
- `chat_mute`, `chat_read`: a reader's own settings: whom they do not want to read, and how far
  they have read (the unread counts).
- `note_put`: a player's private note on their seat.

A line is a game event (`chat`): the players' lines in full, for everyone who may see the game;
the spectators' lines as a bare notice with no author and no text, so a player's stream never
carries them (a client fetches them from the chat list, which knows its reader). A line that
names a seat with `@name` or `@2` tells that seat's account in its feed (`chat_mention`), and so
its webhooks, unless that player muted the author.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from games import codes
from games.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotAuthenticated,
    NotFound,
    Refused,
    TooFast,
)
from games.events import commit, feeds, story
from games.models import ChatMessage, ChatReader, Game, Seat, SeatNote
from games.read import chat as chat_read_model
from games.read import people
from games.read.selectors import Caller, seat_for
from games.store import rows
from games.words.seats import seat_name

from . import barred

MAX_TEXT = 500
MAX_NOTE = 10_000
# Direction overrides and isolates: they would turn the rest of a page's line around.
BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
MENTION_RE = re.compile(r"(?<![\w@])@([\w.+-]+)")


@dataclass(frozen=True)
class Author:
    """Who writes: a player by their seat, or a spectator by their account."""

    channel: str
    seat: Seat | None
    user: Any

    @property
    def key(self) -> str:
        return f"seat:{self.seat.position}" if self.seat is not None else f"user:{self.user.pk}"


def text_checked(text: str, *, note: bool = False) -> str:
    """Returns the text trimmed, or refuses it (400): too long, or with characters that are not
    text. Line breaks and tabs are kept in notes only."""
    text = text.replace("\r\n", "\n").strip()
    if note and len(text) > MAX_NOTE:
        raise BadRequest(f"A note is at most {MAX_NOTE} characters.", codes.NOTE_TOO_LONG)
    if not note and len(text) > MAX_TEXT:
        raise BadRequest(f"A line is at most {MAX_TEXT} characters.", codes.CHAT_TOO_LONG)
    allowed = {"\n", "\t"} if note else set()
    bad = [c for c in text if c in BIDI or (unicodedata.category(c) == "Cc" and c not in allowed)]
    if bad:
        raise BadRequest(
            f"The text holds a control character (U+{ord(bad[0]):04X}).", codes.CHAT_BAD_CHARACTERS
        )
    return text


def author_of(game: Game, caller: Caller) -> Author:
    """The players' chat for a seated caller; the spectators' for another account."""
    seat = seat_for(game, user=caller.user, token_seat=caller.token_seat)
    if caller.position is not None:
        seat = next(s for s in rows.seats_of(game) if s.position == caller.position)
    if seat is not None:
        return Author(ChatMessage.Channel.PLAYERS, seat, seat.user)
    if caller.user is None or not caller.user.is_authenticated:
        raise NotAuthenticated("Log in (or send your seat token) to chat.")
    return Author(ChatMessage.Channel.SPECTATORS, None, caller.user)


def chat_post(*, game_id: int, caller: Caller, text: str, via: str = "web") -> ChatMessage:
    """Says a line at the table; refused as a whole (nothing said) when it may not be."""
    text = text_checked(text)
    if not text:
        raise BadRequest("Say something.", codes.CHAT_EMPTY)
    with transaction.atomic():
        game = rows.game_with_seats(game_id, with_state=False, lock=True)
        if game is None:
            raise NotFound("No such game.")
        if game.status == Game.Status.CANCELLED:
            raise Conflict("This game was cancelled: its chat is closed.", codes.CHAT_CLOSED)
        author = author_of(game, caller)
        if author.user is not None:
            barred.account_check(author.user.pk, "chat")
        _flood_check(game, author)
        message = _said(game, author, text, via)
        commit.publish_on_commit(game, commit.CHAT, seat=message.seat, subject_id=message.pk)
    return message


def _flood_check(game: Game, author: Author) -> None:
    burst, seconds = settings.GTR_CHAT_BURST, settings.GTR_CHAT_BURST_SECONDS
    since = timezone.now() - timedelta(seconds=seconds)
    recent = ChatMessage.objects.filter(game=game, created__gte=since)
    if author.seat is not None:
        recent = recent.filter(seat=author.seat.position)
    else:
        recent = recent.filter(user=author.user, seat__isnull=True)
    times = list(recent.order_by("-created").values_list("created", flat=True)[:burst])
    if len(times) >= burst:
        wait = seconds - (timezone.now() - times[-1]).total_seconds()
        raise TooFast(
            f"At most {burst} lines in {seconds} seconds.",
            codes.CHAT_FLOOD,
            retry_after=int(wait) + 1,
        )


def _name(author: Author) -> str:
    if author.seat is None:
        return str(author.user.get_username())
    with translation.override("en"):
        return seat_name(author.seat)


def _said(game: Game, author: Author, text: str, via: str) -> ChatMessage:
    seats = rows.seats_of(game)
    mentions = mentioned(text, seats) if author.seat is not None else []
    message = ChatMessage.objects.create(
        game=game,
        channel=author.channel,
        seat=None if author.seat is None else author.seat.position,
        user=author.user,
        name=_name(author),
        text=text,
        mentions=mentions,
        via=via,
        event=game.last_event + 1,
    )
    story.record(game, "chat", **event_of(message))
    _tell_mentioned(game, message, author, seats)
    return message


def event_of(message: ChatMessage) -> dict[str, Any]:
    """The game event of a line: the players' in full, the spectators' as a bare notice."""
    if message.channel == ChatMessage.Channel.SPECTATORS:
        return {"message": message.pk, "channel": message.channel}
    return {
        "message": message.pk,
        "channel": message.channel,
        "seat": message.seat,
        "author_name": message.name,
        "text": message.text,
        "mentions": message.mentions,
    }


def mentioned(text: str, seats: list[Seat]) -> list[int]:
    """The positions of the seats `text` names: `@alice` (the player's name) or `@2` (the seat
    number, from 1, as the page shows it)."""
    found = []
    for word in MENTION_RE.findall(text):
        word = word.rstrip(".-").lower()
        for seat in seats:
            named = seat.user is not None and seat.user.get_username().lower() == word
            if (named or word == str(seat.position + 1)) and seat.position not in found:
                found.append(seat.position)
    return sorted(found)


def _tell_mentioned(game: Game, message: ChatMessage, author: Author, seats: list[Seat]) -> None:
    """The players named hear of it in their feed, unless they muted the author or a block
    stands between them."""
    for seat in seats:
        if seat.position not in message.mentions or seat.user_id is None:
            continue
        if seat.position == message.seat:
            continue
        if author.key in chat_read_model.muted_by(game.pk, seat.position, None):
            continue
        if author.user is not None and people.blocked(author.user.pk, seat.user_id):
            continue
        feeds.notify(
            [seat.user_id],
            game,
            "chat_mention",
            seat=seat.position,
            message=message.pk,
            by=message.seat,
            author_name=message.name,
            text=message.text,
        )


def chat_hide(*, game_id: int, message_id: int, user: Any) -> ChatMessage:
    """Staff hide a line. Its event loses its text; a `chat_hidden` event tells the pages."""
    if user is None or not user.is_authenticated:
        raise NotAuthenticated("Log in as staff.")
    if not user.is_staff:
        raise Forbidden("Only staff may hide a chat message.", codes.NOT_STAFF)
    with transaction.atomic():
        game = rows.game_with_seats(game_id, with_state=False, lock=True)
        if game is None:
            raise NotFound("No such game.")
        message = ChatMessage.objects.filter(game=game, pk=message_id).first()
        if message is None:
            raise NotFound("No such chat message in this game.", codes.NO_SUCH_MESSAGE)
        if message.hidden is not None:
            return message  # hidden already: nothing more to do
        message.hidden, message.hidden_by = timezone.now(), user
        message.save(update_fields=["hidden", "hidden_by"])
        _scrub_event(game, message)
        story.record(game, "chat_hidden", message=message.pk, channel=message.channel)
        commit.publish_on_commit(game, commit.CHAT, subject_id=message.pk)
    return message


def _scrub_event(game: Game, message: ChatMessage) -> None:
    """The stored event of a hidden line keeps no text: a stream resumed later never shows it."""
    if message.event is None or message.channel != ChatMessage.Channel.PLAYERS:
        return
    hidden = {"type": "chat", "message": message.pk, "channel": message.channel, "hidden": True}
    game.events.filter(number=message.event, type="chat").update(public=hidden)


# A reader's own settings ------------------------------------------------------------------------


def reader_of(game: Game, caller: Caller, *, create: bool = False) -> ChatReader | None:
    """The caller's reader row: by seat for a player, by account for anyone else."""
    seat = seat_for(game, user=caller.user, token_seat=caller.token_seat)
    if seat is not None:
        key: dict[str, Any] = {"game": game, "seat": seat.position}
    elif caller.user is not None and caller.user.is_authenticated:
        key = {"game": game, "seat": None, "user": caller.user}
    else:
        raise NotAuthenticated("Log in, or send your seat token.")
    if not create:
        return ChatReader.objects.filter(**key).first()
    reader, _ = ChatReader.objects.get_or_create(**key)
    return reader


def chat_mute(*, game_id: int, caller: Caller, author: str, muted: bool) -> ChatReader:
    """Mutes (or unmutes) an author of this game's chat for the caller alone."""
    game = _game(game_id)
    if not re.fullmatch(r"(seat|user):\d{1,9}", author):
        raise BadRequest("An author is seat:<n> or user:<id>.", codes.BAD_AUTHOR)
    with transaction.atomic():
        reader = reader_of(game, caller, create=True)
        assert reader is not None
        if author in (f"seat:{reader.seat}", f"user:{reader.user_id}"):
            raise Refused("You cannot mute yourself.", codes.MUTE_SELF)
        if muted and not chat_read_model.author_exists(game.pk, author):
            raise Refused("Nobody of that key has written here.", codes.NO_SUCH_AUTHOR)
        keys = [k for k in reader.muted if k != author] + ([author] if muted else [])
        reader.muted = sorted(keys)
        reader.save(update_fields=["muted"])
    return reader


def chat_read(*, game_id: int, caller: Caller, channel: str, last: int) -> ChatReader:
    """Marks the caller's reading of a channel up to message `last` (never backwards)."""
    game = _game(game_id)
    chat_read_model.channel_check(game, caller, channel)
    with transaction.atomic():
        reader = reader_of(game, caller, create=True)
        assert reader is not None
        newest = chat_read_model.newest_id(game.pk, channel)
        field = f"read_{channel}"
        setattr(reader, field, max(getattr(reader, field), min(last, newest)))
        reader.save(update_fields=[field])
    return reader


def _game(game_id: int) -> Game:
    game = rows.game_with_seats(game_id, with_state=False)
    if game is None:
        raise NotFound("No such game.")
    return game


# Private notes ----------------------------------------------------------------------------------


def note_put(*, seat: Seat, text: str) -> SeatNote:
    """Replaces the seat's private note. Any time, also after the game."""
    text = text_checked(text, note=True)
    note, _ = SeatNote.objects.update_or_create(seat=seat, defaults={"text": text})
    return note
