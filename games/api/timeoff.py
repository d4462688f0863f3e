"""The endpoints of time off (docs/async.md, Time off).

An account's own time off: its time zone, automatic vacation, this year's allowance and its
vacations. A game's mutual pause: propose, accept, decline, resume."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Vacation
from games.services import pauses, timeoff

from .base import account, body, errors, game_response, require_seat, write
from .inputs import PauseInput, TimeOffUpdateInput, VacationInput
from .outputs import TimeOffView, VacationView


def vacation_view(vacation: Vacation) -> dict[str, Any]:
    return {
        "id": vacation.pk,
        "since": vacation.starts,
        "until": vacation.ends,
        "days": vacation.days,
        "automatic": vacation.automatic,
    }


def time_off_view(user: Any) -> dict[str, Any]:
    now = timezone.now()
    availability = timeoff.availability_of(user.pk)
    year = timeoff.allowance_of(availability, timeoff.local_year(availability, now))
    vacations = timeoff.vacations_of(availability, year.year)
    away = next((v.ends for v in vacations if v.starts <= now < v.ends), None)
    for later in vacations:  # vacations without a gap between them are one time away
        if away is not None and later.starts <= away < later.ends:
            away = later.ends
    return {
        "time_zone": availability.time_zone,
        "auto_vacation": availability.auto_vacation,
        "year": year.year,
        "allowance": year.days,
        "spent": year.spent,
        "left": year.left,
        "away_until": away,
        "vacations": [vacation_view(v) for v in vacations],
    }


class TimeOffDetailView(APIView):
    permission_classes = [IsAuthenticated]  # an account: games.api.auth refuses seat tokens here

    @extend_schema(
        operation_id="time_off_get",
        summary="Your time off: time zone, vacation allowance, vacations",
        responses={200: TimeOffView, **errors(401, 403)},
        tags=["time off"],
    )
    def get(self, request: Request) -> Response:
        return Response(time_off_view(account(request)))

    @extend_schema(
        operation_id="time_off_update",
        summary="Change your time zone or automatic vacation",
        description="A new time zone moves the playing hours of your games that follow each "
        "player's own zone (and the deadline of a decision of yours under way there).",
        request=TimeOffUpdateInput,
        responses={200: TimeOffView, **errors(400, 401, 403, 413, 415, 422, described=False)},
        tags=["time off"],
    )
    def patch(self, request: Request) -> Response:
        data = body(TimeOffUpdateInput, request)
        user = account(request)
        timeoff.availability_update(user=user, **data)
        return Response(time_off_view(user))


class VacationListView(APIView):
    permission_classes = [IsAuthenticated]

    @write(
        "vacations_create",
        "Take a vacation: every clock of yours waits from the first day to the last",
        tag="time off",
        request=VacationInput,
        answer=(201, VacationView),
        description="Dates in your time zone, from local midnight to local midnight (one that "
        "starts today starts now). 409 `vacation_overlap` if it overlaps one you have; 422 "
        "`vacation_allowance` beyond the days left in its year, `bad_vacation` for dates in the "
        "past or an end before the start. Then nothing changes.",
        more_errors=(422,),
    )
    def post(self, request: Request) -> Response:
        data = body(VacationInput, request)
        vacation = timeoff.vacation_take(
            user=account(request), start=data["start"], end=data["end"]
        )
        return Response(vacation_view(vacation), status=201)


VACATION_ID = OpenApiParameter("vacation_id", int, OpenApiParameter.PATH)


class VacationDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="vacations_delete",
        summary="Cancel a vacation",
        description="One to come is removed and its days refunded; one under way ends now and "
        "its unused whole days are refunded (the answer says what it spent). 409 `vacation_over` "
        "for one that is over.",
        parameters=[VACATION_ID],
        responses={200: VacationView, **errors(401, 403, 404, 409, described=False)},
        tags=["time off"],
    )
    def delete(self, request: Request, vacation_id: int) -> Response:
        vacation = timeoff.vacation_cancel(user=account(request), vacation_id=vacation_id)
        return Response(vacation_view(vacation))


# A game's mutual pause ----------------------------------------------------------------------


class PauseProposeView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

    @write(
        "games_pause",
        "Propose to pause the game (every other person must accept)",
        tag="play",
        request=PauseInput,
        description="Until `until`, or until someone resumes it. Every other person at the "
        "table (not bots, not resigned players) must accept before the proposal expires; with no "
        "other person it pauses at once. While paused no clock runs, and moves may still be "
        "made. 409 `pause_pending` while one is proposed or in effect, `game_not_active` for a "
        "game not in play; 422 `bad_pause` for an end not in the coming year.",
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = body(PauseInput, request)
        seat = require_seat(request, game_id)
        game = pauses.pause_propose(
            game_id=game_id, position=seat.position, until=data.get("until")
        )
        return game_response(game, seat)


class PauseAcceptView(APIView):
    seat_tokens = True
    throttle_scope = "move"

    @write(
        "games_pause_accept",
        "Accept the proposal to pause",
        tag="play",
        description="The game pauses once every other person accepted. 409 `no_pause_proposal` "
        "when none is open (or it expired).",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        game = pauses.pause_answer(game_id=game_id, position=seat.position, accept=True)
        return game_response(game, seat)


class PauseDeclineView(APIView):
    seat_tokens = True
    throttle_scope = "move"

    @write(
        "games_pause_decline",
        "Decline the proposal to pause (the proposer withdraws it so)",
        tag="play",
        description="The proposal ends and nothing changes. 409 `no_pause_proposal` when none "
        "is open.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        game = pauses.pause_answer(game_id=game_id, position=seat.position, accept=False)
        return game_response(game, seat)


class ResumeView(APIView):
    seat_tokens = True
    throttle_scope = "move"

    @write(
        "games_resume",
        "Resume the paused game",
        tag="play",
        description="Any person at the table may: the clock of the decision under way runs "
        "again with the time it had left. 409 `not_paused` when no pause is in effect.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        seat = require_seat(request, game_id)
        game = pauses.pause_resume(game_id=game_id, position=seat.position)
        return game_response(game, seat)
