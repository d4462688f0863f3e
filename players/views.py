"""HTTP adapters for accounts (sign up, obtain an API token, who am I) and for e-mail
notifications (preferences, unsubscribing)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import codes
from games.errors import BadRequest, Conflict
from games.models import Seat
from games.serializers import Error

from . import mail, notifications, services
from .mail import seat_address


class SignupInput(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)
    email = serializers.EmailField(required=False, default="")


class LoginInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)


class TokenResult(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")


class Me(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.CharField()
    is_staff = serializers.BooleanField()


def _errors(*statuses: int) -> dict[int, OpenApiResponse]:
    return {s: OpenApiResponse(Error) for s in statuses}


class SignupView(APIView):
    authentication_classes: list[type] = []

    @extend_schema(
        operation_id="auth_signup",
        summary="Create an account and get its API token",
        request=SignupInput,
        responses={201: TokenResult, **_errors(400, 409, 413, 415)},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        s = SignupInput(data=request.data)
        s.is_valid(raise_exception=True)
        user, token = services.user_signup(**s.validated_data)
        return Response(
            {"username": user.get_username(), "token": token}, status=status.HTTP_201_CREATED
        )


class TokenView(APIView):
    authentication_classes: list[type] = []

    @extend_schema(
        operation_id="auth_token",
        summary="Log in: get the account's API token",
        request=LoginInput,
        responses={200: TokenResult, **_errors(400, 401, 413, 415)},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        s = LoginInput(data=request.data)
        s.is_valid(raise_exception=True)
        user, token = services.token_obtain(**s.validated_data)
        return Response({"username": user.get_username(), "token": token})


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_me",
        summary="The logged-in account",
        responses={200: Me, **_errors(401, 403)},
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        user = request.user
        return Response(
            {"username": user.get_username(), "email": user.email, "is_staff": user.is_staff}
        )


# Notification preferences and unsubscribing -------------------------------------------------------


class MailPreferences(serializers.Serializer):
    address = serializers.EmailField(read_only=True, help_text="Where the mails go.")
    your_turn = serializers.BooleanField(required=False, help_text="A mail at each decision.")
    reminder = serializers.BooleanField(required=False, help_text="A mail before a deadline.")
    final = serializers.BooleanField(required=False, help_text="The final scores.")
    digest = serializers.BooleanField(
        required=False,
        help_text="One mail a day listing the games waiting for you, instead of turn and "
        "reminder mails.",
    )
    unsubscribed = serializers.BooleanField(
        required=False, help_text="No notification at all (what the unsubscribe link sets)."
    )


class UnsubscribeInput(serializers.Serializer):
    token = serializers.CharField(max_length=500, help_text="The token of an unsubscribe link.")


def _prefs_out(prefs: Any) -> dict[str, Any]:
    return {"address": prefs.address, **{k: getattr(prefs, k) for k in PREFERENCE_FIELDS}}


PREFERENCE_FIELDS = ("your_turn", "reminder", "final", "digest", "unsubscribed")


def _address(request: Request) -> str:
    """The address whose preferences the caller manages: the seat's (seat token) or the
    account's."""
    if isinstance(request.auth, Seat):
        address = seat_address(request.auth)
    elif request.user.is_authenticated:
        address = str(request.user.email or "")
    else:
        raise NotAuthenticated()
    if not address:
        raise Conflict("No e-mail address is known for you.", codes.NO_ADDRESS)
    return address


class NotificationPreferencesView(APIView):
    """The e-mail notifications of the caller's address (an account, or a seat token's seat)."""

    @extend_schema(
        operation_id="notifications_get",
        summary="Your e-mail notification preferences",
        responses={200: MailPreferences, **_errors(401, 403, 409)},
        tags=["notifications"],
    )
    def get(self, request: Request) -> Response:
        return Response(_prefs_out(notifications.preferences_get(_address(request))))

    @extend_schema(
        operation_id="notifications_update",
        summary="Change your e-mail notification preferences",
        request=MailPreferences,
        responses={200: MailPreferences, **_errors(400, 401, 403, 409, 413, 415)},
        tags=["notifications"],
    )
    def patch(self, request: Request) -> Response:
        address = _address(request)
        s = MailPreferences(data=request.data, partial=True)
        s.is_valid(raise_exception=True)
        prefs = notifications.preferences_update(address, **s.validated_data)
        return Response(_prefs_out(prefs))


class UnsubscribeView(APIView):
    authentication_classes: list[type] = []

    @extend_schema(
        operation_id="notifications_unsubscribe",
        summary="Unsubscribe an address from all game mail, with the token of its link",
        request=UnsubscribeInput,
        responses={200: MailPreferences, **_errors(400, 413, 415)},
        tags=["notifications"],
    )
    def post(self, request: Request) -> Response:
        s = UnsubscribeInput(data=request.data)
        s.is_valid(raise_exception=True)
        address = mail.unsubscribe_address(s.validated_data["token"])
        if address is None:
            raise BadRequest("This unsubscribe link is not genuine.", codes.BAD_TOKEN)
        return Response(_prefs_out(notifications.unsubscribe(address)))


PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title></head>
<body><h1>{title}</h1><p>{text}</p>{form}</body></html>"""


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    """The link in every mail. GET asks (link checkers and previews must not unsubscribe
    anyone); POST (the button, or a mail client's one-click List-Unsubscribe-Post) does it."""
    address = mail.unsubscribe_address(token)
    if address is None:
        page = PAGE.format(
            title="Unknown link", text="This unsubscribe link is not genuine.", form=""
        )
        return HttpResponse(page, status=400)
    if request.method == "POST":
        notifications.unsubscribe(address)
        text = f"{escape(address)} will get no more mail about games."
        return HttpResponse(PAGE.format(title="Unsubscribed", text=text, form=""))
    form = '<form method="post"><button type="submit">Unsubscribe</button></form>'
    text = f"Stop all mail about Glory to Rome games to {escape(address)}?"
    return HttpResponse(PAGE.format(title="Unsubscribe", text=text, form=form))
