"""`Idempotency-Key` on POSTs: a retry with the same key changes nothing.

The retry gets the first response again. The key is reserved before the operation runs. So two
concurrent requests with one key cannot both act. The second gets 409 `idempotency_in_progress`
until the first has answered. Keys belong to the caller, a user or a seat token. Anonymous
requests ignore them.

A reservation is a lease of GTR_IDEMPOTENCY_LEASE_SECONDS (60), far longer than any request runs.
A request's process may die before it answers (killed, out of memory). Without the lease, its key
would be held for ever. After the lease, a retry of the same request takes the key over and runs.
That is safe because the operations themselves refuse to act twice. A move, for one, names the
`seq` it was made at. So a first request that was only slow cannot make the change again. Only
the request that holds the lease stores its answer."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.request import Request
from rest_framework.response import Response

from games import codes
from games.errors import BadRequest, Conflict
from games.models import IdempotentResponse, Seat

from .renderers import JSONRenderer

log = logging.getLogger(__name__)
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
        record = _reserve(request, principal, key)
        if isinstance(record, Response):
            return record
        mine = IdempotentResponse.objects.filter(pk=record.pk, created=record.created)
        try:
            response = method(view, request, *args, **kwargs)
        except Exception as exc:
            try:
                response = view.handle_exception(exc)
            except Exception:
                mine.delete()  # A server error: let the client retry for real.
                raise
        if response.status_code >= 500:
            mine.delete()
        else:
            # Store it as rendered, so a replay is byte-identical.
            rendered = (
                JSONRenderer().render(response.data) if response.data is not None else b"null"
            )
            mine.update(status=response.status_code, body=json.loads(rendered))
        return response

    return wrapper


def _reserve(request: Request, principal: str, key: str) -> IdempotentResponse | Response:
    """Reserves `key` for this request.

    Returns the reservation, or the answer to give instead: a replay or a 409. A retry of the same
    request takes over a reservation whose lease has ended."""
    fingerprint = _fingerprint(request)
    for _ in range(3):  # The row may vanish between the insert and the read.
        try:
            with transaction.atomic():
                return IdempotentResponse.objects.create(
                    principal=principal,
                    key=key,
                    method=request.method or "",
                    path=request.path[:300],
                    fingerprint=fingerprint,
                    status=IN_PROGRESS,
                )
        except IntegrityError:
            existing = IdempotentResponse.objects.filter(principal=principal, key=key).first()
        if existing is None:
            continue
        if _lease_over(existing) and existing.fingerprint == fingerprint:
            now = timezone.now()
            taken = IdempotentResponse.objects.filter(
                pk=existing.pk, status=IN_PROGRESS, created=existing.created
            ).update(created=now)
            if taken:
                log.warning(
                    "Idempotency-Key %r of %s: the request holding it never answered; "
                    "a retry takes it over",
                    key,
                    principal,
                )
                existing.created = now
                return existing
        return _replay(existing, fingerprint)
    raise Conflict(
        "A request with this Idempotency-Key is in progress.", codes.IDEMPOTENCY_IN_PROGRESS
    )


def _lease_over(record: IdempotentResponse) -> bool:
    lease = timedelta(seconds=settings.GTR_IDEMPOTENCY_LEASE_SECONDS)
    return record.status == IN_PROGRESS and record.created + lease < timezone.now()
