"""Standing orders: a person's answers to their own decisions off their turn (engine/orders.py).

- `orders_get`, `orders_put`, `orders_clear`: a seat's orders, private to its player.
- `orders_review`: after every move, the orders that no longer stand are cancelled, and their
  player is told (an `order_cancelled` event in their account feed, a line in the next mail).
- `order_answer`: the order that answers the decision that begins now, if one does.
  `games.services.moves.move_append` plays it at once, in the same transaction, with actor
  `order`. So no mail, feed event or deadline is ever made for a decision an order answers.

A seat's orders live in `Seat.orders`: `{"orders": [...], "next": n, "cancelled": [...]}`.
Each order is the engine's form of it with an `id` and the `seq` it was written at.
An order naming cards fires once; a policy stands until it is changed or the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

import engine
from games import codes
from games.errors import Conflict
from games.events import feeds
from games.models import Game, Seat

from .locking import game_in_play

CANCELLED_KEPT = 10  # the most recent cancellations a seat keeps, for its mail


@dataclass(frozen=True)
class Answer:
    """A decision an order answers: whose, the order, and the legal action it plays."""

    position: int
    order: dict[str, Any]
    action: dict[str, Any]


def orders_of(seat: Seat) -> list[dict[str, Any]]:
    return list((seat.orders or {}).get("orders", []))


def cancelled_of(seat: Seat) -> list[dict[str, Any]]:
    return list((seat.orders or {}).get("cancelled", []))


def orders_put(*, game_id: int, position: int, orders: Any) -> Seat:
    """Replaces the seat's orders, each checked against the seat's view now.

    Refused (422 `order_invalid`, `order_card_not_held`) with nothing changed if one is not an
    order. They answer decisions that begin from now on, not the one pending.
    """
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        seat = _person(seats[position])
        state = engine.from_json(game.state)
        checked = engine.orders_checked(orders, engine.view(state, position))
        data = dict(seat.orders or {})
        first = int(data.get("next", 1))
        data["orders"] = [
            {"id": first + i, "seq": game.seq, **order} for i, order in enumerate(checked)
        ]
        data["next"] = first + len(checked)
        seat.orders = data
        seat.save(update_fields=["orders"])
    return seat


def orders_clear(*, game_id: int, position: int) -> Seat:
    """Drops all the seat's orders (its notices of cancelled ones too)."""
    with transaction.atomic():
        _, seats = game_in_play(game_id)
        seat = seats[position]
        if seat.orders:
            seat.orders = {"next": (seat.orders or {}).get("next", 1)}
            seat.save(update_fields=["orders"])
    return seat


def _person(seat: Seat) -> Seat:
    if seat.resigned:
        raise Conflict("You have resigned from this game.", codes.RESIGNED)
    return seat


def orders_review(game: Game, state: engine.State, seats: list[Seat]) -> None:
    """Cancels the orders that no longer stand after a move, and tells their players.

    An order naming cards goes when a named card left the hand or the hand gained a card
    (engine.order_stale). Every order ends with the game. The caller holds the game's lock.
    """
    for seat in seats:
        kept = orders_of(seat)
        if not kept:
            continue
        if engine.is_over(state):
            seat.orders = {**seat.orders, "orders": []}
            seat.save(update_fields=["orders"])
            continue
        if not any("hand" in o for o in kept):
            continue  # policies never go stale
        view = engine.view(state, seat.position)
        stale = [(o, engine.order_stale(o, view)) for o in kept]
        gone = [(o, reason) for o, reason in stale if reason is not None]
        if gone:
            _cancelled(game, seat, [o for o, reason in stale if reason is None], gone)


def _cancelled(
    game: Game, seat: Seat, left: list[dict[str, Any]], gone: list[tuple[dict[str, Any], str]]
) -> None:
    notices = [{"order": o, "reason": reason, "seq": game.seq} for o, reason in gone]
    seat.orders = {
        **seat.orders,
        "orders": left,
        "cancelled": (cancelled_of(seat) + notices)[-CANCELLED_KEPT:],
    }
    seat.save(update_fields=["orders"])
    if seat.user_id is not None:
        for notice in notices:
            feeds.notify([seat.user_id], game, "order_cancelled", seat=seat.position, **notice)


def order_answer(game: Game, state: engine.State, seats: list[Seat]) -> Answer | None:
    """Returns the order that answers the decision pending in `state`, or None.

    Only a person's decision off their turn, and only with a legal action picked from the
    seat's own view (engine.order_pick). The order is marked as fired: one naming cards is
    spent, a policy stands. The caller holds the game's lock and plays the action.
    """
    if game.status != Game.Status.ACTIVE:
        return None
    position = engine.to_act(state)
    if position is None:
        return None
    seat = seats[position]
    kept = orders_of(seat)
    if not kept or seat.plays_automatically:
        return None
    picked = engine.order_pick(kept, engine.view(state, position), engine.legal_actions(state))
    if picked is None:
        return None
    index, action = picked
    order = kept[index]
    if "cards" in order:
        seat.orders = {**seat.orders, "orders": kept[:index] + kept[index + 1 :]}
        seat.save(update_fields=["orders"])
    if seat.user_id is not None:
        fired = {"seq": game.seq + 1, "seat": position, "order": order, "action": action}
        feeds.notify([seat.user_id], game, "order_played", **fired)
    return Answer(position, order, action)
