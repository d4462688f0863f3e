"""Query parameters and headers: a parameter an endpoint does not know is refused (400
`unknown_parameter`) rather than ignored, so a misspelt filter (`?your_trun=true`) never answers
with everything; where an event list or stream resumes (`last_event_id`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from games import codes
from games.errors import BadRequest

if TYPE_CHECKING:
    from django.http import HttpRequest


def check_params(params: Mapping[str, Any], allowed: Iterable[str]) -> None:
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise BadRequest(
            f"Unknown query parameter(s): {', '.join(unknown)}. "
            f"Known here: {', '.join(sorted(allowed)) or 'none'}.",
            codes.UNKNOWN_PARAMETER,
        )


def last_event_id(request: HttpRequest) -> int | None:
    """Where a stream resumes: after the `Last-Event-ID` header (what EventSource sends when it
    reconnects) or `?after=N`; None when neither is given (from what happens next)."""
    raw = request.headers.get("Last-Event-ID", request.GET.get("after"))
    if raw is None:
        return None
    if not raw.isdigit() or len(raw) > 10:
        raise BadRequest("Last-Event-ID and `after` are event numbers.", codes.BAD_LAST_EVENT_ID)
    return int(raw)
