"""Shared helpers for the engine's rules tests: build tables by card name, find cards, and check
that an illegal action is refused without changing anything.

Every helper goes through the public face of `engine` (plus `state.names` and the zone lists to
find card ids by name, which is what a scenario author does when reading a table).
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import pytest

import engine
from engine.cards import MATERIAL_OF_ROLE, MATERIALS, ROLES, material_of

Action = dict[str, Any]


def table(players: list[dict[str, Any]], **top: Any) -> engine.State:
    """A scenario: `players` is the list of player descriptions, `top` the other top-level keys."""
    return engine.scenario({"players": players, **top})


def is_kind(state: engine.State, card: int, name: str) -> bool:
    """True if `card` answers to `name` the way a scenario name does: an exact card name, or a
    material ("Brick") / role ("Legionary") standing for any order card of it."""
    actual = state.names[card]
    if actual == name:
        return True
    low = name.casefold()
    material = low if low in MATERIALS else MATERIAL_OF_ROLE.get(low)
    return material is not None and actual != "Jack" and material_of(actual) == material


def find(state: engine.State, zone: list[int], name: str) -> int:
    """The first card of `zone` that answers to `name`."""
    for c in zone:
        if is_kind(state, c, name):
            return c
    raise AssertionError(f"no {name} in {[state.names[c] for c in zone]}")


def find_all(state: engine.State, zone: list[int], name: str) -> list[int]:
    return [c for c in zone if is_kind(state, c, name)]


def hand(state: engine.State, seat: int) -> list[int]:
    return state.players[seat].hand


def names(state: engine.State, ids: list[int]) -> list[str]:
    return [state.names[c] for c in ids]


def kind(state: engine.State) -> str | None:
    p = engine.prompt(state)
    return None if p is None else p["kind"]


def actions_left(state: engine.State) -> int:
    p = engine.prompt(state)
    assert p is not None and p["kind"] == "act", p
    return int(p["actions_left"])


def play(state: engine.State, *actions: Action) -> engine.State:
    for action in actions:
        state = engine.apply(state, action)
    return state


def think(take: str = "cards") -> Action:
    return {"type": "think", "take": take}


def lead(role: str, *cards: int) -> Action:
    return {"type": "lead", "role": role, "cards": list(cards)}


def follow(*cards: int) -> Action:
    return {"type": "follow", "cards": list(cards)}


SKIP: Action = {"type": "skip"}


def lead_and_pass(state: engine.State, role: str, card: int) -> engine.State:
    """The leader leads `role` with `card`; every other player thinks (draws)."""
    state = engine.apply(state, lead(role, card))
    while kind(state) == "follow":
        state = engine.apply(state, think())
    return state


def expect_illegal(
    state: engine.State, action: Any, code: str | tuple[str, ...], seat: int | None = None
) -> engine.IllegalAction:
    """`action` raises IllegalAction(code) and the state is unchanged (same hash). A tuple of
    codes is for refusals whose rule is clear but whose code the engine may name either way."""
    before = engine.state_hash(state)
    with pytest.raises(engine.IllegalAction) as info:
        engine.apply(state, action, seat=seat)
    codes = (code,) if isinstance(code, str) else code
    assert info.value.code in codes, info.value
    assert engine.state_hash(state) == before
    return info.value


def expect_malformed(state: engine.State, action: Any, code: str) -> None:
    before = engine.state_hash(state)
    with pytest.raises(engine.MalformedAction) as info:
        engine.apply(state, action)
    assert info.value.code == code, info.value
    assert engine.state_hash(state) == before


def ids_in(obj: Any) -> set[int]:
    """Every card id named anywhere in a view (each card appears as {"id": ..., "name": ...})."""
    out: set[int] = set()
    if isinstance(obj, dict):
        if set(obj) == {"id", "name"}:
            out.add(obj["id"])
        for v in obj.values():
            out |= ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= ids_in(v)
    return out


def canonical(action: Action) -> str:
    """An action's identity: its canonical JSON form (engine.parse(...).to_json(), so optional
    fields at their default compare equal whether given or not), cards in any order."""
    data = engine.parse(action).to_json()
    if "cards" in data:
        data["cards"] = sorted(data["cards"])
    return json.dumps(data, sort_keys=True)


def legal_set(state: engine.State, type_: str | None = None) -> set[str]:
    """The legal actions (of one type, if given), canonicalised."""
    return {
        canonical(a) for a in engine.legal_actions(state) if type_ is None or a["type"] == type_
    }


def is_legal(state: engine.State, action: Action) -> bool:
    return canonical(action) in legal_set(state)


def canon(*actions: Action) -> set[str]:
    return {canonical(a) for a in actions}


def relevant_ids(state: engine.State) -> list[int]:
    """Every card id on the table outside the deck, the Jack pile and the Sites: hands, camps,
    clienteles, stockpiles, vaults, the Pool and foundations."""
    out: set[int] = set(state.pool)
    for p in state.players:
        out.update(p.hand, p.camp, p.clientele, p.stockpile, p.vault)
        for b in p.buildings:
            out.add(b.foundation)
            out.update(b.materials)
    return sorted(out)


def candidate_actions(state: engine.State, max_cards: int = 3) -> list[Action]:
    """Every well-formed action over the relevant card ids (subsets up to `max_cards`)."""
    ids = relevant_ids(state)
    subsets = [list(s) for k in range(1, max_cards + 1) for s in combinations(ids, k)]
    foundations = [b.foundation for p in state.players for b in p.buildings]
    out: list[Action] = [{"type": "skip"}, think("jack"), think("cards")]
    for cards in subsets:
        out.extend(lead(role, *cards) for role in ROLES)
        out.append(follow(*cards))
        for t in ("demand", "claim", "give"):
            out.append({"type": t, "cards": cards})
    out.append({"type": "give", "cards": []})
    for c in ids:
        for t in ("hire", "gather", "sell"):
            out.append({"type": t, "card": c})
        for m in MATERIALS:
            for away in (False, True):
                out.append({"type": "lay", "card": c, "site": m, "out_of_town": away})
        for f in foundations:
            out.append({"type": "build", "card": c, "building": f})
    return out


def accepted_actions(state: engine.State, max_cards: int = 3) -> set[str]:
    """The candidate actions `apply` accepts, canonicalised."""
    ok = set()
    for action in candidate_actions(state, max_cards):
        try:
            engine.apply(state, action)
        except engine.IllegalAction:
            continue
        ok.add(canonical(action))
    return ok
