"""The HTTP adapter of profiles: `GET /api/players/{username}/` (docs/api.md, People)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.base import errors
from games.api.people import USERNAME
from games.api.ratings import RatingView
from games.models import Game, Seat
from games.read import people

from .selectors import profile_of


class RulesetRecord(serializers.Serializer):
    version = serializers.ChoiceField(choices=Game.Version.choices)
    played = serializers.IntegerField(help_text="Games started: in play or finished.")
    finished = serializers.IntegerField()
    won = serializers.IntegerField(help_text="Finished games won (a shared win counts).")


class ProfileResult(serializers.Serializer):
    game = serializers.IntegerField()
    version = serializers.ChoiceField(choices=Game.Version.choices)
    players = serializers.IntegerField()
    finished = serializers.DateTimeField(allow_null=True)
    seat = serializers.IntegerField(help_text="The player's position, from 0.")
    won = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True, help_text="null: nobody scored.")
    points = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField(allow_null=True, help_text="How the game ended.")


class ProfileSeat(serializers.Serializer):
    position = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    player = serializers.CharField(allow_null=True, help_text="The account sitting there.")


class ProfileGame(serializers.Serializer):
    game = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=Game.Status.choices, help_text="`open` (waiting for players) or `active`."
    )
    version = serializers.ChoiceField(choices=Game.Version.choices)
    players = serializers.IntegerField()
    started = serializers.DateTimeField(allow_null=True)
    seq = serializers.IntegerField(help_text="Moves made.")
    seat = serializers.IntegerField(help_text="The player's position, from 0.")
    to_act = serializers.IntegerField(allow_null=True, help_text="Whose decision it is.")
    seats = ProfileSeat(many=True)


class Reliability(serializers.Serializer):
    decisions = serializers.IntegerField(help_text="Decisions that were the player's to make.")
    timeouts = serializers.IntegerField(help_text="Of those, how many timed out.")
    median_seconds_to_move = serializers.FloatField(
        allow_null=True, help_text="From the move before to the player's own; null: none yet."
    )
    finished = serializers.IntegerField(help_text="Games finished.")
    abandoned = serializers.IntegerField(
        help_text="Finished games that ended with a bot standing in after timeouts."
    )
    resigned = serializers.IntegerField(help_text="Finished games the player resigned from.")


class Profile(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    rulesets = RulesetRecord(many=True)
    ratings = RatingView(many=True, help_text="The rating in each family played rated.")
    results = ProfileResult(many=True, help_text="The latest finished games, newest first.")
    current = ProfileGame(many=True, help_text="Tables open or in play: public facts alone.")
    reliability = Reliability()
    you = serializers.BooleanField(help_text="This is your own profile.")
    blocked = serializers.BooleanField(help_text="You block this player.")


class ProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="players_retrieve",
        summary="A player's profile: games, results, games under way, reliability",
        description="Anyone may read it. Games under way show who sits where and whose turn it "
        "is, nothing a spectator would not see. 404 `no_such_player`.",
        parameters=[USERNAME],
        responses={200: Profile, **errors(404, described=False)},
        tags=["people"],
    )
    def get(self, request: Request, username: str) -> Response:
        return Response(profile_of(people.account_named(username), request.user))
