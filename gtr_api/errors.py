"""One error shape for every response, with the status that fits.

The shape is `{"code": str, "detail": str}`, plus `fields` for validation errors.

`exception_handler` is DRF's EXCEPTION_HANDLER. It answers three kinds of error:

- Errors raised on purpose, by the engine or the service (`engine.errors.GameError`). Their
  status comes from `games.errors.status_of`.
- DRF's own, with their status and a code of games.codes.
- Django's, as the service error they amount to. These are 404, too large, permission,
  suspicious, and the database unreachable.

The `handler*` views answer errors raised outside DRF: unknown URLs, CSRF, server errors.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.decorators import sync_and_async_middleware
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response

from engine.errors import GameError
from games import codes
from games.api.auth import SeatTokenScopeError, SeatTokenWrongGame
from games.errors import (
    BadRequest,
    Forbidden,
    NotAuthenticated,
    NotFound,
    PayloadTooLarge,
    TooFast,
    Unavailable,
    status_of,
)

log = logging.getLogger(__name__)

DRF_CODES = {  # The first class that matches an exception names its code.
    SeatTokenWrongGame: codes.WRONG_GAME,
    SeatTokenScopeError: codes.SEAT_TOKEN_SCOPE,
    exceptions.ValidationError: codes.INVALID,
    exceptions.ParseError: codes.MALFORMED_JSON,
    exceptions.AuthenticationFailed: codes.AUTHENTICATION_FAILED,
    exceptions.NotAuthenticated: codes.NOT_AUTHENTICATED,
    exceptions.PermissionDenied: codes.FORBIDDEN,
    exceptions.NotFound: codes.NOT_FOUND,
    exceptions.MethodNotAllowed: codes.METHOD_NOT_ALLOWED,
    exceptions.NotAcceptable: codes.NOT_ACCEPTABLE,
    exceptions.UnsupportedMediaType: codes.UNSUPPORTED_MEDIA_TYPE,
    exceptions.Throttled: codes.THROTTLED,
}


def _from_django(exc: Exception) -> GameError | None:
    """Returns the service error a Django exception amounts to.

    Returns None for an exception we do not expect: a bug.
    """
    if isinstance(exc, Http404):
        return NotFound("Not found.")
    if isinstance(exc, RequestDataTooBig):
        return PayloadTooLarge("The request body is too large.")
    if isinstance(exc, PermissionDenied):
        return Forbidden("You may not do this.")
    if isinstance(exc, SuspiciousOperation):
        return BadRequest("The request was refused.")
    if isinstance(exc, OperationalError | InterfaceError):
        # The database is down or overloaded. Nothing was written, since every write is one
        # transaction. It is transient, so the client is told when to try again.
        log.error("Database unavailable: %s", exc, exc_info=exc)
        return Unavailable("The database is unavailable; try again shortly.")
    return None


def error_body(code: str, detail: str, **extra: Any) -> dict[str, Any]:
    return {"code": code, "detail": detail, **extra}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, exceptions.APIException):
        return _drf_response(exc, context)
    error = exc if isinstance(exc, GameError) else _from_django(exc)
    if error is None:
        return None  # A bug. Django's handler500 answers (below) and logs it.
    headers: dict[str, str] = {}
    if isinstance(error, Unavailable):
        headers["Retry-After"] = str(Unavailable.retry_after)
    if isinstance(error, TooFast):  # a chat flood: when the next line may be said
        headers["Retry-After"] = str(error.retry_after)
    if isinstance(error, NotAuthenticated):
        headers.update(_authenticate_header(context))
    body = error_body(error.code, error.detail, **getattr(error, "extra", {}))
    return Response(body, status=status_of(error), headers=headers)


def _authenticate_header(context: dict[str, Any]) -> dict[str, str]:
    """Returns how to authenticate, as DRF says it for a 401.

    DRF names the view's first authentication scheme.
    """
    view = context.get("view")
    header = view.get_authenticate_header(context.get("request")) if view is not None else None
    return {"WWW-Authenticate": header} if header else {}


def _drf_response(exc: exceptions.APIException, context: dict[str, Any]) -> Response:
    code = next((c for kind, c in DRF_CODES.items() if isinstance(exc, kind)), None)
    body = error_body(code or codes.SERVER_ERROR, _flatten(exc.detail))
    if isinstance(exc, exceptions.ValidationError):
        body["fields"] = (
            exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        )
    headers: dict[str, str] = {}
    status_code = exc.status_code
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        headers.update(_authenticate_header(context))
        status_code = 401
    wait = getattr(exc, "wait", None)  # Throttled has it.
    if wait:
        headers["Retry-After"] = str(int(wait))
    return Response(body, status=status_code, headers=headers)


def _flatten(detail: Any) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{k}: {_flatten(v)}" for k, v in detail.items())
    if isinstance(detail, list):
        return " ".join(_flatten(v) for v in detail)
    return str(detail)


@sync_and_async_middleware
def error_bodies(get_response: Any) -> Any:
    """Middleware: a 405 answered with no body (Django's own views, the admin's) gets the JSON
    error every other answer has. Its Allow header stays.

    Both sync and async, so a long poll or a stream holds no thread for it (gtr_api.asgi).
    """
    if iscoroutinefunction(get_response):

        async def async_middleware(request: HttpRequest) -> HttpResponse:
            return with_body(request, await get_response(request))

        return async_middleware

    def middleware(request: HttpRequest) -> HttpResponse:
        return with_body(request, get_response(request))

    return middleware


def with_body(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The response, or for a 405 without a body the JSON error."""
    if (
        response.status_code != 405
        or request.method == "HEAD"
        or response.streaming
        or response.content
    ):
        return response
    allowed = response.get("Allow", "")
    detail = f"Method {request.method} not allowed." + (f" Allowed: {allowed}." if allowed else "")
    replaced = JsonResponse(error_body(codes.METHOD_NOT_ALLOWED, detail), status=405)
    if allowed:
        replaced["Allow"] = allowed
    return replaced


def _json(error: GameError) -> JsonResponse:
    return JsonResponse(error_body(error.code, error.detail), status=status_of(error))


def handler400(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    if isinstance(exception, RequestDataTooBig):
        return _json(PayloadTooLarge("The request body is too large."))
    return _json(BadRequest("The request was refused."))


def handler403(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return _json(Forbidden("You may not do this."))


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Answers in JSON, or with a page for a browser outside /api/."""
    if not request.path.startswith("/api/") and "text/html" in request.headers.get("Accept", ""):
        return render(request, "web/404.html", status=404)
    return _json(NotFound("Not found."))


@csrf_exempt  # Nothing to protect. A POST to an unknown URL is a 404, not a CSRF failure.
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Answers any method on an unknown path: the catch-all URL."""
    return handler404(request)


def handler500(request: HttpRequest) -> HttpResponse:
    """Answers in JSON, or with the site's own page for a browser outside /api/ (web/500.html:
    no context, no database, nothing that could fail again)."""
    if not request.path.startswith("/api/") and "text/html" in request.headers.get("Accept", ""):
        return render(request, "web/500.html", status=500)
    body = error_body(codes.SERVER_ERROR, "Something went wrong on our side.")
    return JsonResponse(body, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> JsonResponse:
    return _json(Forbidden(f"CSRF check failed: {reason}", codes.CSRF_FAILED))
