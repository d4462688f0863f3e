"""The game state: every zone of every card, the turn, the pending decisions, and the generator.

Every physical card (order, Jack, Site) has an integer id, drawn as a random permutation at setup so
that an id says nothing about the card behind it. `names[id]` is the card's name; each id sits in
exactly one zone. The state is plain data: it round-trips through JSON and hashes stably.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .cards import MATERIALS, ROLE_OF_MATERIAL, VALUE_OF_MATERIAL, material_of
from .revisions import BASELINE

try:  # a faster writer of the same JSON (canonical_json); the engine runs without it
    import orjson
except ImportError:  # pragma: no cover - the server always has it
    orjson = None  # type: ignore[assignment]

Frame = dict[str, Any]
STARTING_INFLUENCE = 2


@dataclass(slots=True)
class Building:
    """A foundation on its Site with the materials added so far. When complete, the Site card
    moves to its owner's influence (the `site` id stays here as a reference)."""

    foundation: int
    site: int
    materials: list[int] = field(default_factory=list)
    complete: bool = False
    public: bool = False  # made public by an opponent's Stairway
    out_of_town: bool = False  # laid on an out-of-town Site

    def clone(self) -> Building:
        new = Building.__new__(Building)
        new.foundation, new.site, new.materials = self.foundation, self.site, self.materials[:]
        new.complete, new.public, new.out_of_town = self.complete, self.public, self.out_of_town
        return new

    def to_json(self) -> dict[str, Any]:
        data = {
            "foundation": self.foundation,
            "site": self.site,
            "materials": list(self.materials),
            "complete": self.complete,
            "public": self.public,
        }
        if self.out_of_town:  # written only when true: older snapshots keep their hash
            data["out_of_town"] = True
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Building:
        return Building(
            data["foundation"],
            data["site"],
            list(data["materials"]),
            data["complete"],
            data["public"],
            data.get("out_of_town", False),
        )


# A player's zones that are lists of cards, in their JSON order.
PLAYER_LISTS = (
    "hand",
    "camp",
    "clientele",
    "stockpile",
    "vault",
    "influence",
    "acted",
    "hired",
    "vaulted",
    "filched",
)


@dataclass(slots=True)
class Player:
    hand: list[int] = field(default_factory=list)
    camp: list[int] = field(default_factory=list)  # cards played to lead or follow this turn
    clientele: list[int] = field(default_factory=list)
    stockpile: list[int] = field(default_factory=list)
    vault: list[int] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)  # Site cards earned
    buildings: list[Building] = field(default_factory=list)
    # This turn only:
    played: int = 0  # actions earned by the cards played to lead or follow
    acted: list[str] = field(default_factory=list)  # roles of the actions taken
    hired: list[int] = field(default_factory=list)  # clients hired: they do not act
    vaulted: list[int] = field(default_factory=list)  # put in the vault: public
    filched: list[int] = field(default_factory=list)  # put in the vault from hand: owner only

    def clone(self) -> Player:
        new = Player.__new__(Player)
        new.hand, new.camp, new.clientele = self.hand[:], self.camp[:], self.clientele[:]
        new.stockpile, new.vault, new.influence = (
            self.stockpile[:],
            self.vault[:],
            self.influence[:],
        )
        new.buildings = [b.clone() for b in self.buildings]
        new.played, new.acted, new.hired = self.played, self.acted[:], self.hired[:]
        new.vaulted, new.filched = self.vaulted[:], self.filched[:]
        return new

    def new_turn(self) -> None:
        self.played = 0
        for zone in (self.acted, self.hired, self.vaulted, self.filched):
            zone.clear()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: list(getattr(self, name)) for name in PLAYER_LISTS}
        data["buildings"] = [b.to_json() for b in self.buildings]
        data["played"] = self.played
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        player = Player()
        for name in PLAYER_LISTS:
            setattr(player, name, list(data[name]))
        player.buildings = [Building.from_json(b) for b in data["buildings"]]
        player.played = data["played"]
        return player


