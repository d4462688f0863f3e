"""Actions in plain words: the one describer that the mails, the web client and the API share.

A label names cards as the viewer's view names them.
So it can reveal no more than that view.
Labels read "Lead Architect with Temple" or "Give Bath (brick) to Bob".
`action_label` needs the card names the view shows (`card_names(view)`).
The view itself, when given, adds what the action alone does not say.
That is the role led, or to whom a Legionary's demand is given.
`seat_names` names the players (games.words.seats). Without it, they are "Seat 1" and so on.
Cards are named in the active language (games.words.cardnames).
The names given are the engine's.

>>> names = {7: "Temple", 8: "Jack", 9: "Bath", 10: "Bath"}
>>> action_label({"type": "lead", "role": "architect", "cards": [7]}, names)
'Lead Architect with Temple'
>>> action_label({"type": "follow", "cards": [9, 10]}, names, view={"role": "patron"})
'Follow with a petition of two Brick'
>>> action_label({"type": "give", "cards": [9]}, names, view={"prompt": {"to": 1}},
...              seat_names={1: "Bob"})
'Give Bath (brick) to Bob'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from engine.cards import JACK, MATERIAL_OF_ROLE, material_of

from .cardnames import card_name

NUMBERS = {
    2: gettext_lazy("two"),
    3: gettext_lazy("three"),
    4: gettext_lazy("four"),
    5: gettext_lazy("five"),
}
# Materials and roles in the reader's language. In Polish, the Polish edition's words.
MATERIAL_WORDS = {
    "rubble": pgettext_lazy("material", "rubble"),
    "wood": pgettext_lazy("material", "wood"),
    "brick": pgettext_lazy("material", "brick"),
    "concrete": pgettext_lazy("material", "concrete"),
    "stone": pgettext_lazy("material", "stone"),
    "marble": pgettext_lazy("material", "marble"),
}
ROLE_WORDS = {
    "laborer": pgettext_lazy("role", "Laborer"),
    "craftsman": pgettext_lazy("role", "Craftsman"),
    "legionary": pgettext_lazy("role", "Legionary"),
    "architect": pgettext_lazy("role", "Architect"),
    "merchant": pgettext_lazy("role", "Merchant"),
    "patron": pgettext_lazy("role", "Patron"),
}


def material_word(material: Any) -> str:
    return str(MATERIAL_WORDS.get(str(material), material))


def role_word(role: Any) -> str:
    return str(ROLE_WORDS.get(str(role), str(role).capitalize()))


def card_names(view: Any) -> dict[int, str]:
    """Returns every card that a view, or any part of one, names, by id."""
    names: dict[int, str] = {}
    stack: list[Any] = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            cid, name = item.get("id"), item.get("name")
            if isinstance(cid, int) and isinstance(name, str):
                names[cid] = name
                if "kind" in item:  # a card with its facts (engine.views.card); no cards inside
                    continue
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return names


def action_cards(action: Mapping[str, Any]) -> list[int]:
    """Returns the ids of every card an action names, in the order it names them."""
    ids: list[int] = []
    for field in ("card", "from_hand", "building", "replace"):  # replace: a Bath (2005)'s client
        if isinstance(action.get(field), int):
            ids.append(action[field])
    for field in ("cards", "discard"):
        ids.extend(c for c in action.get(field) or [] if isinstance(c, int))
    return ids


@functools.cache
def translated(language: str, message: str) -> str:
    """Returns `message` in `language`, looked up once per process.

    Django's gettext finds the active translation anew at every call.
    That costs more than the rest of a label's work.
    """
    with translation.override(language):
        return gettext(message)


@dataclass(frozen=True)
class Words:
    """The describer's fixed words in one language.

    They are materials, roles, numbers and the Geek claims.
    """

    materials: dict[str, str]
    roles: dict[str, str]
    numbers: dict[int, str]
    claims: dict[str, str]


@functools.cache
def words_in(language: str) -> Words:
    with translation.override(language):
        return Words(
            materials={k: str(v) for k, v in MATERIAL_WORDS.items()},
            roles={k: str(v) for k, v in ROLE_WORDS.items()},
            numbers={k: str(v) for k, v in NUMBERS.items()},
            claims={k: str(v) for k, v in CLAIM_WORDS.items()},
        )


class Describer:
    """Names cards and seats for one viewer, in the language active when it is made.

    `with_ids` adds each card's id: "Temple #12".
    """

    def __init__(
        self,
        names: Mapping[int, str],
        *,
        view: Mapping[str, Any] | None = None,
        seat_names: Mapping[int, str] | None = None,
        with_ids: bool = False,
    ) -> None:
        self.names = names
        self.view = view or {}
        self.seat_names = seat_names or {}
        self.with_ids = with_ids
        self.language = translation.get_language() or settings.LANGUAGE_CODE
        self.words = words_in(self.language)

    def _(self, message: str) -> str:
        return translated(self.language, message)

    def material(self, material: Any) -> str:
        return self.words.materials.get(str(material), str(material))

    def role(self, role: Any) -> str:
        return self.words.roles.get(str(role), str(role).capitalize())

    def card_name(self, name: str) -> str:
        return card_name(name, self.language)

    def join(self, parts: list[str]) -> str:
        """'a', 'a and b', 'a, b and c'."""
        if len(parts) <= 1:
            return "".join(parts)
        last = self._("%(first)s and %(last)s")
        return last % {"first": ", ".join(parts[:-1]), "last": parts[-1]}

    def seat(self, position: Any) -> str:
        """The seat's name, else its number from 1 ('Seat 2'), as games.words.seats names it."""
        if self.seat_names.get(position):
            return self.seat_names[position]
        number = position + 1 if isinstance(position, int) else position
        return self._("Seat %(number)s") % {"number": number}

    def card(self, cid: Any, *, material: bool = True) -> str:
        """'Bath (brick)', 'a Jack', 'a hidden card' (with_ids: 'Bath #9 (brick)')."""
        name = self.names.get(cid)
        suffix = f" #{cid}" if self.with_ids else ""
        if name is None:
            return self._("a hidden card") + suffix
        if name == JACK:
            return self._("a Jack") + suffix
        kind = material_of(name) if material else None
        return f"{self.card_name(name)}{suffix}" + (f" ({self.material(kind)})" if kind else "")

    def cards(self, ids: Iterable[Any], *, material: bool = True) -> str:
        return self.join([self.card(c, material=material) for c in ids]) or self._("no cards")

    def played(self, ids: list[int], role: str | None) -> str:
        """Names the cards that lead or follow a role.

        They may be one card, a Jack, a petition, or several (Palace). Whether several cards of
        the role's own material are a petition (with a Circus) or a Palace's several actions
        only the engine knows (`engine.is_petition`): `label(..., petition=)` says so, else
        such cards are named one by one.
        """
        kinds = {material_of(self.names.get(c, "")) for c in ids}
        if len(ids) > 1 and len(kinds) == 1 and None not in kinds:
            (kind,) = kinds
            petition = self.petition
            if petition is None:
                petition = role is None or MATERIAL_OF_ROLE.get(role) != kind
            if petition:
                number = self.words.numbers.get(len(ids), str(len(ids)))
                return self._("a petition of %(number)s %(material)s") % {
                    "number": number,
                    "material": self.material(kind).capitalize(),
                }
        return self.cards(ids, material=False)

    petition: bool | None = None

    def label(self, action: Mapping[str, Any], petition: bool | None = None) -> str:
        """The action in words; `petition`: whether a lead or follow is one, if known."""
        kind = action.get("type")
        describe = getattr(self, f"_{kind}", None)
        self.petition = petition
        try:
            return describe(action) if describe is not None else str(kind).capitalize()
        finally:
            self.petition = None

    def _think(self, a: Mapping[str, Any]) -> str:
        if a.get("take") == "jack":
            text = self._("Think: take a jack")
        else:
            text = self._("Think: draw cards")
        if a.get("discard"):
            text += self._(", first discarding %(cards)s") % {"cards": self.cards(a["discard"])}
        if a.get("extra_jack"):
            text += self._(", and take a jack too")
        return text

    def _lead(self, a: Mapping[str, Any]) -> str:
        role = str(a.get("role", ""))
        played = self.played(list(a.get("cards", [])), role)
        return self._("Lead %(role)s with %(cards)s") % {"role": self.role(role), "cards": played}

    def _follow(self, a: Mapping[str, Any]) -> str:
        played = self.played(list(a.get("cards", [])), self.view.get("role"))
        return self._("Follow with %(cards)s") % {"cards": played}

    def _extras(self, a: Mapping[str, Any], first: str | None) -> list[str]:
        parts = [first] if first else []
        if a.get("from_hand") is not None:
            parts.append(self._("%(card)s from your hand") % {"card": self.card(a["from_hand"])})
        if a.get("from_deck"):
            parts.append(self._("the top card of the deck"))
        return parts

    def _prompt_kind(self) -> Any:
        return (self.view.get("prompt") or {}).get("kind")

    def _from_pool(self, a: Mapping[str, Any]) -> str | None:
        if a.get("card") is None:
            return None
        if self._prompt_kind() == "bacchanalia":  # a card the Bacchanalia turned up
            return self._("%(card)s from the revealed cards") % {"card": self.card(a["card"])}
        return self._("%(card)s from the Pool") % {"card": self.card(a["card"])}

    def _hire(self, a: Mapping[str, Any]) -> str:
        who = self.join(self._extras(a, self._from_pool(a))) or self._("nobody")
        text = self._("Hire %(who)s as clients") % {"who": who}
        if a.get("replace") is not None:  # the first edition's Bath
            sent = self.card(a["replace"])
            text += self._(", sending %(card)s back to the Pool") % {"card": sent}
        return text

    def _gather(self, a: Mapping[str, Any]) -> str:
        taken = self.join(self._extras(a, self._from_pool(a))) or self._("nothing")
        return self._("Take %(cards)s into your stockpile") % {"cards": taken}

    def _sell(self, a: Mapping[str, Any]) -> str:
        first = None
        if self._prompt_kind() == "bacchanalia":
            first = self._from_pool(a)
        elif a.get("card") is not None:
            first = self._("%(card)s from your stockpile") % {"card": self.card(a["card"])}
        sold = self.join(self._extras(a, first)) or self._("nothing")
        return self._("Sell %(cards)s into your vault") % {"cards": sold}

    def _lay(self, a: Mapping[str, Any]) -> str:
        where = self._("out of town") if a.get("out_of_town") else self._("in town")
        card = self.card(a.get("card"), material=False)
        site = self.material(a.get("site", "")).capitalize()
        return self._("Lay %(card)s on a %(site)s site %(where)s") % {
            "card": card,
            "site": site,
            "where": where,
        }

    def _building(self, cid: Any) -> str:
        card = self.card(cid, material=False)
        for player in self.view.get("players") or []:
            for b in player.get("buildings") or []:
                if b["foundation"]["id"] == cid:
                    if player["seat"] == self.view.get("seat"):
                        return self._("your %(card)s") % {"card": card}
                    return self._("%(seat)s's %(card)s") % {
                        "seat": self.seat(player["seat"]),
                        "card": card,
                    }
        return self._("the %(card)s") % {"card": card}

    def _build(self, a: Mapping[str, Any]) -> str:
        return self._("Add %(card)s to %(building)s") % {
            "card": self.card(a.get("card")),
            "building": self._building(a.get("building")),
        }

    def _publicize(self, a: Mapping[str, Any]) -> str:
        return self._("Add %(card)s to %(building)s, making its function public") % {
            "card": self.card(a.get("card")),
            "building": self._building(a.get("building")),
        }

    def _fountain(self, a: Mapping[str, Any]) -> str:
        fountain = self.card_name("Fountain")
        words = self._("Draw the top card of the deck to use it (%(fountain)s)")
        return words % {"fountain": fountain}

    def _demand(self, a: Mapping[str, Any]) -> str:
        ids = list(a.get("cards", []))
        kinds = sorted({str(material_of(self.names.get(c, "")) or "?") for c in ids})
        wanted = self.join([self.material(k) for k in kinds])
        revealed = self.cards(ids, material=False)
        return self._("Demand %(materials)s, revealing %(cards)s") % {
            "materials": wanted,
            "cards": revealed,
        }

    def _tear_down(self, a: Mapping[str, Any]) -> str:
        return self._(
            "Tear down %(building)s: the foundation back to your hand, its materials to your "
            "stockpile"
        ) % {"building": self._building(a.get("building"))}

    def _claim(self, a: Mapping[str, Any]) -> str:
        ids = list(a.get("cards", []))
        kind = self._prompt_kind()
        if ids and kind == "complete":
            # a Scriptorium's choice
            return self._("Complete %(building)s now") % {"building": self._building(ids[0])}
        if ids and kind == "aerarium":
            return self._("Give the Aerarium's Site to use the function of %(building)s") % {
                "building": self._building(ids[0])
            }
        if ids and kind in self.words.claims:
            return self.words.claims[kind] % {"cards": self.cards(ids)}
        if not ids:
            return self._("Take nothing")
        return self._("Take %(cards)s") % {"cards": self.cards(ids)}

    def _give(self, a: Mapping[str, Any]) -> str:
        to = (self.view.get("prompt") or {}).get("to")
        ids = list(a.get("cards", []))
        given = self.cards(ids) if ids else self._("nothing")
        if to is None:
            return self._("Give %(cards)s") % {"cards": given}
        return self._("Give %(cards)s to %(seat)s") % {"cards": given, "seat": self.seat(to)}

    def _skip(self, a: Mapping[str, Any]) -> str:
        return self._("Skip: give up the rest of this decision")


