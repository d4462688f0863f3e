"""The endpoints of table chat and private notes (docs/chat.md).

A table's chat: read a channel, say a line, mark lines read, mute an author for yourself, and
(staff) hide a line. A seat's private note: read it, replace it. Lines are plain text: clients
show them as text, never as HTML."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import ChatMessage, ChatReader
from games.read import chat as read
from games.read import selectors
from games.services import chat

from .base import account, body, caller, errors, query, require_seat, write
from .inputs import JSONInput

CHANNELS = ChatMessage.Channel.values
AUTHOR_PATTERN = r"^(seat|user):[0-9]{1,9}$"
# What the service takes as text (games.services.chat.text_checked), for the schema: no control
# characters or direction overrides (a note keeps tabs and line breaks), and a line not blank.
NOT_TEXT = "\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069"
LINE_PATTERN = f"^[^{NOT_TEXT}]*[^\\s{NOT_TEXT}][^{NOT_TEXT}]*$"
NOTE_PATTERN = "^[^\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]*$"


@extend_schema_field({"type": "string", "maxLength": chat.MAX_TEXT, "pattern": LINE_PATTERN})
class LineText(serializers.CharField):
    """A line's text. The server refuses what the pattern excludes with its own codes
    (`chat_empty`, `chat_bad_characters`), so the schema's pattern is for clients only."""


@extend_schema_field({"type": "string", "maxLength": chat.MAX_NOTE, "pattern": NOTE_PATTERN})
class NoteText(serializers.CharField):
    """A note's text, as `LineText` is a line's."""


# What the endpoints take --------------------------------------------------------------------


class ChatQuery(serializers.Serializer):
    channel = serializers.ChoiceField(
        choices=CHANNELS, default="players", help_text="Which chat to read."
    )
    after = serializers.IntegerField(
        min_value=0, max_value=2**31 - 1, default=0, help_text="Only lines numbered above this."
    )


class ChatInput(JSONInput):
    text = LineText(
        max_length=chat.MAX_TEXT,
        help_text="Plain text, shown as text everywhere (never HTML); no control characters. "
        "`@name` or `@2` names a seat (its player hears of it).",
    )


class ChatReadInput(JSONInput):
    channel = serializers.ChoiceField(choices=CHANNELS, default="players")
    last = serializers.IntegerField(
        min_value=0, max_value=2**31 - 1, help_text="The newest line you have read."
    )


class ChatMuteInput(JSONInput):
    author = serializers.RegexField(
        AUTHOR_PATTERN, max_length=16, help_text="A line's `author`: `seat:2` or `user:17`."
    )
    muted = serializers.BooleanField(default=True, help_text="False unmutes.")


class NoteInput(JSONInput):
    text = NoteText(
        max_length=chat.MAX_NOTE, allow_blank=True, help_text="Plain text; blank clears it."
    )


# What they answer ---------------------------------------------------------------------------


class ChatLine(serializers.Serializer):
    """A line said at the table. `text` is plain text: show it as text, never as HTML."""

    id = serializers.IntegerField()
    channel = serializers.ChoiceField(choices=CHANNELS)
    author = serializers.CharField(help_text="`seat:<position>` for a player, `user:<id>` else.")
    seat = serializers.IntegerField(allow_null=True, help_text="A player's position.")
    name = serializers.CharField(help_text="The author's name when they wrote.")
    text = serializers.CharField(allow_blank=True, help_text="Empty once staff hid the line.")
    mentions = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats the line names."
    )
    hidden = serializers.BooleanField(help_text="Staff hid it.")
    time = serializers.DateTimeField()


class ChatUnread(serializers.Serializer):
    players = serializers.IntegerField()
    spectators = serializers.IntegerField(help_text="Always 0 for a player during the game.")


class ChatPage(serializers.Serializer):
    """A channel's lines after `after`, and where you stand."""

    channel = serializers.ChoiceField(choices=CHANNELS)
    messages = ChatLine(many=True)
    more = serializers.BooleanField(help_text="More lines follow: ask again after the last.")
    unread = ChatUnread()
    muted = serializers.ListField(child=serializers.CharField(), help_text="Authors you muted.")
    can_post = serializers.ChoiceField(
        choices=CHANNELS, allow_null=True, help_text="Where a line of yours would go, if any."
    )


class ChatReaderView(serializers.Serializer):
    """Your reading of the table's chat: unread lines by channel, and whom you muted."""

    unread = ChatUnread()
    muted = serializers.ListField(child=serializers.CharField())


class SeatNoteView(serializers.Serializer):
    """Your private note on your seat: only you ever read it."""

    text = serializers.CharField(allow_blank=True)
    updated = serializers.DateTimeField(allow_null=True)


# The endpoints ------------------------------------------------------------------------------

