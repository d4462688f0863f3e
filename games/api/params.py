"""Checks of query parameters and headers.

A parameter the endpoint does not know is refused with 400 `unknown_parameter`, not ignored. So
a misspelt filter (`?your_trun=true`) never answers with everything. `last_event_id` reads where
an event list or stream resumes."""

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
    """The event a stream resumes after.

    It is the `Last-Event-ID` header or `?after=N`. EventSource sends the header when it
    reconnects. None when neither is given: the stream starts with what happens next."""
    raw = request.headers.get("Last-Event-ID", request.GET.get("after"))
    if raw is None:
        return None
    if not raw.isdigit() or len(raw) > 10:
        raise BadRequest("Last-Event-ID and `after` are event numbers.", codes.BAD_LAST_EVENT_ID)
    return int(raw)