@dataclass(slots=True)
class State:
    version: str
    options: dict[str, Any]
    seed: int
    rng: int
    names: tuple[str, ...]
    deck: list[int]  # the top card is the last element
    pool: list[int]
    jacks: list[int]
    sites: dict[str, list[int]]  # in town, by material
    out_of_town: dict[str, list[int]]
    removed: list[int]  # out of the game (the training game's half deck and extra Sites)
    players: list[Player]
    leader: int = 0
    turn: int = 1
    role: str | None = None  # the role led this turn
    frames: list[Frame] = field(default_factory=list)  # pending decisions; the top is last
    end: dict[str, Any] | None = None
    moves: int = 0
    rules_revision: int = 1  # the rules revision the game plays by (engine/revisions.py)
    # Derived, never serialised: each seat's active powers and what they answer (by seat:
    # engine.powers.SeatPowers, None until asked; empty until any is), and whether anyone could
    # win at once; dropped whenever a structure changes (State.structures_changed) and kept by
    # copies (which share the facts until one of them changes a structure).
    memo: list[Any] = field(default_factory=list, compare=False, repr=False)
    winners_possible: bool | None = field(default=None, compare=False, repr=False)
    # The options of the pending decision, when settling a move listed them: (moves, its frame,
    # the options); never copied (engine.flow.listed_options).
    decision: Any = field(default=None, compare=False, repr=False)
    # Derived: each card's material and its role, read off `names` once (`names_of_materials`
    # says for which).
    materials: tuple[str | None, ...] = field(default=(), compare=False, repr=False)
    card_roles: tuple[str | None, ...] = field(default=(), compare=False, repr=False)
    names_of_materials: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    # What the last `engine.apply` did (engine/events.py): never serialised, empty in every copy.
    events: list[dict[str, Any]] = field(default_factory=list, compare=False, repr=False)

    def structures_changed(self) -> None:
        self.memo = []
        self.winners_possible = None

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def training(self) -> bool:
        return bool(self.options.get("training", False))

    @property
    def geek(self) -> tuple[str, ...]:
        """The Geek expansion's cards in this game (none: a game without the expansion)."""
        return tuple(self.options.get("geek", ()))

    def clone(self) -> State:
        """An independent copy (the card names, a tuple, are shared)."""
        new = State.__new__(State)
        new.version, new.options, new.seed, new.rng = (
            self.version,
            dict(self.options),
            self.seed,
            self.rng,
        )
        new.names, new.deck, new.pool, new.jacks = (
            self.names,
            self.deck[:],
            self.pool[:],
            self.jacks[:],
        )
        new.sites = {m: ids[:] for m, ids in self.sites.items()}
        new.out_of_town = {m: ids[:] for m, ids in self.out_of_town.items()}
        new.removed = self.removed[:]
        new.players = [p.clone() for p in self.players]
        new.leader, new.turn, new.role, new.moves = self.leader, self.turn, self.role, self.moves
        new.rules_revision = self.rules_revision
        new.frames = [clone_frame(f) for f in self.frames]
        new.end = None if self.end is None else json.loads(json.dumps(self.end))
        new.memo, new.winners_possible = self.memo[:], self.winners_possible
        new.decision = None
        new.events = []
        new.materials, new.card_roles = self.materials, self.card_roles
        new.names_of_materials = self.names_of_materials
        return new

    # Card facts -------------------------------------------------------------------------------
    def material(self, card: int) -> str | None:
        if self.names_of_materials is not self.names:
            self.read_names()
        return self.materials[card]

    def card_role(self, card: int) -> str | None:
        """The role of the card's material (None for a Jack)."""
        if self.names_of_materials is not self.names:
            self.read_names()
        return self.card_roles[card]

    def read_names(self) -> None:
        self.materials = materials_of_deck(self.names)
        self.card_roles = tuple(None if m is None else ROLE_OF_MATERIAL[m] for m in self.materials)
        self.names_of_materials = self.names

    def influence(self, seat: int) -> int:
        sites = self.players[seat].influence
        return STARTING_INFLUENCE + sum(VALUE_OF_MATERIAL[self.material(s) or ""] for s in sites)

    def clockwise(self, start: int) -> list[int]:
        """Seats in play order beginning at `start` (clockwise is increasing seat number)."""
        return [(start + i) % self.n for i in range(self.n)]


