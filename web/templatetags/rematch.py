"""The rematch panel of a finished game's page (issue 32): `{% rematch_panel %}`, in the
partial web/_rematch.html, so that the game page needs one include line."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game, Rematch
from games.services import rematch

from ..table import seat_name

register = template.Library()


@register.inclusion_tag("web/_rematch_panel.html", takes_context=True)
def rematch_panel(context: dict[str, Any]) -> dict[str, Any]:
    game: Game = context["game"]
    seat = context.get("seat")
    if game.status != Game.Status.FINISHED:
        return {"show": False}
    offer = rematch.rematch_of(game.pk)
    seats = {s.position: seat_name(s) for s in game.seats.all()}
    waiting = rematch.waiting(offer) if offer is not None else []
    return {
        "show": seat is not None or offer is not None,
        "game": game,
        "seat": seat,
        "offer": offer,
        "offered_by": seats.get(offer.seat) if offer is not None else "",
        "waiting": [seats[p] for p in waiting],
        "my_answer": seat is not None and offer is not None and str(seat.position) in offer.answers,
        "pending": offer is not None and offer.status == Rematch.Status.PENDING,
        "csrf_token": context.get("csrf_token"),
    }