GAME_ID = OpenApiParameter("game_id", int, OpenApiParameter.PATH)
MESSAGE_ID = OpenApiParameter("message_id", int, OpenApiParameter.PATH)


def _reader_answer(game_id: int, request: Request, reader: ChatReader) -> Response:
    game = selectors.game_get(game_id, with_state=False)
    who = caller(request)
    seat = selectors.seat_for(game, user=who.user, token_seat=who.token_seat)
    counts = read.unread(game, seat, who.user, reader)
    return Response({"unread": counts, "muted": reader.muted})


class ChatView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "chat"  # games.api.throttles

    @extend_schema(
        operation_id="chat_list",
        summary="The table's chat: a channel's lines, your unread counts and mutes",
        description="The players' chat is open to everyone who may see the game. The "
        "spectators' chat is the spectators'; a player gets 403 `spectators_chat_closed` until "
        "the game is over. Lines of authors you muted are left out; a hidden line has no text.",
        parameters=[ChatQuery, GAME_ID],
        responses={200: ChatPage, **errors(400, 401, 403, 404)},
        tags=["chat"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        q = query(ChatQuery, request)
        game = selectors.game_get(game_id, with_state=False)
        return Response(read.chat_for(game, caller(request), q["channel"], q["after"]))

    @write(
        "chat_create",
        "Say a line at the table",
        tag="chat",
        request=ChatInput,
        answer=(201, ChatLine),
        description="A player speaks in the players' chat, anyone else with an account in the "
        "spectators'. 400 `chat_empty`, `chat_too_long`, `chat_bad_characters`; 409 "
        "`chat_closed` (a cancelled game); 429 `chat_flood` (more than 5 lines in 10 seconds) "
        "or `throttled`, with `Retry-After`. Then nothing is said.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(ChatInput, request)
        message = chat.chat_post(game_id=game_id, caller=caller(request), text=data["text"])
        return Response(read.rendered(message), status=201)


class ChatReadView(APIView):
    seat_tokens = True
    throttle_scope = "write"

    @write(
        "chat_read",
        "Mark the table's chat read up to a line",
        tag="chat",
        request=ChatReadInput,
        answer=(200, ChatReaderView),
        description="Your unread count of that channel counts the lines after `last` (a mark "
        "never goes back).",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(ChatReadInput, request)
        reader = chat.chat_read(game_id=game_id, caller=caller(request), **data)
        return _reader_answer(game_id, request, reader)


class ChatMuteView(APIView):
    seat_tokens = True
    throttle_scope = "write"

    @write(
        "chat_mute",
        "Mute (or unmute) an author of the table's chat, for yourself alone",
        tag="chat",
        request=ChatMuteInput,
        answer=(200, ChatReaderView),
        description="Their lines leave your chat list, your unread counts and your mails, and "
        "their @mentions of you stop. 422 `mute_self`, `no_such_author`.",
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(ChatMuteInput, request)
        reader = chat.chat_mute(game_id=game_id, caller=caller(request), **data)
        return _reader_answer(game_id, request, reader)


class ChatHideView(APIView):
    permission_classes = [IsAuthenticated]  # an account: staff
    throttle_scope = "write"

    @write(
        "chat_hide",
        "Hide a line of the table's chat (staff)",
        tag="chat",
        answer=(200, ChatLine),
        description="Staff only (403 `not_staff`). The line is kept but its text is never "
        "shown again, in the list or in the game's events; a `chat_hidden` event tells the "
        "pages. 404 `no_such_message`.",
    )
    def post(self, request: Request, game_id: int, message_id: int) -> Response:
        message = chat.chat_hide(game_id=game_id, message_id=message_id, user=account(request))
        return Response(read.rendered(message))


def note_answer(note: Any) -> dict[str, Any]:
    return {"text": note.text, "updated": note.updated}


class SeatNoteDetailView(APIView):
    seat_tokens = True
    throttle_scope = "write"

    @extend_schema(
        operation_id="note_retrieve",
        summary="Your private note on your seat",
        description="Only the seat's player reads it (403 `not_a_player` for anyone else); it "
        "stays after the game.",
        responses={200: SeatNoteView, **errors(401, 403, 404)},
        tags=["chat"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(read.note_of(require_seat(request, game_id)))

    @extend_schema(
        operation_id="note_update",
        summary="Replace your private note on your seat",
        description="Plain text, at most 10000 characters (400 `invalid`); line breaks and "
        "tabs kept, other control characters refused (400 `chat_bad_characters`).",
        request=NoteInput,
        responses={200: SeatNoteView, **errors(400, 401, 403, 404, 413, 415)},
        tags=["chat"],
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = body(NoteInput, request)
        seat = require_seat(request, game_id)
        return Response(note_answer(chat.note_put(seat=seat, text=data["text"])))
