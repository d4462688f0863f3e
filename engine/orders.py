"""Standing orders: a seat's answers, left in advance, to its own decisions off its turn.

An order is a small JSON rule, checked when it is written (`order_checked`) and when a decision
of the seat begins (`order_pick`):

    {"when": "follow", "role": "architect", "do": "follow", "cards": [37]}
    {"when": "follow", "do": "think", "take": "cards", "unless": "follow"}
    {"when": "give", "do": "give", "prefer": "cheapest"}
    {"when": "sewer", "do": "skip"}

- `when`: the kind of decision (the prompt's `kind`): any kind a seat decides but `lead`.
- `role`: for the kinds whose prompt names a role (follow, act, bath); absent or "*": any.
- `do`: the type of action to play, one the kind takes (`ORDER_KINDS[when]`).
- `cards`: the action uses exactly these cards of the seat's hand (a named card).
- `take`: with `do: think`, `cards` (the default) or `jack`.
- `unless`: an action type; the order fires only when no action of that type is legal
  ("think when I cannot follow").
- `prefer`: `cheapest` (the default) or `dearest`: of several actions that match, the one whose
  cards are worth least (most), then the one with fewer (more) cards, then the engine's first.

Orders are tried in the order given; the first that picks a legal action fires. Only decisions of
a seat that is not the turn's leader are answered: its own turn it plays itself.

Every function here reads `engine.view(state, seat)` and the legal actions of the seat's own
decision, nothing else, so an order fires only on what the seat knows. An order that names cards
is written against the hand as it is then (`hand`), and `order_stale` says when the seat has
learnt something it did not foresee: a named card left the hand, or the hand gained a card.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .cards import ROLES
from .errors import IllegalAction
from .flow import KINDS

FIELDS = frozenset({"when", "role", "do", "cards", "take", "unless", "prefer"})
ROLE_KINDS = ("follow", "act", "bath")  # their prompts name a role
PREFER = ("cheapest", "dearest")
TAKES = ("cards", "jack")
MAX_ORDERS = 20
JACK_VALUE = 4  # dearer than any material: a Jack plays as any role
# The action fields that name cards the action uses (a building is named by its foundation).
CARD_FIELDS = ("cards", "card", "from_hand", "discard", "replace")
CARD_GONE, NEW_CARD = "card_gone", "new_card"  # why an order was cancelled
CANCEL_REASONS = (CARD_GONE, NEW_CARD)


@cache
def order_kinds() -> dict[str, tuple[str, ...]]:
    """Every kind of decision an order may answer, with the action types it takes.

    Read off the engine's frame kinds, so a building's new decision is covered when it registers.
    """
    return {
        name: tuple(dict.fromkeys(a.TYPE for a in kind.accepts))
        for name, kind in KINDS.items()
        if kind.accepts and name != "lead"
    }


def _invalid(why: str) -> IllegalAction:
    return IllegalAction("order_invalid", f"Not an order: {why}.")


def orders_checked(orders: Any, view: dict[str, Any]) -> list[dict[str, Any]]:
    """Returns the orders as they are kept, each checked against the seat's `view`.

    Raises IllegalAction (`order_invalid`, `order_card_not_held`) for the first that is not one.
    """
    if not isinstance(orders, list):
        raise _invalid("orders are a list")
    if len(orders) > MAX_ORDERS:
        raise IllegalAction("order_invalid", f"A seat keeps at most {MAX_ORDERS} orders.")
    return [order_checked(o, view) for o in orders]


def order_checked(order: Any, view: dict[str, Any]) -> dict[str, Any]:
    """Returns one order as it is kept: its fields, and the hand it was written against when it
    names cards."""
    if not isinstance(order, dict):
        raise _invalid("an order is an object")
    unknown = sorted(set(order) - FIELDS)
    if unknown:
        raise _invalid(f"unknown field(s) {', '.join(map(str, unknown))}")
    kinds = order_kinds()
    when, do = order.get("when"), order.get("do")
    if when not in kinds:
        raise _invalid(f"'when' is one of {', '.join(kinds)}")
    if do not in kinds[when]:
        raise _invalid(f"a '{when}' decision takes {', '.join(kinds[when])}")
    _check_options(order, when, do, kinds[when])
    kept = {k: order[k] for k in ("when", "role", "do", "take", "unless", "prefer") if k in order}
    if "cards" in order:
        kept["cards"] = _held(order["cards"], view)
        kept["hand"] = sorted(hand_ids(view))
    return kept


def _check_options(order: dict[str, Any], when: str, do: str, types: tuple[str, ...]) -> None:
    role = order.get("role", "*")
    if role != "*" and (when not in ROLE_KINDS or role not in ROLES):
        raise _invalid(f"'role' is a role, and only a {', '.join(ROLE_KINDS)} decision has one")
    if "take" in order and (do != "think" or order["take"] not in TAKES):
        raise _invalid("'take' is cards or jack, and only for think")
    if "unless" in order and order["unless"] not in types:
        raise _invalid(f"'unless' names an action a '{when}' decision takes")
    if order.get("prefer", "cheapest") not in PREFER:
        raise _invalid("'prefer' is cheapest or dearest")


def _held(cards: Any, view: dict[str, Any]) -> list[int]:
    if not isinstance(cards, list) or not cards:
        raise _invalid("'cards' lists card ids")
    if any(isinstance(c, bool) or not isinstance(c, int) for c in cards) or len(set(cards)) < len(
        cards
    ):
        raise _invalid("'cards' lists card ids, each once")
    hand = hand_ids(view)
    for c in cards:
        if c not in hand:
            raise IllegalAction("order_card_not_held", f"Card {c} is not in your hand.")
    return list(cards)


def hand_ids(view: dict[str, Any]) -> set[int]:
    """The ids of the cards in the viewing seat's own hand."""
    seat = view["seat"]
    if seat is None:
        return set()
    return {c["id"] for c in view["players"][seat]["hand"] or ()}


