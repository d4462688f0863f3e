"""The observation: one seat's view of the table as a fixed-size vector (docs/research.md, The
observation).

Everything here is read from `engine.view(state, seat)` and from the seat's own sub-choices of
the decision in progress; never from the state. The view is the engine's information boundary
(docs/rules.md, Hidden information): the seat's own hand, other hands as counts, the deck as a
count, each Vault as a count plus what went in this turn in the open, everything public in full.
So the observation cannot tell apart two tables that differ only in what the seat cannot see
(tests/gtr_env/test_observation.py deals the hidden cards again and compares the bytes).

Seats are relative to the observer: block `seat0` is the observer, `seat1` the next seat
clockwise, and so on; the blocks of seats a smaller table lacks are zero. Cards are counted by
name (`actions.NAMES`: 75 order types of every ruleset, the Jack, 6 Sites); structures by their
foundation's order type. Every value is a non-negative integer, at most its slice's `high`.
`python -m gtr_env` prints the layout as the table in docs/research.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import engine
from engine.cards import GEEK_NAMES, MATERIALS, ROLES, VALUE_OF_MATERIAL, VERSIONS

from .actions import MAX_PLAYERS, NAME_INDEX, NAMES, ORDER_NAMES, SIZE

View = dict[str, Any]
Vector = npt.NDArray[np.float32]

N = len(NAMES)
T = len(ORDER_NAMES)
KINDS: tuple[str, ...] = engine.PROMPT_KINDS
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
ROLE_INDEX = {r: i for i, r in enumerate(ROLES)}
MATERIAL_INDEX = {m: i for i, m in enumerate(MATERIALS)}
VERSION_INDEX = {v: i for i, v in enumerate(VERSIONS)}
GEEK_INDEX = {g: i for i, g in enumerate(GEEK_NAMES)}
COUNT = 255.0  # the bound of a count
BIG = 65535.0  # the bound of the turn number
# The prompt's keys this encoding reads (the others are words: seat, kind, text).
PROMPT_KEYS = frozenset(
    {
        "seat",
        "kind",
        "text",
        "role",
        "roles",
        "actions_left",
        "demand",
        "to",
        "optional",
        "early",
        "waiting",
        "revealed",
        "building",
        "client",
        "uses",
    }
)
USES = ("stockpile", "clientele", "vault", "foundation", "material")  # a Bacchanalia's


@dataclass(frozen=True)
class Slice:
    name: str
    offset: int
    length: int
    high: float
    meaning: str


class Layout:
    """The slices of the vector, in order."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, length: int, high: float, meaning: str) -> int:
        self.slices.append(Slice(name, self.size, length, high, meaning))
        self.size += length
        return self.size - length


LAYOUT = Layout()
_add = LAYOUT.add
RULESET = _add("ruleset", len(VERSIONS), 1, "one-hot: " + ", ".join(VERSIONS))
REVISION = _add("rules_revision", 1, COUNT, "the rules revision the game plays by")
TRAINING = _add("training", 1, 1, "1 in the training game")
GEEK = _add("geek", len(GEEK_NAMES), 1, "the Geek cards in the game, in catalog order")
PLAYERS = _add("players", MAX_PLAYERS - 1, 1, "one-hot: 2, 3, 4 or 5 players")
TURN = _add("turn", 1, BIG, "the turn number")
LEADER = _add("leader", MAX_PLAYERS, 1, "one-hot: the leader, relative to the observer")
ROLE = _add("role", len(ROLES), 1, "one-hot: the role led this turn (none: zeros)")
DECK = _add("deck_count", 1, COUNT, "cards in the deck")
JACKS = _add("jacks_count", 1, COUNT, "Jacks left in their pile")
IN_TOWN = _add("sites_in_town", len(MATERIALS), COUNT, "Sites left in town, by material")
OUT_OF_TOWN = _add(
    "sites_out_of_town", len(MATERIALS), COUNT, "Sites left out of town, by material"
)
OVER = _add("over", 1, 1, "1 once the game is over")
TO_ACT = _add("to_act", MAX_PLAYERS, 1, "one-hot: whose decision it is, relative (none: zeros)")
KIND = _add("prompt.kind", len(KINDS), 1, "one-hot: the decision's kind (engine.PROMPT_KINDS)")
P_ROLE = _add("prompt.role", len(ROLES), 1, "one-hot: the role the decision acts in")
P_ROLES = _add("prompt.roles", len(ROLES), 1, "the roles a Bath's client may act in")
P_LEFT = _add("prompt.actions_left", 1, COUNT, "actions left in the decision")
P_DEMAND = _add("prompt.demand", len(MATERIALS), COUNT, "materials demanded, by material")
P_TO = _add("prompt.to", MAX_PLAYERS, 1, "one-hot: the seat a demanded card goes to, relative")
P_OPTIONAL = _add("prompt.optional", 1, 1, "1: the demand may be refused")
P_EARLY = _add("prompt.early", 1, 1, "1: an action taken early (the prompt's `early`)")
P_WAITING = _add("prompt.waiting", 1, COUNT, "clients waiting to act (a Bath)")
P_REVEALED = _add("prompt.revealed", N, COUNT, "cards the decision reveals, by name")
P_BUILDING = _add("prompt.building", N, 1, "one-hot: the structure the decision is about")
P_CLIENT = _add("prompt.client", N, 1, "one-hot: the client acting (a Bath)")
P_USES = _add("prompt.uses", len(USES), 1, "a Bacchanalia's uses taken: " + ", ".join(USES))
HAND = _add("hand", N, COUNT, "the observer's hand, by name")
POOL = _add("pool", N, COUNT, "the Pool, by name")

