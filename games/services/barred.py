"""What a suspended or blocked account may not do at a table (docs/api.md, People).

Called by the writes that seat or move a person: creating and joining tables, moves and returns.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games import codes
from games.errors import Forbidden
from games.models import Seat
from games.read import people


def play_check(user: Any) -> None:
    """Refuses a suspended account a new seat, a challenge, a seek or a rematch."""
    account_check(user.pk)


def account_check(user_id: int | None, doing: str = "play") -> None:
    """Refuses a suspended account (None: a seat of no account, never suspended)."""
    if user_id is not None and people.suspended(user_id):
        raise Forbidden(f"Your account is suspended: you may not {doing}.", codes.SUSPENDED)


def join_check(user: Any, seats: Iterable[Seat]) -> None:
    """Refuses a seat at a table where someone the account blocks, or who blocks it, sits."""
    play_check(user)
    if people.blocked_any(user.pk, [s.user_id for s in seats]):
        raise Forbidden(
            "You cannot sit at this table: you block a player there, or they block you.",
            codes.BLOCKED,
        )


def seat_check(seat: Seat) -> None:
    """Refuses a person's own move or return at a seat whose account is suspended.

    The mark on the seat costs no query. A suspension that ended by its date clears the marks of
    the account's seats here, when the player is back.
    """
    if not seat.suspended or seat.user_id is None:
        return
    if people.suspended(seat.user_id):
        raise Forbidden("Your account is suspended: a bot plays your seat.", codes.SUSPENDED)
    Seat.objects.filter(user_id=seat.user_id, suspended=True).update(suspended=False)
    seat.suspended = False