def order_stale(order: dict[str, Any], view: dict[str, Any]) -> str | None:
    """Why an order kept since it was written no longer stands, or None.

    A policy (no card named) always stands. One that names cards is cancelled when one of them
    leaves the hand (`card_gone`), or when the hand gains a card it did not have then
    (`new_card`): the seat learnt something the order did not foresee.
    """
    if "hand" not in order:
        return None
    hand = hand_ids(view)
    if not set(order["cards"]) <= hand:
        return CARD_GONE
    if hand - set(order["hand"]):
        return NEW_CARD
    return None


def order_pick(
    orders: list[dict[str, Any]], view: dict[str, Any], legal: list[dict[str, Any]]
) -> tuple[int, dict[str, Any]] | None:
    """Returns (the index of the order that fires, the action it plays), or None.

    `view` is the seat's own, and `legal` the legal actions of its pending decision. None when
    the decision is not the seat's, when the seat leads this turn, or when no order picks a
    legal action: then the decision waits for the player.
    """
    prompt = view.get("prompt") or {}
    seat = view["seat"]
    if seat is None or prompt.get("seat") != seat or view["leader"] == seat or not legal:
        return None
    values = card_values(view)
    for index, order in enumerate(orders):
        action = _picked(order, prompt, view, legal, values)
        if action is not None:
            return index, action
    return None


def _picked(
    order: dict[str, Any],
    prompt: dict[str, Any],
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    values: dict[int, int],
) -> dict[str, Any] | None:
    if order["when"] != prompt["kind"] or order.get("role", "*") not in ("*", prompt.get("role")):
        return None
    if "unless" in order and any(a["type"] == order["unless"] for a in legal):
        return None
    hand = hand_ids(view)
    named = set(order.get("cards", ()))
    found = []
    for index, action in enumerate(legal):
        if action["type"] != order["do"]:
            continue
        if action["type"] == "think" and action["take"] != order.get("take", "cards"):
            continue
        used = action_cards(action)
        if named and {c for c in used if c in hand} != named:
            continue
        found.append((index, action, used))
    if not found:
        return None
    sign = 1 if order.get("prefer", "cheapest") == "cheapest" else -1
    best = min(
        found,
        key=lambda f: (sign * sum(values.get(c, 0) for c in f[2]), sign * len(f[2]), f[0]),
    )
    return best[1]


def action_cards(action: dict[str, Any]) -> list[int]:
    """The cards an action uses, by id (not the building it names)."""
    used: list[int] = []
    for field in CARD_FIELDS:
        value = action.get(field)
        if isinstance(value, int) and not isinstance(value, bool):
            used.append(value)
        elif isinstance(value, list | tuple):
            used.extend(value)
    return used


def card_values(view: dict[str, Any]) -> dict[int, int]:
    """What each card the view shows is worth: its material's value; a Jack more than any."""
    values: dict[int, int] = {}

    def add(cards: Any) -> None:
        for c in cards or ():
            values[c["id"]] = JACK_VALUE if c["kind"] == "jack" else int(c.get("value") or 0)

    add(view["pool"])
    add((view.get("prompt") or {}).get("revealed"))
    for p in view["players"]:
        for zone in ("hand", "camp", "clientele", "stockpile", "vault_visible"):
            add(p[zone])
        for b in p["buildings"]:
            add([b["foundation"], *b["materials"]])
    return values


def describe_kinds() -> dict[str, Any]:
    """The vocabulary, for documents and clients: each kind with its actions, and which take a
    role."""
    return {
        kind: {"do": list(types), "role": kind in ROLE_KINDS}
        for kind, types in order_kinds().items()
    }
