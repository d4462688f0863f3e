"""The table's chat in the mails (docs/chat.md, Chat by mail).

A turn mail ends with the players' last lines, as plain text. A reply whose first line begins
with `say:` is said at the table as the reply's seat, through the same checks as the API
(games.services.chat.chat_post): length, characters, the flood limit, a cancelled game.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from games.models import Seat
from games.read import chat as chat_read
from games.read.selectors import Caller
from games.services import chat as chat_write

SAY_RE = re.compile(r"^\s*say\s*:\s*(.*)$", re.I)
LINES = 5  # the players' last lines a turn mail shows


def chat_lines(game_id: int, position: int) -> list[str]:
    """The players' last lines as the seat reads them: `name: text`, oldest first."""
    return [f"{m.name}: {m.text}" for m in chat_read.last_lines(game_id, position, LINES)]


def chat_section(game_id: int, position: int) -> str:
    """The turn mail's lines of the table's chat, with how to answer; '' without any."""
    lines = chat_lines(game_id, position)
    if not lines:
        return ""
    said = "\n".join(f"  {line}" for line in lines)
    how = _(
        "To answer at the table, reply with a first line beginning with say: (say: well played)."
    )
    return _("At the table:") + f"\n{said}\n{how}"


def say_of(text: str) -> str | None:
    """What a reply says at the table: its first non-blank line after `say:`, or None."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    found = SAY_RE.match(first)
    return None if found is None else found.group(1)


def say(seat: Seat, text: str) -> None:
    """Says the line as the seat, with actor e-mail. Raises the service's refusal."""
    chat_write.chat_post(
        game_id=seat.game_id, caller=Caller(position=seat.position), text=text, via="email"
    )
