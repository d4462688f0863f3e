"""The endpoints of challenges: send one, list yours, accept, decline, withdraw
(docs/community.md). Only the two accounts concerned see a challenge."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.services import challenges
from games.services.clocks import ClockSpec

from .base import account, body, errors, page, write
from .matchio import (
    ChallengeDeclineInput,
    ChallengeInput,
    ChallengePage,
    ChallengeView,
    challenge_view,
)

CHALLENGE_ID = OpenApiParameter("challenge_id", int, OpenApiParameter.PATH)


class ChallengeListCreateView(APIView):
    permission_classes = [IsAuthenticated]  # an account: seat tokens are refused here
    throttle_scope = "create"  # games.api.throttles

    @extend_schema(
        operation_id="challenges_list",
        summary="Your challenges, sent and received, the newest first",
        responses={200: ChallengePage, **errors(401, 403, described=False)},
        tags=["challenges"],
    )
    def get(self, request: Request) -> Response:
        rows = challenges.challenges_of(account(request))
        return page(request, self, rows, challenge_view)

    @write(
        "challenges_create",
        "Challenge a player to a game",
        tag="challenges",
        request=ChallengeInput,
        answer=(201, ChallengeView),
        description="They hear of it in their feed (`challenged`) and by mail, and have "
        "GTR_CHALLENGE_HOURS (72 by default) to answer. 404 `no_such_player` (no active "
        "account of that name); 422 `challenge_self`, `too_many_challenges` (20 waiting), "
        "`bad_seek` (the options do not fit the player count); 403 `blocked` when one of you "
        "blocked the other; 409 `challenge_pending` when one to them waits already; 422 "
        "`bot_ruleset` when a bot account does not play the ruleset. Then nothing changes. "
        'One of the server\'s bots (`to: "greedy"`) accepts at once: the answer is `accepted` '
        "with its `game`, the bot at seat 1 (docs/bots.md).",
        more_errors=(422,),
    )
    def post(self, request: Request) -> Response:
        data = body(ChallengeInput, request)
        clock = ClockSpec(**data.pop("clock", None) or {})
        challenge = challenges.challenge_create(user=account(request), clock=clock, **data)
        return Response(challenge_view(challenge), status=status.HTTP_201_CREATED)


class ChallengeDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="challenges_retrieve",
        summary="One of your challenges",
        description="404 for a challenge that is not yours (sent or received).",
        parameters=[CHALLENGE_ID],
        responses={200: ChallengeView, **errors(401, 403, 404, described=False)},
        tags=["challenges"],
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        return Response(challenge_view(challenges.challenge_get(account(request), challenge_id)))


class ChallengeWithdrawView(APIView):
    """A withdrawn challenge stays readable, as `withdrawn`: an action, not a deletion."""

    permission_classes = [IsAuthenticated]
    throttle_scope = "write"

    @write(
        "challenges_withdraw",
        "Withdraw a challenge you sent",
        tag="challenges",
        answer=(200, ChallengeView),
        description="403 `not_your_challenge` for one sent to you (decline it instead); 409 "
        "`challenge_closed` once it was answered, withdrawn or expired.",
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        user = account(request)
        challenge = challenges.challenge_withdraw(user=user, challenge_id=challenge_id)
        return Response(challenge_view(challenge))


class ChallengeAcceptView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "create"

    @write(
        "challenges_accept",
        "Accept a challenge: the game is created",
        tag="challenges",
        answer=(200, ChallengeView),
        description="The answer's `game` is the new game: the challenger at seat 0, you at seat "
        "1, the rest open or bots; it starts once every seat is taken. 403 `not_your_challenge` "
        "for one you sent, `blocked`; 409 `challenge_closed` for one answered, withdrawn, "
        "expired, or whose challenger closed their account; 422 `bot_ruleset` for a bot "
        "account that no longer plays its ruleset.",
        more_errors=(422,),
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        user = account(request)
        challenge = challenges.challenge_accept(user=user, challenge_id=challenge_id)
        return Response(challenge_view(challenge))


class ChallengeDeclineView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "write"

    @write(
        "challenges_decline",
        "Decline a challenge, with a reason",
        tag="challenges",
        request=ChallengeDeclineInput,
        answer=(200, ChallengeView),
        description="The challenger hears of it with your reason. 403 `not_your_challenge` for "
        "one you sent (withdraw it instead); 409 `challenge_closed`.",
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        data = body(ChallengeDeclineInput, request)
        challenge = challenges.challenge_decline(
            user=account(request), challenge_id=challenge_id, reason=data["reason"]
        )
        return Response(challenge_view(challenge))
