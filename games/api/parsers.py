"""A JSON parser that refuses oversized bodies (413) before reading them whole.

DRF reads the request stream directly, so Django's DATA_UPLOAD_MAX_MEMORY_SIZE does not guard
it. This parser does, with the same setting."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.errors import PayloadTooLarge


class LimitedJSONParser(JSONParser):
    def parse(
        self,
        stream: IO[bytes],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and str(declared).isdigit() and int(declared) > limit:
            raise PayloadTooLarge(f"The request body is larger than {limit} bytes.")
        data = stream.read(limit + 1)
        if len(data) > limit:
            raise PayloadTooLarge(f"The request body is larger than {limit} bytes.")

        try:
            return super().parse(io.BytesIO(data), media_type, parser_context)
        except RecursionError as exc:  # "[[[[..." deeper than the JSON decoder recurses
            raise ParseError("JSON parse error - nested too deeply.") from exc
