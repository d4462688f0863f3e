"""The block list: an account blocks another, or lifts the block (docs/api.md, People)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from games import codes
from games.errors import Conflict, NotFound, Refused
from games.models import Block

from . import challenges


def block_add(*, user: Any, blocked: Any) -> Block:
    """`user` blocks `blocked`: from now on neither may sit at a table where the other sits,
    challenge or chat to the other; the challenges waiting between them are void. Tables they
    share already play on."""
    if blocked.pk == user.pk:
        raise Refused("You cannot block yourself.", codes.BLOCK_SELF)
    try:
        with transaction.atomic():
            block = Block.objects.create(user=user, blocked=blocked)
    except IntegrityError:
        raise Conflict("You block that player already.", codes.ALREADY_BLOCKED) from None
    challenges.challenges_void_between(user.pk, blocked.pk)
    return block


def block_remove(*, user: Any, blocked: Any) -> None:
    deleted, _ = Block.objects.filter(user=user, blocked=blocked).delete()
    if not deleted:
        raise NotFound("You do not block that player.", codes.NOT_BLOCKED)
