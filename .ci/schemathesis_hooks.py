"""schemathesis hooks for .ci/schemathesis (SCHEMATHESIS_HOOKS): the test data a fuzzer cannot
invent, given the way a real client would get it.

- Credentials: log in as the fuzz account for a token, and again whenever one answers 401 (the
  fuzzer may revoke its own token: `DELETE /api/auth/tokens/{key}/` is logging out); the games
  export, for staff alone, as the script's staff account.
- Newline-delimited JSON (the games export) is read line by line: every line must fit the
  operation's schema, which describes one line.
- Positive cases (data that fits the schema) get what only the server or the world can give, and
  negative cases keep what was generated:
  - an unsubscribe token is signed by the server: a genuine one (made by the script for the fuzz
    account's address);
  - a move is legal only in its position: one of the legal actions a game's view lists, as
    received, in the game the case names when the fuzz account has a move to make there, or else
    in one of the script's games against a bot;
  - a surrender names another seat of the table: where the generated seat is not one (or the
    table has two players, where a surrender would end the fuzz account's game against its bot),
    the surrender is withdrawn instead (`to: null`);
  - a webhook URL must name a server that answers: the script's local receiver;
  - a join needs a table with an open seat the fuzz account does not sit at: where the case's
    game is not one (a person joins a table once, so the script's tables are soon taken), a new
    table that the other account opens, as a real client finds one in the lobby;
  - a vacation starts from today in the account's time zone, within two years, and spends days
    of an allowance: generated dates of the past or far away become the same number of days
    (a week at most) starting within the coming year, from the day after tomorrow (whatever
    time zone the fuzzer set, today is past there by then);
  - the other operations of issue 31 on a game (a pause, its answers, an undo, a takeback and
    its answers, standing orders) need a game the fuzz account sits at: where the case's game is
    not one, one of the script's games against a bot; and standing orders need kinds and
    actions that fit together (the orders' own `kinds`): each generated order keeps what fits,
    its `when` and `do` are made to, and none names cards (the hand is the seat's secret);
  - a pause ends within the coming year: a generated end that is not becomes one hours from
    now (how many, the generated one picks);
  - a resume needs a paused game: where the case's game is not paused, one of the script's
    games against a bot, paused first (alone with a bot, a proposal pauses at once), as a
    client resumes what it paused;
  - issue 32: a challenge goes to the other account, and one to answer comes from it (sent
    anew, its old ones withdrawn); a seek to join is the other account's open one.
  - issue 34: only an account that never sat at a table becomes a bot, so making one is asked
    as a new account (signed up for the case), with a person as its owner (the fuzz account);
    reading and changing a bot account is asked as the script's bot account (`fuzzbot`).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import urllib.error
import urllib.request
import zlib
from typing import Any

import schemathesis
from schemathesis import GenerationMode

URL = os.environ["GTR_FUZZ_URL"]
RECEIVER = os.environ["GTR_FUZZ_RECEIVER"]
# Operations only staff may call: the script's staff account's.
STAFF_ONLY = {"games_export", "tournaments_create"}
AS_BOT = {"bot_account_retrieve", "bot_account_update"}  # the script's bot account's
_token: list[str] = []
_staff_token: list[str] = []
_new_accounts: list[int] = []


def post(path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode()
    request = urllib.request.Request(f"{URL}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.load(response))


def log_in(username: str = "fuzz", password: str = "fuzz-password-1") -> str:
    return str(post("/api/auth/token/", {"username": username, "password": password})["token"])


@schemathesis.auth()
class LogIn:
    def get(self, case: Any, context: Any) -> str:
        return log_in()

    def set(self, case: Any, data: str, context: Any) -> None:
        if case.operation.definition.raw.get("operationId") in STAFF_ONLY:
            if not _staff_token:  # the fuzz account cannot revoke another account's token
                _staff_token.append(log_in("staff", "fuzz-password-3"))
            data = _staff_token[0]
        operation = case.operation.definition.raw.get("operationId")
        if operation in AS_BOT:
            data = log_in("fuzzbot", "fuzz-password-4")
        elif operation == "bot_account_create":  # a new account, which never sat at a table
            data = _new_account()
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


def _new_account() -> str:
    """A token of an account signed up now (named after this process: two fuzz at once)."""
    _new_accounts.append(len(_new_accounts) + 1)
    body = {"username": f"newbot{os.getpid()}x{_new_accounts[-1]}", "password": "a long one 7"}
    return str(post("/api/auth/signup/", body)["token"])


@schemathesis.deserializer("application/x-ndjson")
def ndjson(ctx: Any, response: Any) -> Any:
    """Newline-delimited JSON: each line one JSON document, ending in a newline, that fits the
    schema the operation documents for the status (one line's). schemathesis validates one
    document an answer: this checks every line and hands it the first; an empty answer has none
    to check (NotImplementedError: schemathesis skips the validation)."""
    text = response.content.decode("utf-8")
    if text and not text.endswith("\n"):
        raise ValueError("the last line does not end in a newline")
    lines = [json.loads(line) for line in text.splitlines()]
    definition = ctx.operation.responses.find_by_status_code(response.status_code)
    resolved = definition.get_schema("application/x-ndjson") if definition else None
    if resolved is not None and resolved.schema is not None:
        validator = definition.get_validator(resolved.media_type, resolved.schema)
        for n, line in enumerate(lines, 1):
            for error in validator.iter_errors(line) if validator else ():
                raise ValueError(f"line {n} does not fit the schema: {error}")
    if not lines:
        raise NotImplementedError("an empty stream: no line to validate")
    return lines[0]


def game_view(game_id: Any, below: str = "") -> dict[str, Any] | None:
    """The fuzz account's view of a game (or what `below` it answers), or None where it has
    none."""
    if not isinstance(game_id, int) or isinstance(game_id, bool) or not 0 < game_id < 2**31:
        return None
    for _ in range(2):
        if not _token:
            _token.append(log_in())
        request = urllib.request.Request(
            f"{URL}/api/games/{game_id}/{below}", headers={"Authorization": f"Token {_token[0]}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return dict(json.load(response))
        except urllib.error.HTTPError as error:
            if error.code != 401:
                return None
            _token.clear()  # the fuzzer revoked it: log in again
    return None


def legal_move(case: Any) -> None:
    """A legal move in the case's game, or else in one of the script's games against a bot."""
    games = [int(g) for g in os.environ["GTR_FUZZ_MOVE_GAMES"].split()]
    for game_id in [(case.path_parameters or {}).get("game_id"), *games]:
        view = game_view(game_id)
        legal = (view or {}).get("legal_actions") or []
        if view and legal:
            choice = legal[len(json.dumps(case.body, default=str)) % len(legal)]
            case.path_parameters = {**(case.path_parameters or {}), "game_id": game_id}
            case.body = {"seq": view["seq"], "action": choice["action"]}
            return


def surrender(case: Any) -> dict[str, Any]:
    view = game_view((case.path_parameters or {}).get("game_id"))
    me, to = (view or {}).get("my_seat"), case.body.get("to")
    if view is None or me is None:
        return dict(case.body)
    if view["players"] == 2 or not isinstance(to, int) or to == me or to >= view["players"]:
        return {**case.body, "to": None}
    return dict(case.body)


def joinable_table(case: Any) -> None:
    """The case's game where the fuzz account can take a seat in it, or else a new table."""
    view = game_view((case.path_parameters or {}).get("game_id"))
    if not view or view["status"] != "open" or view["my_seat"] is not None:
        view = post("/api/games/", {"version": "republic", "players": 5}, _other_token())
        case.path_parameters = {**(case.path_parameters or {}), "game_id": view["id"]}
    free = [s["position"] for s in view["seats"] if s["kind"] == "open"]
    if isinstance(case.body, dict) and case.body.get("seat") not in free:
        case.body = {k: v for k, v in case.body.items() if k != "seat"}


def vacation_dates(body: dict[str, Any]) -> dict[str, Any]:
    """The generated vacation moved within reach: from the day after tomorrow (UTC), no longer
    than a week, on a day the generated dates pick (so that cases differ)."""
    try:
        start, end = dt.date.fromisoformat(body["start"]), dt.date.fromisoformat(body["end"])
    except (KeyError, TypeError, ValueError):
        return body
    days = min(max((end - start).days, 0), 6)
    offset = 2 + zlib.crc32(f"{start}{end}".encode()) % 360
    first = dt.datetime.now(dt.UTC).date() + dt.timedelta(days=offset)
    last = first + dt.timedelta(days=days)
    return {**body, "start": first.isoformat(), "end": last.isoformat()}


def pause_end(body: dict[str, Any]) -> dict[str, Any]:
    """A pause's generated end (if any) moved within the coming year."""
    if body.get("until") is None:
        return body
    hours = 1 + zlib.crc32(str(body["until"]).encode()) % 8000
    until = dt.datetime.now(dt.UTC) + dt.timedelta(hours=hours)
    return {**body, "until": until.strftime("%Y-%m-%dT%H:%M:%SZ")}


def paused_game(case: Any) -> None:
    """The case's game where it is paused, or else one of the script's games against a bot,
    paused now by the fuzz account (alone with a bot: at once)."""
    view = game_view((case.path_parameters or {}).get("game_id"))
    if view and view.get("clock", {}).get("pause"):
        return
    games = [int(g) for g in os.environ["GTR_FUZZ_MOVE_GAMES"].split()]
    for game_id in games:
        view = game_view(game_id)
        if not view or view["status"] != "active":
            continue
        if not view["clock"].get("pause"):
            try:
                post(f"/api/games/{game_id}/pause/", {}, _fuzz_token())
            except urllib.error.HTTPError:
                continue  # a pause proposed already, or the game just ended
        case.path_parameters = {**(case.path_parameters or {}), "game_id": game_id}
        return


FINISHED_GAME = 4  # the script's finished game: the fuzz account against the other, resigned
SHARED_GAME = 5  # the script's first table in play: fuzz at seat 0, the other at seat 1, a bot
REMATCH = {
    "games_rematch_retrieve",
    "games_rematch",
    "games_rematch_accept",
    "games_rematch_decline",
}
SEATED = {  # operations on a game the fuzz account must sit at (issue 31)
    "games_pause",
    "games_pause_accept",
    "games_pause_decline",
    "games_undo",
    "games_takeback",
    "games_takeback_accept",
    "games_takeback_decline",
    "orders_retrieve",
    "orders_update",
    "orders_delete",
}


def seated_game(case: Any) -> dict[str, Any] | None:
    """The fuzz account's view of the case's game where it sits there, or else of one of the
    script's games against a bot still in play (the case now names it)."""
    view = game_view((case.path_parameters or {}).get("game_id"))
    if view and view.get("my_seat") is not None:
        return view
    for game_id in [int(g) for g in os.environ["GTR_FUZZ_MOVE_GAMES"].split()]:
        view = game_view(game_id)
        if view and view["status"] == "active":
            case.path_parameters = {**(case.path_parameters or {}), "game_id": game_id}
            return view
    return None


def sensible_orders(case: Any) -> None:
    """The generated orders made to fit the kinds the game's orders list: at most twenty."""
    game_id = (case.path_parameters or {}).get("game_id")
    kinds = (game_view(game_id, "orders/") or {}).get("kinds") or {}
    generated = case.body.get("orders")
    if not kinds or not isinstance(generated, list):
        return
    orders = []
    for n, order in enumerate(o for o in generated[:20] if isinstance(o, dict)):
        when = order.get("when") if order.get("when") in kinds else sorted(kinds)[n % len(kinds)]
        takes = kinds[when]["do"]
        do = order.get("do") if order.get("do") in takes else takes[n % len(takes)]
        fitted = {"when": when, "do": do}
        if kinds[when]["role"] and "role" in order:
            fitted["role"] = order["role"]
        if do == "think" and "take" in order:
            fitted["take"] = order["take"]
        if order.get("unless") in takes:
            fitted["unless"] = order["unless"]
        if "prefer" in order:
            fitted["prefer"] = order["prefer"]
        orders.append(fitted)
    case.body = {**case.body, "orders": orders}


# Issue 32: challenges and seeks need another account on the other side -------------------------


_other: list[str] = []  # the other account's token, once logged in (a log-in hashes a password)


def _other_token() -> str:
    if not _other:
        _other.append(log_in("other", "fuzz-password-2"))
    return _other[0]


def _fuzz_token() -> str:
    if not _token:
        _token.append(log_in())
    return _token[0]


def challenge_to_fuzz(case: Any) -> None:
    """A challenge the fuzz account may answer: one that the other account sends it now (the
    fuzzer may have answered the last one, or blocked the other account)."""
    other = _other_token()
    _unblock(other)
    for old in _all("/api/challenges/", other):
        if old["status"] == "pending" and old["challenger"] == "other":
            post(f"/api/challenges/{old['id']}/withdraw/", {}, other)
    sent = post("/api/challenges/", {"to": "fuzz"}, other)
    case.path_parameters = {**(case.path_parameters or {}), "challenge_id": sent["id"]}


def _unblock(other: str) -> None:
    """No block stands between the fuzz account and the other one (either may have made it)."""
    for path, token in (("/api/blocks/other/", _fuzz_token()), ("/api/blocks/fuzz/", other)):
        try:
            _delete(path, token)
        except urllib.error.HTTPError as error:
            if error.code != 404:  # 404: no block to lift
                raise


def challenge_of_fuzz(case: Any) -> None:
    """A challenge the fuzz account may withdraw: its pending one to the other account, or a new
    one."""
    _unblock(_other_token())
    mine = _all("/api/challenges/", _fuzz_token())
    pending = [c for c in mine if c["status"] == "pending" and c["challenger"] == "fuzz"]
    challenge = pending[0] if pending else post("/api/challenges/", {"to": "other"}, _fuzz_token())
    case.path_parameters = {**(case.path_parameters or {}), "challenge_id": challenge["id"]}


def own_seek(case: Any) -> None:
    """An open seek of the fuzz account's own, to cancel: posted where it has none."""
    mine = _fuzz_token()
    found = [s for s in _get("/api/seeks/", mine).get("results", []) if s["mine"]]
    seek = found[0] if found else post("/api/seeks/", {"version": "republic"}, mine)
    case.path_parameters = {**(case.path_parameters or {}), "seek_id": seek["id"]}


def finished_game(case: Any) -> None:
    """A finished game the fuzz account sat at (the script's game 4), for a rematch."""
    case.path_parameters = {**(case.path_parameters or {}), "game_id": FINISHED_GAME}


def other_author(case: Any) -> None:
    """A line by the other account at a table in play they share (the script's game 5, where
    the other account sits at seat 1), for the fuzz account to mute."""
    lines = _get(f"/api/games/{SHARED_GAME}/chat/", _fuzz_token()).get("messages", [])
    if not any(m["author"] == "seat:1" for m in lines):
        post(f"/api/games/{SHARED_GAME}/chat/", {"text": "hello"}, _other_token())
    case.path_parameters = {**(case.path_parameters or {}), "game_id": SHARED_GAME}
    case.body = {**case.body, "author": "seat:1"}


def seek_of_other(case: Any) -> None:
    """An open seek the fuzz account may join: the other account's, posted where it has none."""
    other = _other_token()
    for seek in _get("/api/seeks/", other).get("results", []):
        if seek["mine"]:
            case.path_parameters = {**(case.path_parameters or {}), "seek_id": seek["id"]}
            return
    seek = post("/api/seeks/", {"version": "republic"}, other)
    case.path_parameters = {**(case.path_parameters or {}), "seek_id": seek["id"]}


def _get(path: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{URL}{path}", headers={"Authorization": f"Token {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.load(response))


def _all(path: str, token: str) -> list[dict[str, Any]]:
    """Every result of a list, page after page."""
    found: list[dict[str, Any]] = []
    page: dict[str, Any] = {"next": f"{URL}{path}?page_size=100"}
    while page.get("next"):
        page = _get(str(page["next"]).removeprefix(URL), token)
        found += page.get("results", [])
    return found


def _delete(path: str, token: str) -> None:
    headers = {"Authorization": f"Token {token}"}
    request = urllib.request.Request(f"{URL}{path}", headers=headers, method="DELETE")
    with urllib.request.urlopen(request, timeout=10):
        pass


def _logged_in(hook: Any, case: Any) -> None:
    """Runs a hook; once more after a 401 (the fuzzer revoked a token the hooks kept)."""
    try:
        hook(case)
    except urllib.error.HTTPError as error:
        if error.code != 401:
            raise
        _token.clear()
        _other.clear()
        hook(case)


# Issue 33: tournaments, created by the staff account; the fuzz account enters or withdraws.


def _staff() -> str:
    if not _staff_token:
        _staff_token.append(log_in("staff", "fuzz-password-3"))
    return _staff_token[0]


def tournament_terms(body: dict[str, Any]) -> dict[str, Any]:
    """Terms that can be held: a start tomorrow, rounds for a Swiss, no options, no clock."""
    size = body.get("table_size", 2)
    starts = (dt.datetime.now(dt.UTC) + dt.timedelta(days=1)).isoformat()
    fixed = {"starts": starts, "options": {}, "clock": {"kind": "none"}}
    return {**body, **fixed, "rounds": body.get("rounds") or 2, "max_players": max(size, 8)}


def open_tournament(case: Any) -> dict[str, Any]:
    terms = {"name": "fuzz", "format": "swiss", "table_size": 3}
    made = post("/api/tournaments/", tournament_terms(terms), _staff())
    case.path_parameters = {**(case.path_parameters or {}), "tournament_id": made["id"]}
    return made


def entered_tournament(case: Any) -> None:
    made = open_tournament(case)
    post(f"/api/tournaments/{made['id']}/join/", {}, _fuzz_token())


PEOPLE_HOOKS = {  # issue 32: operations whose case needs a challenge, a seek or a game found
    "challenges_accept": challenge_to_fuzz,
    "challenges_decline": challenge_to_fuzz,
    "challenges_withdraw": challenge_of_fuzz,
    "seeks_join": seek_of_other,
    "seeks_cancel": own_seek,
    "tournaments_join": open_tournament,  # issue 33
    "tournaments_withdraw": entered_tournament,
    **{operation: finished_game for operation in REMATCH},
}


def _positive(case: Any) -> bool:
    return bool(case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE)


@schemathesis.hook
def map_case(context: Any, case: Any) -> Any:
    if not _positive(case):
        return case
    operation = case.operation.definition.raw.get("operationId")
    if operation == "games_join":  # its body is optional
        joinable_table(case)
    elif operation == "games_resume":  # its body is optional
        paused_game(case)
    elif operation in SEATED:
        seated_game(case)
    elif operation in PEOPLE_HOOKS:
        _logged_in(PEOPLE_HOOKS[operation], case)
    if not isinstance(case.body, dict):
        return case
    if operation == "notifications_unsubscribe":
        case.body = {**case.body, "token": os.environ["GTR_FUZZ_UNSUBSCRIBE"]}
    elif operation == "moves_create":
        legal_move(case)
    elif operation == "games_surrender":
        case.body = surrender(case)
    elif operation == "orders_update":
        sensible_orders(case)
    elif operation == "games_pause":
        case.body = pause_end(case.body)
    elif operation == "vacations_create":
        case.body = vacation_dates(case.body)
    elif operation == "challenges_create":
        _logged_in(lambda _: _unblock(_other_token()), case)
        case.body = {**case.body, "to": "other"}
        if case.body.get("rated"):  # a rated game has no training option (422 `unratable`)
            case.body["options"] = {}
    elif operation == "tournaments_create":
        case.body = tournament_terms(case.body)
    elif operation == "chat_mute":
        _logged_in(other_author, case)
    elif operation == "reports_create":  # a player, as the schema allows one or a message
        case.body = {"player": "other", "reason": case.body.get("reason", "spam")}
    elif operation == "seeks_create":  # terms that can match: no options, a range in order
        low, high = sorted((case.body.get("players_min", 2), case.body.get("players_max", 5)))
        case.body = {**case.body, "options": {}, "players_min": low, "players_max": high}
        bounds = [case.body.get("rating_min"), case.body.get("rating_max")]
        if None not in bounds:  # a rating range in order too
            case.body["rating_min"], case.body["rating_max"] = sorted(bounds)
    elif operation == "bot_account_create":  # its owner: a person's account
        case.body = {**case.body, "owner": "fuzz"}
    elif operation == "webhooks_create":
        case.body = {**case.body, "url": f"{RECEIVER}/{len(case.body.get('url', ''))}"}
    elif operation == "push_subscribe":  # a push service the server may post to: the receiver
        case.body = {**case.body, "endpoint": f"{RECEIVER}/push/{len(case.body['endpoint'])}"}
    return case
