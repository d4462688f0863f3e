"""Actions: small typed records with a JSON form and a parser.

`parse` turns a client's JSON into an action or raises MalformedAction (it cannot be read); whether
the action may be played now is the turn flow's business (IllegalAction). Every action is a dict
with a `type`; the record's `to_json` is the canonical form that `legal_actions` returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from .cards import MATERIALS, ROLES
from .errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Action:
    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form: fields left at their default are omitted."""
        return _TO_JSON[type(self)](self)


def json_writer(cls: type[Action]) -> Callable[[Action], dict[str, Any]]:
    """`to_json` for one action type, written out once (it runs for every legal action)."""
    lines = ["def to_json(a):", f"    data = {{'type': {cls.TYPE!r}}}"]
    for f in fields(cls):
        value = f"list(a.{f.name})" if str(f.type).startswith("tuple") else f"a.{f.name}"
        if f.default is MISSING:
            lines.append(f"    data[{f.name!r}] = {value}")
        else:
            lines.append(f"    if a.{f.name} != {f.default!r}:")
            lines.append(f"        data[{f.name!r}] = {value}")
    lines.append("    return data")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # our own field names and defaults, nothing else
    writer: Callable[[Action], dict[str, Any]] = namespace["to_json"]
    return writer


@dataclass(frozen=True, slots=True)
class Think(Action):
    """Take a Jack, or draw: refill to hand size, or one card when at or above it."""

    TYPE: ClassVar[str] = "think"
    take: str  # "jack" or "cards"
    discard: tuple[int, ...] = ()  # first, into the Pool (Latrine: one card; Vomitorium: all)
    extra_jack: bool = False  # then a Jack too (Tribunal)


@dataclass(frozen=True, slots=True)
class Lead(Action):
    TYPE: ClassVar[str] = "lead"
    role: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Follow(Action):
    TYPE: ClassVar[str] = "follow"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Patron: a card from the Pool becomes a client; with an Aqueduct also one from hand, with a
    Bar also the top card of the deck."""

    TYPE: ClassVar[str] = "hire"
    card: int | None = None
    from_hand: int | None = None
    from_deck: bool = False
    replace: int | None = None  # a client sent to the Pool first (the first edition's Bath)


@dataclass(frozen=True, slots=True)
class Gather(Action):
    """Laborer: a card from the Pool goes to the Stockpile; with a Dock also one from hand; with
    the first edition's Foundry also the top card of the deck, drawn first."""

    TYPE: ClassVar[str] = "gather"
    card: int | None = None
    from_hand: int | None = None
    from_deck: bool = False


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Architect or Craftsman: a card from hand becomes a foundation on a Site."""

    TYPE: ClassVar[str] = "lay"
    card: int
    site: str
    out_of_town: bool = False


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Architect (from the Stockpile; with an Archway also the Pool) or Craftsman (from hand):
    add a material to a structure."""

    TYPE: ClassVar[str] = "build"
    card: int
    building: int  # the foundation card's id


@dataclass(frozen=True, slots=True)
class Fountain(Action):
    """Craftsman with a Fountain: draw the top card of the deck, then lay it, build with it, or
    keep it."""

    TYPE: ClassVar[str] = "fountain"


@dataclass(frozen=True, slots=True)
class Publicize(Action):
    """Architect with a Stairway: add a material to an opponent's completed structure, making its
    function public to all."""

    TYPE: ClassVar[str] = "publicize"
    card: int
    building: int


@dataclass(frozen=True, slots=True)
class TearDown(Action):
    """Craftsman with a Watch Post (the Geek expansion): tear down one of your completed
    structures; its foundation goes back to your hand and its materials to your Stockpile."""

    TYPE: ClassVar[str] = "tear_down"
    building: int  # the foundation card's id


@dataclass(frozen=True, slots=True)
class Demand(Action):
    """Legionary: reveal cards from hand (with a Castra Praetoria also your foundations); Rome
    demands their materials, all at once."""

    TYPE: ClassVar[str] = "demand"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Take cards the pending decision offers: demanded materials from the Pool, opponents' Jacks
    (Senate), your role cards (Sewer), clients (Colosseum), foundations (Domus Aurea), a structure
    (Prison). Skip takes none."""

    TYPE: ClassVar[str] = "claim"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Answer a Legionary's demand with matching cards from hand."""

    TYPE: ClassVar[str] = "give"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """Merchant: a material from the Stockpile goes to the Vault; with an Atrium the top card of
    the deck instead, with a Basilica also a card from hand."""

    TYPE: ClassVar[str] = "sell"
    card: int | None = None
    from_deck: bool = False
    from_hand: int | None = None


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Give up the rest of the current decision (remaining actions, an optional choice)."""

    TYPE: ClassVar[str] = "skip"


SKIP = Skip()  # one is as good as another (actions are immutable)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (
        Think,
        Lead,
        Follow,
        Hire,
        Gather,
        Lay,
        Build,
        Fountain,
        Publicize,
        TearDown,
        Demand,
        Claim,
        Give,
        Sell,
        Skip,
    )
}

_TO_JSON = {cls: json_writer(cls) for cls in ACTION_TYPES.values()}
# Each field's name, annotation and whether it may be left out, once per action type.
_FIELDS = {
    cls: tuple((f.name, str(f.type), f.default is not MISSING) for f in fields(cls))
    for cls in ACTION_TYPES.values()
}
_CHOICES = {"take": ("jack", "cards"), "role": ROLES, "site": MATERIALS}
MAX_CARDS = 200


def _card_id(value: Any, field_name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10_000:
        raise MalformedAction("bad_field", f"'{field_name}' must hold card ids (integers).")
    return int(value)


def _field(cls: type[Action], name: str, annotation: str, data: dict[str, Any]) -> Any:
    if name not in data:
        raise MalformedAction("missing_field", f"A '{cls.TYPE}' action needs '{name}'.")
    value = data[name]
    if annotation == "int | None":
        return None if value is None else _card_id(value, name)
    if annotation == "int":
        return _card_id(value, name)
    if annotation == "bool":
        if not isinstance(value, bool):
            raise MalformedAction("bad_field", f"'{name}' must be true or false.")
        return value
    if annotation == "tuple[int, ...]":
        if not isinstance(value, list) or len(value) > MAX_CARDS:
            raise MalformedAction("bad_field", f"'{name}' must be a list of card ids.")
        ids = tuple(_card_id(v, name) for v in value)
        if len(set(ids)) != len(ids):
            raise MalformedAction("duplicate_card", f"'{name}' names the same card twice.")
        return ids
    if not isinstance(value, str) or value not in _CHOICES[name]:
        allowed = ", ".join(_CHOICES[name])
        raise MalformedAction("bad_field", f"'{name}' must be one of: {allowed}.")
    return value


def parse(data: Any) -> Action:
    """Read an action from its JSON form, or raise MalformedAction."""
    if isinstance(data, Action):
        return data
    if not isinstance(data, dict):
        raise MalformedAction("not_an_object", "An action must be a JSON object.")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(ACTION_TYPES)
        raise MalformedAction("unknown_action", f"Unknown action type {kind!r}; known: {known}.")
    values: dict[str, Any] = {}
    plan = _FIELDS[cls]
    for name, annotation, optional in plan:
        if optional and name not in data:  # keep its default
            continue
        values[name] = _field(cls, name, annotation, data)
    if len(data) > len(values) + 1 and (extra := set(data) - {"type"} - {f[0] for f in plan}):
        raise MalformedAction("unknown_field", f"Unknown field(s): {', '.join(sorted(extra))}.")
    return cls(**values)
