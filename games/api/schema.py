"""OpenAPI pieces generated from the engine, and the schema's post-processing.

Each action type gets a serializer. They are gathered into a `oneOf` discriminated by `type`. So
an action added to `engine.ACTION_TYPES` needs no change here. It appears in the schema and in
generated SDKs."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from django.conf import settings
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

import engine
from engine.cards import MATERIALS, ROLES

from . import throttles

# The engine types its fields by annotation. These are the choices its string fields accept.
STRING_CHOICES = {"take": ["jack", "cards"], "role": list(ROLES), "site": list(MATERIALS)}


def _field(f: engine.actions.Field) -> serializers.Field:
    annotation = f.annotation.replace(" ", "")
    kwargs: dict[str, Any] = {"required": not f.optional, "help_text": None}
    if annotation.endswith("|None") or annotation.startswith("None|"):
        annotation = annotation.removesuffix("|None").removeprefix("None|")
        kwargs["allow_null"] = True
    if annotation == "int":
        return serializers.IntegerField(min_value=0, max_value=9999, **kwargs)
    if annotation == "bool":
        return serializers.BooleanField(**kwargs)
    if annotation.startswith(("tuple[int", "list[int")):
        return CardIds(**kwargs)
    if f.name in STRING_CHOICES:
        return serializers.ChoiceField(choices=STRING_CHOICES[f.name], **kwargs)
    return serializers.CharField(**kwargs)


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": 9999},
        "uniqueItems": True,
        "maxItems": engine.actions.MAX_CARDS,
    }
)
class CardIds(serializers.ListField):
    """Card ids, each at most once (the engine refuses a card named twice)."""

    child = serializers.IntegerField(min_value=0, max_value=9999)


def _name(type_name: str) -> str:
    return "".join(part.capitalize() for part in type_name.split("_")) + "Action"


@cache
def action_serializers() -> dict[str, type[serializers.Serializer]]:
    out: dict[str, type[serializers.Serializer]] = {}
    for type_name, cls in engine.ACTION_TYPES.items():
        attrs: dict[str, Any] = {"type": serializers.ChoiceField(choices=[type_name])}
        for f in cls.FIELDS:
            attrs[f.name] = _field(f)
        attrs["__doc__"] = cls.ABOUT or f"A '{type_name}' action."
        out[type_name] = type(_name(type_name), (serializers.Serializer,), attrs)
    return out


class SurrenderEvent(serializers.Serializer):
    """A table event in the move log: every other player surrendered to `winner`."""

    type = serializers.ChoiceField(choices=["surrender"])
    winner = serializers.IntegerField()


class UndoEntry(serializers.Serializer):
    """An undo in the move log: the table is as it was after move `to` (docs/api.md)."""

    type = serializers.ChoiceField(choices=["undo"])
    to = serializers.IntegerField()


def action_schema() -> PolymorphicProxySerializer:
    return PolymorphicProxySerializer(
        component_name="Action",
        serializers={**action_serializers()},  # a dict of the type it takes (dict is invariant)
        resource_type_field_name="type",
    )


def logged_action_schema() -> PolymorphicProxySerializer:
    return PolymorphicProxySerializer(
        component_name="LoggedAction",
        serializers={**action_serializers(), "surrender": SurrenderEvent, "undo": UndoEntry},
        resource_type_field_name="type",
    )


# The schema's post-processing (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]) ----------------------

REF = "#/components/schemas/"


def share_request_components(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Keeps `X` alone where `XRequest` is the same, then applies the other post-processing.

    With COMPONENT_SPLIT_REQUEST, drf-spectacular writes `XRequest` beside `X` for every
    serializer used both ways. It does so even when the two have the same shape. A generated
    client then has two classes. A legal action received in a view would need converting before
    being posted. The two are compared once the same merges are made inside both."""
    schemas = result.get("components", {}).get("schemas", {})
    merge = {
        f"{REF}{n}": f"{REF}{n.removesuffix('Request')}" for n in schemas if _split(n, schemas)
    }
    while True:  # Drop pairs until the rest stay equal once all are merged.
        equal = {
            ref: base
            for ref, base in merge.items()
            if _rewrite(schemas[ref.removeprefix(REF)], merge)
            == _rewrite(schemas[base.removeprefix(REF)], merge)
        }
        if equal == merge:
            break
        merge = equal
    for ref in merge:
        del schemas[ref.removeprefix(REF)]
    actions: list[type[serializers.Serializer]] = [
        *action_serializers().values(),
        SurrenderEvent,
        UndoEntry,
    ]
    for serializer in actions:
        schemas[serializer.__name__]["additionalProperties"] = False  # engine: `unknown_field`
    # A standing order refuses a field it does not know (games.api.inputs.OrderInput: 400).
    schemas["OrderInputRequest"]["additionalProperties"] = False
    for name, schema in schemas.items():
        if name.endswith("Request"):
            _defaults_in_words(schema)
            _no_nul(schema)
    _credential_errors(result)
    _public(result)
    _rate_limits(result, generator)
    _outage_errors(result)
    _links(result)
    rewritten: dict[str, Any] = _rewrite(result, merge)
    return rewritten