# One block per seat, relative to the observer (seat0 is the observer).
_seat = Layout()
S_PRESENT = _seat.add("present", 1, 1, "1 if the table has this seat")
S_HAND = _seat.add("hand_count", 1, COUNT, "cards in hand")
S_VAULT = _seat.add("vault_count", 1, COUNT, "cards in the Vault")
S_INFLUENCE = _seat.add("influence", 1, COUNT, "Influence")
S_HAND_SIZE = _seat.add("hand_size", 1, COUNT, "hand refill size")
S_CLIENTS = _seat.add("clientele_limit", 1, COUNT, "Clientele limit")
S_VAULT_LIMIT = _seat.add("vault_limit", 1, COUNT, "Vault limit")
S_CAMP = _seat.add("camp", N, COUNT, "the Camp (cards led or followed with), by name")
S_CLIENTELE = _seat.add("clientele", N, COUNT, "the Clientele, by name")
S_STOCKPILE = _seat.add("stockpile", N, COUNT, "the Stockpile, by name")
S_VAULT_SEEN = _seat.add(
    "vault_visible", N, COUNT, "Vault cards the observer may see (this turn's; all at the end)"
)
S_MATERIALS = _seat.add("building_materials", N, COUNT, "materials in its structures, by name")
S_BUILT = _seat.add("buildings.present", T, 1, "its structures, by foundation type")
S_COMPLETE = _seat.add("buildings.complete", T, 1, "1: complete")
S_PUBLIC = _seat.add("buildings.public", T, 1, "1: made public (a Stairway)")
S_OUT = _seat.add("buildings.out_of_town", T, 1, "1: on an out-of-town Site")
S_ADDED = _seat.add("buildings.materials", T, COUNT, "materials added")
S_SITE = _seat.add("buildings.site_value", T, 3, "its Site's value (the materials it needs)")
SEAT_SIZE = _seat.size
SEATS = LAYOUT.size
for _r in range(MAX_PLAYERS):
    for _s in _seat.slices:
        _add(f"seat{_r}.{_s.name}", _s.length, _s.high, _s.meaning)

# The decision in progress: the observer's sub-choices so far (zeros unless it is deciding).
CHOSEN = _add("choice.tokens", SIZE, COUNT, "how often each index was chosen in this decision")
LAST = _add("choice.last", SIZE, 1, "one-hot: the index chosen last in this decision")
LENGTH = _add("choice.length", 1, COUNT, "sub-choices made in this decision")
VIEW_SIZE = CHOSEN  # the part read from the view
OBS_SIZE = LAYOUT.size

HIGH: Vector = np.zeros(OBS_SIZE, dtype=np.float32)
for _slice in LAYOUT.slices:
    HIGH[_slice.offset : _slice.offset + _slice.length] = _slice.high


