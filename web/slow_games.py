"""Slow games at the table (issue 31): why a clock is not running, the mutual pause, taking moves
back and the seat's standing orders, ready for web/_slow*.html.

All of it comes from the seat's game view (`clock`, `seats[].away_until`, `undo`, `takeback`,
`takeback_request`), except the standing orders: they are the seat's own (`Seat.orders`, through
games.services.orders), and only that seat's page ever shows them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine
from engine.cards import ROLES
from games.models import Game, Seat
from games.services import orders
from games.words.cardnames import card_name
from games.words.labels import card_names, role_word
from games.words.orders import VERBS, cancelled_text, order_text
from games.words.prompts import BUILDING_PROMPTS

PEOPLE = (Seat.Kind.PLAYER, Seat.Kind.INVITED)  # the seats that decide on a pause or a takeback

STOPPED = {
    "vacation": gettext_lazy("The clock is stopped: %(who)s is on vacation."),
    "pause": gettext_lazy("The clock is stopped: the game is paused."),
    "playing_hours": gettext_lazy("The clock is stopped: outside the playing hours."),
}

# The decisions an order may answer, as the panel's list names them (the building kinds by
# their building, games.words.prompts).
KINDS = {
    "follow": gettext_lazy("A role is led (follow or think)"),
    "give": gettext_lazy("A Legionary demands a card of you"),
    "act": gettext_lazy("Your clients act on another's turn"),
    "think": gettext_lazy("You may draw"),
    "complete": gettext_lazy("A building of yours is completed"),
    "claim": gettext_lazy("You may take cards"),
    "bath": gettext_lazy("A client hired with the Bath acts"),
}
CARD_KINDS = {
    "foundry": "Foundry (2005)",
    "triclinium": "Triclinium",
    **{kind: building for kind, (building, _words) in BUILDING_PROMPTS.items()},
}


# An order's `when` where games.words.orders says only "at a <kind> decision".
WHEN = {
    "think": gettext_lazy("when you may draw"),
    "complete": gettext_lazy("when a building of yours is completed"),
    "claim": gettext_lazy("when you may take cards"),
}


def order_words(text: str, kind: str) -> str:
    """An order's words (games.words.orders), its decision named as the panel names it."""
    generic = _("at a %(kind)s decision") % {"kind": kind}
    if kind in WHEN:
        better = str(WHEN[kind])
    elif kind in CARD_KINDS:
        better = _("when your %(card)s may be used") % {"card": card_name(CARD_KINDS[kind])}
    else:
        return text
    return text.replace(generic, better, 1)


def kind_word(kind: str) -> str:
    if kind in KINDS:
        return str(KINDS[kind])
    if kind not in CARD_KINDS:
        return kind
    return card_name(CARD_KINDS[kind]).split(" (")[0]  # "Foundry (2005)": one Foundry here


def people(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in data["seats"] if s["kind"] in PEOPLE and not s["resigned"]]


def slow_context(
    game: Game,
    seat: Seat | None,
    data: dict[str, Any],
    names: dict[int, str],
    story: list[dict[str, Any]],
) -> dict[str, Any]:
    """Returns what the slow-game panels draw for `seat` (None: a spectator)."""
    clock = data.get("clock") or {}
    me = data["my_seat"]
    out: dict[str, Any] = {
        "stopped": stopped(clock, data, names),
        "hours": hours_text(clock.get("playing_hours")),
        "away": [
            {"name": names.get(s["position"], ""), "until": s["away_until"]}
            for s in data["seats"]
            if s.get("away_until")
        ],
        "pause": clock.get("pause"),
        "proposal": proposal(clock.get("pause_proposal"), data, names),
        "takeback_request": takeback_request(data.get("takeback_request"), data, names, story),
        "undo": taking_back(data.get("undo"), story),
        "takeback": taking_back(data.get("takeback"), story),
    }
    person = seat is not None and seat.kind in PEOPLE and not seat.resigned
    out["can_pause"] = (
        person
        and game.status == Game.Status.ACTIVE
        and out["pause"] is None
        and out["proposal"] is None
    )
    out["timed"] = game.clock != Game.Clock.NONE
    out["orders"] = None
    if seat is not None and person and me is not None:
        out["orders"] = standing_orders(seat, data, story)
    return out