GAME_OPERATIONS = (
    "games_retrieve",
    "games_events",
    "games_join",
    "games_leave",
    "games_start",
    "moves_list",
    "games_resign",
    "games_return",
    "games_surrender",
    "games_seat_token",
    "games_record",
    "games_pause",
    "games_pause_accept",
    "games_pause_decline",
    "games_resume",
    "orders_retrieve",
    "orders_update",
    "orders_delete",
    "games_undo",
    "games_takeback",
    "games_takeback_accept",
    "games_takeback_decline",
    # issue 32
    "games_rematch",
    "games_rematch_retrieve",
    "games_rematch_accept",
    "games_rematch_decline",
)


def _game_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a game view found at `body` in a response.

    They lead to every operation on that game. The long poll starts from its `seq`. They post a
    move with its first legal action, as received. They open the catalog of the game's version."""
    game_id = {"game_id": f"$response.body#{body}/id"}
    links = {op: {"operationId": op, "parameters": game_id} for op in GAME_OPERATIONS}
    links["cards_list"] = {
        "operationId": "cards_list",
        "parameters": {"version": f"$response.body#{body}/version"},
    }
    links["games_replay"] = {
        "operationId": "games_replay",
        "parameters": {**game_id, "seq": f"$response.body#{body}/seq"},
    }
    links["games_wait"] = {
        "operationId": "games_wait",
        "parameters": {**game_id, "seq": f"$response.body#{body}/seq"},
    }
    links["moves_create"] = {
        "operationId": "moves_create",
        "parameters": game_id,
        "requestBody": {
            "seq": f"$response.body#{body}/seq",
            "action": f"$response.body#{body}/legal_actions/0/action",
        },
    }
    return links


def _move_link(body: str) -> dict[str, dict[str, Any]]:
    return {"moves_create": _game_links(body)["moves_create"]}


def _hook_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a webhook found at `body` in a response.

    They lead to every operation on that hook."""
    hook_id = {"hook_id": f"$response.body#{body}/id"}
    operations = ("webhooks_retrieve", "webhooks_update", "webhooks_delete", "webhooks_deliveries")
    return {op: {"operationId": op, "parameters": hook_id} for op in operations}


def _then(*operations: str) -> dict[str, dict[str, Any]]:
    """Links to what a client does next, needing nothing from the response."""
    return {op: {"operationId": op} for op in operations}


def _account_links() -> dict[str, dict[str, Any]]:
    """Links from a new token to the account, its tokens, and logging out."""
    revoke = {"operationId": "auth_tokens_revoke", "parameters": {"key": "$response.body#/key"}}
    return {
        **_then("auth_me", "auth_tokens_list", "time_off_get", "bot_account_create", "bots_list"),
        "auth_tokens_revoke": revoke,
    }


def _vacation_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a vacation found at `body` in a response: cancelling it."""
    vacation_id = {"vacation_id": f"$response.body#{body}/id"}
    return {"vacations_delete": {"operationId": "vacations_delete", "parameters": vacation_id}}


