"""The e-mail side's endpoints: an address's preferences, and unsubscribing.

One can unsubscribe over the API or on the one-click page every mail links to.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import codes
from games.api.base import body, errors
from games.api.inputs import JSONInput
from games.errors import Conflict, Forbidden, Refused
from games.models import Seat
from games.words.cardnames import LANGUAGES
from players.mail import preferences, texts
from players.mail.texts import seat_address


class LanguageField(serializers.ChoiceField):
    """`en`, `pl` or null; another string is refused on its merits (422 `bad_language`), not as
    malformed, and changes nothing."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=LANGUAGES, allow_null=True, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        return preferences.language_checked(data)

    # null for no language, as DRF's own ChoiceField answers for None. Its stubs say str.
    def to_representation(self, value: Any) -> str | None:  # type: ignore[override]
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
    """Returns the address whose preferences the caller manages.

    That is the seat's, with a seat token, or else the account's.
    """
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
        responses={200: MailPreferences, **errors(401, 403, 409, described=False)},
        tags=["notifications"],
    )
    def get(self, request: Request) -> Response:
        return Response(_prefs_out(preferences.preferences_get(_address(request))))

    @extend_schema(
        operation_id="notifications_update",
        summary="Change your e-mail notification preferences",
        request=MailPreferences,
        responses={
            200: MailPreferences,
            **errors(400, 401, 403, 409, 413, 415, 422, described=False),
        },
        tags=["notifications"],
    )
    def patch(self, request: Request) -> Response:
        address = _address(request)
        s = MailPreferences(data=request.data, partial=True)
        s.is_valid(raise_exception=True)
        prefs = preferences.preferences_update(address, **s.validated_data)
        return Response(_prefs_out(prefs))


class UnsubscribeView(APIView):
    authentication_classes: list[type] = []

    @extend_schema(
        operation_id="notifications_unsubscribe",
        summary="Unsubscribe an address from all game mail, with the token of its link",
        request=UnsubscribeInput,
        responses={200: MailPreferences, **errors(400, 413, 415, 422, described=False)},
        tags=["notifications"],
    )
    def post(self, request: Request) -> Response:
        data = body(UnsubscribeInput, request)
        address = texts.unsubscribe_address(data["token"])
        if address is None:
            raise Refused("This unsubscribe link is not genuine.", codes.BAD_TOKEN)
        return Response(_prefs_out(preferences.unsubscribe(address)))


PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
</head><body><h1>{title}</h1><p>{text}</p>{form}</body></html>"""


def _page(title: str, text: str, form: str = "", status: int = 200) -> HttpResponse:
    """Returns the unsubscribe page in the active language.

    `text` and `form` are HTML already.
    """
    language = translation.get_language() or "en"
    html = PAGE.format(lang=language, title=escape(title), text=text, form=form)
    response = HttpResponse(html, status=status)
    response["Content-Language"] = language
    return response


@csrf_exempt
def unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    """The unsubscribe link in every mail: a page for people.

    GET only asks, because link checkers and previews must not unsubscribe anyone. POST
    unsubscribes. It comes from the button, or from a mail client's one-click
    List-Unsubscribe-Post. Other methods get the JSON error every API answers. The API's own way
    to unsubscribe is `POST /api/notifications/unsubscribe/`.

    The page speaks the address's language, the one its mails are in. Else it speaks the
    request's.
    """
    if request.method not in ("GET", "HEAD", "POST"):
        response = JsonResponse(
            {"code": "method_not_allowed", "detail": f"Method {request.method} not allowed."},
            status=405,
        )
        response["Allow"] = "GET, HEAD, POST"
        return response
    address = texts.unsubscribe_address(token)
    if address is None:
        if "text/html" not in request.headers.get("Accept", ""):  # a program: the API's answer
            detail = "This unsubscribe link is not genuine."
            return JsonResponse({"code": codes.BAD_TOKEN, "detail": detail}, status=422)
        return _page(_("Unknown link"), escape(_("This unsubscribe link is not genuine.")), "", 422)
    chosen = preferences.preferences_get(address).language
    with translation.override(chosen or translation.get_language()):
        if request.method == "POST":
            preferences.unsubscribe(address)
            text = _("%(address)s will get no more mail about games.")
            return _page(_("Unsubscribed"), escape(text) % {"address": escape(address)})
        button = escape(_("Unsubscribe"))
        form = f'<form method="post"><button type="submit">{button}</button></form>'
        text = _("Stop all mail about Glory to Rome games to %(address)s?")
        return _page(_("Unsubscribe"), escape(text) % {"address": escape(address)}, form)