def stopped(
    clock: dict[str, Any], data: dict[str, Any], names: dict[int, str]
) -> dict[str, Any] | None:
    why = clock.get("stopped")
    if not why:
        return None
    who = names.get(data["to_act"], "") if data.get("to_act") is not None else ""
    text = STOPPED.get(why["why"], STOPPED["pause"]) % {"who": who}
    return {"text": text, "until": why.get("until"), "why": why["why"]}


def hours_text(hours: dict[str, Any] | None) -> str:
    if not hours:
        return ""
    span = {"start": hours["start"], "end": hours["end"]}
    if hours.get("zone") == "player":
        return _("Clocks run from %(start)s to %(end)s, in each player's own time zone.") % span
    return _("Clocks run from %(start)s to %(end)s (%(zone)s).") % {**span, "zone": hours["zone"]}


def proposal(
    found: dict[str, Any] | None, data: dict[str, Any], names: dict[int, str]
) -> dict[str, Any] | None:
    if not found:
        return None
    me = data["my_seat"]
    asked = [s["position"] for s in people(data) if s["position"] not in found["accepted"]]
    return {
        **found,
        "by": names.get(found["seat"], ""),
        "mine": me == found["seat"],
        "answer": me in asked,
        "waiting": [names.get(p, "") for p in asked],
    }


def takeback_request(
    found: dict[str, Any] | None,
    data: dict[str, Any],
    names: dict[int, str],
    story: list[dict[str, Any]],
) -> dict[str, Any] | None:
    if not found:
        return None
    me = data["my_seat"]
    answered = {int(k) for k in found.get("answers", {})}
    asked = [
        s["position"]
        for s in people(data)
        if s["position"] != found["seat"] and s["position"] not in answered
    ]
    return {
        **found,
        "expires": datetime.fromisoformat(found["expires"]),
        "takes": taking_back(found, story)["takes"],
        "by": names.get(found["seat"], ""),
        "mine": me == found["seat"],
        "answer": me in asked,
        "waiting": [names.get(p, "") for p in asked],
    }


def taking_back(offer: dict[str, Any] | None, story: list[dict[str, Any]]) -> Any:
    """The view's `undo` or `takeback` (or a takeback request) with the story's lines of the
    moves it takes back."""
    if not offer:
        return None
    lines = [line["text"] for line in reversed(story) if line["seq"] > offer["to"]]
    return {**offer, "takes": lines}


def standing_orders(
    seat: Seat, data: dict[str, Any], story: list[dict[str, Any]]
) -> dict[str, Any]:
    """The seat's own orders in words, what they played lately, those cancelled, and what the
    panel's form offers: the vocabulary (engine.orders) and the cards of the seat's hand."""
    view = data.get("table") or {}
    ids = {cid: card_name(name) for cid, name in card_names(view).items()}  # reader's words
    kept = orders.orders_of(seat)
    mark = _("(Your standing order played it.)")  # games.words.story: the order's own line
    players = view.get("players") or []
    hand = (players[seat.position].get("hand") if players else None) or []
    kinds = engine.orders.describe_kinds()
    return {
        "kept": [{"id": o["id"], "text": order_words(order_text(o, ids), o["when"])} for o in kept],
        "cancelled": [
            order_words(cancelled_text(n, ids), n["order"]["when"])
            for n in reversed(orders.cancelled_of(seat))
        ],
        "played": [line for line in story if mark in line["text"]][:5],
        "kinds": [{"kind": k, "label": kind_word(k), **v} for k, v in kinds.items()],
        "verbs": [
            {"do": do, "label": str(VERBS.get(do, do)), "kinds": kinds_taking(kinds, do)}
            for do in dict.fromkeys(d for v in kinds.values() for d in v["do"])
        ],
        "roles": [{"role": r, "label": role_word(r)} for r in ROLES],
        "hand": [{"id": c["id"], "name": card_name(c["name"])} for c in hand],
        "sewer": card_name("Sewer"),
        "stairway": card_name("Stairway"),
    }


def kinds_taking(kinds: dict[str, Any], do: str) -> str:
    return " ".join(k for k, v in kinds.items() if do in v["do"])
