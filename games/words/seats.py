"""How a seat is named, in every place a person reads one: the page, the mails, the story.

One form everywhere (docs/web.md, Seats): the player's name when an account sits there, else
"Guest 2" for a seat invited by e-mail, "Bot 3 (greedy)" for a bot, "Open seat 4" for a seat
nobody took. Seats are numbered from 1, as the page and the invitation always numbered them; the
API keeps its `position`, from 0, and the reply codes of the mails keep theirs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Seat

# A bot's level in words: the kinds of engine.bots, as a person reads them.
BOT_LEVELS = {
    Seat.Bot.RANDOM: gettext_lazy("random"),
    Seat.Bot.GREEDY: gettext_lazy("greedy"),
    Seat.Bot.ISMCTS_1: gettext_lazy("search, level 1"),
    Seat.Bot.ISMCTS_2: gettext_lazy("search, level 2"),
    Seat.Bot.ISMCTS_3: gettext_lazy("search, level 3"),
}


def bot_level(bot: Any) -> str:
    return str(BOT_LEVELS.get(bot, bot))


def seat_number(position: int) -> str:
    """'Seat 1' for position 0: a seat named by its number alone."""
    return _("Seat %(number)s") % {"number": position + 1}


def seat_name(seat: Seat) -> str:
    """Returns the name of a seat (its `user` loaded with it, to spare a query)."""
    if seat.user is not None:
        return str(seat.user.get_username())
    number = seat.position + 1
    if seat.kind == Seat.Kind.BOT:
        return _("Bot %(number)s (%(bot)s)") % {"number": number, "bot": bot_level(seat.bot)}
    if seat.kind == Seat.Kind.INVITED:
        return _("Guest %(number)s") % {"number": number}
    return _("Open seat %(number)s") % {"number": number}


def seat_names(seats: Iterable[Seat]) -> dict[int, str]:
    """Returns every seat's name by position."""
    return {s.position: seat_name(s) for s in seats}
