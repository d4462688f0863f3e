"""Build a table from a JSON description by card names (documented in docs/scenarios.md).

Tests, puzzles and bug reports describe a position the way the rulebook's examples do: hands,
pool, camps' clienteles, stockpiles, vaults, buildings and influence by card name, who leads, and
the top of the deck. A name is an order card ("Temple"), "Jack", or a material or role standing for
any card of it ("Brick" or "Legionary"). The table starts at the leader's lead-or-think decision.
"""

from __future__ import annotations

from typing import Any

from . import rng
from .cards import (
    JACK,
    MATERIAL_OF_ROLE,
    MATERIALS,
    ORDER_TYPE,
    VALUE_OF_MATERIAL,
    is_order,
    site_name,
)
from .errors import SetupError
from .setup import blank_state, check_config
from .state import Building, State

TOP_KEYS = {
    "version",
    "seed",
    "options",
    "leader",
    "players",
    "pool",
    "deck",
    "deck_rest",
    "jacks",
    "sites",
}
PLAYER_KEYS = {"hand", "clientele", "stockpile", "vault", "influence", "buildings"}
BUILDING_KEYS = {"name", "site", "materials", "complete"}


def generic_material(name: str) -> str | None:
    """ "Brick" or "Legionary" stand for any card of that material."""
    low = name.casefold()
    if low in MATERIALS:
        return low
    return MATERIAL_OF_ROLE.get(low)


