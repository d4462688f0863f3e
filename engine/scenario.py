"""Build a table from a JSON description by card names (documented in docs/scenarios.md).

Tests, puzzles and bug reports describe a position the way the rulebook's examples do: hands,
pool, camps, clienteles, stockpiles, vaults, buildings and influence by card name, who leads, and
the top of the deck. A name is an order card ("Temple"), "Jack", or a material or role standing for
any card of it ("Brick" or "Legionary"). The table starts at the leader's lead-or-think decision,
or at the decision `start` names within a turn (engine/scenario_start.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import rng
from .cards import (
    FIRST_EDITION,
    JACK,
    MATERIALS,
    ORDER_TYPE,
    SITES_PER_MATERIAL,
    VALUE_OF_MATERIAL,
    is_order,
    material_named,
    site_name,
)
from .errors import SetupError
from .scenario_start import seat_number, start_turn
from .setup import blank_state, check_config, check_revision
from .state import STARTING_INFLUENCE, Building, State

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
    "role",
    "start",
    "rules_revision",
}
PLAYER_KEYS = {"hand", "camp", "clientele", "stockpile", "vault", "influence", "buildings"}
ZONES = ("hand", "camp", "clientele", "stockpile", "vault")
BUILDING_KEYS = {"name", "site", "materials", "complete", "out_of_town", "public", "site_to"}
# Sites that make up an Influence given as a number: the most valuable first.
SITES_BY_VALUE = sorted(MATERIALS, key=lambda m: -VALUE_OF_MATERIAL[m])

Request = tuple[list[int], str, str]  # (where the card goes, its name, the zone, for errors)


class Supply:
    """The cards not yet placed, taken by name: exact names first, then generic ones."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.free: dict[str, list[int]] = {}
        for c in state.removed:
            self.free.setdefault(state.names[c], []).append(c)

    def take(self, name: str, where: str) -> int:
        """A card answering to `name` for the zone `where` (named in the error if none is left)."""
        material = material_named(name)
        if material is not None:
            for t in ORDER_TYPE.values():
                if t.material == material and self.free.get(t.name):
                    return self.free[t.name].pop(0)
            raise SetupError("not_enough_cards", f"{where}: no {name} card is left to place.")
        if name != JACK and name not in ORDER_TYPE and not name.endswith(" Site"):
            raise SetupError("unknown_card", f"{where}: no card is called {name!r}.")
        if not self.free.get(name):
            raise SetupError(
                "not_enough_cards",
                f"{where}: no {name} card is left to place ({self.state.version}).",
            )
        return self.free[name].pop(0)

    def remaining(self, predicate: Any) -> list[int]:
        out = []
        for name, ids in self.free.items():
            if predicate(name):
                out.extend(ids)
                ids.clear()
        return sorted(out)


@dataclass
class BuildingPlan:
    name: str
    foundation: list[int]
    materials: list[int]
    site: str  # material
    complete: bool
    out_of_town: bool
    public: bool
    site_to: int  # the seat whose Influence holds the Site of a completed structure


@dataclass
class PlayerPlan:
    seat: int
    zones: dict[str, list[int]]
    buildings: list[BuildingPlan] = field(default_factory=list)
    influence: list[str] | int = field(default_factory=list)  # Site materials, or a total
    requests: list[Request] = field(default_factory=list)


def _list(data: dict[str, Any], key: str, where: str = "") -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError("bad_scenario", f"{where}'{key}' must be a list of card names.")
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


