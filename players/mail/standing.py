"""The standing orders' part of a turn mail: the seat's orders, the moves they made for it since
its player last moved, and the orders cancelled meanwhile (games.services.orders).

Orders are private: only the seat's own mails say them. The cards they name were in the seat's
own hand, so naming them tells the reader nothing new. What orders played and cancelled name their
cards without ids: a card may have gone since where the reader cannot see it (a Jack it followed
with, taken by another player), and an id would say where it is.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

import engine
from games.models import Game, Move, Seat
from games.services import orders
from games.words.labels import action_cards, action_label, card_names
from games.words.orders import cancelled_text, order_text

OWN = (Move.Actor.HUMAN, Move.Actor.EMAIL)


def orders_section(game: Game, seat: Seat, state: engine.State, view: dict[str, Any]) -> str:
    """Returns the lines about the seat's standing orders, or "" when it has none to tell."""
    kept, cancelled = orders.orders_of(seat), orders.cancelled_of(seat)
    moves = Move.objects.filter(game=game, seat=seat.position)
    last = moves.filter(actor__in=OWN).order_by("-seq").values_list("seq", flat=True).first()
    since = last or 0
    played = list(moves.filter(actor=Move.Actor.ORDER, seq__gt=since).order_by("seq"))
    recent = [n for n in cancelled if n["seq"] > since]
    if not (kept or played or recent):
        return ""
    names = {**_own_cards(state, kept, played, recent), **card_names(view)}
    lines = []
    if played:
        lines.append(_("Played for you by your standing orders:"))
        for m in played:
            what = action_label(m.action, names, with_ids=False)
            lines.append("  " + _("move %(seq)s: %(what)s") % {"seq": m.seq, "what": what})
    for notice in recent:
        lines.append("  " + cancelled_text(notice, names))
    url = f"{settings.GTR_PUBLIC_URL}/api/games/{game.pk}/orders/"
    lines.append(_("Your standing orders (GET/PUT %(url)s):") % {"url": url})
    lines += [f"  {i}. {order_text(o, names)}" for i, o in enumerate(kept, start=1)]
    if not kept:
        lines.append("  " + _("none"))
    return "\n".join(lines)


def _own_cards(
    state: engine.State,
    kept: list[dict[str, Any]],
    played: list[Move],
    recent: list[dict[str, Any]],
) -> dict[int, str]:
    """The cards the seat's orders and their moves name: cards of its own hand."""
    ids = [c for o in kept for c in o.get("cards", ())]
    ids += [c for n in recent for c in n["order"].get("cards", ())]
    ids += [c for m in played for c in action_cards(m.action)]
    return {c: state.names[c] for c in ids if 0 <= c < len(state.names)}
