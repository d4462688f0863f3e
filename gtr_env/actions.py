"""The action index space: every engine action as a sequence of sub-choices from one fixed,
finite set of indices (docs/research.md, The action space).

A decision of Glory to Rome can offer hundreds of compound actions (petitions, any subset of the
cards a Legionary may demand, claims of several cards, builds naming a card and a structure). No
fixed list could name them all, so each action is written as a short sentence of *tokens*, and
the agent picks one token at a time:

    head                        the action type, with its role (lead) or what it takes (think)
    then, for each field set    a field token, then its value:
        a card                  a place token, then the card's name token (a material in a
                                structure: the place, the structure's name, the material's name)
        a list of cards         each card so, in the canonical order of their tokens
        a flag                  the field token alone (out_of_town, from_deck, extra_jack)
        a Site                  one token per material (site:rubble, ...)
    END

Cards are named by TYPE (their name) and their place relative to the deciding seat (its hand,
the Pool, seat r's Stockpile, ...), never by id: ids are a per-game secret permutation, and two
cards of one name in one place are alike (docs/records.md). Of several legal actions that differ
only in which of two alike cards they name, the sentence plays the first the engine lists.

`Decision(view, legal)` writes each legal action of a decision as its sentence and keeps them in
a trie: the mask at each step is the set of tokens that continue some legal sentence, so the
masked choices reach exactly the legal actions (tests/gtr_env/test_actions.py plays thousands of
random decisions of every ruleset and checks that the sentences reachable through the masks are
exactly the legal actions, up to alike cards, and that alike actions leave the same game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine
from engine.cards import JACK, MATERIALS, ORDER_TYPES, ROLES, site_name

Action = dict[str, Any]
View = dict[str, Any]

MAX_PLAYERS = 5

# The names a card may have, in every ruleset: the order types in catalog order (the Black Box's,
# the 2005 first edition's, the Geek expansion's), the Jack, the six Sites.
ORDER_NAMES: tuple[str, ...] = tuple(t.name for t in ORDER_TYPES)
NAMES: tuple[str, ...] = (*ORDER_NAMES, JACK, *(site_name(m) for m in MATERIALS))
NAME_INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}

# Heads: each action type, `think` split by what it takes and `lead` by the role led.
HEADS: tuple[str, ...] = tuple(
    head
    for kind in engine.ACTION_TYPES
    for head in (
        [f"think:{t}" for t in ("cards", "jack")]
        if kind == "think"
        else [f"lead:{r}" for r in ROLES]
        if kind == "lead"
        else [kind]
    )
)
CARD_FIELDS = ("card", "from_hand", "replace", "building")
LIST_FIELDS = ("cards", "discard")
FLAG_FIELDS = ("from_deck", "extra_jack", "out_of_town")
IN_HEAD = ("take", "role")  # read into the head token
FIELDS: tuple[str, ...] = (
    *CARD_FIELDS,
    *LIST_FIELDS,
    *FLAG_FIELDS,
    *(f"site:{m}" for m in MATERIALS),
)
# Places relative to the deciding seat (r = 0 is that seat, r = 1 the next clockwise, ...):
# "foundation:r" is a structure of seat r (then its name); "building:r" a material in one of
# them (then the structure's name, then the material's); "revealed" a card the prompt shows
# that no other place holds (a Bacchanalia's, on top of the deck, in order: the second card of
# one name from the top is "revealed", its name, "copy:2"; the third "copy:3", ...).
SEAT_ZONES = ("camp", "clientele", "stockpile", "vault", "foundation", "building")
PLACES: tuple[str, ...] = (
    "hand",
    "pool",
    "revealed",
    *(f"{zone}:{r}" for r in range(MAX_PLAYERS) for zone in SEAT_ZONES),
)

MAX_COPIES = 6  # of one order type (docs/rules.md, ruling "copies per type")
COPIES: tuple[str, ...] = tuple(f"copy:{k}" for k in range(2, MAX_COPIES + 1))

END = 0
HEAD0 = 1
FIELD0 = HEAD0 + len(HEADS)
PLACE0 = FIELD0 + len(FIELDS)
NAME0 = PLACE0 + len(PLACES)
COPY0 = NAME0 + len(NAMES)
SIZE = COPY0 + len(COPIES)  # the number of indices: the action space is Discrete(SIZE)

TOKENS: tuple[str, ...] = (
    "end",
    *(f"head:{h}" for h in HEADS),
    *(f"field:{f}" for f in FIELDS),
    *(f"place:{p}" for p in PLACES),
    *(f"name:{n}" for n in NAMES),
    *COPIES,
)
assert len(TOKENS) == SIZE
TOKEN_INDEX: dict[str, int] = {t: i for i, t in enumerate(TOKENS)}

_HEAD = {h: HEAD0 + i for i, h in enumerate(HEADS)}
_FIELD = {f: FIELD0 + i for i, f in enumerate(FIELDS)}
_PLACE = {p: PLACE0 + i for i, p in enumerate(PLACES)}
_NAME = {n: NAME0 + i for i, n in enumerate(NAMES)}
# Each action type's fields in the order its sentence says them (its FIELDS' order).
_FIELD_ORDER: dict[str, tuple[str, ...]] = {
    kind: tuple(f.name for f in cls.FIELDS if f.name not in IN_HEAD)
    for kind, cls in engine.ACTION_TYPES.items()
}


class Unencodable(ValueError):
    """A legal action the index space cannot write: a card in no place the view shows, a field
    it does not know. The coverage test would fail on it."""


def label(token: int) -> str:
    """A token's name, as docs/research.md lists them: "head:build", "place:stockpile:0",
    "name:Temple", "end"."""
    return TOKENS[token]


def card_places(view: View) -> dict[int, tuple[int, ...]]:
    """Each card the deciding seat's view shows, by id: the tokens that name it (its place and
    name). Read from the view alone, so the sentences say nothing the seat cannot see."""
    seat = view["seat"]
    players = view["players"]
    n = len(players)
    out: dict[int, tuple[int, ...]] = {}

    def put(cards: Iterable[dict[str, Any]], place: str) -> None:
        p = _PLACE[place]
        for c in cards:
            out.setdefault(c["id"], (p, _NAME[c["name"]]))

    put(players[seat]["hand"] or (), "hand")
    put(view["pool"], "pool")
    for player in players:
        r = (player["seat"] - seat) % n
        put(player["camp"], f"camp:{r}")
        put(player["clientele"], f"clientele:{r}")
        put(player["stockpile"], f"stockpile:{r}")
        put(player["vault_visible"], f"vault:{r}")
        foundation, building = _PLACE[f"foundation:{r}"], _PLACE[f"building:{r}"]
        for b in player["buildings"]:
            name = _NAME[b["foundation"]["name"]]
            out.setdefault(b["foundation"]["id"], (foundation, name))
            for m in b["materials"]:
                out.setdefault(m["id"], (building, name, _NAME[m["name"]]))
    prompt = view["prompt"] or {}
    revealed, seen = _PLACE["revealed"], dict[str, int]()
    for c in prompt.get("revealed", ()):
        if c["id"] in out:  # in a place of its own (a Legionary's revealed cards: his hand)
            continue
        copy = seen[c["name"]] = seen.get(c["name"], 0) + 1
        tail = () if copy == 1 else (COPY0 + copy - 2,)
        out[c["id"]] = (revealed, _NAME[c["name"]], *tail)
    return out


def encode(action: Action, places: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """The sentence of one action (with `places` from `card_places` of the actor's view)."""
    kind = action["type"]
    if kind == "think":
        head = f"think:{action['take']}"
    elif kind == "lead":
        head = f"lead:{action['role']}"
    else:
        head = kind
    if head not in _HEAD:
        raise Unencodable(f"no head for {action}")
    out = [_HEAD[head]]
    try:
        for name in _FIELD_ORDER[kind]:
            if name not in action:
                continue
            value = action[name]
            if name in CARD_FIELDS:
                out.append(_FIELD[name])
                out.extend(places[value])
            elif name in LIST_FIELDS:
                out.append(_FIELD[name])
                for group in sorted(places[c] for c in value):
                    out.extend(group)
            elif name in FLAG_FIELDS:
                if value:
                    out.append(_FIELD[name])
            elif name == "site":
                out.append(_FIELD[f"site:{value}"])
            else:
                raise Unencodable(f"unknown field {name!r} in {action}")
    except KeyError as missing:
        raise Unencodable(f"{action}: card {missing} is in no place the view shows") from None
    out.append(END)
    return tuple(out)


Node = dict[int, Any]  # token -> the next node; at END, the action itself


class Decision:
    """The pending decision as a trie of sentences, and the sub-choices made so far.

    `mask()` says which tokens may come next; `choose(token)` takes one and returns the engine
    action once the sentence is complete (END), None before."""

    __slots__ = ("actions", "alike", "node", "prefix", "root")

    def __init__(self, view: View, legal: list[Action]) -> None:
        places = card_places(view)
        root: Node = {}
        alike = 0
        for action in legal:
            node = root
            sentence = encode(action, places)
            for token in sentence[:-1]:
                child = node.get(token)
                if child is None:
                    child = node[token] = {}
                node = child
            if END in node:
                alike += 1  # the same sentence as an earlier action: alike cards
            else:
                node[END] = action
        self.root: Node = root
        self.node: Node = root
        self.prefix: list[int] = []
        self.actions = len(legal) - alike  # distinct sentences
        self.alike = alike

    def legal_tokens(self) -> list[int]:
        """The tokens that may come next, in increasing order."""
        return sorted(self.node)

    def forced(self) -> int | None:
        """The one token that may come next, when there is only one."""
        if len(self.node) == 1:
            return next(iter(self.node))
        return None

    def choose(self, token: int) -> Action | None:
        """Take one sub-choice. Returns the action when `token` completes it (END)."""
        if token not in self.node:
            raise ValueError(
                f"index {token} ({label(token) if 0 <= token < SIZE else '?'}) is not legal "
                f"here; legal: {', '.join(label(t) for t in self.legal_tokens())}"
            )
        self.prefix.append(token)
        if token == END:
            action: Action = self.node[END]
            return action
        self.node = self.node[token]
        return None

    def settle(self, sentence: tuple[int, ...], action: Action) -> None:
        """Make `sentence` (one of this decision's) stand for `action`, an action alike to the
        one it stands for."""
        node = self.root
        for token in sentence[:-1]:
            node = node[token]
        if END not in node:
            raise ValueError(f"{describe(sentence)} is not a sentence of this decision")
        node[END] = action

    def sentences(self) -> list[tuple[tuple[int, ...], Action]]:
        """Every complete sentence below the current node and its action (tests, tools)."""
        out: list[tuple[tuple[int, ...], Action]] = []

        def walk(node: Node, path: tuple[int, ...]) -> None:
            for token, child in sorted(node.items()):
                if token == END:
                    out.append(((*path, END), child))
                else:
                    walk(child, (*path, token))

        walk(self.node, tuple(self.prefix))
        return out


def sentence_of(view: View, action: Action) -> tuple[int, ...]:
    """The sentence that plays `action` (a legal action of the decision `view` shows): how a
    bot's or a record's move is written in the index space."""
    return encode(action, card_places(view))


def describe(sentence: Iterable[int]) -> str:
    """A sentence in words: "head:build field:card place:stockpile:0 name:Brick ... end"."""
    return " ".join(label(t) for t in sentence)


def markdown() -> str:
    """The index space as a Markdown table (docs/research.md has it)."""
    segments = [
        ("end", END, 1, "end of the sentence"),
        ("head", HEAD0, len(HEADS), ", ".join(HEADS)),
        ("field", FIELD0, len(FIELDS), ", ".join(FIELDS)),
        ("place", PLACE0, len(PLACES), ", ".join(PLACES)),
        (
            "name",
            NAME0,
            len(NAMES),
            f"{len(ORDER_NAMES)} order types (catalog order), Jack, "
            "6 Sites: the order of `gtr_env.actions.NAMES`",
        ),
        ("copy", COPY0, len(COPIES), ", ".join(COPIES)),
    ]
    lines = [
        f"Discrete({SIZE}):",
        "",
        "| indices | segment | tokens |",
        "|---|---|---|",
    ]
    for name, first, length, tokens in segments:
        span = str(first) if length == 1 else f"{first}-{first + length - 1}"
        lines.append(f"| {span} | {name} | {tokens} |")
    return "\n".join(lines)