def _people_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from an account's name at `body` in a response: its profile, blocking it, lifting
    the block, reporting it (docs/api.md, People)."""
    username = {"username": f"$response.body#{body}"}
    return {
        "players_retrieve": {"operationId": "players_retrieve", "parameters": username},
        "blocks_delete": {"operationId": "blocks_delete", "parameters": username},
        **_then("blocks_list", "blocks_create", "reports_create"),
        **_rating_links(body),
    }


def _rating_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from an account's name at `body`: its history, and the leaderboard, in a family."""
    family = {"family": "black_box"}  # games.models.Family.BLACK_BOX
    history = {**family, "username": f"$response.body#{body}"}
    return {
        "ratings_history": {"operationId": "ratings_history", "parameters": history},
        "ratings_leaderboard": {"operationId": "ratings_leaderboard", "parameters": family},
    }


# Table chat and private notes (issue 32): reached from a game created or read, in an area of
# the stateful fuzz of their own (.ci/schemathesis), as issue 31's operations were.
CHAT_OPERATIONS = ("chat_list", "chat_create", "chat_read", "note_retrieve", "note_update")


def _chat_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a game found at `body` to its chat and its seat's note."""
    game_id = {"game_id": f"$response.body#{body}/id"}
    return {op: {"operationId": op, "parameters": game_id} for op in CHAT_OPERATIONS}


def _line_links() -> dict[str, dict[str, Any]]:
    """Links from a line just said: hiding it (staff), muting its author, marking it read."""
    game_id = "$request.path.game_id"
    return {
        "chat_hide": {
            "operationId": "chat_hide",
            "parameters": {"game_id": game_id, "message_id": "$response.body#/id"},
        },
        "chat_mute": {
            "operationId": "chat_mute",
            "parameters": {"game_id": game_id},
            "requestBody": {"author": "$response.body#/author", "muted": False},
        },
        "chat_read": {
            "operationId": "chat_read",
            "parameters": {"game_id": game_id},
            "requestBody": {"channel": "$response.body#/channel", "last": "$response.body#/id"},
        },
    }


def _challenge_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a challenge found at `body` in a response: every operation on it."""
    challenge_id = {"challenge_id": f"$response.body#{body}/id"}
    operations = (
        "challenges_retrieve",
        "challenges_withdraw",
        "challenges_accept",
        "challenges_decline",
    )
    return {op: {"operationId": op, "parameters": challenge_id} for op in operations}


def _seek_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a seek found at `body` in a response: every operation on it."""
    seek_id = {"seek_id": f"$response.body#{body}/id"}
    operations = ("seeks_retrieve", "seeks_cancel", "seeks_join")
    return {op: {"operationId": op, "parameters": seek_id} for op in operations}


def _tournament_links(body: str) -> dict[str, dict[str, Any]]:
    """Links from a tournament found at `body` in a response: every operation on it (issue 33;
    the tournaments app's operations, named here as strings)."""
    tournament_id = {"tournament_id": f"$response.body#{body}/id"}
    operations = ("tournaments_retrieve", "tournaments_join", "tournaments_withdraw")
    return {op: {"operationId": op, "parameters": tournament_id} for op in operations}


