"""One error shape for every response: `{"code": str, "detail": str}` (plus `fields` for
validation errors), with the status that fits. `exception_handler` is DRF's EXCEPTION_HANDLER;
the `handler*` views answer errors raised outside DRF (unknown URLs, CSRF, server errors)."""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response

import engine
from games.errors import ServiceError
from games.models import AppendOnlyError

log = logging.getLogger(__name__)

ENGINE_STATUS = {
    engine.MalformedAction: status.HTTP_400_BAD_REQUEST,
    engine.SetupError: status.HTTP_400_BAD_REQUEST,
    engine.IllegalAction: status.HTTP_422_UNPROCESSABLE_ENTITY,
}

DRF_CODES = {
    exceptions.ParseError: "malformed_json",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


def _flatten(detail: Any) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{k}: {_flatten(v)}" for k, v in detail.items())
    if isinstance(detail, list):
        return " ".join(_flatten(v) for v in detail)
    return str(detail)


def error_body(code: str, detail: str, **extra: Any) -> dict[str, Any]:
    return {"code": code, "detail": detail, **extra}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    headers: dict[str, str] = {}
    if isinstance(exc, engine.EngineError):
        status_code = next((s for c, s in ENGINE_STATUS.items() if isinstance(exc, c)), 400)
        body = error_body(exc.code, exc.message)
    elif isinstance(exc, ServiceError):
        status_code, body = exc.status, error_body(exc.code, exc.detail)
    elif isinstance(exc, exceptions.ValidationError):
        status_code = status.HTTP_400_BAD_REQUEST
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        body = error_body("invalid", _flatten(exc.detail), fields=fields)
    elif isinstance(exc, exceptions.APIException):
        status_code = exc.status_code
        code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), None)
        body = error_body(code or str(exc.default_code), _flatten(exc.detail))
        if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
            authenticate_header = context["view"].get_authenticate_header(context["request"])
            if authenticate_header:
                headers["WWW-Authenticate"] = authenticate_header
            else:
                status_code = status.HTTP_401_UNAUTHORIZED
        if getattr(exc, "wait", None):
            headers["Retry-After"] = str(int(exc.wait))  # type: ignore[attr-defined]
    elif isinstance(exc, Http404):
        status_code, body = 404, error_body("not_found", "Not found.")
    elif isinstance(exc, RequestDataTooBig):
        status_code, body = 413, error_body("too_large", "The request body is too large.")
    elif isinstance(exc, PermissionDenied):
        status_code, body = 403, error_body("forbidden", "You may not do this.")
    elif isinstance(exc, SuspiciousOperation):
        status_code, body = 400, error_body("bad_request", "The request was refused.")
    elif isinstance(exc, AppendOnlyError):
        status_code, body = 409, error_body("append_only", str(exc))
    elif isinstance(exc, OperationalError | InterfaceError):
        # The database is down or overloaded (nothing was written: every write is one
        # transaction). Transient: say so, and when to try again.
        log.error("Database unavailable: %s", exc, exc_info=exc)
        status_code = status.HTTP_503_SERVICE_UNAVAILABLE
        body = error_body("unavailable", "The database is unavailable; try again shortly.")
        headers["Retry-After"] = "5"
    else:
        return None  # a bug: Django's handler500 answers (below) and logs it
    return Response(body, status=status_code, headers=headers)


def _json(code: str, detail: str, status_code: int) -> JsonResponse:
    return JsonResponse(error_body(code, detail), status=status_code)


def handler400(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    if isinstance(exception, RequestDataTooBig):
        return _json("too_large", "The request body is too large.", 413)
    return _json("bad_request", "The request was refused.", 400)


def handler403(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return _json("forbidden", "You may not do this.", 403)


def handler404(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return _json("not_found", "Not found.", 404)


def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """The catch-all URL: any method on an unknown path."""
    return handler404(request)


def handler500(request: HttpRequest) -> JsonResponse:
    return _json("server_error", "Something went wrong on our side.", 500)


def csrf_failure(request: HttpRequest, reason: str = "") -> JsonResponse:
    return _json("csrf_failed", f"CSRF check failed: {reason}", 403)
