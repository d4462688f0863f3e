"""What the API takes: request bodies and query parameters, as DRF serializers.

Bodies derive from `JSONInput`, which takes exactly the JSON types the schema says. What the API
answers is in games.api.outputs.

Names are unique across the API, so the OpenAPI components do not collide."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import engine
from engine.cards import GEEK_NAMES, ROLES
from engine.setup import OPTIONS
from games import codes
from games.errors import BadRequest, Refused
from games.models import Game, Seat
from games.read.selectors import SCOPES

from .schema import action_schema

MAX_SEQ = 2**31 - 1


# The JSON types each field type accepts in a body, as the schema says.
# DRF alone would take "0" as an integer, "yes" as a boolean and 5 as a string.
JSON_TYPES: list[tuple[type[serializers.Field], tuple[type, ...]]] = [
    (serializers.BooleanField, (bool,)),
    (serializers.IntegerField, (int,)),
    (serializers.FloatField, (int, float)),
    (serializers.CharField, (str,)),
    (serializers.ChoiceField, (str,)),
    (serializers.ListField, (list,)),
    (serializers.DictField, (dict,)),
    (serializers.DateTimeField, (str,)),
    (serializers.DateField, (str,)),
]


class JSONInput(serializers.Serializer):
    """A JSON request body, typed strictly: a value of the wrong JSON type is refused (400
    `invalid`) before DRF would coerce it, and a string is taken as sent (DRF would trim its
    whitespace, which turns a schema-valid name or password blank). Checks across fields that
    the schema cannot say raise `Refused` (422)."""

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        for field in fields.values():
            if isinstance(field, serializers.CharField):
                field.trim_whitespace = False
        return fields

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            wrong = {
                name: [f"Expected {_json_name(types)}."]
                for name, field in self.fields.items()
                if name in data and data[name] is not None and not field.read_only
                for types in [_json_types(field)]
                if types and not _is_a(data[name], types)
            }
            if wrong:
                raise serializers.ValidationError(wrong)
        return super().to_internal_value(data)


def _json_types(field: serializers.Field) -> tuple[type, ...]:
    if isinstance(field, serializers.Serializer):
        return (dict,)
    if isinstance(field, serializers.ListSerializer):
        return (list,)
    return next((types for cls, types in JSON_TYPES if isinstance(field, cls)), ())


def _is_a(value: Any, types: tuple[type, ...]) -> bool:
    return isinstance(value, types) and not (isinstance(value, bool) and bool not in types)


def _json_name(types: tuple[type, ...]) -> str:
    names = {
        bool: "true or false",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }
    return " or ".join(names[t] for t in types)


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            "training": {
                "type": "boolean",
                "description": "The training game: no building functions, half the deck.",
            },
            "geek": {
                "oneOf": [
                    {"type": "boolean"},
                    {"type": "array", "items": {"type": "string", "enum": list(GEEK_NAMES)}},
                ],
                "description": "The unofficial Geek expansion (Republic and Imperium only, not "
                "the training game): `true` for all ten cards, or the names of those to play "
                "with; a game's options list the names (docs/rules.md, The Geek expansion).",
            },
        },
        "additionalProperties": False,
    }
)
class GameOptions(serializers.DictField):
    """A game's options: `training` (true or false) and `geek` (true, false or a list of the
    Geek cards' names); an unknown one, or a value of the wrong type, is refused (400). Whether
    they fit the version is the engine's check (422 `bad_option`)."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        options = super().to_internal_value(data)
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise serializers.ValidationError(f"Unknown option(s): {', '.join(unknown)}.")
        if not isinstance(options.get("training", False), bool):
            raise serializers.ValidationError("'training' is true or false.")
        geek = options.get("geek", False)
        names = isinstance(geek, list) and all(isinstance(n, str) for n in geek)
        if not isinstance(geek, bool) and not names:
            raise serializers.ValidationError("'geek' is true, false or a list of card names.")
        return dict(options)


