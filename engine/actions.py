"""Actions: small typed records with a JSON form and a parser.

`parse` turns a client's JSON into an action or raises MalformedAction (it cannot be read); whether
the action may be played now is the turn flow's business (IllegalAction). Every action is a dict
with a `type`; the record's `to_json` is the canonical form that `legal_actions` returns.

An action is immutable: its fields are `Final` (mypy refuses an assignment), it compares and
hashes by its type and values. The classes are written out rather than made dataclasses so that
mypyc compiles them into native classes (engine/compiled.py): the search path makes a dozen a
decision, and a frozen dataclass's `__init__` costs ten times a native one's.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, NamedTuple

from .cards import MATERIALS, ROLES
from .errors import MalformedAction


class Field(NamedTuple):
    """One field of an action type: its name, its type as written in JSON, and whether a client
    may leave it out (its default then)."""

    name: str
    annotation: str  # "int", "int | None", "bool", "str" or "tuple[int, ...]"
    optional: bool = False
    default: Any = None


class Action:
    TYPE: ClassVar[str] = ""
    # What the action does, for the API's schema (a compiled class keeps no docstring).
    ABOUT: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    __slots__ = ()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of FIELDS."""
        return ()

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form: fields left at their default are omitted."""
        data: dict[str, Any] = {"type": self.TYPE}
        fields, values = self.FIELDS, self.values()
        for i in range(len(values)):  # (not zip: compiled, an index is three times as fast)
            f, value = fields[i], values[i]
            if f.optional and (value is f.default or value == f.default):
                continue
            data[f.name] = list(value) if type(value) is tuple else value
        return data

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, Action)
            and other.values() == self.values()
        )

    def __hash__(self) -> int:
        return hash((self.TYPE, self.values()))

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{f.name}={v!r}" for f, v in zip(self.FIELDS, self.values(), strict=True)
        )
        return f"{type(self).__name__}({fields})"


CARDS = "tuple[int, ...]"


class Think(Action):
    ABOUT = """Take a Jack, or draw: refill to hand size, or one card when at or above it."""

    TYPE = "think"
    FIELDS = (
        Field("take", "str"),  # "jack" or "cards"
        Field("discard", CARDS, True, ()),  # first, into the Pool (Latrine: one; Vomitorium: all)
        Field("extra_jack", "bool", True, False),  # then a Jack too (Tribunal)
    )
    __slots__ = ("discard", "extra_jack", "take")

    def __init__(self, take: str, discard: tuple[int, ...] = (), extra_jack: bool = False) -> None:
        self.take: Final = take
        self.discard: Final = discard
        self.extra_jack: Final = extra_jack

    def values(self) -> tuple[Any, ...]:
        return (self.take, self.discard, self.extra_jack)


class Lead(Action):
    TYPE = "lead"
    FIELDS = (Field("role", "str"), Field("cards", CARDS))
    __slots__ = ("cards", "role")

    def __init__(self, role: str, cards: tuple[int, ...]) -> None:
        self.role: Final = role
        self.cards: Final = cards

    def values(self) -> tuple[Any, ...]:
        return (self.role, self.cards)


class Cards(Action):
    """An action that names cards and nothing else."""

    FIELDS = (Field("cards", CARDS),)
    __slots__ = ("cards",)

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.cards: Final = cards

    def values(self) -> tuple[Any, ...]:
        return (self.cards,)


class Follow(Cards):
    TYPE = "follow"
    __slots__ = ()


class Hire(Action):
    ABOUT = """Patron: a card from the Pool becomes a client; with an Aqueduct also one from
    hand, with a Bar also the top card of the deck."""

    TYPE = "hire"
    FIELDS = (
        Field("card", "int | None", True),
        Field("from_hand", "int | None", True),
        Field("from_deck", "bool", True, False),
        Field("replace", "int | None", True),  # a client sent to the Pool first (2005's Bath)
    )
    __slots__ = ("card", "from_deck", "from_hand", "replace")

    def __init__(
        self,
        card: int | None = None,
        from_hand: int | None = None,
        from_deck: bool = False,
        replace: int | None = None,
    ) -> None:
        self.card: Final = card
        self.from_hand: Final = from_hand
        self.from_deck: Final = from_deck
        self.replace: Final = replace

    def values(self) -> tuple[Any, ...]:
        return (self.card, self.from_hand, self.from_deck, self.replace)


class Gather(Action):
    ABOUT = """Laborer: a card from the Pool goes to the Stockpile; with a Dock also one from
    hand; with the first edition's Foundry also the top card of the deck, drawn first."""

    TYPE = "gather"
    FIELDS = (
        Field("card", "int | None", True),
        Field("from_hand", "int | None", True),
        Field("from_deck", "bool", True, False),
    )
    __slots__ = ("card", "from_deck", "from_hand")

    def __init__(
        self, card: int | None = None, from_hand: int | None = None, from_deck: bool = False
    ) -> None:
        self.card: Final = card
        self.from_hand: Final = from_hand
        self.from_deck: Final = from_deck

    def values(self) -> tuple[Any, ...]:
        return (self.card, self.from_hand, self.from_deck)


