"""What happens in an apply beyond the action itself, and how each viewer may see it.

`engine.apply` leaves in the new state's `events` the story of that apply, in order: the action
played, cards drawn from the deck, the decisions the engine resolved by itself for a seat (a give
with nothing to choose, a decision where skipping is all that is left), structures completed, the
end of a turn, and the end of the game. Recorded events are raw (card ids, private); `event_view`
renders one for a viewer with the rule of `engine.views`: a card appears by name only to a viewer
who may see it at that moment, another player's draws appear as counts, and nothing else hidden
appears at all.

>>> import engine
>>> state = engine.new_game("republic", players=2, seed=1)
>>> state = engine.apply(state, {"type": "think", "take": "cards"})
>>> [e["type"] for e in engine.events_of(state)]
['action', 'drew', 'turn_end']
>>> drew = engine.event_view(state, engine.events_of(state)[1], viewer=1)
>>> drew["count"], drew["cards"]
(1, None)
"""

from __future__ import annotations

from typing import Any

from .state import State

Event = dict[str, Any]

# Where a draw from the deck goes: a hand (Thinker), a Clientele (Bar), a Vault (Atrium), a
# Stockpile (the first edition's Foundry).
ZONES = ("hand", "clientele", "vault", "stockpile")
# The fields of an action that name cards (ids): each names a card the action puts on the table
# or one already there (`replace`: the client a first-edition Bath sends back to the Pool), except
# the `from_hand` of a sale or a hire, which only its actor sees (`public_action`).
CARD_FIELDS = ("card", "cards", "from_hand", "discard", "building", "replace")


def record(state: State, event: Event) -> None:
    state.events.append(event)


def drew(state: State, seat: int, zone: str, card: int) -> None:
    """One card from the deck to `seat`'s `zone`; consecutive draws of one seat to one zone (a
    Thinker drawing up to hand size) are one event."""
    last = state.events[-1] if state.events else None
    if last and last["type"] == "drew" and last["seat"] == seat and last["zone"] == zone:
        last["cards"].append(card)
        return
    record(state, {"type": "drew", "seat": seat, "zone": zone, "cards": [card]})


# The actions whose card from hand only the actor may see named (`public_action`): a sale's (a
# Basilica's filched card; the first edition's Atrium's, "without showing it") and a hire's (an
# Aqueduct's client; the first edition's Bar's, instead of the Pool's).
UNSEEN_FROM_HAND = ("sell", "hire")


def public_action(action: dict[str, Any], actor: int | None, viewer: int | None) -> dict[str, Any]:
    """An action as `viewer` may see it: others see `from_hand` as null in a sale (the card a
    Basilica filches from hand: Black Box rulebook, Appendix I, Basilica, "Do not reveal the
    identity of the additional filched card to your opponents") and in a hire (an Aqueduct's
    client from hand, shown on the table once it joins the Clientele; but with a Bath the clients
    are hired one at a time, each only if there is room after the last one's action (Appendix I,
    Bath), so the card named may never leave the hand). Every other action only names cards that
    are public once played."""
    hidden = action.get("type") in UNSEEN_FROM_HAND and action.get("from_hand") is not None
    if viewer == actor or not hidden:
        return action
    return {**action, "from_hand": None}


def named_cards(action: dict[str, Any]) -> list[int]:
    """The card ids an action names, in field order."""
    out: list[int] = []
    for name in CARD_FIELDS:
        value = action.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            out.append(value)
        elif isinstance(value, list | tuple):
            out.extend(c for c in value if isinstance(c, int))
    return out


def _cards(state: State, ids: list[int]) -> list[dict[str, Any]]:
    return [{"id": c, "name": state.names[c]} for c in ids]


def _draw_seen(event: Event, viewer: int | None) -> bool:
    """A card drawn to a hand is seen by its drawer only; to a Clientele (Bar) or a Stockpile (the
    first edition's Foundry) by everyone; to a Vault (Atrium) by no one, its owner included (Black
    Box rulebook, Atrium)."""
    zone: str = event["zone"]
    return zone in ("clientele", "stockpile") or (zone == "hand" and viewer == event["seat"])


def event_view(state: State, event: Event, viewer: int | None) -> Event:
    """`event` as `viewer` (a seat, or None for a spectator) may see it."""
    kind = event["type"]
    if kind in ("action", "resolved"):
        action = public_action(event["action"], event["seat"], viewer)
        return {**event, "action": action, "cards": _cards(state, named_cards(action))}
    if kind == "drew":
        ids = event["cards"]
        seen = _cards(state, ids) if _draw_seen(event, viewer) else None
        return {
            "type": kind,
            "seat": event["seat"],
            "zone": event["zone"],
            "count": len(ids),
            "cards": seen,
        }
    if kind == "completed":
        return {**event, "building": _cards(state, [event["building"]])[0]}
    return dict(event)  # turn_end, game_over: nothing hidden
