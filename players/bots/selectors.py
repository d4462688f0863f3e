"""The bot list: the server's own bots, always online, then the bot accounts by name."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from games.models import Game, Seat
from players.models import BotAccount

from .services import online_since

SERVER_DESCRIPTIONS = {
    "random": "The server's baseline: any legal action, uniformly.",
    "greedy": "The server's quick player: the best action by a hand-written score.",
    "ismcts-1": "The server's search player, level 1 (3 iterations a decision).",
    "ismcts-2": "The server's search player, level 2 (30 iterations a decision).",
    "ismcts-3": "The server's search player, level 3 (300 iterations a decision, two turns ahead).",
}


def server_bots() -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "kind": "server",
            "online": True,
            "description": SERVER_DESCRIPTIONS.get(name, str(label)),
            "rulesets": list(Game.Version.values),
            "rated": False,
            "owner": None,
            "last_connected": None,
        }
        for name, label in Seat.Bot.choices
    ]


def account_view(bot: BotAccount, since: datetime | None = None) -> dict[str, Any]:
    since = since or online_since()
    seen = bot.last_connected
    return {
        "name": bot.user.get_username(),
        "kind": "account",
        "online": seen is not None and seen >= since,
        "description": bot.description,
        "rulesets": bot.rulesets,
        "rated": bot.rated,
        "owner": bot.owner.get_username() if bot.owner is not None else None,
        "last_connected": seen,
    }


def bot_list() -> list[dict[str, Any]]:
    since = online_since()
    accounts = BotAccount.objects.filter(user__is_active=True).select_related("user", "owner")
    return server_bots() + [account_view(bot, since) for bot in accounts.order_by("user__username")]