class SeatSpecInput(JSONInput):
    kind = serializers.ChoiceField(
        choices=["me", "open", "invited", "bot", "bot_account"],
        help_text="`bot`: one of the server's bots (`bot` says which); `bot_account`: a bot "
        "account (`account` names it; docs/bots.md).",
    )
    email = serializers.EmailField(required=False, help_text="An invited seat's address.")
    account = serializers.CharField(
        max_length=150,
        required=False,
        help_text="A `bot_account` seat's username: a bot account that plays the ruleset "
        "(422 `not_a_bot`, `bot_ruleset`; 404 `no_such_player`).",
    )
    bot = serializers.ChoiceField(
        choices=Seat.Bot.choices,
        default=Seat.Bot.GREEDY,
        help_text="Which bot plays a bot seat (and stands in for this seat after timeouts).",
    )
    timeout = serializers.ChoiceField(
        choices=Seat.Timeout.choices,
        default=Seat.Timeout.SAFE,
        help_text="When this seat's time runs out: `safe` plays the engine's safe move (a bot "
        "stands in after several timeouts in a row); `bot` lets a bot stand in at once.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["kind"] == "invited" and not attrs.get("email"):
            raise Refused("An invited seat needs an e-mail address.", codes.BAD_SEATS)
        if attrs["kind"] == "bot_account" and not attrs.get("account"):
            raise Refused("A bot account's seat names the account.", codes.BAD_SEATS)
        return attrs


DAY = 24 * 3600


class ClockInput(JSONInput):
    """A time control: `none`; `fixed`: `seconds` for every decision; `bank`: each seat starts
    with `seconds`, spends them while deciding, gains `increment` per move, up to `cap`."""

    kind = serializers.ChoiceField(choices=Game.Clock.choices, default=Game.Clock.NONE)
    seconds = serializers.IntegerField(
        min_value=60,
        max_value=30 * DAY,
        required=False,
        help_text="fixed: seconds per decision; bank: the starting bank (60 s to 30 days; "
        "a day unless said).",
    )
    increment = serializers.IntegerField(
        min_value=0, max_value=7 * DAY, default=0, help_text="bank: seconds added per move."
    )
    cap = serializers.IntegerField(
        min_value=60,
        max_value=60 * DAY,
        required=False,
        help_text="bank: the most a bank may hold (default: `seconds`).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["kind"] != Game.Clock.NONE:
            attrs.setdefault("seconds", DAY)  # a move a day
        if attrs.get("cap") is not None and attrs["cap"] < attrs.get("seconds", 0):
            raise Refused("The cap is below the starting bank.", codes.BAD_CLOCK)
        return attrs


class PlayingHoursInput(JSONInput):
    """The daily window when a game's clocks run (a game with a clock only): time outside it does
    not count, and no timeout, reminder or bot stand-in happens there (docs/async.md, Time off).
    A window that ends before it starts runs across midnight (22:00 to 06:00). Hours that cannot
    be read: 422 `bad_hours`, with the reason."""

    start = serializers.CharField(max_length=8, help_text="When the window opens: `HH:MM`.")
    end = serializers.CharField(max_length=8, help_text="When it closes: `HH:MM`.")
    zone = serializers.CharField(
        max_length=64,
        default="player",
        help_text="`player`: each player's own time zone (`PATCH /api/time-off/`), the "
        "default; or an IANA name (`Europe/Warsaw`): one window for the whole table.",
    )


class GameCreateInput(JSONInput):
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    players = serializers.IntegerField(
        min_value=2,
        max_value=5,
        required=False,
        help_text="How many players (2 to 5); default: as many as `seats`, else 2.",
    )
    options = GameOptions(required=False)
    seats = SeatSpecInput(
        many=True,
        required=False,
        help_text="One entry per seat, in seat order; default: you at seat 0, the rest open.",
    )
    auto_start = serializers.BooleanField(
        default=True, help_text="Start as soon as every seat is taken."
    )
    rated = serializers.BooleanField(
        default=False,
        help_text="Rated: its end changes the players' ratings (docs/ratings.md). Never a "
        "training game, a scenario or record, or an invited seat: 422 `unratable`.",
    )
    clock = ClockInput(required=False, help_text="The time control; default: none.")
    playing_hours = PlayingHoursInput(
        required=False,
        allow_null=True,
        help_text="With a clock: the daily window when it runs; default: none (always).",
    )
    scenario = serializers.DictField(
        required=False,
        help_text="Start from a scenario (docs/scenarios.md): staff only unless the server "
        "allows it. It fixes version, players and options.",
    )
    record = serializers.DictField(
        required=False,
        help_text="Import a game record (docs/records.md, `GET /api/games/{game_id}/record/`) and "
        "start at `upto` of its actions, like a scenario.",
    )
    upto = serializers.IntegerField(
        min_value=0,
        max_value=100_000,
        required=False,
        help_text="With `record`: how many of its actions to replay (default: all but the game "
        "must not be over there).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "scenario" not in attrs and "record" not in attrs and "players" not in attrs:
            attrs["players"] = len(attrs["seats"]) if attrs.get("seats") else 2
        return attrs


class GameListQuery(serializers.Serializer):
    scope = serializers.ChoiceField(choices=SCOPES, default="all")
    version = serializers.ChoiceField(choices=Game.Version.choices, required=False)
    players = serializers.IntegerField(min_value=2, max_value=5, required=False)
    status = serializers.ChoiceField(choices=Game.Status.choices, required=False)
    your_turn = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="true: only games where the pending decision is yours; false: the others.",
    )
    page = serializers.IntegerField(min_value=1, required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class GameExportQuery(serializers.Serializer):
    version = serializers.ChoiceField(
        choices=Game.Version.choices, required=False, help_text="Only games of this ruleset."
    )
    since = serializers.DateField(
        required=False, help_text="Only games finished on or after this day (UTC)."
    )
    until = serializers.DateField(
        required=False, help_text="Only games finished before this day (UTC)."
    )


class SeatJoinInput(JSONInput):
    seat = serializers.IntegerField(
        min_value=0, max_value=4, required=False, help_text="Which open seat (default: the first)."
    )


@extend_schema_field(action_schema())
class ActionField(serializers.JSONField):
    """Any JSON: the engine parses it (400 `unknown_action`, `missing_field`, ...)."""


class MoveSubmitInput(JSONInput):
    seq = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        help_text="The game's `seq` when you chose this move (409 if it moved on).",
    )
    action = ActionField()

    def to_internal_value(self, data: Any) -> Any:
        """Refuses a legal-action entry posted whole, as the body or as its `action`, with a code
        of its own: the engine would only see an action without a `type`."""
        if isinstance(data, dict):
            post = 'post `{"seq": <the view\'s seq>, "action": <the entry\'s action>}`.'
            if _legal_action_entry(data):
                raise BadRequest(
                    f"The body is a whole legal-action entry{_entry_id(data)} (`id`, `label`, "
                    f"`petition`, `action`): {post}",
                    codes.ACTION_ENTRY_POSTED,
                )
            if _legal_action_entry(data.get("action")):
                raise BadRequest(
                    f"`action` holds a whole legal-action entry{_entry_id(data['action'])} (`id`, "
                    f"`label`, `petition`, `action`): post only its `action`, {post}",
                    codes.ACTION_ENTRY_POSTED,
                )
        return super().to_internal_value(data)


def _entry_id(entry: dict[str, Any]) -> str:
    move = entry.get("id")
    return f" ({move})" if isinstance(move, str) and len(move) <= 8 else ""


def _legal_action_entry(value: Any) -> bool:
    """Whether `value` looks like an entry of a view's `legal_actions`, not an action."""
    return (
        isinstance(value, dict)
        and "type" not in value
        and isinstance(value.get("action"), dict)
        and ("id" in value or "label" in value)
    )


class UndoInput(JSONInput):
    seq = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        help_text="The game's `seq` when you asked (409 if it moved on).",
    )
    to = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        required=False,
        help_text="The seq whose table to go back to (default: the view's `undo.to`, or "
        "`takeback.to` for a takeback).",
    )