# The OpenAPI links of each (operation, status): how a response feeds the next requests.
# They document the flow for client authors. They also drive schemathesis' stateful phase.
# No link revokes a token that a list shows. The caller's own token would be among them.
LINKS: dict[tuple[str, str], dict[str, dict[str, Any]]] = {
    ("health", "200"): _then("cards_list"),
    ("auth_signup", "201"): _account_links(),
    ("auth_token", "200"): _account_links(),
    ("notifications_get", "200"): _then("notifications_update", "notifications_unsubscribe"),
    ("stream", "200"): {
        "games_retrieve": {
            "operationId": "games_retrieve",
            "parameters": {"game_id": "$response.body#/results/0/game"},
        }
    },
    ("webhooks_create", "201"): _hook_links(""),
    ("time_off_get", "200"): {
        **_then("time_off_update", "vacations_create"),
        **_vacation_links("/vacations/0"),
    },
    ("vacations_create", "201"): _vacation_links(""),
    ("webhooks_list", "200"): _hook_links("/results/0"),
    ("games_retrieve", "200"): {**_game_links(""), **_chat_links("")},
    ("chat_create", "201"): _line_links(),
    ("games_wait", "200"): _move_link(""),
    ("games_create", "201"): {**_game_links(""), **_chat_links(""), **_then("stream")},
    ("moves_create", "201"): _move_link("/game"),
    # People (docs/api.md, People).
    ("auth_me", "200"): _people_links("/username"),
    ("blocks_create", "201"): _people_links("/username"),
    ("blocks_list", "200"): _people_links("/0/username"),
    # issue 32: challenges and seeks, and from them to the game they made
    ("challenges_create", "201"): {**_challenge_links(""), **_then("challenges_list")},
    ("challenges_list", "200"): {**_challenge_links("/results/0"), **_then("challenges_create")},
    ("seeks_create", "201"): {**_seek_links(""), **_then("seeks_list")},
    ("seeks_list", "200"): {**_seek_links("/results/0"), **_then("seeks_create")},
    # issue 33: tournaments
    ("tournaments_create", "201"): {**_tournament_links(""), **_then("tournaments_list")},
    ("tournaments_list", "200"): {**_tournament_links("/results/0"), **_then("tournaments_create")},
    # issue 34: a new account makes itself a bot, then reads and changes what it plays
    ("bot_account_create", "201"): _then("bot_account_retrieve", "bot_account_update", "bots_list"),
    ("games_list", "200"): {
        "games_retrieve": _game_links("/results/0")["games_retrieve"],
        **_then("games_export"),  # the finished games, all of them (staff)
    },
}


def _links(result: dict[str, Any]) -> None:
    for item in result.get("paths", {}).values():
        for op in item.values():
            for code, response in op["responses"].items():
                links = LINKS.get((op.get("operationId"), code))
                if links:
                    response["links"] = {
                        name: link
                        for name, link in links.items()
                        if name != op["operationId"] or "requestBody" in link
                    }


CREDENTIAL_ERRORS = {
    "401": "`authentication_failed`: the token sent is not valid (revoked, expired, unknown).",
    "403": "`seat_token_scope`: a seat token used outside its seat's game (or `wrong_game`).",
}


def _credential_errors(result: dict[str, Any]) -> None:
    """Adds the credential errors to every operation that reads credentials.

    Even one open to anonymous callers may refuse them. A bad token gets 401. A seat token outside
    its game gets 403 (games.api.auth)."""
    for item in result.get("paths", {}).values():
        for op in item.values():
            if not any(requirement for requirement in op.get("security", [])):
                continue
            for code, description in CREDENTIAL_ERRORS.items():
                op["responses"].setdefault(
                    code,
                    {
                        "content": {"application/json": {"schema": {"$ref": f"{REF}Error"}}},
                        "description": description,
                    },
                )


# Public operations that still read credentials when some are sent: the catalog names cards in the
# caller's language, and the health check gives staff its details.
PUBLIC_OPERATIONS = ("cards_list", "health")


def _public(result: dict[str, Any]) -> None:
    """Says `security: []` on every operation that needs no credentials.

    drf-spectacular writes `security: [{}]` for one that takes only anonymous callers (sign-up,
    log-in), and lists the schemes beside `{}` for one that takes either. Both mean public in
    OpenAPI, but generators read a non-empty list as "needs credentials": openapi-python-client
    then wants an `AuthenticatedClient` for signing up. `security: []` is what they all read as
    public. Operations that take optional credentials (a spectator's view of a game) keep the
    list: whoever has a token should send it."""
    for item in result.get("paths", {}).values():
        for op in item.values():
            if op.get("security", [{}]) == [{}] or op.get("operationId") in PUBLIC_OPERATIONS:
                op["security"] = []


RATE_HEADERS = {
    "X-RateLimit-Limit": "Requests allowed in the current window of this operation's rate limit.",
    "X-RateLimit-Remaining": "Requests left in the current window.",
    "X-RateLimit-Reset": "Seconds until the current window ends and the count starts again.",
}
BY_CALLER = "account (or seat token, or client address without either)"
BY_ADDRESS = "client address"
PERIOD_WORDS = {"s": "a second", "m": "a minute", "h": "an hour", "d": "a day"}


