"""Actions in plain words: the one describer that the mails, the web client and the API share.

A label names cards as the viewer's view names them ("Lead Architect with Temple", "Follow with a
petition of two Stone", "Give Bath (brick) to Bob"), so it can reveal no more than that view.
`action_label` needs the card names the view shows (`card_names(view)`); the view itself, when
given, adds what the action alone does not say (the role led, to whom a Legionary's demand is
given), and `seat_names` names the players ("seat 1" without them). Cards are named in the
active language (games.cardnames); the names given are the engine's.

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

from collections.abc import Iterable, Mapping
from typing import Any

from engine.cards import JACK, MATERIAL_OF_ROLE, material_of

from .cardnames import card_name

NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five"}


def card_names(view: Any) -> dict[int, str]:
    """Every card a view (or any part of one) names, by id."""
    names: dict[int, str] = {}
    stack: list[Any] = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("id"), int) and isinstance(item.get("name"), str):
                names[item["id"]] = item["name"]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return names


def action_cards(action: Mapping[str, Any]) -> list[int]:
    """The ids of every card an action names, in the order it names them."""
    ids: list[int] = []
    for field in ("card", "from_hand", "building", "replace"):  # replace: a Bath (2005)'s client
        if isinstance(action.get(field), int):
            ids.append(action[field])
    for field in ("cards", "discard"):
        ids.extend(c for c in action.get(field) or [] if isinstance(c, int))
    return ids


class Describer:
    """Names cards and seats for one viewer; `with_ids` adds each card's id ("Temple #12")."""

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

    def seat(self, position: Any) -> str:
        return self.seat_names.get(position, f"seat {position}")

    def card(self, cid: Any, *, material: bool = True) -> str:
        """'Bath (brick)', 'a Jack', 'a hidden card' (with_ids: 'Bath #9 (brick)')."""
        name = self.names.get(cid)
        suffix = f" #{cid}" if self.with_ids else ""
        if name is None:
            return f"a hidden card{suffix}"
        if name == JACK:
            return f"a Jack{suffix}"
        kind = material_of(name) if material else None
        return f"{card_name(name)}{suffix}" + (f" ({kind})" if kind else "")

    def cards(self, ids: Iterable[Any], *, material: bool = True) -> str:
        return join([self.card(c, material=material) for c in ids]) or "no cards"

    def played(self, ids: list[int], role: str | None) -> str:
        """The cards that lead or follow a role: one card, a Jack, a petition, several (Palace)."""
        kinds = {material_of(self.names.get(c, "")) for c in ids}
        if len(ids) > 1 and len(kinds) == 1 and None not in kinds:
            (kind,) = kinds
            if role is None or MATERIAL_OF_ROLE.get(role) != kind:
                number = NUMBERS.get(len(ids), str(len(ids)))
                return f"a petition of {number} {str(kind).capitalize()}"
        return self.cards(ids, material=False)

    def label(self, action: Mapping[str, Any]) -> str:
        kind = action.get("type")
        describe = getattr(self, f"_{kind}", None)
        return describe(action) if describe is not None else str(kind).capitalize()

    def _think(self, a: Mapping[str, Any]) -> str:
        text = "Think: take a jack" if a.get("take") == "jack" else "Think: draw cards"
        if a.get("discard"):
            text += f", first discarding {self.cards(a['discard'])}"
        if a.get("extra_jack"):
            text += ", and take a jack too"
        return text

    def _lead(self, a: Mapping[str, Any]) -> str:
        role = str(a.get("role", ""))
        return f"Lead {role.capitalize()} with {self.played(list(a.get('cards', [])), role)}"

    def _follow(self, a: Mapping[str, Any]) -> str:
        return f"Follow with {self.played(list(a.get('cards', [])), self.view.get('role'))}"

    def _extras(self, a: Mapping[str, Any], first: str | None) -> list[str]:
        parts = [first] if first else []
        if a.get("from_hand") is not None:
            parts.append(f"{self.card(a['from_hand'])} from your hand")
        if a.get("from_deck"):
            parts.append("the top card of the deck")
        return parts

    def _from_pool(self, a: Mapping[str, Any]) -> str | None:
        return f"{self.card(a['card'])} from the Pool" if a.get("card") is not None else None

    def _hire(self, a: Mapping[str, Any]) -> str:
        text = f"Hire {join(self._extras(a, self._from_pool(a))) or 'nobody'} as clients"
        if a.get("replace") is not None:  # the first edition's Bath
            text += f", sending {self.card(a['replace'])} back to the Pool"
        return text

    def _gather(self, a: Mapping[str, Any]) -> str:
        taken = join(self._extras(a, self._from_pool(a))) or "nothing"
        return f"Take {taken} into your stockpile"

    def _sell(self, a: Mapping[str, Any]) -> str:
        first = f"{self.card(a['card'])} from your stockpile" if a.get("card") is not None else None
        return f"Sell {join(self._extras(a, first)) or 'nothing'} into your vault"

    def _lay(self, a: Mapping[str, Any]) -> str:
        where = "out of town" if a.get("out_of_town") else "in town"
        card = self.card(a.get("card"), material=False)
        return f"Lay {card} on a {str(a.get('site', '')).capitalize()} site {where}"

    def _building(self, cid: Any) -> str:
        for player in self.view.get("players") or []:
            for b in player.get("buildings") or []:
                if b["foundation"]["id"] == cid:
                    owner = "your" if player["seat"] == self.view.get("seat") else None
                    owner = owner or f"{self.seat(player['seat'])}'s"
                    return f"{owner} {self.card(cid, material=False)}"
        return f"the {self.card(cid, material=False)}"

    def _build(self, a: Mapping[str, Any]) -> str:
        return f"Add {self.card(a.get('card'))} to {self._building(a.get('building'))}"

    def _publicize(self, a: Mapping[str, Any]) -> str:
        building = self._building(a.get("building"))
        return f"Add {self.card(a.get('card'))} to {building}, making its function public"

    def _fountain(self, a: Mapping[str, Any]) -> str:
        return "Draw the top card of the deck to use it (Fountain)"

    def _demand(self, a: Mapping[str, Any]) -> str:
        ids = list(a.get("cards", []))
        wanted = join(sorted({str(material_of(self.names.get(c, "")) or "?") for c in ids}))
        return f"Demand {wanted}, revealing {self.cards(ids, material=False)}"

    def _claim(self, a: Mapping[str, Any]) -> str:
        ids = list(a.get("cards", []))
        if ids and (self.view.get("prompt") or {}).get("kind") == "complete":
            return f"Complete {self._building(ids[0])} now"  # a Scriptorium's choice
        return f"Take {self.cards(ids)}" if ids else "Take nothing"

    def _give(self, a: Mapping[str, Any]) -> str:
        to = (self.view.get("prompt") or {}).get("to")
        ids = list(a.get("cards", []))
        given = self.cards(ids) if ids else "nothing"
        return f"Give {given}" + (f" to {self.seat(to)}" if to is not None else "")

    def _skip(self, a: Mapping[str, Any]) -> str:
        return "Skip: give up the rest of this decision"


