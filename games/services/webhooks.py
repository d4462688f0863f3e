"""An account's webhooks: created with a secret, switched on or off, deleted (docs/events.md)."""

from __future__ import annotations

import secrets
from typing import Any

from games import codes
from games.errors import Forbidden, NotFound, Refused
from games.live.deliveries import skip_pending
from games.live.webhook_post import UrlRefused, check_url
from games.models import Game, Seat, Webhook

MAX_WEBHOOKS = 20  # per account


def webhook_create(*, user: Any, url: str, game_id: int | None = None) -> Webhook:
    """Returns a new active hook with a fresh secret.

    The secret is shown once, in the answer to the creation.
    """
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
    """Switch a hook on or off.

    Switched on, its failure count starts again.
    """
    hook = webhook_get(user=user, hook_id=hook_id)
    hook.active = active
    if active:
        hook.failures, hook.disabled = 0, None
    hook.save(update_fields=["active", "failures", "disabled"])
    if not active:
        skip_pending(hook)
    return hook


def webhook_delete(*, user: Any, hook_id: int) -> None:
    webhook_get(user=user, hook_id=hook_id).delete()
