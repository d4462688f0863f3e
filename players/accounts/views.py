"""HTTP adapters for accounts (sign up, log in for an API token, who am I, the account's tokens)
and for e-mail notifications (preferences, unsubscribing). Signing up and logging in are
throttled per client address (429 `throttled` with Retry-After)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from games import codes
from games.api.inputs import JSONInput
from games.api.outputs import Error
from games.errors import Conflict, Forbidden, Refused
from games.models import Seat
from games.words.cardnames import LANGUAGES
from players.mail import notify, texts
from players.mail.texts import seat_address

from . import services


class AddressThrottle(ScopedRateThrottle):
    """The view's `throttle_scope` per client address, at the rate REST_FRAMEWORK's
    DEFAULT_THROTTLE_RATES gives now (read per request, so a changed setting applies)."""

    @property  # type: ignore[override]
    def THROTTLE_RATES(self) -> dict[str, str | None]:
        return api_settings.DEFAULT_THROTTLE_RATES  # type: ignore[no-any-return]


class SignupInput(JSONInput):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", max_length=150)
    password = serializers.CharField(
        min_length=8,
        max_length=128,
        write_only=True,
        help_text="At least 8 characters, and not a common password (422 `weak_password`).",
    )
    email = serializers.EmailField(
        required=False, help_text="Where game mail goes (optional: leave it out for none)."
    )


class LoginInput(JSONInput):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)


class TokenResult(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`; shown once.")
    key = serializers.CharField(help_text="Its name in `/api/auth/tokens/` (to revoke it).")


class Me(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.CharField()
    is_staff = serializers.BooleanField()


def _token_result(user: Any, token: str) -> dict[str, str]:
    return {"username": user.get_username(), "token": token, "key": services.token_key(token)}


class TokenInfo(serializers.Serializer):
    key = serializers.CharField(help_text="The token's first characters: its name here.")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(allow_null=True, help_text="null: it does not expire.")
    current = serializers.BooleanField(help_text="The token this request was made with.")


def _errors(*statuses: int) -> dict[int, OpenApiResponse]:
    return {s: OpenApiResponse(Error) for s in statuses}


THROTTLED = OpenApiResponse(
    Error, description="`throttled`: too many attempts; try again after `Retry-After` seconds."
)


class SignupView(APIView):
    authentication_classes: list[type] = []
    throttle_classes = [AddressThrottle]
    throttle_scope = "signup"

    @extend_schema(
        operation_id="auth_signup",
        summary="Create an account and get its API token",
        request=SignupInput,
        responses={201: TokenResult, **_errors(400, 409, 413, 415, 422), 429: THROTTLED},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        s = SignupInput(data=request.data)
        s.is_valid(raise_exception=True)
        user, token = services.user_signup(**s.validated_data)
        return Response(_token_result(user, token), status=status.HTTP_201_CREATED)


class TokenView(APIView):
    authentication_classes: list[type] = []
    throttle_classes = [AddressThrottle]
    throttle_scope = "login"

    @extend_schema(
        operation_id="auth_token",
        summary="Log in: get a new API token for the account",
        description="Each log-in issues a token of its own; list and revoke them at "
        "`/api/auth/tokens/`.",
        request=LoginInput,
        responses={200: TokenResult, **_errors(400, 401, 413, 415), 429: THROTTLED},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        s = LoginInput(data=request.data)
        s.is_valid(raise_exception=True)
        user, token = services.token_obtain(**s.validated_data)
        return Response(_token_result(user, token))


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


def _current_key(request: Request) -> str | None:
    return getattr(request.auth, "token_key", None)


class TokenListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_tokens_list",
        summary="The account's API tokens",
        responses={200: TokenInfo(many=True), **_errors(401, 403)},
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        current = _current_key(request)
        return Response(
            [
                {
                    "key": t.token_key,
                    "created": t.created,
                    "expiry": t.expiry,
                    "current": t.token_key == current,
                }
                for t in services.tokens_of(request.user)
            ]
        )


class TokenRevokeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_tokens_revoke",
        summary="Revoke one of the account's API tokens (log out, when it is the current one)",
        responses={204: None, **_errors(401, 403, 404)},
        tags=["auth"],
    )
    def delete(self, request: Request, key: str) -> Response:
        services.token_revoke(user=request.user, key=key)
        return Response(status=status.HTTP_204_NO_CONTENT)


# Notification preferences and unsubscribing -------------------------------------------------------


class LanguageField(serializers.ChoiceField):
    """`en`, `pl` or null; another string is refused on its merits (422 `bad_language`), not as
    malformed, and changes nothing."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=LANGUAGES, allow_null=True, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        return notify.language_checked(data)

    def to_representation(self, value: Any) -> str | None:
        return str(value) if value else None