class SurrenderInput(JSONInput):
    to = serializers.IntegerField(
        min_value=0,
        max_value=4,
        allow_null=True,
        help_text="The seat you surrender to; null withdraws your surrender.",
    )


class MoveListQuery(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0, max_value=MAX_SEQ, default=0, help_text="Only moves after this seq."
    )
    page = serializers.IntegerField(min_value=1, required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class WaitQuery(serializers.Serializer):
    seq = serializers.IntegerField(
        min_value=0, max_value=MAX_SEQ, help_text="The `seq` you have seen."
    )
    timeout = serializers.FloatField(
        min_value=0, max_value=60, default=25, help_text="Seconds to wait at most (capped)."
    )


# Time off (docs/async.md, Time off) --------------------------------------------------------------


class PauseInput(JSONInput):
    until = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="When the pause ends by itself (within a year); absent or null: until someone "
        "resumes the game.",
    )


class TimeOffUpdateInput(JSONInput):
    time_zone = serializers.CharField(
        max_length=64,
        required=False,
        help_text="Your IANA time zone (`Europe/Warsaw`): your vacations' dates and the playing "
        "hours of games that follow each player's own. Another name: 422 `bad_time_zone`.",
    )
    auto_vacation = serializers.BooleanField(
        required=False,
        help_text="Spend a vacation day instead of timing out when one of your deadlines passes, "
        "while days are left.",
    )


