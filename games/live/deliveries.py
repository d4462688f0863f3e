"""Webhook deliveries (docs/events.md).

A Celery task attempts each delivery, and retries it with backoff.
Beat sweeps up deliveries whose task is late or lost.
A hook is switched off after GTR_WEBHOOK_DISABLE_AFTER failures in a row.
Its last error is kept for its owner to read.
"""

from __future__ import annotations

import http.client
import logging
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.events.feeds import account_rendered
from games.live.webhook_post import UrlRefused, post
from games.models import Webhook, WebhookDelivery

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120  # an attempt under way holds its delivery this long at most
MAX_BACKOFF_SECONDS = 3600


def skip_pending(hook: Webhook) -> None:
    """Skips the pending deliveries of a hook switched off."""
    hook.deliveries.filter(status=WebhookDelivery.Status.PENDING).update(
        status=WebhookDelivery.Status.SKIPPED, finished=timezone.now()
    )


def delivery_attempt(delivery_id: int) -> str:
    """Attempt one delivery, if it is due and no other attempt holds it.

    Records the outcome and schedules the retry.
    Returns "delivered", "retry", "failed", "skipped", "busy" (another attempt to the same URL
    is under way: this one waits its turn) or "not_due".
    """
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
    if not _hook_claimed(hook, now):
        return _wait_for_hook(delivery)
    try:
        status = post(hook, delivery.pk, account_rendered(delivery.event))
        error = "" if 200 <= status < 300 else f"HTTP {status}"
    except UrlRefused as exc:
        status, error = None, f"refused: {exc}"
    except (OSError, http.client.HTTPException) as exc:
        status, error = None, f"{type(exc).__name__}: {exc}"
    finally:
        Webhook.objects.filter(pk=hook.pk).update(busy_until=None)
    delivery.response_status = status
    delivery.attempts += 1
    if not error:
        _finish(delivery, WebhookDelivery.Status.DELIVERED, "")
        Webhook.objects.filter(pk=hook.pk).update(failures=0, last_success=timezone.now())
        return "delivered"
    return _failed(delivery, hook, error)


def _hook_claimed(hook: Webhook, now: datetime) -> bool:
    """Claims the hook for one attempt, unless another attempt to it is under way.

    So a URL that hangs holds one task slot at a time, whatever the number of its deliveries,
    and the slots left deliver to the other URLs at once.
    """
    free = Q(busy_until__isnull=True) | Q(busy_until__lt=now)
    busy_until = now + timedelta(seconds=CLAIM_SECONDS)
    return bool(Webhook.objects.filter(free, pk=hook.pk).update(busy_until=busy_until))


def _wait_for_hook(delivery: WebhookDelivery) -> str:
    """The hook is busy: the delivery is tried again once the attempt under way must be over."""
    delay = float(settings.GTR_WEBHOOK_TIMEOUT_SECONDS) + 1
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        claimed_until=None, next_attempt=timezone.now() + timedelta(seconds=delay)
    )
    _schedule(delivery.pk, delay)
    return "busy"


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
            skip_pending(hook)
            return "failed"
        if delivery.attempts >= settings.GTR_WEBHOOK_ATTEMPTS:
            _finish(delivery, WebhookDelivery.Status.FAILED, error)
            return "failed"
        delay = backoff(delivery.attempts)
        delivery.last_error, delivery.claimed_until = error[:2000], None
        delivery.next_attempt = now + timedelta(seconds=delay)
        delivery.save()
        if delivery.response_status is None:
            _hold_back(hook, delivery)
    transaction.on_commit(lambda: _schedule(delivery.pk, delay))
    return "retry"


def _hold_back(hook: Webhook, failed: WebhookDelivery) -> None:
    """A URL that did not answer: its other pending deliveries wait for the failed one's retry.

    Each attempt to it would hold a task slot until the timeout. The sweep sends them when due.
    """
    hook.deliveries.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt__lt=failed.next_attempt
    ).exclude(pk=failed.pk).update(next_attempt=failed.next_attempt)


def backoff(attempts: int) -> float:
    """Returns the seconds before the next attempt.

    The first retry waits GTR_WEBHOOK_RETRY_SECONDS.
    Each wait after it is three times longer, up to an hour.
    """
    return float(min(settings.GTR_WEBHOOK_RETRY_SECONDS * 3 ** (attempts - 1), MAX_BACKOFF_SECONDS))


def deliver_task(delivery_id: int) -> Any:
    """Returns the delivery's task signature (games.tasks.deliver_webhook).

    The task is named, not imported, because the tasks are an adapter above this module.
    """
    return current_app.signature("games.tasks.deliver_webhook", args=(delivery_id,))


def _schedule(delivery_id: int, delay: float) -> None:
    """Queues a retry's task.

    Nothing is queued for a delay past the deadline horizon: the sweep sends it.
    Nothing is queued when tasks run in-process, as in tests.
    There the sweep, or the test, attempts again.
    """
    if current_app.conf.task_always_eager or delay > settings.GTR_DEADLINE_HORIZON_SECONDS:
        return
    deliver_task(delivery_id).apply_async(countdown=delay)


def deliveries_schedule(ids: list[int]) -> None:
    """Queues one task per delivery, after the commit that created them."""
    for delivery_id in ids:
        try:
            deliver_task(delivery_id).delay()
        except Exception:  # the broker is down; the sweep sends it later
            log.exception("could not queue webhook delivery %s", delivery_id)


def deliveries_due(now: Any = None) -> list[int]:
    """Returns pending deliveries due for longer than GTR_SWEEP_GRACE_SECONDS.

    Their task is late or was lost.
    Deliveries held by an attempt are left out.
    """
    now = now or timezone.now()
    late = now - timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS)
    due = WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt__lte=late
    ).filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
    return list(due.order_by("next_attempt").values_list("pk", flat=True)[:1000])


def webhooks_sweep() -> int:
    """Queue every delivery that is due. Beat runs this.

    It sends retries held back past the horizon.
    It sends again tasks lost with a broker or a worker.
    """
    due = deliveries_due()
    for delivery_id in due:
        deliver_task(delivery_id).delay()
    return len(due)
