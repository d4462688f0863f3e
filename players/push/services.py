"""Web Push: the server's VAPID key, the browsers' subscriptions, and sending "your turn".

A browser that opts in (the web client's "Notify me when it is my turn") subscribes with its
vendor's push service and gives us the subscription: an endpoint URL and its keys. When a
decision of the account's begins, a Celery task (players.push.tasks) posts an encrypted
payload (RFC 8291) to each endpoint, signed with our VAPID key (RFC 8292), through pywebpush.
The browser's service worker (`/sw.js`) shows it, even with no page of ours open.

The payload names the game and links to it; it names no card (the push service and the
operating system's notification centre see it), and it is sent only to the account whose turn
it is. A push service that answers 404 or 410 says the subscription is gone: it is deleted.
Any other failure is counted on the subscription, logged, and retried by the task.
"""

from __future__ import annotations

import base64
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from games import codes
from games.errors import Refused
from games.live.webhook_post import UrlRefused, check_url
from games.models import Game, Seat
from players.mail import preferences
from players.models import PushSubscription, VapidKey

log = logging.getLogger(__name__)

TTL = 24 * 3600  # how long a push service keeps a push for a browser that is off


class Gone(Exception):
    """The push service says the subscription no longer exists (404, 410)."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _public_key(key: Vapid) -> str:
    raw = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(raw)


def vapid() -> tuple[Vapid, str]:
    """Returns the server's VAPID key and its public key (base64url), made on first use.

    `GTR_VAPID_PRIVATE_KEY` (a PEM) takes precedence. Else the key is read from the database,
    or made and stored there once: two processes that race store one, and both use it.
    """
    pem = settings.GTR_VAPID_PRIVATE_KEY
    if pem:
        key = Vapid.from_pem(pem.encode())
        return key, _public_key(key)
    row = VapidKey.objects.order_by("pk").first()
    if row is None:
        key = Vapid()
        key.generate_keys()
        try:
            with transaction.atomic():
                row = VapidKey.objects.create(
                    pk=1, private_pem=key.private_pem().decode(), public_key=_public_key(key)
                )
        except IntegrityError:
            row = VapidKey.objects.get(pk=1)
    return Vapid.from_pem(row.private_pem.encode()), row.public_key


def subscribe(user: Any, subscription: dict[str, Any]) -> PushSubscription:
    """Stores a browser's subscription for `user` (a browser's PushSubscription.toJSON()).

    The endpoint must be an https URL on a public address: the server posts to it.
    A known endpoint is moved to `user` with its new keys.
    """
    endpoint = str(subscription.get("endpoint") or "")
    keys = subscription.get("keys") or {}
    if not isinstance(keys, dict) or not keys.get("p256dh") or not keys.get("auth"):
        raise Refused("A subscription has keys p256dh and auth.", codes.BAD_PUSH_SUBSCRIPTION)
    check_endpoint(endpoint)
    found, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": str(keys["p256dh"]),
            "auth": str(keys["auth"]),
            "failures": 0,
            "last_error": "",
        },
    )
    return found


def check_endpoint(endpoint: str) -> None:
    """Refuses an endpoint the server may not post to (as a webhook's URL: https, public)."""
    allow = settings.GTR_PUSH_ALLOW_PRIVATE
    parts = urlsplit(endpoint)
    if allow and parts.scheme in ("http", "https") and parts.hostname:
        return
    try:
        if parts.scheme != "https":
            raise UrlRefused("A push endpoint uses https.")
        check_url(endpoint)
    except UrlRefused as exc:
        raise Refused(f"Not a push endpoint: {exc}", codes.BAD_PUSH_SUBSCRIPTION) from exc


def unsubscribe(user: Any, endpoint: str) -> int:
    """Forgets the account's subscription with `endpoint`. Returns how many went (0 or 1)."""
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted


def unsubscribe_all(user: Any) -> int:
    """Forgets every subscription of the account (every browser). Returns how many went."""
    deleted, _ = PushSubscription.objects.filter(user=user).delete()
    return deleted


def payload(game: Game, seat: Seat) -> dict[str, Any]:
    """What a "your turn" notification says: the game, and where it is. No card."""
    return {
        "title": _("Glory to Rome: your turn"),
        "body": _("Game %(game)s (%(version)s): it is your turn.")
        % {"game": game.pk, "version": game.get_version_display()},
        "url": f"{settings.GTR_PUBLIC_URL}/games/{game.pk}/",
        "tag": f"gtr-game-{game.pk}",
        "game": game.pk,
        "seq": game.seq,
    }


def send(subscription: PushSubscription, data: dict[str, Any]) -> None:
    """Posts one encrypted push. Raises Gone for a subscription the service no longer has
    (and deletes it); records any other failure on the subscription and raises it."""
    key, _public = vapid()
    subject = settings.GTR_VAPID_SUBJECT or f"mailto:{settings.DEFAULT_FROM_EMAIL}"
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        check_endpoint(subscription.endpoint)
        webpush(
            info,
            json.dumps(data),
            vapid_private_key=key,
            vapid_claims={"sub": subject},
            ttl=TTL,
            timeout=settings.GTR_WEBHOOK_TIMEOUT_SECONDS,
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            log.info("push subscription %s is gone (%s): deleted", subscription.pk, status)
            subscription.delete()
            raise Gone(str(status)) from exc
        _failed(subscription, f"{status or 'no answer'}: {exc.message}"[:500])
        raise
    except Exception as exc:
        _failed(subscription, f"{type(exc).__name__}: {exc}"[:500])
        raise
    PushSubscription.objects.filter(pk=subscription.pk).update(
        last_success=timezone.now(), failures=0
    )


def _failed(subscription: PushSubscription, error: str) -> None:
    log.warning("push to subscription %s failed: %s", subscription.pk, error)
    PushSubscription.objects.filter(pk=subscription.pk).update(
        failures=F("failures") + 1, last_error=error, last_failure=timezone.now()
    )


def turn_push(
    *, user_id: int, game_id: int, seq: int, position: int, only: list[int] | None = None
) -> list[int]:
    """Tells each browser of the account (or those of `only`) that its decision at
    `(game_id, seq)` began.

    Nothing goes when the game moved on (a late task). Returns the subscriptions whose push
    failed for a reason other than being gone, for the task to try again (a vanished one is
    deleted; one that went is not sent again).
    """
    game = Game.objects.filter(pk=game_id, seq=seq, status=Game.Status.ACTIVE).first()
    seat = (
        Seat.objects.select_related("user")
        .filter(game_id=game_id, position=position, user_id=user_id)
        .first()
    )
    if game is None or seat is None or game.to_act != position or game.automatic:
        return []
    address = str(seat.user.email or "") if seat.user is not None else ""
    with translation.override(preferences.address_language(address)):
        data = payload(game, seat)
    subscriptions = PushSubscription.objects.filter(user_id=user_id).order_by("pk")
    if only is not None:
        subscriptions = subscriptions.filter(pk__in=only)
    failed = []
    for subscription in subscriptions:
        try:
            send(subscription, data)
        except Gone:
            continue
        except Exception:  # recorded on the subscription and logged; tried again
            failed.append(subscription.pk)
    return failed
