"""Input serializers (validation) and output serializers (the schema of what selectors return).

Names are unique across the API so the OpenAPI components do not collide."""

from __future__ import annotations

from typing import Any

from django.utils.functional import lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from . import codebook
from .models import Game, Move, Seat
from .schema import action_schema, logged_action_schema
from .selectors import SCOPES

MAX_SEQ = 2**31 - 1

# Errors ------------------------------------------------------------------------------------------


class Error(serializers.Serializer):
    """Every error: a stable machine-readable code and a sentence for people."""

    # The list is read off the engine only when the schema is generated.
    code = serializers.CharField(help_text=lazy(codebook.schema_description, str)())
    detail = serializers.CharField()
    fields = serializers.DictField(
        required=False, help_text="Per-field messages, for validation errors (code 'invalid')."
    )


# Input -------------------------------------------------------------------------------------------


class SeatSpecInput(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["me", "open", "invited", "bot"])
    email = serializers.EmailField(required=False, default="")
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
            raise serializers.ValidationError({"email": "An invited seat needs an e-mail address."})
        return attrs


DAY = 24 * 3600


class ClockInput(serializers.Serializer):
    """A time control: `none`; `fixed`: `seconds` for every decision; `bank`: each seat starts
    with `seconds`, spends them while deciding, gains `increment` per move, up to `cap`."""

    kind = serializers.ChoiceField(choices=Game.Clock.choices, default=Game.Clock.NONE)
    seconds = serializers.IntegerField(
        min_value=60,
        max_value=30 * DAY,
        required=False,
        help_text="fixed: seconds per decision; bank: the starting bank (60 s to 30 days).",
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
        if attrs["kind"] != Game.Clock.NONE and "seconds" not in attrs:
            raise serializers.ValidationError({"seconds": "Say how many seconds the clock gives."})
        if attrs.get("cap") is not None and attrs["cap"] < attrs.get("seconds", 0):
            raise serializers.ValidationError({"cap": "The cap is below the starting bank."})
        return attrs


class GameCreateInput(serializers.Serializer):
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    players = serializers.IntegerField(min_value=2, max_value=5, required=False)
    options = serializers.DictField(
        required=False, default=dict, help_text="e.g. {'training': true}"
    )
    seats = SeatSpecInput(
        many=True,
        required=False,
        help_text="One entry per seat, in seat order; default: you at seat 0, the rest open.",
    )
    auto_start = serializers.BooleanField(
        default=True, help_text="Start as soon as every seat is taken."
    )
    clock = ClockInput(required=False, help_text="The time control; default: none.")
    scenario = serializers.DictField(
        required=False,
        help_text="Start from a scenario (docs/scenarios.md): staff only unless the server "
        "allows it. It fixes version, players and options.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "scenario" not in attrs and "players" not in attrs:
            if attrs.get("seats"):
                attrs["players"] = len(attrs["seats"])
            else:
                raise serializers.ValidationError({"players": "Say how many players."})
        return attrs


class GameListQuery(serializers.Serializer):
    scope = serializers.ChoiceField(choices=SCOPES, default="all")
    version = serializers.ChoiceField(choices=Game.Version.choices, required=False)
    players = serializers.IntegerField(min_value=2, max_value=5, required=False)
    status = serializers.ChoiceField(choices=Game.Status.choices, required=False)
    page = serializers.IntegerField(min_value=1, required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class SeatJoinInput(serializers.Serializer):
    seat = serializers.IntegerField(
        min_value=0, max_value=4, required=False, help_text="Which open seat (default: the first)."
    )


@extend_schema_field(action_schema())
class ActionField(serializers.JSONField):
    """Any JSON: the engine parses it (400 `unknown_action`, `missing_field`, ...)."""


class MoveSubmitInput(serializers.Serializer):
    seq = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        help_text="The game's `seq` when you chose this move (409 if it moved on).",
    )
    action = ActionField()


class SurrenderInput(serializers.Serializer):
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


# Output ------------------------------------------------------------------------------------------


class SeatPublic(serializers.Serializer):
    position = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    player = serializers.CharField(allow_null=True, help_text="Username of a registered player.")
    resigned = serializers.BooleanField()
    surrender_to = serializers.IntegerField(allow_null=True)
    bot = serializers.ChoiceField(
        choices=Seat.Bot.choices,
        allow_null=True,
        help_text="The bot playing this seat now (a bot seat, a resigned seat, or a bot standing "
        "in after timeouts); null while a person plays it.",
    )
    bot_standing_in = serializers.BooleanField(
        help_text="A bot plays this seat after its timeouts, until the player returns."
    )
    timeouts = serializers.IntegerField(help_text="Consecutive timeouts of this seat.")
    bank = serializers.FloatField(
        allow_null=True,
        help_text="Bank clock: seconds left (for the seat to act, as of now); else null.",
    )


class ClockView(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Game.Clock.choices)
    seconds = serializers.IntegerField(required=False)
    increment = serializers.IntegerField(required=False)
    cap = serializers.IntegerField(required=False)


class GameSummary(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.ChoiceField(choices=Game.Version.choices)
    rules_revision = serializers.IntegerField(
        help_text="The version's rules revision the game was created with and plays by to the end "
        "(docs/rules.md, Rules revisions)."
    )
    players = serializers.IntegerField()
    options = serializers.DictField()
    scenario = serializers.BooleanField(help_text="Set up from a scenario.")
    creator = serializers.CharField(allow_null=True)
    seq = serializers.IntegerField(help_text="Moves applied so far; send it with your move.")
    revision = serializers.IntegerField(help_text="Changes so far (moves, seats, resignations).")
    seats = SeatPublic(many=True)
    clock = ClockView(help_text="The time control.")
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When the pending decision times out (null: no deadline)."
    )
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)


class CardRef(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class BuildingView(serializers.Serializer):
    foundation = CardRef()
    site = serializers.CharField(allow_null=True)
    materials = CardRef(many=True)
    complete = serializers.BooleanField()
    public = serializers.BooleanField(
        help_text="Made public by an opponent's Stairway: its function is everyone's."
    )
    out_of_town = serializers.BooleanField(help_text="Laid on an out-of-town Site.")


class PlayerView(serializers.Serializer):
    seat = serializers.IntegerField()
    hand = CardRef(many=True, allow_null=True, help_text="Only your own hand; null for others.")
    hand_count = serializers.IntegerField()
    camp = CardRef(many=True)
    clientele = CardRef(many=True)
    stockpile = CardRef(many=True)
    vault_count = serializers.IntegerField()
    vault_visible = CardRef(
        many=True, help_text="Cards put in the vault this turn (all at the end)."
    )
    influence = serializers.IntegerField()
    buildings = BuildingView(many=True)
    hand_size = serializers.IntegerField()
    clientele_limit = serializers.IntegerField()
    vault_limit = serializers.IntegerField()


class SiteCounts(serializers.Serializer):
    in_town = serializers.IntegerField()
    out_of_town = serializers.IntegerField()


@extend_schema_field(OpenApiTypes.OBJECT)
class LooseObject(serializers.JSONField):
    pass


class PromptView(serializers.Serializer):
    """The pending decision: whose, what kind, and its public details (more keys by kind)."""

    seat = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField()


class TableView(serializers.Serializer):
    """`engine.view` for your seat (or a spectator's): the only game state players receive."""

    version = serializers.CharField()
    training = serializers.BooleanField()
    seat = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField()
    leader = serializers.IntegerField()
    role = serializers.CharField(allow_null=True)
    deck_count = serializers.IntegerField()
    jacks_count = serializers.IntegerField()
    pool = CardRef(many=True)
    sites = serializers.DictField(child=SiteCounts())
    to_act = serializers.IntegerField(allow_null=True)
    prompt = PromptView(allow_null=True)
    players = PlayerView(many=True)
    end = LooseObject(allow_null=True, help_text="Once over: the reason, winners and scores.")


class GameView(GameSummary):
    my_seat = serializers.IntegerField(allow_null=True, help_text="null: you are a spectator.")
    to_act = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    prompt = PromptView(allow_null=True)
    legal_actions = serializers.ListField(
        child=ActionField(), help_text="Your legal actions (empty unless it is your decision)."
    )
    table = TableView(allow_null=True, help_text="null until the game starts.")


@extend_schema_field(logged_action_schema())
class LoggedActionField(serializers.JSONField):
    pass


class MoveRecord(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="null: a table event.")
    actor = serializers.ChoiceField(choices=Move.Actor.choices)
    action = LoggedActionField()
    mine = serializers.BooleanField()
    created = serializers.DateTimeField()


class MoveSubmitResult(serializers.Serializer):
    move = MoveRecord()
    game = GameView()


def paginated(item: type[serializers.Serializer], name: str) -> type[serializers.Serializer]:
    """The page envelope of a list endpoint (count, next, previous, results)."""
    return type(
        name,
        (serializers.Serializer,),
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": item(many=True),
        },
    )


class SeatTokenResult(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Seat <token>`; shown once.")
    seat = serializers.IntegerField()


GamePage = paginated(GameSummary, "GamePage")
MovePage = paginated(MoveRecord, "MovePage")
