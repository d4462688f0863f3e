"""What each viewer may see (docs/rules.md, Hidden information).

A seat sees its own hand; other hands as counts; the deck as a count; each vault as a count plus the
cards put in this turn (after that turn no one sees them, not even the owner); everything public in
full. `seat=None` is a spectator. Vaults and scores are revealed when the game ends. The state never
serialises itself for a player: this module builds every view.
"""

from __future__ import annotations

from typing import Any

from . import powers
from .cards import CARD_FACTS, MATERIALS
from .flow import pending
from .state import Building, State


def card(state: State, c: int) -> dict[str, Any]:
    """A card as views show it: its id, its name and what it is (kind, material, role, value)."""
    name = state.names[c]
    return {"id": c, "name": name, **CARD_FACTS[name]}


def cards(state: State, ids: list[int]) -> list[dict[str, Any]]:
    return [card(state, c) for c in ids]


def to_act(state: State) -> int | None:
    top = pending(state)
    return None if top is None else int(top[1]["seat"])


def prompt(state: State) -> dict[str, Any] | None:
    """The pending decision, public to all: whose it is, what kind, and its public details."""
    top = pending(state)
    if top is None:
        return None
    kind, frame = top
    out = {"seat": frame["seat"], "kind": frame["kind"], **kind.prompt(state, frame)}
    if "revealed" in frame:
        out["revealed"] = cards(state, frame["revealed"])
    return out


def building_view(state: State, b: Building) -> dict[str, Any]:
    return {
        "foundation": card(state, b.foundation),
        "site": state.material(b.site),
        "materials": cards(state, b.materials),
        "complete": b.complete,
        "public": b.public,
        "out_of_town": b.out_of_town,
    }


def vault_visible(state: State, seat: int, viewer: int | None) -> list[int]:
    """All of it once the game is over; else what went in this turn, in the open, and to its
    owner what he filched from hand (Basilica). A card from the deck (Atrium) is seen by no one."""
    p = state.players[seat]
    if state.end is not None:
        return p.vault
    return p.vaulted + p.filched if seat == viewer else p.vaulted


def player_view(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    p = state.players[seat]
    active = powers.active_powers(state, seat)
    return {
        "seat": seat,
        "hand": cards(state, p.hand) if seat == viewer else None,
        "hand_count": len(p.hand),
        "camp": cards(state, p.camp),
        "clientele": cards(state, p.clientele),
        "stockpile": cards(state, p.stockpile),
        "vault_count": len(p.vault),
        "vault_visible": cards(state, vault_visible(state, seat, viewer)),
        "influence": state.influence(seat),
        "buildings": [building_view(state, b) for b in p.buildings],
        "hand_size": powers.hand_size(state, seat, active),
        "clientele_limit": powers.clientele_limit(state, seat, active),
        "vault_limit": powers.vault_limit(state, seat, active),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The table as `seat` sees it (None: a spectator)."""
    if seat is not None and not 0 <= seat < state.n:
        raise ValueError(f"no seat {seat}")
    return {
        "version": state.version,
        "rules_revision": state.rules_revision,
        "training": state.training,
        "geek": list(state.geek),
        "seat": seat,
        "turn": state.turn,
        "leader": state.leader,
        "role": state.role,
        "deck_count": len(state.deck),
        "jacks_count": len(state.jacks),
        "pool": cards(state, state.pool),
        "sites": {
            m: {"in_town": len(state.sites[m]), "out_of_town": len(state.out_of_town[m])}
            for m in MATERIALS
        },
        "to_act": to_act(state),
        "prompt": prompt(state),
        "players": [player_view(state, s, seat) for s in range(state.n)],
        "end": state.end,
    }