def _rate_words(scope: str) -> str:
    rate = settings.GTR_RATE_DEFAULTS[scope]
    number, period = rate.split("/")
    return f"`{scope}`: {number} {PERIOD_WORDS[period[0]]} by default (`GTR_{scope.upper()}_RATE`)"


def _rate_limits(result: dict[str, Any], generator: Any) -> None:
    """Declares each operation's rate limit (games.api.throttles): 429 `throttled` with
    `Retry-After`, and the `X-RateLimit-*` headers on its answers.

    The scope is the one the throttle counts, read off the same view class."""
    components = result.setdefault("components", {})
    components["headers"] = {
        name: {"schema": {"type": "integer", "minimum": 0}, "description": description}
        for name, description in RATE_HEADERS.items()
    }
    refs = {name: {"$ref": f"#/components/headers/{name}"} for name in RATE_HEADERS}
    scopes = {
        (path, method.lower()): throttles.scope_of(getattr(callback, "cls", None), method)
        for path, _, method, callback in generator.endpoints
    }
    for path, item in result.get("paths", {}).items():
        for method, op in item.items():
            scope = scopes[(path, method)]
            if scope is None:
                continue
            limits = _rate_words(scope)
            if "text/event-stream" in op["responses"].get("200", {}).get("content", {}):
                limits = f"{limits}; a stream counts as {_rate_words('stream')}"
            who = BY_ADDRESS if scope in ("login", "signup") else BY_CALLER
            op["responses"]["429"] = {
                "content": {"application/json": {"schema": {"$ref": f"{REF}Error"}}},
                "headers": {
                    "Retry-After": {
                        "schema": {"type": "integer", "minimum": 1},
                        "required": True,
                        "description": "Seconds to wait before the limit allows a request.",
                    },
                    **refs,
                },
                "description": f"`throttled`: over this operation's rate limit, {limits}, "
                f"counted per {who}; wait `Retry-After` seconds (docs/api.md, Rate limits).",
            }
            for code, response in op["responses"].items():
                if code.startswith("2"):
                    response["headers"] = {**response.get("headers", {}), **refs}


def _outage_errors(result: dict[str, Any]) -> None:
    """Adds 503 `unavailable` to every operation that reads the database.

    If the database does not answer, gtr_api.errors answers 503 with Retry-After. It never
    answers a bare 500."""
    for path, item in result.get("paths", {}).items():
        if path in ("/api/schema/", "/api/health/"):  # No database, or a 503 of its own.
            continue
        for op in item.values():
            op["responses"].setdefault(
                "503",
                {
                    "content": {"application/json": {"schema": {"$ref": f"{REF}Error"}}},
                    "headers": {
                        "Retry-After": {
                            "schema": {"type": "integer"},
                            "description": "Seconds to wait before trying again.",
                        }
                    },
                    "description": "`unavailable`: the database does not answer; try again "
                    "after `Retry-After` seconds.",
                },
            )


def _no_nul(schema: dict[str, Any]) -> None:
    """Forbids NUL in the free strings of request bodies.

    DRF refuses a NUL character in any string, since PostgreSQL cannot store one."""
    for prop in schema.get("properties", {}).values():
        if prop.get("type") == "string" and not {"enum", "pattern", "format"} & set(prop):
            prop["pattern"] = "^[^\\x00]*$"


def _defaults_in_words(schema: dict[str, Any]) -> None:
    """Moves each request property's `default` into its description.

    A property with a default is optional. But openapi-typescript and others make it required in
    request bodies. So the default is said in words, and the server applies it."""
    for prop in schema.get("properties", {}).values():
        if "default" in prop:
            default = json.dumps(prop.pop("default"))
            prop["description"] = f"{prop.get('description', '')} Default: `{default}`.".strip()


def _split(name: str, schemas: dict[str, Any]) -> bool:
    return name.endswith("Request") and name.removesuffix("Request") in schemas


def _rewrite(node: Any, merge: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {
            k: merge.get(v, v)
            if k == "$ref" or (isinstance(v, str) and v in merge)
            else _rewrite(v, merge)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_rewrite(v, merge) for v in node]
    return node