# What taking cards means in the Geek expansion's decisions (engine/buildings/geek.py).
CLAIM_WORDS = {
    "enlist": gettext_lazy("Make %(cards)s your clients"),
    "solarium": gettext_lazy("Move %(cards)s to your stockpile"),
    "triclinium": gettext_lazy("Put %(cards)s in your vault"),
}


def action_label(
    action: Mapping[str, Any],
    names: Mapping[int, str],
    *,
    view: Mapping[str, Any] | None = None,
    seat_names: Mapping[int, str] | None = None,
    with_ids: bool = False,
    petition: bool | None = None,
) -> str:
    """Returns one action in plain words.

    Cards are named as `names`, from the viewer's view, names them.
    """
    describer = Describer(names, view=view, seat_names=seat_names, with_ids=with_ids)
    return describer.label(action, petition)


GROUPS = {
    "think": gettext_lazy("Think"),
    "follow": gettext_lazy("Follow"),
    "hire": gettext_lazy("Patron: hire a client"),
    "gather": gettext_lazy("Laborer: take a material"),
    "sell": gettext_lazy("Merchant: sell to your vault"),
    "lay": gettext_lazy("Lay a foundation"),
    "build": gettext_lazy("Add a material"),
    "demand": gettext_lazy("Legionary: demand"),
    "claim": gettext_lazy("Take"),
    "give": gettext_lazy("Give"),
    "skip": gettext_lazy("Skip"),
}
GROUPS_BY_CARD = {  # headed by the card's name
    "publicize": "Stairway",
    "fountain": "Fountain",
    "tear_down": "Watch Post",
}