class VacationInput(JSONInput):
    start = serializers.DateField(help_text="The first day away, in your time zone (from today).")
    end = serializers.DateField(help_text="The last day away (included).")


# Standing orders (engine/orders.py, docs/api.md#standing-orders) --------------------------------


class OrderInput(JSONInput):
    """One standing order. Whether its fields fit together (an action its kind takes, a role only
    where a role is led, a card of your hand) is the engine's check: 422 `order_invalid`,
    `order_card_not_held`."""

    when = serializers.ChoiceField(
        choices=list(engine.order_kinds()), help_text="The kind of decision (a prompt's `kind`)."
    )
    role = serializers.ChoiceField(
        choices=["*", *ROLES],
        required=False,
        help_text="follow, act, bath: only when this role is led (default `*`: any).",
    )
    do = serializers.ChoiceField(
        choices=list(engine.ACTION_TYPES), help_text="The type of action to play."
    )
    cards = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=999),
        min_length=1,
        max_length=20,
        required=False,
        help_text="The action uses exactly these cards of your hand. The order fires once, and "
        "is cancelled when one of them leaves your hand or your hand gains a card.",
    )
    take = serializers.ChoiceField(
        choices=list(engine.orders.TAKES), required=False, help_text="think: draw or a Jack."
    )
    unless = serializers.ChoiceField(
        choices=list(engine.ACTION_TYPES),
        required=False,
        help_text="Fire only when no action of this type is legal (think unless you can follow).",
    )
    prefer = serializers.ChoiceField(
        choices=list(engine.orders.PREFER),
        required=False,
        help_text="Of several matching actions: the cards worth least (default) or most.",
    )

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({k: ["Unknown field."] for k in unknown})
            cards = data.get("cards")
            if isinstance(cards, list) and not all(_is_a(c, (int,)) for c in cards):
                raise serializers.ValidationError({"cards": ["Expected card ids (integers)."]})
        return super().to_internal_value(data)


class OrdersInput(JSONInput):
    orders = OrderInput(
        many=True,
        help_text="Your orders, tried in this order; they replace those you had (at most 20: "
        "422 `order_invalid` beyond).",
    )
