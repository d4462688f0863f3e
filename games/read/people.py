"""Blocks and suspensions, as the rest of the server asks about them (docs/api.md, People).

Joining a table, chat and challenges call `blocked`; everything that plays or chats for a person
calls `suspended`. Each is one indexed query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from games import codes
from games.errors import NotFound
from games.models import Block, Suspension

# A name no account can have is not asked of the database (PostgreSQL refuses a NUL in a string).
USERNAME = re.compile(r"[^\x00]{1,150}")


def account_named(username: str) -> Any:
    """The active account with that username, or 404 `no_such_player`."""
    user = None
    if USERNAME.fullmatch(username):
        user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise NotFound("No account has that username.", codes.NO_SUCH_PLAYER)
    return user


def blocked(a_id: int, b_id: int) -> bool:
    """Whether a block stands between two accounts, whichever of them made it."""
    return blocked_any(a_id, [b_id])


def blocked_any(user_id: int, others: Iterable[int | None]) -> bool:
    """Whether a block stands between `user_id` and any of `others` (None: no account)."""
    ids = [o for o in others if o is not None and o != user_id]
    if not ids:
        return False
    return Block.objects.filter(
        Q(user_id=user_id, blocked_id__in=ids) | Q(user_id__in=ids, blocked_id=user_id)
    ).exists()


def blocked_with(user_id: int) -> set[int]:
    """The accounts with which a block stands, whichever of the two made it."""
    pairs = Block.objects.filter(Q(user_id=user_id) | Q(blocked_id=user_id))
    return {b if a == user_id else a for a, b in pairs.values_list("user_id", "blocked_id")}


def blocks_among(user_ids: Iterable[int]) -> frozenset[frozenset[int]]:
    """The pairs of these accounts with a block between them, whichever made it (one query)."""
    ids = set(user_ids)
    pairs = Block.objects.filter(user_id__in=ids, blocked_id__in=ids).values_list(
        "user_id", "blocked_id"
    )
    return frozenset(frozenset(pair) for pair in pairs)


def blocks_of(user_id: int) -> list[Block]:
    """The accounts `user_id` blocks, the latest first."""
    return list(Block.objects.filter(user_id=user_id).select_related("blocked"))


def suspension_of(user_id: int, now: datetime | None = None) -> Suspension | None:
    """The suspension in effect for the account, or None."""
    now = now or timezone.now()
    return (
        Suspension.objects.filter(user_id=user_id, lifted__isnull=True, since__lte=now)
        .filter(Q(until__isnull=True) | Q(until__gt=now))
        .order_by("-id")
        .first()
    )


def suspended(user_id: int | None, now: datetime | None = None) -> bool:
    """Whether the account may not play or chat now (None, no account: it may)."""
    return user_id is not None and suspension_of(user_id, now) is not None