def action_group(action: Mapping[str, Any]) -> str:
    """Returns the heading a client lists an action under: 'Lead Architect', 'Think', ..."""
    kind = str(action.get("type"))
    if kind == "lead":
        return _("Lead %(role)s") % {"role": role_word(action.get("role", ""))}
    if kind in GROUPS_BY_CARD:
        return card_name(GROUPS_BY_CARD[kind])
    return str(GROUPS.get(kind, kind.capitalize()))


def labelled_actions(
    view: Mapping[str, Any],
    actions: Iterable[Mapping[str, Any]],
    seat_names: Mapping[int, str] | None = None,
    petitions: Iterable[bool | None] | None = None,
) -> list[dict[str, Any]]:
    """Returns each action with its `label`, `group` and the `cards` it names, for one viewer.

    `petitions` says, action by action, whether it is a petition (the API's `petition`).
    """
    describer = Describer(card_names(view), view=view, seat_names=seat_names)
    actions = list(actions)
    flags = list(petitions) if petitions is not None else [None] * len(actions)
    return [
        {
            "action": dict(a),
            "label": describer.label(a, petition),
            "group": action_group(a),
            "cards": action_cards(a),
        }
        for a, petition in zip(actions, flags, strict=True)
    ]


# Why a game ended (the engine's end reasons), in the reader's language.
_END_REASONS = {
    "surrender": gettext_lazy("by surrender"),
    "deck": gettext_lazy("the deck ran out"),
    "last_site": gettext_lazy("the last site was taken"),
    "forum": gettext_lazy("a %(card)s victory"),
    "catacomb": gettext_lazy("a %(card)s was completed"),
    # The Geek expansion's (docs/rules.md, The Geek expansion).
    "plebian_council": gettext_lazy("a %(card)s victory"),
    "bacchanalia": gettext_lazy("a %(card)s wanted more cards than the deck had"),
}
END_CARDS = {
    "forum": "Forum",
    "catacomb": "Catacomb",
    "plebian_council": "Plebian Council",
    "bacchanalia": "Bacchanalia",
}


def end_reason(reason: str) -> str:
    """Returns why a game ended, in the active language.

    An end reason without words comes back as its code.
    """
    words = _END_REASONS.get(reason)
    if words is None:
        return reason.replace("_", " ")
    return str(words) % {"card": card_name(END_CARDS.get(reason, ""))}
