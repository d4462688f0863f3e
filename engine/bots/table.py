"""What one seat knows, read off its view: a small mutable model the heuristics can play forward.

Built only from `engine.view(state, seat)` and the public catalog (engine.cards), never from the
full state. The model is deliberately approximate: it knows nothing of building powers beyond the
limits the view reports, and it is used to estimate, never to decide what is legal (the engine's
`legal_actions` does that).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import JACK, MATERIALS, ROLE_OF_MATERIAL, VALUE_OF_MATERIAL, material_of

Card = tuple[int, str]  # (id, name)


def value(material: str | None) -> int:
    return VALUE_OF_MATERIAL.get(material or "", 0)


def role_of(name: str) -> str | None:
    material = material_of(name)
    return ROLE_OF_MATERIAL[material] if material and name != JACK else None


def read_cards(data: Any) -> list[Card]:
    return [(int(c["id"]), str(c["name"])) for c in data or ()]


@dataclass(slots=True)
class Structure:
    """One of my foundations or structures."""

    foundation: int
    name: str
    site: str
    have: int
    complete: bool

    @property
    def material(self) -> str:
        """The material it is built of (its foundation's)."""
        return material_of(self.name) or self.site

    @property
    def need(self) -> int:
        return 0 if self.complete else max(value(self.material) - self.have, 0)

    def clone(self) -> Structure:
        return Structure(self.foundation, self.name, self.site, self.have, self.complete)


@dataclass(slots=True)
class Rival:
    """What I see of another seat."""

    seat: int
    hand_count: int
    influence: int
    vault_count: int
    stockpile: int
    clients: dict[str, int]  # by role


@dataclass(slots=True)
class Table:
    seat: int
    version: str
    training: bool
    role: str | None
    hand: list[Card]
    stockpile: list[Card]
    clientele: list[Card]
    structures: list[Structure]
    influence: int
    hand_size: int
    clientele_limit: int
    vault_limit: int
    vault_count: int
    vault_visible: list[Card]
    camp: list[Card]
    pool: list[Card]
    in_town: dict[str, int]
    out_of_town: dict[str, int]
    deck_count: int
    jacks_count: int
    rivals: list[Rival]
    names: dict[int, str] = field(default_factory=dict)

    @staticmethod
    def from_view(view: dict[str, Any]) -> Table:
        seat = view["seat"]
        if seat is None:
            raise ValueError("a bot needs the view of its own seat, not a spectator's")
        players = view["players"]
        me = players[seat]
        sites = view.get("sites") or {}
        table = Table(
            seat=seat,
            version=str(view.get("version", "")),
            training=bool(view.get("training", False)),
            role=view.get("role"),
            hand=read_cards(me.get("hand")),
            stockpile=read_cards(me.get("stockpile")),
            clientele=read_cards(me.get("clientele")),
            structures=[
                Structure(
                    int(b["foundation"]["id"]),
                    str(b["foundation"]["name"]),
                    str(b.get("site") or ""),
                    len(b.get("materials") or ()),
                    bool(b.get("complete")),
                )
                for b in me.get("buildings") or ()
            ],
            influence=int(me.get("influence", 2)),
            hand_size=int(me.get("hand_size", 5)),
            clientele_limit=int(me.get("clientele_limit", me.get("influence", 2))),
            vault_limit=int(me.get("vault_limit", me.get("influence", 2))),
            vault_count=int(me.get("vault_count", 0)),
            vault_visible=read_cards(me.get("vault_visible")),
            camp=read_cards(me.get("camp")),
            pool=read_cards(view.get("pool")),
            in_town={m: int((sites.get(m) or {}).get("in_town", 0)) for m in MATERIALS},
            out_of_town={m: int((sites.get(m) or {}).get("out_of_town", 0)) for m in MATERIALS},
            deck_count=int(view.get("deck_count", 0)),
            jacks_count=int(view.get("jacks_count", 0)),
            rivals=[
                Rival(
                    int(p["seat"]),
                    int(p.get("hand_count", 0)),
                    int(p.get("influence", 2)),
                    int(p.get("vault_count", 0)),
                    len(p.get("stockpile") or ()),
                    clients_by_role(read_cards(p.get("clientele"))),
                )
                for p in players
                if p["seat"] != seat
            ],
        )
        table.names = collect_names(view)
        return table

    def clone(self) -> Table:
        return Table(
            self.seat,
            self.version,
            self.training,
            self.role,
            list(self.hand),
            list(self.stockpile),
            list(self.clientele),
            [s.clone() for s in self.structures],
            self.influence,
            self.hand_size,
            self.clientele_limit,
            self.vault_limit,
            self.vault_count,
            list(self.vault_visible),
            list(self.camp),
            list(self.pool),
            dict(self.in_town),
            dict(self.out_of_town),
            self.deck_count,
            self.jacks_count,
            self.rivals,
            self.names,
        )

    # Facts -----------------------------------------------------------------------------------

    def name(self, card: int) -> str | None:
        return self.names.get(card)

    def material(self, card: int) -> str | None:
        name = self.names.get(card)
        return material_of(name) if name and name != JACK else None

    def structure(self, foundation: int) -> Structure | None:
        for s in self.structures:
            if s.foundation == foundation:
                return s
        return None

    def incomplete(self) -> list[Structure]:
        return [s for s in self.structures if not s.complete]

    def need(self, material: str) -> int:
        """Materials of this kind my foundations still need."""
        return sum(s.need for s in self.structures if not s.complete and s.material == material)

    def count(self, cards: list[Card], material: str) -> int:
        return sum(1 for _, n in cards if n != JACK and material_of(n) == material)

    def clients_of(self, role: str) -> int:
        return sum(1 for _, n in self.clientele if role_of(n) == role)

    def vault_room(self) -> int:
        return max(self.vault_limit - self.vault_count, 0)

    def sites_left(self) -> int:
        return sum(self.in_town.values())

    def owns(self, name: str) -> bool:
        return any(s.name == name for s in self.structures)

    def visible_score(self) -> float:
        """My points as far as they can be seen (a vault card is worth two on average)."""
        return self.influence + 2.0 * self.vault_count

    def best_rival_score(self) -> float:
        return max((r.influence + 2.0 * r.vault_count for r in self.rivals), default=0.0)

    # Changes (for playing a role forward) -----------------------------------------------------

    def take(self, cards: list[Card], card: int) -> Card | None:
        for i, c in enumerate(cards):
            if c[0] == card:
                return cards.pop(i)
        return None

    def complete(self, s: Structure) -> None:
        s.complete = True
        gained = value(s.site)
        self.influence += gained
        self.vault_limit += gained
        self.clientele_limit += gained


def clients_by_role(clientele: list[Card]) -> dict[str, int]:
    out: dict[str, int] = {}
    for _, name in clientele:
        r = role_of(name)
        if r:
            out[r] = out.get(r, 0) + 1
    return out


def collect_names(view: dict[str, Any]) -> dict[int, str]:
    """Every card id the view names, with its name."""
    names: dict[int, str] = {}

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            if isinstance(data.get("id"), int) and isinstance(data.get("name"), str):
                names[data["id"]] = data["name"]
            for v in data.values():
                if isinstance(v, dict | list):
                    walk(v)
        elif isinstance(data, list):
            for v in data:
                if isinstance(v, dict | list):
                    walk(v)

    walk(view)
    return names
