"""What a seat remembers: the facts its past views showed that its current view no longer does.

A view shows the table as it is now. A player who watched the game knows a little more: the cards
that went into each Vault in the open (a view shows them only during that turn, and not at all
when the turn ends with the sale), the cards a Legionary revealed (they stay in his hand, unseen
once the demand is answered), the materials of this turn's demand (the Colosseum's and Domus
Aurea's prompts do not repeat it), how many actions each act prompt of this turn had left, and
whose Bath action was seen to wait for the next new client (for a foundation out of town).

`Memory.observe(view)` takes in the seat's next view and `Memory.record(actor, action)` the next
move of the public history as the seat may see it (`engine.public_action`); fed both in order,
a memory holds nothing the seat was not shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

View = dict[str, Any]
Cards = dict[int, str]  # card id -> name


def card_ids(cards: Any) -> list[int]:
    return [int(c["id"]) for c in cards or ()]


def public_cards(view: View, prompt_too: bool = True) -> Cards:
    """Every card the view names, with its name (the prompt's revealed cards included, unless
    not `prompt_too`)."""
    out: Cards = {}

    def add(cards: Any) -> None:
        for c in cards or ():
            out[int(c["id"])] = str(c["name"])

    add(view["pool"])
    for p in view["players"]:
        for zone in ("hand", "camp", "clientele", "stockpile", "vault_visible"):
            add(p.get(zone))
        for b in p["buildings"]:
            add([b["foundation"]])
            add(b["materials"])
    if prompt_too:
        add((view.get("prompt") or {}).get("revealed"))
    return out


def placed_cards(view: View) -> set[int]:
    """The cards whose zone the view shows (all it names but the prompt's revealed cards that no
    zone names: a demand's cards in hand; a Castra Praetoria's foundations are in their place)."""
    return set(public_cards(view, prompt_too=False))


@dataclass
class Memory:
    """A seat's recollection of the public history (see the module docstring)."""

    seat: int
    vault: dict[int, Cards] = field(default_factory=dict)  # cards seen going into each Vault
    hand: dict[int, Cards] = field(default_factory=dict)  # revealed in a hand, not seen since
    turn: int = 0
    demand: list[str] | None = None  # this turn's last demand
    revealed: list[int] = field(default_factory=list)  # the cards that made it
    # "seat:kind:role" -> actions left at the last act prompt this turn (the most, for Thinker
    # prompts: how long a burst of them was)
    actions_left: dict[str, int] = field(default_factory=dict)
    names: Cards = field(default_factory=dict)  # every card seen so far
    prompt: tuple[str, int] | None = None  # the last decision seen: (kind, seat)
    # Seats whose Bath action waits for their next new client this turn (seen declined; None
    # before the first such wait of the turn), and whether the Bath prompt last seen was one
    # whose decline waits.
    bath_waiting: list[int] | None = None
    bath_may_wait: bool = False
    # Seats that acted out of turn order this turn (the first edition's Bar, Dock, Bridge): their
    # role actions are over; and whether the prompt last seen offered such an early act.
    acted_early: list[int] = field(default_factory=list)
    early_prompt: bool = False

    def observe(self, view: View) -> None:
        """Take in the next view of this seat."""
        if view["seat"] != self.seat:
            raise ValueError("a memory takes in its own seat's views only")
        if view["turn"] != self.turn:
            self.turn, self.demand, self.revealed, self.actions_left = view["turn"], None, [], {}
            self.bath_waiting, self.acted_early = None, []
        self.names.update(public_cards(view))
        for p in view["players"]:
            for c in p["vault_visible"]:
                self.vault.setdefault(int(p["seat"]), {})[int(c["id"])] = str(c["name"])
        prompt = view.get("prompt") or {}
        self.prompt = (str(prompt["kind"]), int(prompt["seat"])) if prompt else None
        self.early_prompt = bool(prompt.get("early"))
        if "demand" in prompt:
            self.demand = list(prompt["demand"])
        self.bath_may_wait = False
        if prompt.get("kind") == "bath":  # a new client: any action waiting joins its own
            if self.bath_waiting is not None:
                self.bath_waiting = [s for s in self.bath_waiting if s != prompt["seat"]]
            builds = any(r in ("architect", "craftsman") for r in prompt["roles"])
            self.bath_may_wait = builds and prompt["actions_left"] == 1 and not prompt["waiting"]
        if "revealed" in prompt:
            self.revealed = card_ids(prompt["revealed"])
            demander = int(prompt["to"] if prompt["kind"] == "give" else prompt["seat"])
            if demander != self.seat:
                known = self.hand.setdefault(demander, {})
                known.update({int(c["id"]): str(c["name"]) for c in prompt["revealed"]})
        placed = placed_cards(view)
        for known in self.hand.values():
            for c in [c for c in known if c in placed]:
                del known[c]  # it left the hand in the open
        if "actions_left" in prompt:
            key, left = (
                slot(prompt["seat"], prompt["kind"], prompt.get("role")),
                prompt["actions_left"],
            )
            if prompt["kind"] == "think":  # the most: a burst counts down from it
                left = max(left, self.actions_left.get(key, 0))
            self.actions_left[key] = int(left)

    def record(self, actor: int, action: dict[str, Any]) -> None:
        """Take in the move the seat just saw made (its public form): a sale from a Stockpile
        and a Colosseum's slain clients go into the actor's Vault in the open."""
        vaulted: list[Any] = []
        early = self.early_prompt and self.prompt == ("act", actor)
        if early and action.get("type") != "skip" and actor not in self.acted_early:
            self.acted_early.append(actor)  # once he has acted, his act is not put back
        if action.get("type") == "sell":
            vaulted = [action.get("card"), action.get("from_hand")]
            if "from_hand" in action and action["from_hand"] is None:
                self.hand.pop(actor, None)  # a card filched unseen: which one is anyone's guess
        elif action.get("type") == "claim" and self.prompt == ("slay", actor):
            vaulted = list(action.get("cards") or ())
        elif action.get("type") == "skip" and self.prompt == ("bath", actor) and self.bath_may_wait:
            self.bath_waiting = [*(self.bath_waiting or ()), actor]
        for c in vaulted:
            if isinstance(c, int) and c in self.names:
                self.vault.setdefault(actor, {})[c] = self.names[c]

    def left(self, seat: int, kind: str, role: str | None) -> int | None:
        """Actions left at the last such prompt this turn (Thinker prompts: the most), if one
        was seen."""
        return self.actions_left.get(slot(seat, kind, role))

    def without(self, seat: int) -> Memory:
        """A copy that forgets `seat`'s early act (its act now on the table)."""
        return replace(self, acted_early=[s for s in self.acted_early if s != seat])

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "vault": by_seat(self.vault),
            "hand": by_seat(self.hand),
            "turn": self.turn,
            "demand": self.demand,
            "revealed": list(self.revealed),
            "actions_left": dict(self.actions_left),
            "names": {str(c): n for c, n in self.names.items()},
            "prompt": None if self.prompt is None else list(self.prompt),
            "bath_waiting": self.bath_waiting,
            "bath_may_wait": self.bath_may_wait,
            "acted_early": list(self.acted_early),
            "early_prompt": self.early_prompt,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Memory:
        def seats(d: dict[str, dict[str, str]]) -> dict[int, Cards]:
            return {int(s): {int(c): n for c, n in cards.items()} for s, cards in d.items()}

        return Memory(
            seat=int(data["seat"]),
            vault=seats(data["vault"]),
            hand=seats(data["hand"]),
            turn=int(data["turn"]),
            demand=data["demand"],
            revealed=[int(c) for c in data["revealed"]],
            actions_left={k: int(v) for k, v in data["actions_left"].items()},
            names={int(c): n for c, n in data["names"].items()},
            prompt=None if data["prompt"] is None else (data["prompt"][0], int(data["prompt"][1])),
            bath_waiting=(
                None if data.get("bath_waiting") is None else [int(s) for s in data["bath_waiting"]]
            ),
            bath_may_wait=bool(data.get("bath_may_wait", False)),
            acted_early=[int(s) for s in data.get("acted_early", ())],
            early_prompt=bool(data.get("early_prompt", False)),
        )


def by_seat(cards: dict[int, Cards]) -> dict[str, dict[str, str]]:
    return {str(s): {str(c): n for c, n in known.items()} for s, known in cards.items()}


def slot(seat: Any, kind: str, role: Any) -> str:
    return f"{seat}:{kind}:{role or ''}"
