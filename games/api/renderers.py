"""The API's JSON renderer: DRF's output, written by orjson.

A game's view late in a game is about 50 KB of JSON (every card with its facts, every legal move
with its label); DRF's renderer, the standard library's encoder with DRF's `default`, spends more
time writing it than the rest of the view's work after the database (docs/benchmarks.md). orjson
writes the same bytes about fifteen times faster. What orjson would write differently goes to
DRF's own encoder: dates and times (DRF's format: milliseconds, "Z"), lazy strings, decimals; and
anything orjson refuses (an integer past 64 bits, a key of another type) is rendered by DRF as
before. A client asking for indented JSON (`Accept: application/json; indent=2`) gets DRF's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from rest_framework import renderers

OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS


class JSONRenderer(renderers.JSONRenderer):
    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None or self.get_indent(accepted_media_type or "", renderer_context or {}):
            return self._drf(data, accepted_media_type, renderer_context)
        try:
            out = orjson.dumps(data, default=self.encoder_class().default, option=OPTIONS)
        except (orjson.JSONEncodeError, TypeError):
            return self._drf(data, accepted_media_type, renderer_context)
        # As DRF does: U+2028 and U+2029 are valid JSON but end a line in JavaScript.
        return out.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")

    def _drf(
        self, data: Any, accepted_media_type: str | None, renderer_context: Mapping[str, Any] | None
    ) -> bytes:
        """DRF's own rendering (bytes, though its stubs say Any)."""
        rendered: bytes = super().render(data, accepted_media_type, renderer_context)
        return rendered