class Lay(Action):
    ABOUT = """Architect or Craftsman: a card from hand becomes a foundation on a Site."""

    TYPE = "lay"
    FIELDS = (Field("card", "int"), Field("site", "str"), Field("out_of_town", "bool", True, False))
    __slots__ = ("card", "out_of_town", "site")

    def __init__(self, card: int, site: str, out_of_town: bool = False) -> None:
        self.card: Final = card
        self.site: Final = site
        self.out_of_town: Final = out_of_town

    def values(self) -> tuple[Any, ...]:
        return (self.card, self.site, self.out_of_town)


class CardOnBuilding(Action):
    """An action that adds a card to a structure."""

    FIELDS = (Field("card", "int"), Field("building", "int"))  # the foundation card's id
    __slots__ = ("building", "card")

    def __init__(self, card: int, building: int) -> None:
        self.card: Final = card
        self.building: Final = building

    def values(self) -> tuple[Any, ...]:
        return (self.card, self.building)


class Build(CardOnBuilding):
    ABOUT = """Architect (from the Stockpile; with an Archway also the Pool) or Craftsman (from
    hand): add a material to a structure."""

    TYPE = "build"
    __slots__ = ()


class Fountain(Action):
    ABOUT = """Craftsman with a Fountain: draw the top card of the deck, then lay it, build with
    it, or keep it."""

    TYPE = "fountain"
    __slots__ = ()


class Publicize(CardOnBuilding):
    ABOUT = """Architect with a Stairway: add a material to an opponent's completed structure,
    making its function public to all."""

    TYPE = "publicize"
    __slots__ = ()


class TearDown(Action):
    ABOUT = """Craftsman with a Watch Post (the Geek expansion): tear down one of your completed
    structures; its foundation goes back to your hand and its materials to your Stockpile."""

    TYPE = "tear_down"
    FIELDS = (Field("building", "int"),)  # the foundation card's id
    __slots__ = ("building",)

    def __init__(self, building: int) -> None:
        self.building: Final = building

    def values(self) -> tuple[Any, ...]:
        return (self.building,)


class Demand(Cards):
    ABOUT = """Legionary: reveal cards from hand (with a Castra Praetoria also your foundations);
    Rome demands their materials, all at once."""

    TYPE = "demand"
    __slots__ = ()


class Claim(Cards):
    ABOUT = """Take cards the pending decision offers: demanded materials from the Pool,
    opponents' Jacks (Senate), your role cards (Sewer), clients (Colosseum), foundations (Domus
    Aurea), a structure (Prison). Skip takes none."""

    TYPE = "claim"
    __slots__ = ()


class Give(Cards):
    ABOUT = """Answer a Legionary's demand with matching cards from hand."""

    TYPE = "give"
    __slots__ = ()


class Sell(Action):
    ABOUT = """Merchant: a material from the Stockpile goes to the Vault; with an Atrium the top
    card of the deck instead, with a Basilica also a card from hand."""

    TYPE = "sell"
    FIELDS = (
        Field("card", "int | None", True),
        Field("from_deck", "bool", True, False),
        Field("from_hand", "int | None", True),
    )
    __slots__ = ("card", "from_deck", "from_hand")

    def __init__(
        self, card: int | None = None, from_deck: bool = False, from_hand: int | None = None
    ) -> None:
        self.card: Final = card
        self.from_deck: Final = from_deck
        self.from_hand: Final = from_hand

    def values(self) -> tuple[Any, ...]:
        return (self.card, self.from_deck, self.from_hand)


class Skip(Action):
    ABOUT = """Give up the rest of the current decision (remaining actions, an optional choice)."""

    TYPE = "skip"
    __slots__ = ()


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
    plan = cls.FIELDS
    for name, annotation, optional, _ in plan:
        if optional and name not in data:  # keep its default
            continue
        values[name] = _field(cls, name, annotation, data)
    if len(data) > len(values) + 1 and (extra := set(data) - {"type"} - {f[0] for f in plan}):
        raise MalformedAction("unknown_field", f"Unknown field(s): {', '.join(sorted(extra))}.")
    return cls(**values)
