"""Every error code the API answers with, apart from the engine's own.

Each is a named constant, registered with its HTTP status and what it means.
`CODES` is the one complete list of these.
`games.codebook.all_codes` adds the engine's codes.
The table in docs/api.md and the schema's `Error.code` are generated from that.
The test tests/api/test_error_codes.py fails when either is stale.

Status 400 is for a request that does not fit the schema.
Status 422 is for one that fits it but is refused on its merits (docs/api.md, Errors).
A code may stand under two statuses, but never twice under one.
For example, `bad_clock` is bad input for a time control of no known kind.
It is a refusal for a bank whose cap is below its start.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    status: int
    meaning: str


CODES: list[Code] = []


def _code(code: str, status: int, meaning: str) -> str:
    CODES.append(Code(code, status, meaning))
    return code


# 400: the request cannot be acted on as sent.
BAD_REQUEST = _code("bad_request", 400, "The request was refused.")
INVALID = _code("invalid", 400, "The input failed validation; `fields` says where and why.")
MALFORMED_JSON = _code("malformed_json", 400, "The body is not valid JSON (or nests too deeply).")
BAD_IDEMPOTENCY_KEY = _code("bad_idempotency_key", 400, "The Idempotency-Key is too long.")
BAD_BOT = _code("bad_bot", 400, "No bot of that kind.")
BAD_TIMEOUT = _code("bad_timeout", 400, "No timeout policy of that name.")
BAD_CLOCK = _code("bad_clock", 400, "No time control of that kind.")
UNKNOWN_PARAMETER = _code("unknown_parameter", 400, "A query parameter the endpoint does not know.")
BAD_LAST_EVENT_ID = _code("bad_last_event_id", 400, "Last-Event-ID and `after` are event numbers.")
ACTION_ENTRY_POSTED = _code(
    "action_entry_posted",
    400,
    "A legal-action entry (`id`, `label`, `action`) was posted: post its `action`.",
)

# 401: who is asking is not known.
NOT_AUTHENTICATED = _code("not_authenticated", 401, "Send credentials: a token or a seat token.")
AUTHENTICATION_FAILED = _code("authentication_failed", 401, "The credentials are not valid.")
INVALID_CREDENTIALS = _code("invalid_credentials", 401, "Wrong username or password.")

# 403: known, but not allowed.
FORBIDDEN = _code("forbidden", 403, "You may not do this.")
NOT_A_PLAYER = _code("not_a_player", 403, "You have no seat at this game.")
NOT_CREATOR = _code("not_creator", 403, "Only the game's creator may do this.")
WRONG_GAME = _code("wrong_game", 403, "The seat token belongs to another game.")
SEAT_TOKEN_SCOPE = _code(
    "seat_token_scope",
    403,
    "A seat token acts only for its seat in its game: use an account token.",
)
SCENARIO_FORBIDDEN = _code("scenario_forbidden", 403, "Only staff may start from a scenario.")
EXPORT_FORBIDDEN = _code("export_forbidden", 403, "Only staff may export the games database.")
CSRF_FAILED = _code("csrf_failed", 403, "A browser session's request failed its CSRF check.")
# People (docs/api.md, People): blocks and suspensions.
SUSPENDED = _code("suspended", 403, "Your account is suspended: you may not play or chat.")
BLOCKED = _code("blocked", 403, "A block stands between you and that player (yours or theirs).")

# 404, 405, 406: no such thing, or not this way.
NOT_FOUND = _code("not_found", 404, "No such game, page or path.")
NO_SUCH_PLAYER = _code("no_such_player", 404, "No account has that username.")
NOT_BLOCKED = _code("not_blocked", 404, "You do not block that player.")
METHOD_NOT_ALLOWED = _code("method_not_allowed", 405, "The path does not take this method.")
NOT_ACCEPTABLE = _code("not_acceptable", 406, "The server cannot answer in the format asked.")

# 409: the game (or the server's record) is not in a state that allows it.
CONFLICT = _code("conflict", 409, "The request conflicts with the game's state.")
STALE_SEQ = _code("stale_seq", 409, "The game moved on since the `seq` you sent: read it again.")
GAME_STARTED = _code("game_started", 409, "The game has already started.")
GAME_NOT_STARTED = _code("game_not_started", 409, "The game has not started yet.")
GAME_CANCELLED = _code("game_cancelled", 409, "The game was cancelled.")
GAME_NOT_ACTIVE = _code("game_not_active", 409, "The game is not in play.")
ALREADY_SEATED = _code("already_seated", 409, "You already sit at this table.")
NO_OPEN_SEAT = _code("no_open_seat", 409, "No open seat is left (or not the one asked for).")
SEATS_OPEN = _code("seats_open", 409, "Every seat must be taken before the start.")
ALREADY_RESIGNED = _code("already_resigned", 409, "You have already resigned.")
RESIGNED = _code("resigned", 409, "You resigned from this game.")
IDEMPOTENCY_KEY_REUSED = _code(
    "idempotency_key_reused", 409, "The Idempotency-Key was used for a different request."
)
IDEMPOTENCY_IN_PROGRESS = _code(
    "idempotency_in_progress", 409, "A request with this Idempotency-Key is still running."
)
USERNAME_TAKEN = _code("username_taken", 409, "That username is taken.")
NO_ADDRESS = _code("no_address", 409, "No e-mail address is known for you.")
APPEND_ONLY = _code("append_only", 409, "Logged moves are never changed or deleted.")
PAUSE_PENDING = _code("pause_pending", 409, "A pause is proposed or in effect already.")
NO_PAUSE_PROPOSAL = _code("no_pause_proposal", 409, "No pause is proposed (or it expired).")
NOT_PAUSED = _code("not_paused", 409, "The game is not paused.")
VACATION_OVERLAP = _code("vacation_overlap", 409, "The vacation overlaps one you have.")
VACATION_OVER = _code("vacation_over", 409, "That vacation is over.")
UNDO_NOT_ALLOWED = _code(
    "undo_not_allowed",
    409,
    "Nothing may be taken back now without consent; `reason` says why (docs/api.md).",
)
TAKEBACK_PENDING = _code("takeback_pending", 409, "A takeback request is waiting for answers.")
NO_TAKEBACK = _code("no_takeback", 409, "No takeback request is waiting for your answer.")

# People (docs/api.md, People).
ALREADY_BLOCKED = _code("already_blocked", 409, "You block that player already.")
ALREADY_REPORTED = _code("already_reported", 409, "You reported this already; staff will look.")

# 413, 415: too large, not JSON.
TOO_LARGE = _code("too_large", 413, "The request body is too large.")
UNSUPPORTED_MEDIA_TYPE = _code("unsupported_media_type", 415, "Send JSON.")

# 422: the request fits the schema but is refused on its merits.
# So are the engine's illegal moves and tables that cannot be set up.
REFUSED = _code("refused", 422, "The request was refused on its merits.")
BAD_PLAYERS = _code("bad_players", 422, "The number of players is missing or not allowed.")
BAD_SEATS = _code("bad_seats", 422, "The seats do not fit the table (count, `me`, bots alone).")
_code(BAD_CLOCK, 422, "The clock gives no time, or its cap is below its starting bank.")
BAD_SCENARIO = _code("bad_scenario", 422, "The scenario is not a valid description of a table.")
BAD_RECORD = _code(
    "bad_record", 422, "The record is not one (docs/records.md), or `upto` is out of range."
)
RECORD_OVER = _code("record_over", 422, "The game is over at `upto`: import fewer actions.")
NO_SUCH_SEAT = _code("no_such_seat", 422, "The table has no seat of that number.")
REPLAY_AHEAD = _code(
    "replay_ahead", 422, "A replay's `seq` is at most the game's: its future is not known yet."
)
SURRENDER_TO_SELF = _code("surrender_to_self", 422, "A player surrenders to another player.")
WEAK_PASSWORD = _code("weak_password", 422, "The password is too short or too common.")
BAD_LANGUAGE = _code("bad_language", 422, "We speak `en` and `pl` (or null: no preference).")
BAD_TOKEN = _code("bad_token", 422, "The unsubscribe link is not genuine.")
BAD_PUSH_SUBSCRIPTION = _code(
    "bad_push_subscription",
    422,
    "A push subscription needs an https endpoint on a public address and its keys.",
)
BAD_WEBHOOK_URL = _code("bad_webhook_url", 422, "Webhooks need a public HTTPS URL.")
TOO_MANY_WEBHOOKS = _code("too_many_webhooks", 422, "The account has its most webhooks.")
BAD_HOURS = _code("bad_hours", 422, "Playing hours need a clock, a start, an end and a zone.")
BAD_TIME_ZONE = _code("bad_time_zone", 422, "Not a time zone: use an IANA name (Europe/Warsaw).")
BAD_VACATION = _code(
    "bad_vacation", 422, "A vacation's dates: from today on, the end after the start."
)
VACATION_ALLOWANCE = _code("vacation_allowance", 422, "Not that many vacation days are left.")
BAD_PAUSE = _code("bad_pause", 422, "A pause ends in the future, within a year.")
BAD_UNDO_TARGET = _code(
    "bad_undo_target", 422, "`to` is no state of your run that you may go back to (see the view)."
)
# People (docs/api.md, People).
BLOCK_SELF = _code("block_self", 422, "You cannot block yourself.")
REPORT_SELF = _code("report_self", 422, "You cannot report yourself.")
BAD_SUSPENSION = _code("bad_suspension", 422, "A suspension ends in the future.")
BAD_REPORT = _code(
    "bad_report", 422, "A report names a player, or a message and its game, not both or neither."
)

# Challenges, seeks and rematches (docs/community.md).
NOT_YOUR_CHALLENGE = _code(
    "not_your_challenge",
    403,
    "Only the challenged answer a challenge, the challenger withdraws it.",
)
NOT_YOUR_SEEK = _code("not_your_seek", 403, "Only its owner cancels a seek.")
CHALLENGE_CLOSED = _code(
    "challenge_closed", 409, "The challenge was answered, withdrawn or voided, or it expired."
)
CHALLENGE_PENDING = _code(
    "challenge_pending", 409, "You have challenged that player already: wait for the answer."
)
SEEK_OPEN = _code("seek_open", 409, "You have an open seek already: cancel it first.")
SEEK_CLOSED = _code("seek_closed", 409, "The seek was matched, cancelled, or it expired.")
GAME_NOT_FINISHED = _code("game_not_finished", 409, "Only a finished game has a rematch.")
REMATCH_OFFERED = _code("rematch_offered", 409, "A rematch of this game was offered already.")
NO_REMATCH = _code("no_rematch", 409, "No rematch offer is waiting for your answer.")
CHALLENGE_SELF = _code("challenge_self", 422, "You cannot challenge yourself.")
TOO_MANY_CHALLENGES = _code(
    "too_many_challenges", 422, "You have the most challenges waiting for an answer."
)
BAD_SEEK = _code(
    "bad_seek", 422, "The seek could never match: no player count in its range fits its options."
)
OWN_SEEK = _code("own_seek", 422, "That seek is yours: wait for others to join it.")

# Tournaments (docs/tournaments.md).
NO_SUCH_TOURNAMENT = _code("no_such_tournament", 404, "No tournament has that id.")
TOURNAMENT_STARTED = _code(
    "tournament_started", 409, "The tournament has started (or ended): entries are closed."
)
TOURNAMENT_FULL = _code("tournament_full", 409, "The tournament has its most entrants.")
ALREADY_ENTERED = _code("already_entered", 409, "You have entered this tournament already.")
NOT_ENTERED = _code(
    "not_entered", 409, "You are not in this tournament (or withdrew, or were removed)."
)
TOURNAMENT_OVER = _code("tournament_over", 409, "The tournament is over: nothing to withdraw from.")
BAD_TOURNAMENT = _code(
    "bad_tournament",
    422,
    "The tournament cannot be held so: table size, rounds, players, start (docs/tournaments.md).",
)

# Ratings (docs/ratings.md).
UNRATABLE = _code(
    "unratable",
    422,
    "This game cannot be rated: a training game, a scenario or record, or an invited seat.",
)
BAD_RATING_RANGE = _code(
    "bad_rating_range", 422, "A seek's `rating_min` is above its `rating_max`."
)
NO_SUCH_FAMILY = _code(
    "no_such_family", 404, "No such ruleset family: `black_box` or `first_edition`."
)

# 429, 500, 503.
THROTTLED = _code("throttled", 429, "Too many requests: wait `Retry-After` seconds.")
SERVER_ERROR = _code("server_error", 500, "Something went wrong on the server's side.")
UNAVAILABLE = _code(
    "unavailable", 503, "The database is unavailable: try again after `Retry-After` seconds."
)

# Table chat and private notes (docs/chat.md).
CHAT_EMPTY = _code("chat_empty", 400, "A chat message needs some text.")
CHAT_TOO_LONG = _code("chat_too_long", 400, "A chat message is at most 500 characters.")
CHAT_BAD_CHARACTERS = _code(
    "chat_bad_characters", 400, "Control characters (and direction overrides) are not text."
)
NOTE_TOO_LONG = _code("note_too_long", 400, "A private note is at most 10000 characters.")
BAD_AUTHOR = _code("bad_author", 400, "An author is `seat:<n>` or `user:<id>`.")
NOT_STAFF = _code("not_staff", 403, "Only staff may do this.")
SPECTATORS_CHAT_CLOSED = _code(
    "spectators_chat_closed", 403, "Players read the spectators' chat once the game is over."
)
NO_SUCH_MESSAGE = _code("no_such_message", 404, "No such chat message in this game.")
CHAT_CLOSED = _code("chat_closed", 409, "The game was cancelled: its chat is closed.")
MUTE_SELF = _code("mute_self", 422, "You cannot mute yourself.")
NO_SUCH_AUTHOR = _code("no_such_author", 422, "Nobody of that key has written in this chat.")
CHAT_FLOOD = _code("chat_flood", 429, "Too many chat messages at once: wait `Retry-After` seconds.")

# Bot accounts (issue 34, docs/bots.md).
BOT_ACCOUNT = _code(
    "bot_account", 403, "Bot accounts play by challenges and seats by name, not in the lobby."
)
NOT_A_BOT = _code("not_a_bot", 422, "That account is not a bot account.")
ALREADY_BOT = _code("already_bot", 409, "The account is a bot account already.")
HAS_GAMES = _code("has_games", 409, "An account that sat at a table cannot become a bot.")
BAD_OWNER = _code("bad_owner", 422, "A bot's owner is another active account of a person.")
BOT_RULESET = _code("bot_ruleset", 422, "The bot does not play that ruleset.")
BOT_UNRATED = _code("bot_unrated", 422, "The bot does not accept rated games.")
BOT_NAME_HELD = _code(
    "bot_name_held", 409, "A person's account holds that server bot's name: staff must rename it."
)