class MailPreferences(JSONInput):
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
    language = LanguageField(
        required=False,
        help_text="The language of your mails, of card names in the API's views, events and "
        "catalog, and of the web client: `en` or `pl` (Polish card names from the Polish "
        "edition). null: none chosen (the API follows Accept-Language; mails are in English). "
        "Another value: 422 `bad_language`, and nothing changes.",
    )


class UnsubscribeInput(JSONInput):
    token = serializers.CharField(max_length=500, help_text="The token of an unsubscribe link.")


def _prefs_out(prefs: Any) -> dict[str, Any]:
    switches = {k: getattr(prefs, k) for k in PREFERENCE_FIELDS}
    return {"address": prefs.address, **switches, "language": prefs.language or None}


PREFERENCE_FIELDS = ("your_turn", "reminder", "final", "digest", "unsubscribed")


def _address(request: Request) -> str:
    """The address whose preferences the caller manages: the seat's (seat token) or the
    account's."""
    if isinstance(request.auth, Seat):
        if request.auth.user_id is not None:
            raise Forbidden(
                "This seat belongs to an account: manage its mail with the account's token.",
                codes.SEAT_TOKEN_SCOPE,
            )
        address = seat_address(request.auth)
    elif request.user.is_authenticated:
        address = str(request.user.email or "")
    else:
        raise NotAuthenticated()
    if not address:
        raise Conflict("No e-mail address is known for you.", codes.NO_ADDRESS)
    return address


class NotificationPreferencesView(APIView):
    """The e-mail notifications of the caller's address (an account, or the seat token of an
    invited seat without an account)."""

    seat_tokens = True

    @extend_schema(
        operation_id="notifications_get",
        summary="Your e-mail notification preferences",
        responses={200: MailPreferences, **_errors(401, 403, 409)},
        tags=["notifications"],
    )
    def get(self, request: Request) -> Response:
        return Response(_prefs_out(notify.preferences_get(_address(request))))

    @extend_schema(
        operation_id="notifications_update",
        summary="Change your e-mail notification preferences",
        request=MailPreferences,
        responses={200: MailPreferences, **_errors(400, 401, 403, 409, 413, 415, 422)},
        tags=["notifications"],
    )
    def patch(self, request: Request) -> Response:
        address = _address(request)
        s = MailPreferences(data=request.data, partial=True)
        s.is_valid(raise_exception=True)
        prefs = notify.preferences_update(address, **s.validated_data)
        return Response(_prefs_out(prefs))


class UnsubscribeView(APIView):
    authentication_classes: list[type] = []

    @extend_schema(
        operation_id="notifications_unsubscribe",
        summary="Unsubscribe an address from all game mail, with the token of its link",
        request=UnsubscribeInput,
        responses={200: MailPreferences, **_errors(400, 413, 415, 422)},
        tags=["notifications"],
    )
    def post(self, request: Request) -> Response:
        s = UnsubscribeInput(data=request.data)
        s.is_valid(raise_exception=True)
        address = texts.unsubscribe_address(s.validated_data["token"])
        if address is None:
            raise Refused("This unsubscribe link is not genuine.", codes.BAD_TOKEN)
        return Response(_prefs_out(notify.unsubscribe(address)))


PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
</head><body><h1>{title}</h1><p>{text}</p>{form}</body></html>"""


def _page(title: str, text: str, form: str = "", status: int = 200) -> HttpResponse:
    """The unsubscribe page in the active language (`text` and `form` are HTML already)."""
    language = translation.get_language() or "en"
    html = PAGE.format(lang=language, title=escape(title), text=text, form=form)
    response = HttpResponse(html, status=status)
    response["Content-Language"] = language
    return response


@csrf_exempt
def unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    """The link in every mail: a page for people. GET asks (link checkers and previews must not
    unsubscribe anyone); POST (the button, or a mail client's one-click List-Unsubscribe-Post)
    does it. Other methods get the JSON error every API answers (the API's own way to unsubscribe
    is `POST /api/notifications/unsubscribe/`). The page speaks the address's language (the one
    its mails are in), else the request's."""
    if request.method not in ("GET", "HEAD", "POST"):
        response = JsonResponse(
            {"code": "method_not_allowed", "detail": f"Method {request.method} not allowed."},
            status=405,
        )
        response["Allow"] = "GET, HEAD, POST"
        return response
    address = texts.unsubscribe_address(token)
    if address is None:
        return _page(_("Unknown link"), escape(_("This unsubscribe link is not genuine.")), "", 400)
    chosen = notify.preferences_get(address).language
    with translation.override(chosen or translation.get_language()):
        if request.method == "POST":
            notify.unsubscribe(address)
            text = _("%(address)s will get no more mail about games.")
            return _page(_("Unsubscribed"), escape(text) % {"address": escape(address)})
        button = escape(_("Unsubscribe"))
        form = f'<form method="post"><button type="submit">{button}</button></form>'
        text = _("Stop all mail about Glory to Rome games to %(address)s?")
        return _page(_("Unsubscribe"), escape(text) % {"address": escape(address)}, form)