class Supply:
    """The cards not yet placed, taken by name: exact names first, then generic ones."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.free: dict[str, list[int]] = {}
        for c in state.removed:
            self.free.setdefault(state.names[c], []).append(c)

    def take(self, name: str) -> int:
        material = generic_material(name)
        if material is not None:
            for t in ORDER_TYPE.values():
                if t.material == material and self.free.get(t.name):
                    return self.free[t.name].pop(0)
            raise SetupError("not_enough_cards", f"No {name} card is left to place.")
        if name != JACK and name not in ORDER_TYPE and not name.endswith(" Site"):
            raise SetupError("unknown_card", f"No card is called {name!r}.")
        if not self.free.get(name):
            raise SetupError(
                "not_enough_cards", f"No {name} card is left to place ({self.state.version})."
            )
        return self.free[name].pop(0)

    def remaining(self, predicate: Any) -> list[int]:
        out = []
        for name, ids in self.free.items():
            if predicate(name):
                out.extend(ids)
                ids.clear()
        return sorted(out)


def _list(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError("bad_scenario", f"'{key}' must be a list of card names.")
    return value


def _check_keys(data: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SetupError("bad_scenario", f"{where} must be an object.")
    unknown = set(data) - allowed
    if unknown:
        raise SetupError(
            "bad_scenario", f"Unknown key(s) in {where}: {', '.join(sorted(unknown))}."
        )
    return data


def scenario(description: dict[str, Any]) -> State:
    d = _check_keys(description, TOP_KEYS, "the scenario")
    players = d.get("players")
    if not isinstance(players, list):
        raise SetupError("bad_scenario", "'players' must be a list of player descriptions.")
    version = d.get("version", "republic")
    seed = d.get("seed", 0)
    options = check_config(version, len(players), seed, d.get("options"))
    state = blank_state(version, len(players), seed, options)
    supply = Supply(state)
    # Exact names are placed before generic ones so that "Brick" never takes a named card.
    requests: list[tuple[list[int], str]] = []
    plans = [_plan_player(state, p, i) for i, p in enumerate(players)]
    pool: list[int] = []
    deck_top: list[int] = []
    for target, names in [(pool, _list(d, "pool")), (deck_top, _list(d, "deck"))]:
        requests.extend((target, name) for name in names)
    for plan in plans:
        requests.extend(plan["requests"])
    placed: list[int] = [-1] * len(requests)
    for generic in (False, True):
        for i, (_, name) in enumerate(requests):
            if (generic_material(name) is not None) == generic:
                placed[i] = supply.take(name)
    for (target, _), card in zip(requests, placed, strict=True):
        target.append(card)
    state.pool = pool
    for seat, plan in enumerate(plans):
        _place_player(state, supply, seat, plan)
    _place_sites(state, supply, d.get("sites", {}))
    _place_jacks(state, supply, d.get("jacks"))
    _place_deck(state, supply, deck_top, d.get("deck_rest", True))
    state.removed = supply.remaining(lambda name: True)
    leader = d.get("leader", 0)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < state.n:
        raise SetupError("bad_scenario", "'leader' must be a seat number.")
    state.leader = leader
    state.frames = [{"kind": "lead", "seat": leader}]
    return state


def _plan_player(state: State, data: Any, seat: int) -> dict[str, Any]:
    p = _check_keys(data, PLAYER_KEYS, f"player {seat}")
    plan: dict[str, Any] = {"requests": [], "zones": {}, "buildings": [], "influence": []}
    for zone in ("hand", "clientele", "stockpile", "vault"):
        ids: list[int] = []
        plan["zones"][zone] = ids
        plan["requests"].extend((ids, name) for name in _list(p, zone))
    for material in _list(p, "influence"):
        if material.casefold() not in MATERIALS:
            raise SetupError(
                "bad_scenario", f"Influence is given as Site materials, not {material!r}."
            )
        plan["influence"].append(material.casefold())
    buildings = p.get("buildings", [])
    if not isinstance(buildings, list):
        raise SetupError("bad_scenario", "'buildings' must be a list.")
    for b in buildings:
        b = _check_keys(b, BUILDING_KEYS, "a building")
        name = b.get("name")
        if name not in ORDER_TYPE:
            raise SetupError("unknown_card", f"No order card is called {name!r}.")
        foundation: list[int] = []
        materials: list[int] = []
        plan["requests"].append((foundation, name))
        plan["requests"].extend((materials, m) for m in _list(b, "materials"))
        site = str(b.get("site", ORDER_TYPE[name].material)).casefold()
        if site not in MATERIALS:
            raise SetupError("bad_scenario", f"No such Site material: {site!r}.")
        complete = b.get("complete", False)
        if not isinstance(complete, bool):
            raise SetupError("bad_scenario", "'complete' must be true or false.")
        plan["buildings"].append(
            (foundation, materials, site, complete, len(_list(b, "materials")))
        )
    return plan


def _place_player(state: State, supply: Supply, seat: int, plan: dict[str, Any]) -> None:
    player = state.players[seat]
    for zone, ids in plan["zones"].items():
        setattr(player, zone, ids)
    for foundation, materials, site_material, complete, count in plan["buildings"]:
        name = state.names[foundation[0]]
        if any(state.names[b.foundation] == name for b in player.buildings):
            raise SetupError("bad_scenario", f"Player {seat} has two buildings named {name}.")
        if not complete and count >= VALUE_OF_MATERIAL[ORDER_TYPE[name].material]:
            raise SetupError("bad_scenario", f"The {name} has enough materials: mark it complete.")
        building = Building(
            foundation[0], supply.take(site_name(site_material)), materials, complete
        )
        player.buildings.append(building)
        if complete:
            player.influence.append(building.site)
    for material in plan["influence"]:
        player.influence.append(supply.take(site_name(material)))


def _place_sites(state: State, supply: Supply, sites: Any) -> None:
    """Default: N in town per material, as many as are left, the rest out of town."""
    sites = _check_keys(sites, set(MATERIALS), "'sites'")
    for m in MATERIALS:
        free = supply.free.get(site_name(m), [])
        used = 6 - len(free)
        spec = _check_keys(sites.get(m, {}), {"in_town", "out_of_town"}, f"'sites.{m}'")
        in_town = spec.get("in_town", min(len(free), max(state.n - used, 0)))
        out = spec.get("out_of_town", len(free) - in_town)
        if not all(isinstance(v, int) and v >= 0 for v in (in_town, out)) or in_town + out > len(
            free
        ):
            raise SetupError("bad_scenario", f"Only {len(free)} {m} Site(s) are left to place.")
        state.sites[m] = [free.pop(0) for _ in range(in_town)]
        state.out_of_town[m] = [free.pop(0) for _ in range(out)]


def _place_jacks(state: State, supply: Supply, count: Any) -> None:
    free = supply.free.get(JACK, [])
    if count is None:
        count = len(free)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= len(free):
        raise SetupError("bad_scenario", f"'jacks' must be 0 to {len(free)}.")
    state.jacks = [free.pop(0) for _ in range(count)]


def _place_deck(state: State, supply: Supply, top: list[int], rest: Any) -> None:
    """The listed cards on top (first listed is drawn first); unless `deck_rest` is false, every
    order card not placed elsewhere is shuffled in beneath them."""
    if not isinstance(rest, bool):
        raise SetupError("bad_scenario", "'deck_rest' must be true or false.")
    below = supply.remaining(is_order) if rest else []
    state.rng = rng.shuffle(state.rng, below)
    state.deck = below + list(reversed(top))
    if not state.deck:
        raise SetupError("bad_scenario", "The deck must hold at least one card.")
