"""Standing orders and who made a move, in plain words (English and Polish).

`order_text` says an order as its player wrote it: "when Patron is led: follow with Temple".
`mover` names who made a move for the story that every seat sees: "alice (standing order)".
Cards are named as the reader's view names them (`games.words.labels`), so an order's words
reveal nothing: an order names only cards of its own player's hand, and only its player reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .labels import Describer, role_word

# Who made a move when the player did not, as the story marks it.
ACTORS = {
    "bot": gettext_lazy("bot"),
    "timeout": gettext_lazy("timeout"),
    "order": gettext_lazy("standing order"),
}


# An order's `do` and `unless`, as a verb.
VERBS = {
    "lead": gettext_lazy("lead"),
    "follow": gettext_lazy("follow"),
    "think": gettext_lazy("think"),
    "skip": gettext_lazy("decline"),
    "give": gettext_lazy("give"),
    "claim": gettext_lazy("take"),
    "hire": gettext_lazy("hire"),
    "gather": gettext_lazy("gather"),
    "lay": gettext_lazy("lay a foundation"),
    "build": gettext_lazy("build"),
    "fountain": gettext_lazy("draw with the Fountain"),
    "publicize": gettext_lazy("make public"),
    "tear_down": gettext_lazy("tear down"),
    "demand": gettext_lazy("demand"),
    "sell": gettext_lazy("sell"),
}


def _verb(action: str) -> str:
    return str(VERBS.get(action, action))


def mover(name: str, actor: str) -> str:
    """Returns who made a move as the story says it: "alice", "alice (standing order)"."""
    word = ACTORS.get(actor)
    return name if word is None else f"{name} ({word})"


def _when(order: Mapping[str, Any]) -> str:
    kind, role = order["when"], order.get("role", "*")
    if kind == "follow":
        if role == "*":
            return _("when a role is led")
        return _("when %(role)s is led") % {"role": role_word(role)}
    if kind in ("act", "bath"):
        if role == "*":
            return _("when you act off your turn")
        return _("when you act as %(role)s off your turn") % {"role": role_word(role)}
    if kind == "give":
        return _("when a Legionary demands of you")
    return _("at a %(kind)s decision") % {"kind": kind}


def _do(order: Mapping[str, Any], names: Mapping[int, str], with_ids: bool) -> str:
    do = order["do"]
    if do == "skip":
        return _("decline")
    if do == "think":
        return _("take a Jack") if order.get("take") == "jack" else _("think (draw cards)")
    if order.get("cards"):
        cards = Describer(dict(names), with_ids=with_ids).cards(order["cards"])
        return _("%(action)s with %(cards)s") % {"action": _verb(do), "cards": cards}
    if order.get("prefer") == "dearest":
        return _("%(action)s, the dearest cards") % {"action": _verb(do)}
    return _("%(action)s, the cheapest cards") % {"action": _verb(do)}


def order_text(order: Mapping[str, Any], names: Mapping[int, str], with_ids: bool = True) -> str:
    """Returns one order in words, its cards by name and id (the ids a reply may use)."""
    text = f"{_when(order)}: {_do(order, names, with_ids)}"
    if order.get("unless"):
        text += " " + _("(unless you can %(action)s)") % {"action": _verb(order["unless"])}
    return text


CANCELLED = {
    "card_gone": gettext_lazy("a card it names left your hand"),
    "new_card": gettext_lazy("your hand gained a card"),
}


def cancelled_text(notice: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """Returns a cancelled order and why, in words. Its cards go by name only: they may have
    gone where the reader cannot see them since (a Jack taken by another player)."""
    return _("cancelled at move %(seq)s, %(why)s: %(order)s") % {
        "seq": notice["seq"],
        "why": CANCELLED.get(notice["reason"], notice["reason"]),
        "order": order_text(notice["order"], names, with_ids=False),
    }
