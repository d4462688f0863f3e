"""Query parameters: a parameter an endpoint does not know is refused (400 `unknown_parameter`)
rather than ignored, so a misspelt filter (`?your_trun=true`) never answers with everything."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import codes
from .errors import BadRequest


def check_params(params: Mapping[str, Any], allowed: Iterable[str]) -> None:
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise BadRequest(
            f"Unknown query parameter(s): {', '.join(unknown)}. "
            f"Known here: {', '.join(sorted(allowed)) or 'none'}.",
            codes.UNKNOWN_PARAMETER,
        )