def clone_frame(frame: Frame) -> Frame:
    out = frame.copy()
    for k, v in frame.items():
        if type(v) is list:
            out[k] = v[:]
    return out


def to_json(state: State) -> dict[str, Any]:
    """The full, private state as JSON-able data (never send this to a player)."""
    data: dict[str, Any] = {
        "format": 1,
        "version": state.version,
        "options": dict(state.options),
        "seed": state.seed,
        "rng": state.rng,
        "names": list(state.names),
        "deck": list(state.deck),
        "pool": list(state.pool),
        "jacks": list(state.jacks),
        "sites": {m: list(state.sites[m]) for m in MATERIALS},
        "out_of_town": {m: list(state.out_of_town[m]) for m in MATERIALS},
        "removed": list(state.removed),
        "players": [p.to_json() for p in state.players],
        "leader": state.leader,
        "turn": state.turn,
        "role": state.role,
        "frames": [clone_frame(f) for f in state.frames],
        "end": state.end,
        "moves": state.moves,
    }
    if state.rules_revision != BASELINE:  # written only when not the baseline: older snapshots
        data["rules_revision"] = state.rules_revision  # keep their hash
    return data


@lru_cache(maxsize=64)
def materials_of_deck(names: tuple[str, ...]) -> tuple[str | None, ...]:
    """Each card's material by id. Every game of one edition and options has the same deck, and
    a state read from its snapshot has its own copy of the names: looking its materials up here
    spares each state read for a view or a move its ~150 look-ups in the card catalog."""
    return tuple(material_of(name) for name in names)


def from_json(data: dict[str, Any]) -> State:
    """Rebuild a state from `to_json` output."""
    if data.get("format") != 1:
        raise ValueError("unknown state format")
    return State(
        version=data["version"],
        options=dict(data["options"]),
        seed=data["seed"],
        rng=data["rng"],
        names=tuple(data["names"]),
        deck=list(data["deck"]),
        pool=list(data["pool"]),
        jacks=list(data["jacks"]),
        sites={m: list(data["sites"][m]) for m in MATERIALS},
        out_of_town={m: list(data["out_of_town"][m]) for m in MATERIALS},
        removed=list(data["removed"]),
        players=[Player.from_json(p) for p in data["players"]],
        leader=data["leader"],
        turn=data["turn"],
        role=data["role"],
        frames=[clone_frame(f) for f in data["frames"]],
        end=data["end"],
        moves=data["moves"],
        rules_revision=data.get("rules_revision", BASELINE),
    )


def state_hash(state: State) -> str:
    """A stable digest of the whole state (it includes the secret generator state, so it cannot
    be used to guess hidden cards): the SHA-256 of its JSON, keys sorted, no spaces, ASCII."""
    return hashlib.sha256(canonical_json(to_json(state))).hexdigest()


def canonical_json(data: dict[str, Any]) -> bytes:
    """`data` as the hash reads it. orjson, where installed (the server has it), writes these
    same bytes eight times faster than the standard library; a state that holds anything it
    would write differently (text past ASCII, a number past 64 bits) is written by the
    standard library."""
    if orjson is not None:
        try:
            blob = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:
            pass
        else:
            if blob.isascii():
                return blob
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def zones(state: State) -> dict[str, list[int]]:
    """Every zone that holds cards, by a readable path (used by conservation checks and views)."""
    out: dict[str, list[int]] = {
        "deck": state.deck,
        "pool": state.pool,
        "jacks": state.jacks,
        "removed": state.removed,
    }
    for m in MATERIALS:
        out[f"sites.{m}"] = state.sites[m]
        out[f"out_of_town.{m}"] = state.out_of_town[m]
    for seat, p in enumerate(state.players):
        for zone in ("hand", "camp", "clientele", "stockpile", "vault", "influence"):
            out[f"players.{seat}.{zone}"] = getattr(p, zone)
        for i, b in enumerate(p.buildings):
            out[f"players.{seat}.buildings.{i}"] = (
                [b.foundation, *b.materials] if b.complete else [b.foundation, b.site, *b.materials]
            )
    return out