def _flag(data: dict[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise SetupError("bad_scenario", f"{where}: '{key}' must be true or false.")
    return value


def scenario(description: dict[str, Any]) -> State:
    d = _check_keys(description, TOP_KEYS, "the scenario")
    players = d.get("players")
    if not isinstance(players, list):
        raise SetupError("bad_scenario", "'players' must be a list of player descriptions.")
    version = d.get("version", "republic")
    seed = d.get("seed", 0)
    options = check_config(version, len(players), seed, d.get("options"))
    revision = check_revision(version, d.get("rules_revision"))
    state = blank_state(version, len(players), seed, options, revision)
    supply = Supply(state)
    plans = [_plan_player(p, i, len(players)) for i, p in enumerate(players)]
    pool: list[int] = []
    deck_top: list[int] = []
    requests: list[Request] = [(pool, name, "the Pool") for name in _list(d, "pool")]
    requests += [(deck_top, name, "the deck") for name in _list(d, "deck")]
    for plan in plans:
        requests.extend(plan.requests)
    _fulfil(supply, requests)
    state.pool = pool
    for plan in plans:
        _place_player(state, supply, plan)
    for plan in plans:
        _place_influence(state, supply, plan)
    away = {
        m: sum(b.out_of_town and b.site == m for p in plans for b in p.buildings) for m in MATERIALS
    }
    _place_sites(state, supply, d.get("sites", {}), away)
    _place_jacks(state, supply, d.get("jacks"))
    _place_deck(state, supply, deck_top, d.get("deck_rest", True))
    state.removed = supply.remaining(lambda name: True)
    state.leader = seat_number(d.get("leader", 0), state.n, "'leader'")
    start_turn(state, d.get("role"), d.get("start"))
    return state


def _fulfil(supply: Supply, requests: list[Request]) -> None:
    """Exact names are placed before generic ones, so that "Brick" never takes a named card."""
    placed: list[int] = [-1] * len(requests)
    for generic in (False, True):
        for i, (_, name, where) in enumerate(requests):
            if (material_named(name) is not None) == generic:
                placed[i] = supply.take(name, where)
    for (target, _, _), card in zip(requests, placed, strict=True):
        target.append(card)


def _plan_player(data: Any, seat: int, n: int) -> PlayerPlan:
    who = f"player {seat}"
    p = _check_keys(data, PLAYER_KEYS, who)
    plan = PlayerPlan(seat, {zone: [] for zone in ZONES})
    for zone, ids in plan.zones.items():
        plan.requests.extend((ids, name, f"{who}'s {zone}") for name in _list(p, zone, f"{who}: "))
    plan.influence = _plan_influence(p.get("influence", []), who)
    buildings = p.get("buildings", [])
    if not isinstance(buildings, list):
        raise SetupError("bad_scenario", f"{who}: 'buildings' must be a list.")
    for b in buildings:
        plan.buildings.append(_plan_building(plan, b, seat, n))
    return plan


def _plan_influence(value: Any, who: str) -> list[str] | int:
    """Sites earned, as materials; or the Influence itself, as a number."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value < STARTING_INFLUENCE:
            raise SetupError(
                "bad_scenario", f"{who}: Influence starts at {STARTING_INFLUENCE}, not {value}."
            )
        return value
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError(
            "bad_scenario", f"{who}: 'influence' is a number or a list of Site materials."
        )
    for material in value:
        if material.casefold() not in MATERIALS:
            raise SetupError(
                "bad_scenario", f"{who}: Influence is given as Site materials, not {material!r}."
            )
    return [m.casefold() for m in value]


def _plan_building(plan: PlayerPlan, data: Any, seat: int, n: int) -> BuildingPlan:
    b = _check_keys(data, BUILDING_KEYS, f"a building of player {seat}")
    name = b.get("name")
    if name not in ORDER_TYPE:
        raise SetupError("unknown_card", f"player {seat}: no order card is called {name!r}.")
    where = f"player {seat}'s {name}"
    site = str(b.get("site", ORDER_TYPE[name].material)).casefold()
    if site not in MATERIALS:
        raise SetupError("bad_scenario", f"{where}: no such Site material: {site!r}.")
    complete = _flag(b, "complete", where)
    public = _flag(b, "public", where)
    if public and not complete:
        raise SetupError("bad_scenario", f"{where}: only a completed structure can be public.")
    site_to = seat
    if "site_to" in b:
        if not complete:
            raise SetupError("bad_scenario", f"{where}: 'site_to' is for a completed structure.")
        site_to = seat_number(b["site_to"], n, f"{where}: 'site_to'")
    building = BuildingPlan(
        name, [], [], site, complete, _flag(b, "out_of_town", where), public, site_to
    )
    plan.requests.append((building.foundation, name, f"{where} (its foundation)"))
    plan.requests.extend(
        (building.materials, m, f"{where} (its materials)") for m in _list(b, "materials", where)
    )
    return building


def _place_player(state: State, supply: Supply, plan: PlayerPlan) -> None:
    player = state.players[plan.seat]
    for zone, ids in plan.zones.items():
        setattr(player, zone, ids)
    for b in plan.buildings:
        where = f"player {plan.seat}'s {b.name}"
        if any(state.names[other.foundation] == b.name for other in player.buildings):
            raise SetupError(
                "bad_scenario", f"Player {plan.seat} has two buildings named {b.name}."
            )
        if not b.complete and len(b.materials) >= VALUE_OF_MATERIAL[ORDER_TYPE[b.name].material]:
            raise SetupError("bad_scenario", f"{where} has enough materials: mark it complete.")
        site = supply.take(site_name(b.site), f"{where} (its Site)")
        player.buildings.append(
            Building(b.foundation[0], site, b.materials, b.complete, b.public, b.out_of_town)
        )
        if b.complete:
            state.players[b.site_to].influence.append(site)


def _place_influence(state: State, supply: Supply, plan: PlayerPlan) -> None:
    """Sites earned, by material; or as many Sites as make up the Influence asked for (on top of
    those of completed structures), the most valuable first."""
    where = f"player {plan.seat}'s influence"
    influence = state.players[plan.seat].influence
    if isinstance(plan.influence, list):
        influence.extend(supply.take(site_name(m), where) for m in plan.influence)
        return
    missing = plan.influence - state.influence(plan.seat)
    if missing < 0:
        raise SetupError(
            "bad_scenario",
            f"{where}: its structures already give {state.influence(plan.seat)}, "
            f"more than {plan.influence}.",
        )
    for m in SITES_BY_VALUE:
        value, free = VALUE_OF_MATERIAL[m], supply.free.get(site_name(m), [])
        while missing >= value and free:
            influence.append(free.pop(0))
            missing -= value
    if missing:
        raise SetupError("not_enough_cards", f"{where}: not enough Sites are left to make it up.")


def _place_sites(state: State, supply: Supply, sites: Any, away: dict[str, int]) -> None:
    """Default: N in town per material, less those used in town, as many as are left; the rest
    out of town (`away` counts the out-of-town Sites under foundations)."""
    sites = _check_keys(sites, set(MATERIALS), "'sites'")
    for m in MATERIALS:
        free = supply.free.get(site_name(m), [])
        used_in_town = SITES_PER_MATERIAL[state.version] - len(free) - away[m]
        spec = _check_keys(sites.get(m, {}), {"in_town", "out_of_town"}, f"'sites.{m}'")
        in_town = spec.get("in_town", min(len(free), max(state.n - used_in_town, 0)))
        # The first edition has no out-of-town Sites: its spare Sites are out of the game.
        spare = 0 if state.version == FIRST_EDITION else len(free) - in_town
        out = spec.get("out_of_town", spare)
        if not all(isinstance(v, int) and v >= 0 for v in (in_town, out)) or in_town + out > len(
            free
        ):
            raise SetupError(
                "bad_scenario", f"'sites.{m}': only {len(free)} {m} Site(s) are left to place."
            )
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
