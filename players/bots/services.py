"""Bot accounts: an account makes itself a bot, for good, and says what it plays.

An account may become a bot only while it has never sat at a table (any seat, in any game, in
the lobby too) and has no open seek: its record as a person stays a person's. The owner is
another active account, a person's, named by username; the bot list shows it publicly, so the
person named can see it and report a false claim (`POST /api/reports/`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import codes
from games.errors import Conflict, Refused
from games.models import Availability, Seat, Seek
from games.read import people
from games.services import botseats
from players.models import BotAccount


def bot_account_create(
    *,
    user: Any,
    owner: str,
    rulesets: list[str],
    description: str = "",
    rated: bool = False,
) -> BotAccount:
    """Makes `user` a bot account. Irreversible: there is no way back to a person's account."""
    owner_user = _owner_checked(user, owner)
    with transaction.atomic():
        locked = type(user).objects.select_for_update().get(pk=user.pk)
        if BotAccount.objects.filter(user=locked).exists():
            raise Conflict("This account is a bot account already.", codes.ALREADY_BOT)
        open_seeks = Seek.objects.filter(user=locked, status=Seek.Status.OPEN)
        if Seat.objects.filter(user=locked).exists() or open_seeks.exists():
            raise Conflict(
                "This account has sat at a table (or seeks a game): make a new account for "
                "the bot.",
                codes.HAS_GAMES,
            )
        # A person's automatic vacation spends a day instead of a timeout; a bot that does not
        # answer in time gets the seat's timeout policy at once.
        Availability.objects.update_or_create(user=locked, defaults={"auto_vacation": False})
        return BotAccount.objects.create(
            user=locked,
            owner=owner_user,
            description=description,
            rulesets=sorted(set(rulesets)),
            rated=rated,
        )


def bot_account_update(user: Any, **fields: Any) -> BotAccount:
    """Changes what the bot plays or says of itself (not its owner: that is who answers for
    it)."""
    bot = bot_of(user)
    if "rulesets" in fields:
        fields["rulesets"] = sorted(set(fields["rulesets"]))
    for name, value in fields.items():
        setattr(bot, name, value)
    bot.save(update_fields=list(fields))
    return bot


def bot_of(user: Any) -> BotAccount:
    bot = BotAccount.objects.filter(user_id=user.pk).select_related("user", "owner").first()
    if bot is None:
        raise Refused("This account is not a bot account.", codes.NOT_A_BOT)
    return bot


def _owner_checked(user: Any, owner: str) -> Any:
    if owner == user.get_username() or botseats.is_server_bot(owner):
        raise Refused("The owner is the person responsible for the bot.", codes.BAD_OWNER)
    found = people.account_named(owner)  # 404 no_such_player
    if is_bot(found.pk):
        raise Refused("A bot cannot own a bot: name a person.", codes.BAD_OWNER)
    return found


# What the game service asks (games.services.botseats), registered by players.apps.


def is_bot(user_id: int) -> bool:
    return BotAccount.objects.filter(user_id=user_id).exists()


def refusal(user_id: int, version: str, rated: bool) -> str | None:
    bot = BotAccount.objects.filter(user_id=user_id).first()
    if bot is None:
        return None
    if version not in bot.rulesets:
        return codes.BOT_RULESET
    return rated_refusal(bot, rated)


def rated_refusal(bot: BotAccount, rated: bool) -> str | None:
    """The one check of `BotAccount.rated`: a bot that does not accept rated games refuses a
    rated one. Games and challenges pass their `rated` through
    games.services.botseats.check_bot_takes."""
    return codes.BOT_UNRATED if rated and not bot.rated else None


def connected(user_id: int) -> None:
    """Its stream is open now: it is online (the bot list) for GTR_BOT_ONLINE_SECONDS."""
    BotAccount.objects.filter(user_id=user_id).update(last_connected=timezone.now())


def online_since() -> Any:
    return timezone.now() - timedelta(seconds=settings.GTR_BOT_ONLINE_SECONDS)
