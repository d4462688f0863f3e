"""HTTP adapters for accounts: sign up, log in for an API token, who am I, the account's tokens.

Signing up and logging in are throttled per client address, as every endpoint is throttled
(games.api.throttles). Over the rate the answer is 429 `throttled` with Retry-After. The e-mail
endpoints are in players.mail.views.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.base import account, body, errors
from games.api.inputs import JSONInput

from . import services


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
    token = serializers.CharField(
        help_text="Send as `Authorization: Bearer <token>` (or `Token <token>`); shown once."
    )
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


class SignupView(APIView):
    authentication_classes: list[type] = []
    throttle_scope = "signup"  # per address: no credentials here (games.api.throttles)

    @extend_schema(
        operation_id="auth_signup",
        summary="Create an account and get its API token",
        request=SignupInput,
        responses={
            201: TokenResult,
            **errors(400, 409, 413, 415, 422, described=False),
        },
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        data = body(SignupInput, request)
        user, token = services.user_signup(**data)
        return Response(_token_result(user, token), status=status.HTTP_201_CREATED)


class TokenView(APIView):
    authentication_classes: list[type] = []
    throttle_scope = "login"  # per address: no credentials here (games.api.throttles)

    @extend_schema(
        operation_id="auth_token",
        summary="Log in: get a new API token for the account",
        description="Each log-in issues a token of its own; list and revoke them at "
        "`/api/auth/tokens/`.",
        request=LoginInput,
        responses={200: TokenResult, **errors(400, 401, 413, 415, described=False)},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        data = body(LoginInput, request)
        user, token = services.token_obtain(**data)
        return Response(_token_result(user, token))


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_me",
        summary="The logged-in account",
        responses={200: Me, **errors(401, 403, described=False)},
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        user = account(request)
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
        responses={200: TokenInfo(many=True), **errors(401, 403, described=False)},
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
        responses={204: None, **errors(401, 403, 404, described=False)},
        tags=["auth"],
    )
    def delete(self, request: Request, key: str) -> Response:
        services.token_revoke(user=request.user, key=key)
        return Response(status=status.HTTP_204_NO_CONTENT)
