"""HTTP adapters for accounts: sign up, obtain an API token, who am I."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.serializers import Error

from . import services


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
