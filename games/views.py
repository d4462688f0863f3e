"""HTTP adapters for games: thin views over services and selectors."""

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine


class CardCatalogView(APIView):
    """The order cards of a version: name, material, role, value, copies, function."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="cards_list",
        parameters=[OpenApiParameter("version", str, enum=["republic", "imperium"])],
        responses=inline_serializer(
            "CardType",
            fields={
                "name": serializers.CharField(),
                "material": serializers.CharField(),
                "role": serializers.CharField(),
                "value": serializers.IntegerField(),
                "copies": serializers.IntegerField(),
                "function": serializers.CharField(),
            },
            many=True,
        ),
    )
    def get(self, request: Request) -> Response:
        version = request.query_params.get("version", "republic")
        if version not in ("republic", "imperium"):
            version = "republic"
        return Response(engine.catalog(version))