def encode_view(view: View) -> Vector:
    """The vector of `view` (`engine.view(state, seat)` of a seat), with the choice part zero."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("an observation is a seat's: a spectator's view has no seat")
    players = view["players"]
    n = len(players)
    names: dict[int, str] = {}
    ones: list[int] = []  # each index here counts 1 (a one-hot, or one card of a count)
    at: list[int] = []  # and these indices hold these values
    values: list[float] = []

    def count(base: int, cards: list[dict[str, Any]]) -> None:
        ones.extend(base + NAME_INDEX[c["name"]] for c in cards)

    ones.append(RULESET + VERSION_INDEX[view["version"]])
    at += [REVISION, TURN, DECK, JACKS, OVER, TRAINING]
    values += [
        view["rules_revision"],
        view["turn"],
        view["deck_count"],
        view["jacks_count"],
        0 if view["end"] is None else 1,
        1 if view["training"] else 0,
    ]
    ones.extend(GEEK + GEEK_INDEX[g] for g in view["geek"])
    ones.append(PLAYERS + n - 2)
    ones.append(LEADER + (view["leader"] - seat) % n)
    if view["role"] is not None:
        ones.append(ROLE + ROLE_INDEX[view["role"]])
    for m, sites in view["sites"].items():
        at += [IN_TOWN + MATERIAL_INDEX[m], OUT_OF_TOWN + MATERIAL_INDEX[m]]
        values += [sites["in_town"], sites["out_of_town"]]
    if view["to_act"] is not None:
        ones.append(TO_ACT + (view["to_act"] - seat) % n)

    count(HAND, players[seat]["hand"] or [])
    count(POOL, view["pool"])
    for player in players:
        r = (player["seat"] - seat) % n
        base = SEATS + r * SEAT_SIZE
        ones.append(base + S_PRESENT)
        at += [
            base + S_HAND,
            base + S_VAULT,
            base + S_INFLUENCE,
            base + S_HAND_SIZE,
            base + S_CLIENTS,
            base + S_VAULT_LIMIT,
        ]
        values += [
            player["hand_count"],
            player["vault_count"],
            player["influence"],
            player["hand_size"],
            player["clientele_limit"],
            player["vault_limit"],
        ]
        count(base + S_CAMP, player["camp"])
        count(base + S_CLIENTELE, player["clientele"])
        count(base + S_STOCKPILE, player["stockpile"])
        count(base + S_VAULT_SEEN, player["vault_visible"])
        for c in player["clientele"]:
            names[c["id"]] = c["name"]
        for b in player["buildings"]:
            foundation = b["foundation"]
            t = NAME_INDEX[foundation["name"]]
            names[foundation["id"]] = foundation["name"]
            ones.append(base + S_BUILT + t)
            if b["complete"]:
                ones.append(base + S_COMPLETE + t)
            if b["public"]:
                ones.append(base + S_PUBLIC + t)
            if b["out_of_town"]:
                ones.append(base + S_OUT + t)
            at += [base + S_ADDED + t, base + S_SITE + t]
            values += [len(b["materials"]), VALUE_OF_MATERIAL[b["site"]]]
            count(base + S_MATERIALS, b["materials"])

    prompt = view["prompt"]
    if prompt is not None:
        ones.append(KIND + KIND_INDEX[prompt["kind"]])
        if prompt.get("role") is not None:
            ones.append(P_ROLE + ROLE_INDEX[prompt["role"]])
        ones.extend(P_ROLES + ROLE_INDEX[role] for role in prompt.get("roles", ()))
        ones.extend(P_DEMAND + MATERIAL_INDEX[m] for m in prompt.get("demand", ()))
        if prompt.get("to") is not None:
            ones.append(P_TO + (prompt["to"] - seat) % n)
        if prompt.get("optional"):
            ones.append(P_OPTIONAL)
        if prompt.get("early"):
            ones.append(P_EARLY)
        at += [P_LEFT, P_WAITING]
        values += [prompt.get("actions_left", 0), prompt.get("waiting", 0)]
        count(P_REVEALED, prompt.get("revealed", []))
        ones.extend(P_USES + USES.index(use) for use in prompt.get("uses", ()))
        for key, base in (("building", P_BUILDING), ("client", P_CLIENT)):
            card = prompt.get(key)
            if card is not None and card in names:
                ones.append(base + NAME_INDEX[names[card]])

    out: Vector = np.bincount(ones, minlength=OBS_SIZE).astype(np.float32)
    out[at] = values
    np.minimum(out, HIGH, out=out)
    return out


def encode_choice(out: Vector, prefix: list[int]) -> None:
    """Write the observer's sub-choices of the decision in progress into `out` (its choice part,
    zero before)."""
    for token in prefix:
        out[CHOSEN + token] += 1
    if prefix:
        out[LAST + prefix[-1]] = 1
    out[LENGTH] = len(prefix)
    np.minimum(out[CHOSEN:], HIGH[CHOSEN:], out=out[CHOSEN:])


def markdown() -> str:
    """The layout as a Markdown table (docs/research.md has it)."""
    lines = [
        f"{OBS_SIZE} float32 values: "
        + ", ".join(
            f"{name} {size}" for name, size in (("view", VIEW_SIZE), ("choice", OBS_SIZE - CHOSEN))
        ),
        "",
        "| offset | length | slice | high | meaning |",
        "|---:|---:|---|---:|---|",
    ]
    for s in LAYOUT.slices:
        if s.name.startswith("seat") and not s.name.startswith("seat0."):
            continue
        lines.append(f"| {s.offset} | {s.length} | `{s.name}` | {s.high:g} | {s.meaning} |")
        if s.name == "seat0.buildings.site_value":
            lines.append(
                f"| {SEATS + SEAT_SIZE} | {(MAX_PLAYERS - 1) * SEAT_SIZE} | `seat1` ... `seat4` "
                f"| | the same block of {SEAT_SIZE} for each other seat, clockwise |"
            )
    return "\n".join(lines)
