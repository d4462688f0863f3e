"""Site cards: a view shows Sites by material and count only (in town, out of town, under each
structure, and each player's Influence as a number), never by id. This module gives them ids and
puts each in one place, so that every player's Influence adds up to the view's."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from ..cards import MATERIALS, VALUE_OF_MATERIAL
from ..setup import sites_in_play
from ..state import STARTING_INFLUENCE

View = dict[str, Any]


def available(view: View) -> int:
    """Sites of each material in play (engine.setup.sites_in_play)."""
    return sites_in_play(view["version"], len(view["players"]), bool(view["training"]))


def loose_sites(view: View) -> dict[str, int]:
    """Sites of each material in some Influence with no structure on them (a Domus Aurea's
    razed foundation left its Site with the raider), by elimination."""
    out = {}
    for m in MATERIALS:
        counted = view["sites"][m]["in_town"] + view["sites"][m]["out_of_town"]
        counted += sum(1 for p in view["players"] for b in p["buildings"] if b["site"] == m)
        out[m] = max(0, available(view) - counted)
    return out


def influence_owners(view: View) -> tuple[list[int], list[tuple[str, int]]]:
    """Whose Influence holds each completed structure's Site (in the order of the view's
    structures) and each loose Site: its builder's when that adds up, else the assignment of
    Sites to seats that makes every player's Influence match the view (a Prison moves Sites
    between players). Returns (owner per completed structure, [(material, owner)] loose)."""
    homes: list[int | None] = []
    values: list[int] = []
    pinned: set[int] = set()
    thief = stealing(view)
    for p in view["players"]:
        for b in p["buildings"]:
            if b["complete"]:
                if int(p["seat"]) == thief and b["foundation"]["name"] == "Prison":
                    pinned.add(len(homes))
                homes.append(int(p["seat"]))
                values.append(VALUE_OF_MATERIAL[b["site"]])
    loose = [m for m, k in loose_sites(view).items() for _ in range(k)]
    homes += [None] * len(loose)
    values += [VALUE_OF_MATERIAL[m] for m in loose]
    targets = [int(p["influence"]) - STARTING_INFLUENCE for p in view["players"]]
    owners = assign(values, homes, targets, pinned)
    if owners is None:  # cannot add up (it always should): each Site with its builder
        owners = [h if h is not None else 0 for h in homes]
    built = len(homes) - len(loose)
    return owners[:built], list(zip(loose, owners[built:], strict=True))


def stealing(view: View) -> int | None:
    """The seat deciding what its just completed Prison steals, if that is the decision under
    way: his Prison's Site is still in his Influence (it goes only with the exchange), however
    else the Sites could add up. None for an Aerarium's ransom, which gives other Sites."""
    prompt = view.get("prompt") or {}
    if prompt.get("kind") != "steal" or prompt.get("ransom"):
        return None
    return int(prompt["seat"])


def assign(
    values: list[int],
    homes: list[int | None],
    targets: list[int],
    pinned: Container[int] = frozenset(),
) -> list[int] | None:
    """Seats for the items so that each seat's values sum to its target, each item at its home
    when possible and the `pinned` ones always (depth first, home first; failures are
    remembered)."""
    n = len(values)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + values[i]
    seats = range(len(targets))
    out = [0] * n
    failed: set[tuple[int, tuple[int, ...]]] = set()

    def fill(i: int, left: list[int]) -> bool:
        if sum(left) != suffix[i] or min(left, default=0) < 0:
            return False
        if i == n:
            return True
        key = (i, tuple(left))
        if key in failed:
            return False
        home = homes[i]
        others = [] if i in pinned else [s for s in seats if s != home]
        for s in ([home] if home is not None else []) + others:
            if left[s] >= values[i]:
                left[s] -= values[i]
                out[i] = s
                if fill(i + 1, left):
                    return True
                left[s] += values[i]
        failed.add(key)
        return False

    return out if fill(0, list(targets)) else None
