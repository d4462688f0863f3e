"""Webhooks (docs/events.md): an account's HTTPS URLs that receive its feed events (of all its
games, or of one), signed, delivered by Celery with retries and backoff, and switched off after
GTR_WEBHOOK_DISABLE_AFTER failures in a row, with the last error kept for the owner to read.

Every delivery is one POST of the event's JSON with the headers

    GTR-Event: your_turn
    GTR-Delivery: 1234                      (the same on each retry of one delivery)
    GTR-Signature: t=1700000000,v1=<hex>    HMAC-SHA256(secret, "<t>.<body>")

A receiver recomputes the signature with its hook's secret and refuses a `t` more than five
minutes away from its clock (a replayed request). Requests go only to public addresses: the host
is resolved and every address checked (loopback, private, link-local, multicast, reserved and
unspecified addresses are refused), and the connection goes to an address that was checked (no
second resolution a DNS rebinding could change). GTR_WEBHOOKS_ALLOW_PRIVATE lifts this, and the
https requirement, for tests.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import json
import logging
import secrets
import socket
import ssl
import time
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import codes
from games.errors import Forbidden, NotFound, Refused
from games.events.story import account_rendered
from games.models import Game, Seat, Webhook, WebhookDelivery

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120  # an attempt under way holds its delivery this long at most
MAX_BACKOFF_SECONDS = 3600
MAX_WEBHOOKS = 20  # per account


class UrlRefused(Exception):
    """The URL may not be called (scheme, host, address)."""


# The owner's API ---------------------------------------------------------------------------------


def webhook_create(*, user: Any, url: str, game_id: int | None = None) -> Webhook:
    """A new hook, active, with a fresh secret (shown once, in the answer to its creation)."""
    try:
        check_url(url)
    except UrlRefused as exc:
        raise Refused(str(exc), codes.BAD_WEBHOOK_URL) from exc
    game = None
    if game_id is not None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise NotFound("No such game.")
        if not Seat.objects.filter(game=game, user=user).exists():
            raise Forbidden("You have no seat at this game.", codes.NOT_A_PLAYER)
    if Webhook.objects.filter(user=user).count() >= MAX_WEBHOOKS:
        raise Refused(f"An account has at most {MAX_WEBHOOKS} webhooks.", codes.TOO_MANY_WEBHOOKS)
    return Webhook.objects.create(user=user, game=game, url=url, secret=secrets.token_hex(32))


def webhook_get(*, user: Any, hook_id: int) -> Webhook:
    hook = Webhook.objects.filter(pk=hook_id, user=user).first()
    if hook is None:
        raise NotFound("No such webhook.")
    return hook


def webhook_update(*, user: Any, hook_id: int, active: bool) -> Webhook:
    """Switch a hook on (its failure count starts again) or off."""
    hook = webhook_get(user=user, hook_id=hook_id)
    hook.active = active
    if active:
        hook.failures, hook.disabled = 0, None
    hook.save(update_fields=["active", "failures", "disabled"])
    if not active:
        _skip_pending(hook)
    return hook


def webhook_delete(*, user: Any, hook_id: int) -> None:
    webhook_get(user=user, hook_id=hook_id).delete()


def _skip_pending(hook: Webhook) -> None:
    hook.deliveries.filter(status=WebhookDelivery.Status.PENDING).update(
        status=WebhookDelivery.Status.SKIPPED, finished=timezone.now()
    )


# Addresses ---------------------------------------------------------------------------------------


def check_url(url: str) -> tuple[str, str, int, list[str]]:
    """(scheme, host, port, the addresses to connect to) for a URL a webhook may call; raises
    UrlRefused otherwise."""
    allow_private = settings.GTR_WEBHOOKS_ALLOW_PRIVATE
    schemes = ("https", "http") if allow_private else ("https",)
    try:
        URLValidator(schemes=["https", "http"])(url)
    except ValidationError as exc:
        raise UrlRefused("That is not a valid URL.") from exc
    parts = urlsplit(url)
    if parts.scheme not in schemes:
        raise UrlRefused("A webhook URL must use https.")
    if not parts.hostname or parts.username or parts.password:
        raise UrlRefused("A webhook URL names a host, and no user or password.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise UrlRefused("The URL's port is not a number.") from exc
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise UrlRefused(f"The host {parts.hostname} cannot be resolved.") from exc
    addresses = sorted({str(info[4][0]) for info in found})
    if not allow_private:
        for address in addresses:
            if not is_public(address):
                raise UrlRefused(f"{parts.hostname} resolves to {address}, which is not public.")
    return parts.scheme, parts.hostname, port, addresses


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to an address already checked, with the certificate checked for the host name."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


class PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


# Delivery ----------------------------------------------------------------------------------------


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def post(hook: Webhook, delivery_id: int, event: dict[str, Any]) -> int:
    """One attempt: the HTTP status (raises UrlRefused or OSError when no answer came)."""
    scheme, host, port, addresses = check_url(hook.url)
    parts = urlsplit(hook.url)
    body = json.dumps(event, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "gtr-webhooks/1",
        "GTR-Event": str(event["type"]),
        "GTR-Delivery": str(delivery_id),
        "GTR-Signature": signature(hook.secret, int(time.time()), body),
    }
    kind = PinnedHTTPSConnection if scheme == "https" else PinnedHTTPConnection
    conn = kind(host, addresses[0], port, settings.GTR_WEBHOOK_TIMEOUT_SECONDS)
    try:
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        conn.request("POST", path, body=body, headers=headers)
        response = conn.getresponse()
        response.read(64 * 1024)
        return int(response.status)
    finally:
        conn.close()


def delivery_attempt(delivery_id: int) -> str:
    """Attempt one delivery if it is due and no other attempt holds it; record the outcome and
    schedule the retry. Returns what happened ("delivered", "retry", "failed", "skipped",
    "not_due")."""
    now = timezone.now()
    claimed = (
        WebhookDelivery.objects.filter(
            pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_attempt__lte=now
        )
        .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
        .update(claimed_until=now + timedelta(seconds=CLAIM_SECONDS))
    )
    if not claimed:
        return "not_due"
    delivery = WebhookDelivery.objects.select_related("hook", "event").get(pk=delivery_id)
    hook = delivery.hook
    if not hook.active:
        _finish(delivery, WebhookDelivery.Status.SKIPPED, "")
        return "skipped"
    try:
        status = post(hook, delivery.pk, account_rendered(delivery.event))
        error = "" if 200 <= status < 300 else f"HTTP {status}"
    except UrlRefused as exc:
        status, error = None, f"refused: {exc}"
    except (OSError, http.client.HTTPException) as exc:
        status, error = None, f"{type(exc).__name__}: {exc}"
    delivery.response_status = status
    delivery.attempts += 1
    if not error:
        _finish(delivery, WebhookDelivery.Status.DELIVERED, "")
        Webhook.objects.filter(pk=hook.pk).update(failures=0, last_success=timezone.now())
        return "delivered"
    return _failed(delivery, hook, error)


def _finish(delivery: WebhookDelivery, status: str, error: str) -> None:
    delivery.status, delivery.last_error = status, error
    delivery.finished, delivery.claimed_until = timezone.now(), None
    delivery.save()


def _failed(delivery: WebhookDelivery, hook: Webhook, error: str) -> str:
    now = timezone.now()
    with transaction.atomic():
        hook = Webhook.objects.select_for_update().get(pk=hook.pk)
        hook.failures += 1
        hook.last_error, hook.last_failure = error[:2000], now
        if hook.failures >= settings.GTR_WEBHOOK_DISABLE_AFTER and hook.active:
            hook.active, hook.disabled = False, now
            log.warning("webhook %s disabled after %s failures: %s", hook.pk, hook.failures, error)
        hook.save()
        if not hook.active:
            _finish(delivery, WebhookDelivery.Status.FAILED, error)
            _skip_pending(hook)
            return "failed"
        if delivery.attempts >= settings.GTR_WEBHOOK_ATTEMPTS:
            _finish(delivery, WebhookDelivery.Status.FAILED, error)
            return "failed"
        delay = backoff(delivery.attempts)
        delivery.last_error, delivery.claimed_until = error[:2000], None
        delivery.next_attempt = now + timedelta(seconds=delay)
        delivery.save()
    transaction.on_commit(lambda: _schedule(delivery.pk, delay))
    return "retry"


def backoff(attempts: int) -> float:
    """Seconds before the next attempt: the first retry after GTR_WEBHOOK_RETRY_SECONDS, then
    three times longer each time, at most an hour."""
    return float(min(settings.GTR_WEBHOOK_RETRY_SECONDS * 3 ** (attempts - 1), MAX_BACKOFF_SECONDS))


def deliver_task(delivery_id: int) -> Any:
    """The delivery's task (games.tasks.deliver_webhook), named rather than imported: the tasks
    are an adapter on top of this module."""
    return current_app.signature("games.tasks.deliver_webhook", args=(delivery_id,))


def _schedule(delivery_id: int, delay: float) -> None:
    """A retry's task, unless it would be held past the deadline horizon (the sweep sends it)
    or tasks run in-process (tests: the sweep, or the test, attempts again)."""
    if current_app.conf.task_always_eager or delay > settings.GTR_DEADLINE_HORIZON_SECONDS:
        return
    deliver_task(delivery_id).apply_async(countdown=delay)


def deliveries_schedule(ids: list[int]) -> None:
    """After the commit that created them: one task per delivery."""
    for delivery_id in ids:
        try:
            deliver_task(delivery_id).delay()
        except Exception:  # the broker is down: the sweep sends it later
            log.exception("could not queue webhook delivery %s", delivery_id)


def deliveries_due(now: Any = None) -> list[int]:
    """Pending deliveries due for longer than GTR_SWEEP_GRACE_SECONDS (their task is late or
    was lost) and not held by an attempt."""
    now = now or timezone.now()
    late = now - timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS)
    due = WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt__lte=late
    ).filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
    return list(due.order_by("next_attempt").values_list("pk", flat=True)[:1000])


def webhooks_sweep() -> int:
    """Queue every delivery that is due (beat runs this: retries held back past the horizon,
    tasks lost with a broker or a worker)."""
    due = deliveries_due()
    for delivery_id in due:
        deliver_task(delivery_id).delay()
    return len(due)
