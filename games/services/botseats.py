"""What the game service asks of bot accounts (docs/bots.md): which accounts are bots, which
rulesets and games they take, and who is connected. The players app keeps bot accounts
(players/bots) and registers its answers here when it starts (`register`); this app does not
import it. The server's own bots are seats of kind `bot`, and their names are reserved:
challenging `greedy` is challenging the server's bot, through an account of that name that
nobody can log in to (`server_bot_user`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from games import codes
from games.errors import Conflict, Forbidden, Refused
from games.models import Seat

SERVER_BOTS: tuple[str, ...] = tuple(Seat.Bot.values)  # random, greedy, ismcts-1..3

log = logging.getLogger(__name__)


@dataclass
class Hooks:
    """The players app's answers. Without them no account is a bot."""

    is_bot: Callable[[int], bool] = lambda user_id: False
    # Why the bot account refuses a game of (ruleset, rated): a code, or None when it takes it.
    refusal: Callable[[int, str, bool], str | None] = lambda user_id, version, rated: None
    connected: Callable[[int], None] = lambda user_id: None  # its stream is open now


HOOKS = Hooks()


def register(
    is_bot: Callable[[int], bool],
    refusal: Callable[[int, str, bool], str | None],
    connected: Callable[[int], None],
) -> None:
    HOOKS.is_bot, HOOKS.refusal, HOOKS.connected = is_bot, refusal, connected


def is_server_bot(username: str) -> bool:
    return username in SERVER_BOTS


def is_bot_account(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and HOOKS.is_bot(user.pk)


def refuse_bot_caller(user: Any, what: str) -> None:
    """Bot accounts do not seek, join open seats or create tables in the lobby: the lobby is
    where people wait for people, and a bot always online would take every seat there."""
    if is_bot_account(user):
        raise Forbidden(f"A bot account cannot {what}: people challenge it.", codes.BOT_ACCOUNT)


def check_bot_takes(user: Any, version: str, *, rated: bool = False) -> None:
    """Refuses (422) a game the bot account `user` does not play; anyone else passes.

    `rated`: whether the game or challenge counts for ratings (docs/ratings.md)."""
    code = HOOKS.refusal(user.pk, version, rated) if is_bot_account(user) else None
    if code == codes.BOT_RULESET:
        raise Refused("That bot does not play this ruleset.", codes.BOT_RULESET)
    if code == codes.BOT_UNRATED:
        raise Refused("That bot does not accept rated games.", codes.BOT_UNRATED)


def bot_connected(user_id: int) -> None:
    HOOKS.connected(user_id)


def server_bot_user(name: str) -> Any:
    """The account standing for the server's bot `name` in a challenge: made the first time,
    with no usable password (nobody logs in as it; sign-up refuses the name).

    An account of that name with a password is a person's (made in the admin, or before the
    name was reserved): it is refused (409 `bot_name_held`, logged for staff), so that no person
    receives the challenges meant for the server's bot."""
    User = get_user_model()
    user, made = User.objects.get_or_create(username=name)
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    elif user.has_usable_password():
        log.error("server bot %r: account %s of that name is a person's; rename it", name, user.pk)
        raise Conflict(
            f"A person's account is called {name}: staff must rename it.", codes.BOT_NAME_HELD
        )
    return user
