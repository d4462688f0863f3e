"""The endpoints of ratings (docs/ratings.md): a family's leaderboard and an account's history.
Both are public, as profiles are."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Family
from games.read import people
from games.read import ratings as read

from .base import errors, page
from .outputs import paginated
from .people import USERNAME

FAMILY = OpenApiParameter(
    "family", str, OpenApiParameter.PATH, enum=Family.values, description="The ruleset family."
)


class RatingView(serializers.Serializer):
    family = serializers.ChoiceField(choices=Family.choices)
    player = serializers.CharField(allow_null=True, help_text="The account's username.")
    bot = serializers.CharField(allow_null=True, help_text="Or the server bot's name.")
    rating = serializers.IntegerField(help_text="The displayed rating: 1000 + 40 (mu - 3 sigma).")
    mu = serializers.FloatField(help_text="The model's estimate of the skill.")
    sigma = serializers.FloatField(help_text="Its uncertainty.")
    games = serializers.IntegerField(help_text="Rated games played in the family.")
    provisional = serializers.BooleanField(help_text="Fewer rated games than it takes to settle.")
    last_played = serializers.DateTimeField(allow_null=True)


class RatingChangeView(serializers.Serializer):
    game = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="Where it sat.")
    rank = serializers.IntegerField(help_text="Its place: 1 the best; tied seats share one.")
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    change = serializers.IntegerField()
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu_after = serializers.FloatField()
    sigma_after = serializers.FloatField()
    finished = serializers.DateTimeField()


RatingPage = paginated(RatingView, "RatingPage")
RatingChangePage = paginated(RatingChangeView, "RatingChangePage")


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="ratings_leaderboard",
        summary="A ruleset family's leaderboard: active accounts and bots, best first",
        description="Those with a rated game of the family in the last GTR_RATING_ACTIVE_DAYS "
        "(90) days; closed and suspended accounts are left out. 404 `no_such_family`.",
        parameters=[FAMILY],
        responses={200: RatingPage, **errors(400, 404, described=False)},
        tags=["ratings"],
    )
    def get(self, request: Request, family: str) -> Response:
        return page(request, self, read.leaderboard(family), read.rating_view)


class RatingHistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="ratings_history",
        summary="The change each rated game of the family made to an account's rating",
        description="The latest first. 404 `no_such_family`, `no_such_player`.",
        parameters=[FAMILY, USERNAME],
        responses={200: RatingChangePage, **errors(400, 404, described=False)},
        tags=["ratings"],
    )
    def get(self, request: Request, family: str, username: str) -> Response:
        user = people.account_named(username)
        return page(request, self, read.history(family, user), read.change_view)
