"""The game's story in words, from one reader's point of view: the page's, the mails'.

It is told from the game's events (games.events.story) as the reader's seat sees them
(`engine.event_view`, stored per viewer), not from the move log. So it tells what the engine and
the server decided as well as what the players chose: the cards drawn (named to the drawer,
counted for everyone else), a Legionary's victim giving what it had to, a decision skipped
because nothing was left to do, a move played when time ran out, a bot standing in.

A line names a card only when the event it tells names it for this reader: the narrator knows no
other name (`Line.cards` lists them; tests/games/test_story.py checks whole games of every
ruleset against the events each seat and a spectator see).

The reader is "you"; the others go by their names (games.words.seats), and what they own is
"their" stockpile, "Bob's Temple":

>>> from django.utils import translation
>>> narrator = Narrator(viewer=0, seat_names={0: "Ann", 1: "Bob"})
>>> temple = {"id": 9, "name": "Temple"}
>>> sale = {"type": "action", "seat": 1, "action": {"type": "sell", "card": 9}, "cards": [temple]}
>>> with translation.override("en"):
...     [line.words for line in narrator.lines([sale])]
['Bob sells Temple (marble) from their stockpile into their vault.']
>>> with translation.override("en"):
...     [line.words for line in Narrator(viewer=1, seat_names={1: "Bob"}).lines([sale])]
['You sell Temple (marble) from your stockpile into your vault.']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.cards import material_of

from .cardnames import card_name
from .labels import END_CARDS, Describer, end_reason
from .story_table import Teller

Event = Mapping[str, Any]

# The decisions a building asks for, by prompt kind: the building that asks (for "skips").
BUILDING_OF_DECISION = {
    "stairway": "Stairway",
    "senate": "Senate",
    "fountain": "Fountain",
    "slay": "Colosseum",
    "raze": "Domus Aurea",
    "steal": "Prison",
    "sewer": "Sewer",
    "enlist": "Castra Praetoria",
    "solarium": "Solarium",
    "aerarium": "Aerarium",
    "bacchanalia": "Bacchanalia",
    "triclinium": "Triclinium",
    "complete": "Scriptorium",
    "bath": "Bath",
    "foundry": "Foundry (2005)",
}


@dataclass
class Line:
    """One line of the story: the number and seq of its first event, its words, its cards."""

    number: int | None
    seq: int | None
    text: str
    seat: int | None = None
    kind: str = ""
    cards: set[str] = field(default_factory=set)  # the card names the line may name
    draws: bool = False  # a think or a Fountain, whose draw joins its line
    note: str = ""  # who decided, after the sentence: "(Time ran out: ...)"

    @property
    def words(self) -> str:
        return f"{self.text} {self.note}" if self.note else self.text


class Narrator(Teller):
    """Tells one reader's story, event by event, keeping what a line needs from earlier ones.

    `viewer`: the reader's seat (None: a spectator). `seat_names`: every seat's name.
    `bots`: the seats that are bots (a bot's own move needs no "a bot played it").
    `owners`: whose each building is (foundation id -> seat), as the reader's view shows it
    now; a foundation laid in the events told is learned from them.
    """

    def __init__(
        self,
        viewer: int | None,
        seat_names: Mapping[int, str],
        *,
        bots: Iterable[int] = (),
        owners: Mapping[int, int] | None = None,
    ) -> None:
        super().__init__(viewer, seat_names)
        self.bots = set(bots)
        self.owners = dict(owners or {})
        self.decision: Mapping[str, Any] = {}  # the decision pending, as its event said
        self.demander: int | None = None  # who demanded last (a Legionary): gives go there
        self.role: str | None = None  # the role led this turn

    # Names ----------------------------------------------------------------------------------

    def building(self, describer: Describer, cid: Any, actor: Any) -> str:
        """'your Temple', 'their Temple' (the actor's own), "Bob's Temple", 'the Temple'."""
        card = describer.card(cid, material=False)
        owner = self.owners.get(cid)
        if owner is None:
            return _("the %(card)s") % {"card": card}
        if self.you(owner):
            return _("your %(card)s") % {"card": card}
        if owner == actor:
            return _("their %(card)s") % {"card": card}
        return _("%(seat)s's %(card)s") % {"seat": self.name(owner), "card": card}

    # The story --------------------------------------------------------------------------------

    def lines(self, events: Iterable[Event]) -> list[Line]:
        """Returns the lines of `events` (rendered for the reader, oldest first), oldest first."""
        out: list[Line] = []
        for event in events:
            kind = event.get("type")
            if kind == "decision":
                self.decision = event
                continue
            if kind == "drew" and out and self._merge_draw(out[-1], event):
                continue
            line = self.line(event)
            if line is not None:
                out.append(line)
        return out

    note = ""  # what the line being told says after its sentence
    named: set[str] = set()  # the cards it names that its event does not: a public building

    def line(self, event: Event) -> Line | None:
        kind = str(event.get("type"))
        tell = getattr(self, f"_{kind}", None)
        if tell is None:
            return None
        names = {c["id"]: c["name"] for c in event.get("cards") or [] if isinstance(c, dict)}
        building = event.get("building")
        if isinstance(building, dict):
            names[building["id"]] = building["name"]
        describer = Describer(names, seat_names=self.seat_names)
        self.note, self.named = "", set()
        text = tell(event, describer)
        action = event.get("action") or {}
        draws = action.get("type") == "fountain" or (
            action.get("type") == "think" and action.get("take") != "jack"
        )
        return Line(
            number=event.get("id"),
            seq=event.get("seq"),
            text=text,
            seat=event.get("seat"),
            kind=kind,
            cards=set(names.values()) | self.named,
            draws=kind in ("action", "resolved") and draws,
            note=self.note,
        )

    def _merge_draw(self, last: Line, event: Event) -> bool:
        """Tells a draw with the think (or the Fountain) that made it, in the same line."""
        if not (last.draws and last.seat == event.get("seat") and event.get("zone") == "hand"):
            return False
        names = {c["id"]: c["name"] for c in event.get("cards") or [] if isinstance(c, dict)}
        describer = Describer(names, seat_names=self.seat_names)
        last.text = last.text.rstrip(".") + self._drawn(event, describer) + "."
        last.cards |= set(names.values())
        last.draws = False
        return True

    def _drawn(self, event: Event, describer: Describer) -> str:
        """': Temple and Bath' to their drawer, ': 2 cards' to anyone else."""
        cards = event.get("cards")
        if cards:
            return ": " + describer.cards([c["id"] for c in cards])
        count = int(event.get("count") or 0)
        return ": " + ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}

    # Events -----------------------------------------------------------------------------------

    def _action(self, event: Event, d: Describer, resolved: bool = False) -> str:
        action = event.get("action") or {}
        seat = event.get("seat")
        kind = str(action.get("type"))
        tell = getattr(self, f"_do_{kind}", None)
        if tell is None:
            text = self.say(seat, "%(action)s", "%(who)s: %(action)s", action=d.label(action))
        else:
            text = tell(seat, action, d)
        actor = event.get("actor")
        if resolved:
            self.note = _("(Nothing else was possible: the server played it.)")
        elif actor == "timeout":
            self.note = _("(Time ran out: the server played it.)")
        elif actor == "order":  # issue 31: a move made by a standing order says so
            self.note = (
                _("(Your standing order played it.)")
                if self.you(seat)
                else _("(Their standing order played it.)")
            )
        elif actor == "bot" and seat not in self.bots:
            self.note = (
                _("(A bot played it for you.)")
                if self.you(seat)
                else _("(A bot played it for them.)")
            )
        self._remember(seat, action)
        return text

    def _resolved(self, event: Event, d: Describer) -> str:
        return self._action(event, d, resolved=True)

    def _remember(self, seat: Any, action: Mapping[str, Any]) -> None:
        kind = action.get("type")
        if kind == "lead":
            self.role = action.get("role")
        elif kind == "demand":
            self.demander = seat
        elif kind == "lay" and isinstance(action.get("card"), int):
            self.owners[action["card"]] = seat
        elif kind == "claim" and self.decision.get("kind") == "steal":  # a Prison
            for cid in action.get("cards") or []:
                self.owners[cid] = seat

    def _drew(self, event: Event, d: Describer) -> str:
        seat, zone = event.get("seat"), event.get("zone")
        count = int(event.get("count") or 0)
        cards = [c["id"] for c in event.get("cards") or []]
        named = d.cards(cards) if cards else ""
        if zone == "vault":
            return self.say(
                seat,
                ngettext(
                    "You put %(count)s card from the deck into your vault, unseen.",
                    "You put %(count)s cards from the deck into your vault, unseen.",
                    count,
                ),
                ngettext(
                    "%(who)s puts %(count)s card from the deck into their vault, unseen.",
                    "%(who)s puts %(count)s cards from the deck into their vault, unseen.",
                    count,
                ),
                count=count,
            )
        if zone == "clientele":
            return self.say(
                seat,
                _("You draw %(cards)s from the deck into your clientele."),
                _("%(who)s draws %(cards)s from the deck into their clientele."),
                cards=named,
            )
        if zone == "stockpile":
            return self.say(
                seat,
                _("You draw %(cards)s from the deck into your stockpile."),
                _("%(who)s draws %(cards)s from the deck into their stockpile."),
                cards=named,
            )
        if named:
            return self.say(
                seat, _("You draw %(cards)s."), _("%(who)s draws %(cards)s."), cards=named
            )
        return self.say(
            seat,
            ngettext("You draw %(count)s card.", "You draw %(count)s cards.", count),
            ngettext("%(who)s draws %(count)s card.", "%(who)s draws %(count)s cards.", count),
            count=count,
        )

    def _completed(self, event: Event, d: Describer) -> str:
        seat = event.get("seat")
        building = self.building(d, (event.get("building") or {}).get("id"), seat)
        return self.say(
            seat,
            _("You complete %(building)s."),
            _("%(who)s completes %(building)s."),
            building=building,
        )

    def _turn_end(self, event: Event, d: Describer) -> str:
        self.role = None
        leader = event.get("leader")
        if self.you(leader):
            return _("Turn %(turn)s is over; you lead next.") % {"turn": event.get("turn")}
        return _("Turn %(turn)s is over; %(leader)s leads next.") % {
            "turn": event.get("turn"),
            "leader": self.name(leader),
        }

    def _game_over(self, event: Event, d: Describer) -> str:
        winners = d.join([self.name(w) for w in event.get("winners") or []])
        if event.get("reason") in END_CARDS:  # a completed building's: public
            self.named.add(END_CARDS[str(event["reason"])])
        return _("The game is over (%(reason)s). Winner: %(winners)s.") % {
            "reason": end_reason(str(event.get("reason", ""))),
            "winners": winners,
        }

    def _timeout(self, event: Event, d: Describer) -> str:
        seat = event.get("seat")
        text = self.say(
            seat,
            _("Your time ran out: the server plays a safe move for you."),
            _("%(who)s's time ran out: the server plays a safe move for them."),
        )
        if event.get("bot_standing_in"):
            text += " " + (
                _("A bot stands in for you until you come back.")
                if self.you(seat)
                else _("A bot stands in for them until they come back.")
            )
        return text

    def _resigned(self, event: Event, d: Describer) -> str:
        return self.say(
            event.get("seat"),
            _("You resign: a bot plays your seat."),
            _("%(who)s resigns: a bot plays their seat."),
        )

    def _returned(self, event: Event, d: Describer) -> str:
        return self.say(
            event.get("seat"),
            _("You are back and play your seat again."),
            _("%(who)s is back and plays their seat again."),
        )

    def _stood_in(self, event: Event, d: Describer) -> str:
        return self.say(
            event.get("seat"),
            _("A bot plays your seat while your account is suspended."),
            _("A bot plays %(who)s's seat for now."),
        )

    def _surrender(self, event: Event, d: Describer) -> str:
        seat, to = event.get("seat"), event.get("to")
        if to is None:
            return self.say(
                seat,
                _("You withdraw your surrender."),
                _("%(who)s withdraws their surrender."),
            )
        whom = _("you") if self.you(to) else self.name(to)
        return self.say(
            seat,
            _("You offer to surrender to %(seat)s."),
            _("%(who)s offers to surrender to %(seat)s."),
            seat=whom,
        )

    def _joined(self, event: Event, d: Describer) -> str:
        return self.say(event.get("seat"), _("You join the game."), _("%(who)s joins the game."))

    def _left(self, event: Event, d: Describer) -> str:
        return self.say(
            event.get("seat"), _("You leave the table."), _("%(who)s leaves the table.")
        )

    def _started(self, event: Event, d: Describer) -> str:
        return _("The game starts.")

    def _cancelled(self, event: Event, d: Describer) -> str:
        return _("The game is cancelled.")

    # Actions ----------------------------------------------------------------------------------

    def _do_think(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        if a.get("take") == "jack":
            text = self.say(
                seat, _("You think and take a jack."), _("%(who)s thinks and takes a jack.")
            )
        else:
            text = self.say(seat, _("You think and draw."), _("%(who)s thinks and draws."))
        if a.get("discard"):
            text += " " + _("(First discarding %(cards)s.)") % {"cards": d.cards(a["discard"])}
        if a.get("extra_jack"):
            text += " " + _("(And a jack too.)")
        return text

    def _do_lead(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        role = str(a.get("role", ""))
        return self.say(
            seat,
            _("You lead %(role)s with %(cards)s."),
            _("%(who)s leads %(role)s with %(cards)s."),
            role=d.role(role),
            cards=d.played(list(a.get("cards", [])), role),
        )

    def _do_follow(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        role = self.role or self.decision.get("role")
        return self.say(
            seat,
            _("You follow with %(cards)s."),
            _("%(who)s follows with %(cards)s."),
            cards=d.played(list(a.get("cards", [])), role),
        )

    def _taken(self, seat: Any, a: Mapping[str, Any], d: Describer) -> list[str]:
        """What a hire, a gathering or a sale takes: from the Pool, a hand, the deck.

        A card from hand that only its actor saw (a Basilica's, an Aqueduct's) comes to anyone
        else as `from_hand: null` (engine.public_action): "a card from their hand".
        """
        parts = []
        if a.get("card") is not None:
            where = (
                _("%(card)s from the revealed cards")
                if self.decision.get("kind") == "bacchanalia"
                else _("%(card)s from the Pool")
            )
            parts.append(where % {"card": d.card(a["card"])})
        if "from_hand" in a and (a["from_hand"] is not None or not self.you(seat)):
            card = d.card(a["from_hand"]) if a["from_hand"] is not None else _("a card")
            if self.you(seat):
                parts.append(_("%(card)s from your hand") % {"card": card})
            else:
                parts.append(_("%(card)s from their hand") % {"card": card})
        if a.get("from_deck"):
            parts.append(_("the top card of the deck"))
        return parts

    def _do_hire(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        who = d.join(self._taken(seat, a, d)) or _("nobody")
        text = self.say(
            seat,
            _("You hire %(cards)s as clients."),
            _("%(who)s hires %(cards)s as clients."),
            cards=who,
        )
        if a.get("replace") is not None:  # the first edition's Bath
            sent = _(", sending %(card)s back to the Pool") % {"card": d.card(a["replace"])}
            text = text.rstrip(".") + sent + "."
        return text

    def _do_gather(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        taken = d.join(self._taken(seat, a, d)) or _("nothing")
        return self.say(
            seat,
            _("You take %(cards)s into your stockpile."),
            _("%(who)s takes %(cards)s into their stockpile."),
            cards=taken,
        )

    def _do_sell(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        parts = []
        if self.decision.get("kind") == "bacchanalia":
            parts = self._taken(seat, a, d)
        else:
            if a.get("card") is not None:
                card = d.card(a["card"])
                parts.append(
                    _("%(card)s from your stockpile") % {"card": card}
                    if self.you(seat)
                    else _("%(card)s from their stockpile") % {"card": card}
                )
            parts += self._taken(seat, {k: v for k, v in a.items() if k != "card"}, d)
        return self.say(
            seat,
            _("You sell %(cards)s into your vault."),
            _("%(who)s sells %(cards)s into their vault."),
            cards=d.join(parts) or _("nothing"),
        )

    def _do_lay(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        where = _("out of town") if a.get("out_of_town") else _("in town")
        return self.say(
            seat,
            _("You lay %(card)s on a %(site)s site %(where)s."),
            _("%(who)s lays %(card)s on a %(site)s site %(where)s."),
            card=d.card(a.get("card"), material=False),
            site=d.material(a.get("site", "")).capitalize(),
            where=where,
        )

    def _do_build(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        return self.say(
            seat,
            _("You add %(card)s to %(building)s."),
            _("%(who)s adds %(card)s to %(building)s."),
            card=d.card(a.get("card")),
            building=self.building(d, a.get("building"), seat),
        )

    def _do_publicize(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        return self.say(
            seat,
            _("You add %(card)s to %(building)s, making its function public."),
            _("%(who)s adds %(card)s to %(building)s, making its function public."),
            card=d.card(a.get("card")),
            building=self.building(d, a.get("building"), seat),
        )

    def _do_fountain(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        return self.say(
            seat,
            _("You use the %(fountain)s and draw."),
            _("%(who)s uses the %(fountain)s and draws."),
            fountain=card_name("Fountain"),
        )

    def _do_demand(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        ids = list(a.get("cards", []))
        kinds = sorted({str(material_of(d.names.get(c, ""))) for c in ids} - {"None"})
        return self.say(
            seat,
            _("You demand %(materials)s, revealing %(cards)s."),
            _("%(who)s demands %(materials)s, revealing %(cards)s."),
            materials=d.join([d.material(k) for k in kinds]) or "?",
            cards=d.cards(ids, material=False),
        )

    def _do_tear_down(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        return self.say(
            seat,
            _("You tear down %(building)s."),
            _("%(who)s tears down %(building)s."),
            building=self.building(d, a.get("building"), seat),
        )

    def _do_claim(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        ids = list(a.get("cards", []))
        kind = self.decision.get("kind")
        cards = d.cards(ids)
        if ids and kind == "complete":  # a Scriptorium's choice
            return self.say(
                seat,
                _("You complete %(building)s now."),
                _("%(who)s completes %(building)s now."),
                building=self.building(d, ids[0], seat),
            )
        if ids and kind == "claim":  # a Legionary's demand, from the Pool
            return self.say(
                seat,
                _("You take %(cards)s from the Pool."),
                _("%(who)s takes %(cards)s from the Pool."),
                cards=cards,
            )
        if ids and kind == "enlist":
            return self.say(
                seat,
                _("You make %(cards)s your clients."),
                _("%(who)s makes %(cards)s their clients."),
                cards=cards,
            )
        if ids and kind == "solarium":
            return self.say(
                seat,
                _("You move %(cards)s to your stockpile."),
                _("%(who)s moves %(cards)s to their stockpile."),
                cards=cards,
            )
        if ids and kind == "triclinium":
            return self.say(
                seat,
                _("You put %(cards)s in your vault."),
                _("%(who)s puts %(cards)s in their vault."),
                cards=cards,
            )
        if ids and kind == "aerarium":
            return self.say(
                seat,
                _("You give the Aerarium's Site to use the function of %(building)s."),
                _("%(who)s gives the Aerarium's Site to use the function of %(building)s."),
                building=self.building(d, ids[0], seat),
            )
        if not ids:
            return self.say(seat, _("You take nothing."), _("%(who)s takes nothing."))
        return self.say(seat, _("You take %(cards)s."), _("%(who)s takes %(cards)s."), cards=cards)

    def _do_give(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        ids = list(a.get("cards", []))
        to = self.demander
        if not ids:
            return self.say(seat, _("You have nothing to give."), _("%(who)s has nothing to give."))
        cards = d.cards(ids)
        if to is None:
            return self.say(
                seat, _("You give %(cards)s."), _("%(who)s gives %(cards)s."), cards=cards
            )
        if self.you(to):
            return _("%(who)s gives you %(cards)s.") % {"who": self.name(seat), "cards": cards}
        return self.say(
            seat,
            _("You give %(cards)s to %(seat)s."),
            _("%(who)s gives %(cards)s to %(seat)s."),
            cards=cards,
            seat=self.name(to),
        )

    def _do_skip(self, seat: Any, a: Mapping[str, Any], d: Describer) -> str:
        kind = self.decision.get("kind")
        what = ""
        if kind == "act" or (kind in ("lead", "follow") and self.decision.get("role")):
            what = d.role(self.decision.get("role") or self.role or "")
        elif kind == "give":
            what = _("the demand")
        elif kind == "claim":
            what = _("the Pool")
        elif kind in BUILDING_OF_DECISION:  # its function works once it is complete: public
            self.named.add(BUILDING_OF_DECISION[str(kind)])
            what = card_name(BUILDING_OF_DECISION[str(kind)])
        if what:
            return self.say(
                seat, _("You skip (%(what)s)."), _("%(who)s skips (%(what)s)."), what=what
            )
        return self.say(seat, _("You skip."), _("%(who)s skips."))
