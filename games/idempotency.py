"""`Idempotency-Key` on POSTs: a retry with the same key returns the first response and changes
nothing. The key is reserved before the operation runs, so two concurrent requests with one key
cannot both act: the second gets 409 `idempotency_in_progress` until the first has answered.
Keys belong to the caller (a user or a seat token); anonymous requests ignore them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db import IntegrityError, transaction
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from . import codes
from .errors import BadRequest, Conflict
from .models import IdempotentResponse, Seat

HEADER = "Idempotency-Key"
IN_PROGRESS = 0


def _principal(request: Request) -> str | None:
    if isinstance(request.auth, Seat):
        return f"seat:{request.auth.pk}"
    if request.user is not None and request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return None


def _fingerprint(request: Request) -> str:
    blob = json.dumps([request.method, request.path, request.data], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def _replay(record: IdempotentResponse, fingerprint: str) -> Response:
    if record.fingerprint != fingerprint:
        raise Conflict(
            "This Idempotency-Key was used for a different request.", codes.IDEMPOTENCY_KEY_REUSED
        )
    if record.status == IN_PROGRESS:
        raise Conflict(
            "A request with this Idempotency-Key is in progress.", codes.IDEMPOTENCY_IN_PROGRESS
        )
    return Response(record.body, status=record.status, headers={"Idempotent-Replayed": "true"})


def idempotent(method: Callable[..., Response]) -> Callable[..., Response]:
    @wraps(method)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        principal = _principal(request)
        if not key or principal is None:
            return method(view, request, *args, **kwargs)
        if len(key) > 200:
            raise BadRequest(
                "An Idempotency-Key has at most 200 characters.", codes.BAD_IDEMPOTENCY_KEY
            )
        fingerprint = _fingerprint(request)
        try:
            with transaction.atomic():
                record = IdempotentResponse.objects.create(
                    principal=principal,
                    key=key,
                    method=request.method or "",
                    path=request.path[:300],
                    fingerprint=fingerprint,
                    status=IN_PROGRESS,
                )
        except IntegrityError:
            existing = IdempotentResponse.objects.get(principal=principal, key=key)
            return _replay(existing, fingerprint)
        try:
            response = method(view, request, *args, **kwargs)
        except Exception as exc:
            try:
                response = view.handle_exception(exc)
            except Exception:
                record.delete()  # a server error: let the client retry for real
                raise
        if response.status_code >= 500:
            record.delete()
        else:
            # Stored as rendered, so a replay is byte-for-byte the same JSON.
            rendered = (
                JSONRenderer().render(response.data) if response.data is not None else b"null"
            )
            record.status, record.body = response.status_code, json.loads(rendered)
            record.save(update_fields=["status", "body"])
        return response

    return wrapper