def join(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def action_label(
    action: Mapping[str, Any],
    names: Mapping[int, str],
    *,
    view: Mapping[str, Any] | None = None,
    seat_names: Mapping[int, str] | None = None,
    with_ids: bool = False,
) -> str:
    """One action in plain words, naming cards as `names` (from the viewer's view) does."""
    describer = Describer(names, view=view, seat_names=seat_names, with_ids=with_ids)
    return describer.label(action)


GROUPS = {
    "think": "Think",
    "follow": "Follow",
    "hire": "Patron: hire a client",
    "gather": "Laborer: take a material",
    "sell": "Merchant: sell to your vault",
    "lay": "Lay a foundation",
    "build": "Add a material",
    "publicize": "Stairway",
    "fountain": "Fountain",
    "demand": "Legionary: demand",
    "claim": "Take",
    "give": "Give",
    "skip": "Skip",
}


def action_group(action: Mapping[str, Any]) -> str:
    """The heading a client lists an action under ('Lead Architect', 'Think', ...)."""
    if action.get("type") == "lead":
        return f"Lead {str(action.get('role', '')).capitalize()}"
    return GROUPS.get(str(action.get("type")), str(action.get("type")).capitalize())


def labelled_actions(
    view: Mapping[str, Any],
    actions: Iterable[Mapping[str, Any]],
    seat_names: Mapping[int, str] | None = None,
) -> list[dict[str, Any]]:
    """Each action with its `label`, `group` and the `cards` it names, for one viewer."""
    describer = Describer(card_names(view), view=view, seat_names=seat_names)
    return [
        {
            "action": dict(a),
            "label": describer.label(a),
            "group": action_group(a),
            "cards": action_cards(a),
        }
        for a in actions
    ]
