"""The story's words for who is who, and its lines about the table rather than the cards: moves
taken back (an undo, a takeback asked for and answered) and a pause (docs/api.md, Taking moves
back; docs/async.md, Time off). games.words.story's Narrator tells them with the rest.

>>> from django.utils import translation
>>> teller = Teller(viewer=0, seat_names={0: "Ann", 1: "Bob"})
>>> with translation.override("en"):
...     teller._undo({"seat": 1, "to": 12}, None)
'Bob takes back their last decisions: the table is as it was after move 12.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .labels import Describer

Event = Mapping[str, Any]


class Teller:
    """Names the seats for one reader: "you", else their names (games.words.seats)."""

    def __init__(self, viewer: int | None, seat_names: Mapping[int, str]) -> None:
        self.viewer = viewer
        self.seat_names = dict(seat_names)
        self.requester: int | None = None  # who asked for the takeback under way

    def you(self, seat: Any) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: Any) -> str:
        return Describer({}, seat_names=self.seat_names).seat(seat)

    def say(self, actor: Any, mine: str, theirs: str, /, **values: Any) -> str:
        """`mine` when the reader acted, else `theirs` with the actor's name as `who`."""
        if self.you(actor):
            return mine % values
        return theirs % {"who": self.name(actor), **values}

    # Taking moves back ------------------------------------------------------------------------

    def _undo(self, event: Event, d: Describer | None) -> str:
        self.requester = None
        return self.say(
            event.get("seat"),
            _("You take back your last decisions: the table is as it was after move %(to)s."),
            _("%(who)s takes back their last decisions: the table is as it was after move %(to)s."),
            to=event.get("to"),
        )

    def _takeback_requested(self, event: Event, d: Describer | None) -> str:
        self.requester = event.get("seat")
        return self.say(
            self.requester,
            _("You ask the others to let you take back your decisions since move %(to)s."),
            _("%(who)s asks to take back their decisions since move %(to)s."),
            to=event.get("to"),
        )

    def _takeback_answered(self, event: Event, d: Describer | None) -> str:
        seat, asking, accepted = event.get("seat"), self.requester, bool(event.get("accepted"))
        if not accepted:
            self.requester = None  # a decline ends the request
        if asking is None:  # the request is older than the story told
            if accepted:
                return self.say(
                    seat, _("You accept the takeback."), _("%(who)s accepts the takeback.")
                )
            return self.say(
                seat, _("You decline the takeback."), _("%(who)s declines the takeback.")
            )
        if self.you(asking):
            if accepted:
                return _("%(who)s lets you take back your decisions.") % {"who": self.name(seat)}
            return _("%(who)s declines: you take nothing back.") % {"who": self.name(seat)}
        if accepted:
            return self.say(
                seat,
                _("You let %(asker)s take back their decisions."),
                _("%(who)s lets %(asker)s take back their decisions."),
                asker=self.name(asking),
            )
        return self.say(
            seat,
            _("You decline: %(asker)s takes nothing back."),
            _("%(who)s declines: %(asker)s takes nothing back."),
            asker=self.name(asking),
        )

    # A pause ----------------------------------------------------------------------------------

    def _paused(self, event: Event, d: Describer | None) -> str:
        if event.get("until"):
            return _("Everyone agreed: the game is paused until %(until)s UTC.") % {
                "until": str(event["until"])[:16].replace("T", " ")
            }
        return _("Everyone agreed: the game is paused until someone resumes it.")

    def _resumed(self, event: Event, d: Describer | None) -> str:
        if event.get("seat") is None:
            return _("The pause is over: the clocks run again.")
        return self.say(
            event.get("seat"),
            _("You resume the game: the clocks run again."),
            _("%(who)s resumes the game: the clocks run again."),
        )
