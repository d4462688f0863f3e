"""The `greedy` bot: scores every legal action with a hand-written heuristic and plays the best.

Role actions (gather, hire, lay, build, sell, demand, claim, give) are scored by what they add to
the seat's visible position (`table.Table`): a material a foundation needs, a completed structure's
Influence, a vault's points. Leading or following a role is scored by playing that role's actions
forward on a copy of the table, one greedy action at a time, less what the cards played were worth
in hand; thinking is scored by the cards it draws. An action type the bot does not know scores
zero, the same as skipping, so new kinds of decisions never break it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import JACK, ROLE_OF_MATERIAL, material_of
from ..determinize import Memory
from .base import Action, Bot, View
from .table import Card, Structure, Table, role_of, value

Scorer = Callable[[Table, Action], float]

# Weights. A point of Influence or of Vault is a victory point; the rest are rough exchange rates.
JACK_WORTH = 1.8
CARD_WORTH = 0.6
DRAW_WORTH = 0.9
DECK_CARD_WORTH = 0.6  # an unseen card from the deck into the Stockpile (Foundry (2005))
AFTER_THE_DRAW = 0.9
END_GAME = 30.0  # ending the game: worth it only when ahead
CLIENT_WORTH = 2.2
CLIENT_ROLE_BONUS = {
    "laborer": 0.3,
    "craftsman": 0.5,
    "architect": 0.6,
    "merchant": 0.8,
    "legionary": 0.2,
    "patron": 0.0,
}
NEAR = 1e-9
# What a completed structure's function adds, roughly (catalog text in engine.cards); victory
# points count in full, capacities and conveniences a little.
FUNCTION_WORTH = {
    "Statue": 3.0,
    "Wall": 1.5,
    "Market": 1.0,
    "Insula": 1.0,
    "Shrine": 1.0,
    "Temple": 1.5,
    "Aqueduct": 1.0,
    "Basilica": 1.0,
    "Atrium": 0.8,
    "Road": 0.5,
    "Tower": 0.5,
    "Archway": 0.5,
    "Scriptorium": 0.5,
    "Villa": 0.5,
    "Palisade": 0.5,
}


# What things are worth to me ---------------------------------------------------------------------


def keep_value(t: Table, card: Card) -> float:
    """What a card is worth in hand: a Jack leads anything; an order card can lead, be laid or
    (for a matching foundation) be added by a Craftsman."""
    if card[1] == JACK:
        return JACK_WORTH
    m = material_of(card[1])
    worth = CARD_WORTH + 0.1 * value(m)
    if m and t.need(m) > 0:
        worth += 0.4
    if len(t.hand) > t.hand_size:
        worth *= 0.6  # one card more or less in a big hand matters little
    return worth


def cards_worth(t: Table, ids: list[int]) -> float:
    by_id = dict(t.hand)
    return sum(keep_value(t, (c, by_id.get(c, ""))) for c in ids)


def gather_value(t: Table, m: str | None) -> float:
    """A material entering my Stockpile: for a foundation that needs it, else for the Vault."""
    if m is None:
        return 0.0
    if t.need(m) > t.count(t.stockpile, m):
        return 2.0 + 0.5 * value(m)
    spare = sum(1 for _, n in t.stockpile if (mm := material_of(n)) and t.need(mm) == 0)
    if t.vault_room() > spare:
        return 0.5 + 0.6 * value(m)
    return 0.3


def function_worth(t: Table, name: str) -> float:
    return 0.0 if t.training else FUNCTION_WORTH.get(name, 0.0)


def end_game_value(t: Table) -> float:
    """Ending the game now: good when I seem to be ahead, terrible otherwise."""
    return END_GAME if t.visible_score() > t.best_rival_score() + 1 else -END_GAME


def lateness(t: Table) -> float:
    """1 early in the game, falling towards 0.3 as the deck runs out."""
    return 0.3 + 0.7 * min(1.0, t.deck_count / 40)


# Role actions: score, and apply to a copy of the table -------------------------------------------


def card_field(a: Action, key: str) -> int | None:
    """A card id an action names under `key`, if any (fields at their default are omitted)."""
    c = a.get(key)
    return c if isinstance(c, int) and not isinstance(c, bool) else None


def from_hand_cost(t: Table, a: Action) -> float:
    """What the card an action takes from hand (Dock, Aqueduct, Basilica) was worth there."""
    c = card_field(a, "from_hand")
    return 0.0 if c is None else cards_worth(t, [c])


def score_gather(t: Table, a: Action) -> float:
    """Laborer: a Pool card to the Stockpile (with a Dock, a hand card too; with the first
    edition's Foundry, the deck's top card)."""
    score = 0.0
    copy = t
    for key in ("card", "from_hand"):
        c = card_field(a, key)
        if c is not None:
            score += gather_value(copy, copy.material(c))
            copy = copy.clone()
            apply_gather(copy, {"type": "gather", "card": c})
    if a.get("from_deck"):
        score += DECK_CARD_WORTH
        if card_field(a, "card") is None and card_field(a, "from_hand") is None:
            # The Pool's card is chosen once the deck's is drawn; a little less than taking it
            # together with the draw, where an older rules revision still offers that.
            score += AFTER_THE_DRAW * max(
                (gather_value(t, t.material(c)) for c, _ in t.pool), default=0
            )
    return score - from_hand_cost(t, a)


def apply_gather(t: Table, a: Action) -> None:
    for key in ("card", "from_hand"):
        c = card_field(a, key)
        card = None if c is None else t.take(t.pool, c) or t.take(t.hand, c)
        if card:
            t.stockpile.append(card)


def client_value(t: Table, name: str | None) -> float:
    r = role_of(name) if name else None
    if r is None:
        return 0.0
    return (CLIENT_WORTH + CLIENT_ROLE_BONUS[r] + 0.2 * t.clients_of(r)) * lateness(t)


def score_hire(t: Table, a: Action) -> float:
    """Patron: a Pool card becomes a client (with an Aqueduct from hand, a Bar from the deck)."""
    room = t.clientele_limit - len(t.clientele)
    names = [t.name(c) for key in ("card", "from_hand") if (c := card_field(a, key)) is not None]
    worths = sorted((client_value(t, n) for n in names), reverse=True)
    if a.get("from_deck"):
        worths.append(0.8 * CLIENT_WORTH * lateness(t))  # an unknown card
    return sum(worths[: max(room, 0)]) - from_hand_cost(t, a)


def apply_hire(t: Table, a: Action) -> None:
    for key in ("card", "from_hand"):
        c = card_field(a, key)
        card = None if c is None else t.take(t.pool, c) or t.take(t.hand, c)
        if card:
            t.clientele.append(card)


def sale_value(t: Table, m: str | None, from_stockpile: bool) -> float:
    if m is None:
        return 0.0
    score = value(m) + 0.5 + 0.3 * t.count(t.vault_visible, m)
    if from_stockpile and t.need(m) > 0 and t.count(t.stockpile, m) <= t.need(m):
        score -= 1.5  # a foundation needs it
    return score


def score_sell(t: Table, a: Action) -> float:
    """Merchant: a Stockpile material to the Vault (an Atrium's deck card instead; a Basilica's
    hand card too)."""
    room = t.vault_room()
    worths = []
    c = card_field(a, "card")
    if c is not None:
        worths.append(sale_value(t, t.material(c), True))
    if a.get("from_deck"):
        worths.append(2.5)  # an unknown card: two points on average
    h = card_field(a, "from_hand")
    if h is not None:
        worths.append(sale_value(t, t.material(h), False) - cards_worth(t, [h]))
    worths.sort(reverse=True)
    return sum(worths[: max(room, 0)])


def apply_sell(t: Table, a: Action) -> None:
    for key in ("card", "from_hand"):
        c = card_field(a, key)
        card = None if c is None else t.take(t.stockpile, c) or t.take(t.hand, c)
        if card:
            t.vault_count += 1
            t.vault_visible.append(card)
    if a.get("from_deck"):
        t.vault_count += 1


def score_build(t: Table, a: Action) -> float:
    s = t.structure(a.get("building", -1))
    card = card_field(a, "card")
    m = None if card is None else t.material(card)
    if s is None or s.complete or m is None or card is None:
        return 0.0
    completes = s.need <= 1  # then Influence now, and the structure's function
    if completes and s.name == "Catacomb" and not t.training:
        return end_game_value(t)  # "Upon completion the game ends."
    if completes:
        gain = 2.0 + 1.5 * value(s.site) + function_worth(t, s.name)
    else:
        gain = 1.2 + 0.4 * value(s.material)
    if any(c == card for c, _ in t.hand):
        cost = cards_worth(t, [card])
    elif any(c == card for c, _ in t.stockpile):
        cost = 0.3 * value(m)  # it could have been sold
    else:
        cost = 0.0  # from the Pool (Archway)
    return gain - cost


def apply_build(t: Table, a: Action) -> None:
    s = t.structure(a.get("building", -1))
    c = card_field(a, "card")
    card = None if c is None else t.take(t.hand, c) or t.take(t.stockpile, c) or t.take(t.pool, c)
    if s is None or card is None:
        return
    s.have += 1
    if s.need == 0:
        t.complete(s)


def score_lay(t: Table, a: Action) -> float:
    card = card_field(a, "card")
    name = None if card is None else t.name(card)
    m = material_of(name) if name else None
    if m is None or card is None or name is None:
        return 0.0
    out_of_town = bool(a.get("out_of_town", False))
    if not out_of_town and t.sites_left() <= 1:
        return end_game_value(t)  # the last Site in town ends the game
    needed = max(value(m), 1)
    hand = [c for c in t.hand if c[0] != card]
    supply = t.count(t.stockpile, m) + t.count(hand, m) + 0.5 * min(t.count(t.pool, m), needed)
    feasible = max(0.0, min(1.0, (supply - t.need(m)) / needed))
    score = 1.0 + 0.8 * value(m) * feasible + 0.4 * value(m) + 0.5 * function_worth(t, name)
    score -= 1.0 * len(t.incomplete()) + 0.5 * cards_worth(t, [card])
    if out_of_town:
        score -= 1.0
    return score * lateness(t)


def apply_lay(t: Table, a: Action) -> None:
    c = card_field(a, "card")
    card = None if c is None else t.take(t.hand, c)
    if card is None:
        return
    site = str(a.get("site") or material_of(card[1]) or "")
    sites = t.out_of_town if a.get("out_of_town") else t.in_town
    sites[site] = max(sites.get(site, 0) - 1, 0)
    t.structures.append(Structure(card[0], card[1], site, 0, False))


def neighbours(t: Table) -> list[int]:
    n = len(t.rivals) + 1
    return [(t.seat + 1) % n] if n == 2 else [(t.seat + 1) % n, (t.seat - 1) % n]


def score_demand(t: Table, a: Action) -> float:
    """Rome demands: the Pool's matching cards are sure; a neighbour's hand is a guess."""
    pool = [material_of(n) for _, n in t.pool if n != JACK]
    hands = {r.seat: r.hand_count for r in t.rivals}
    score = 0.0
    for card in a.get("cards", ()):
        m = t.material(card)
        if m is None:
            continue
        if m in pool:
            pool.remove(m)
            score += gather_value(t, m)
        for seat in neighbours(t):
            chance = min(0.7, 0.12 * hands.get(seat, 0))
            score += 0.8 * chance * gather_value(t, m)
    return score


def apply_demand(t: Table, a: Action) -> None:
    for card in a.get("cards", ()):
        m = t.material(card)
        match = next((c for c in t.pool if c[1] != JACK and material_of(c[1]) == m), None)
        if match:
            t.pool.remove(match)
            t.stockpile.append(match)


def score_claim(t: Table, a: Action) -> float:
    """Taking what a decision offers (demanded materials, and what building powers offer): worth
    at least a little each, more for a material I can use."""
    copy = t.clone()
    score = 0.0
    for card in a.get("cards", ()):
        score += 0.3 + gather_value(copy, copy.material(card))
        apply_gather(copy, {"type": "gather", "card": card})
    return score


def score_give(t: Table, a: Action) -> float:
    return -cards_worth(t, list(a.get("cards", ())))


def jack_value(t: Table) -> float:
    if t.jacks_count <= 0:
        return 0.0
    jacks = sum(1 for _, n in t.hand if n == JACK)
    return JACK_WORTH - 0.4 * jacks


def score_think(t: Table, a: Action) -> float:
    """Think: a Jack, or cards (with a Latrine or Vomitorium discarding first, with a Tribunal a
    Jack as well)."""
    discard = [c for c in a.get("discard", ()) if isinstance(c, int)]
    extra = jack_value(t) if a.get("extra_jack") else 0.0
    if discard:
        extra -= cards_worth(t, discard)
        t = without(t, discard)
    if a.get("take") == "jack":
        return jack_value(t) + extra
    return draw_value(t) + extra


def draw_value(t: Table) -> float:
    drawn = max(t.hand_size - len(t.hand), 1)
    if t.deck_count and drawn >= t.deck_count:
        return end_game_value(t)  # the deck runs out: the game ends
    if len(t.hand) >= t.hand_size:
        return 0.5 - 0.15 * (len(t.hand) - t.hand_size)  # hoarding helps little
    return DRAW_WORTH * drawn


# Roles played forward ----------------------------------------------------------------------------

APPLY: dict[str, Callable[[Table, Action], None]] = {
    "gather": apply_gather,
    "hire": apply_hire,
    "sell": apply_sell,
    "build": apply_build,
    "lay": apply_lay,
    "demand": apply_demand,
}


def unique_by_name(cards: list[Card]) -> list[Card]:
    seen: set[str] = set()
    out = []
    for c in cards:
        if c[1] not in seen and c[1] != JACK:
            seen.add(c[1])
            out.append(c)
    return out


def lay_candidates(t: Table, left: int) -> list[Action]:
    out: list[Action] = []
    for card, name in unique_by_name(t.hand):
        m = material_of(name)
        if m is None or t.owns(name):
            continue
        if t.in_town.get(m, 0) > 0:
            out.append({"type": "lay", "card": card, "site": m, "out_of_town": False})
        elif left >= 2 and t.out_of_town.get(m, 0) > 0:
            out.append({"type": "lay", "card": card, "site": m, "out_of_town": True})
    return out


def build_candidates(t: Table, source: list[Card]) -> list[Action]:
    out: list[Action] = []
    for s in t.incomplete():
        for card, name in unique_by_name(source):
            if material_of(name) == s.material:
                out.append({"type": "build", "card": card, "building": s.foundation})
    return out


def candidates(t: Table, role: str, left: int) -> list[Action]:
    """The actions the role would offer, roughly (building powers are not modelled)."""
    if role == "laborer":
        return [{"type": "gather", "card": c} for c, _ in unique_by_name(t.pool)]
    if role == "patron":
        if len(t.clientele) >= t.clientele_limit:
            return []
        return [{"type": "hire", "card": c} for c, _ in unique_by_name(t.pool)]
    if role == "merchant":
        if t.vault_room() <= 0:
            return []
        return [{"type": "sell", "card": c} for c, _ in unique_by_name(t.stockpile)]
    if role == "craftsman":
        return lay_candidates(t, left) + build_candidates(t, t.hand)
    if role == "architect":
        return lay_candidates(t, left) + build_candidates(t, t.stockpile)
    return []


def legionary_value(t: Table, actions: int) -> float:
    """The best demand of up to `actions` cards, chosen one card at a time."""
    orders = [c for c in t.hand if c[1] != JACK]
    chosen: list[int] = []
    best = 0.0
    for _ in range(min(actions, len(orders))):
        options = [
            (score_demand(t, {"type": "demand", "cards": [*chosen, c]}), c)
            for c, _ in orders
            if c not in chosen
        ]
        score, card = max(options)
        if score <= best + NEAR:
            break
        best = score
        chosen.append(card)
    return best


def role_value(t: Table, role: str, actions: int) -> float:
    """What `actions` actions of `role` would add, each chosen greedily."""
    if actions <= 0:
        return 0.0
    if role == "legionary":
        return legionary_value(t, actions)
    t = t.clone()
    total = 0.0
    left = actions
    while left > 0:
        scored = [(SCORERS[a["type"]](t, a), a) for a in candidates(t, role, left)]
        if not scored:
            break
        score, best = max(scored, key=lambda x: x[0])
        if score <= 0:
            break
        APPLY[best["type"]](t, best)
        total += score
        left -= 2 if best.get("out_of_town") else 1
    return total


def without(t: Table, cards: list[int]) -> Table:
    out = t.clone()
    out.hand = [c for c in out.hand if c[0] not in cards]
    return out


def score_lead(t: Table, a: Action) -> float:
    role = str(a.get("role"))
    cards = list(a.get("cards", ()))
    actions = 1 + t.clients_of(role)
    return role_value(without(t, cards), role, actions) - cards_worth(t, cards)


def score_follow(t: Table, a: Action) -> float:
    """The extra action following gives, less the cards; thinking is scored on its own."""
    role = t.role or ""
    if role not in ROLE_OF_MATERIAL.values():
        return 0.0
    cards = list(a.get("cards", ()))
    clients = t.clients_of(role)
    gain = role_value(without(t, cards), role, clients + 1) - role_value(t, role, clients)
    return gain - cards_worth(t, cards)


SCORERS: dict[str, Scorer] = {
    "fountain": lambda t, a: 1.0,  # a Craftsman action with the deck's top card
    "think": score_think,
    "lead": score_lead,
    "follow": score_follow,
    "gather": score_gather,
    "hire": score_hire,
    "sell": score_sell,
    "build": score_build,
    "lay": score_lay,
    "demand": score_demand,
    "claim": score_claim,
    "give": score_give,
    "skip": lambda t, a: 0.0,
}


def score(t: Table, a: Action) -> float:
    """An action's heuristic score; unknown action types are neutral (0, like skipping)."""
    scorer = SCORERS.get(str(a.get("type")))
    return 0.0 if scorer is None else scorer(t, a)


PETITIONS_SCORED = 2


def petitions_to_score(t: Table, legal: list[Action]) -> set[int]:
    """Of the many petitions for one role, only the cheapest few are worth playing forward."""
    groups: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for i, a in enumerate(legal):
        cards = a.get("cards")
        if a.get("type") in ("lead", "follow") and isinstance(cards, list) and len(cards) > 1:
            key = (str(a["type"]), str(a.get("role")))
            groups.setdefault(key, []).append((cards_worth(t, cards), i))
    keep: set[int] = set()
    for options in groups.values():
        keep.update(i for _, i in sorted(options)[:PETITIONS_SCORED])
    return keep


def action_scores(view: View, legal: list[Action]) -> list[float]:
    """Each legal action's heuristic score (-inf for a petition not worth playing forward)."""
    t = Table.from_view(view)
    prompt: dict[str, Any] = view.get("prompt") or {}
    if prompt.get("role"):
        t.role = str(prompt["role"])
    petitions = petitions_to_score(t, legal)
    return [
        score(t, a) if i in petitions or not is_petition(a) else float("-inf")
        for i, a in enumerate(legal)
    ]


# Games between greedy players end by turn 100 (1,440 of them, 2-5 players, every version: 97
# turns at most), but some never would: in about one two-player Imperium game in 40, each leads
# Legionary with a Jack, demanding what the other does not have, while the other takes the Jack
# back by thinking. Past LONG_GAME turns, one decision in RESTLESS is a random legal one, so play
# moves on and the game ends (docs/bots.md).
LONG_GAME = 150
RESTLESS = 0.25


class GreedyBot(Bot):
    name = "greedy"

    def decide(self, view: View, legal: list[Action], memory: Memory | None = None) -> Action:
        if int(view.get("turn") or 0) > LONG_GAME and self.rng.random() < RESTLESS:
            return legal[self.rng.randrange(len(legal))]
        scores = action_scores(view, legal)
        best = max(scores)
        top = [i for i, s in enumerate(scores) if s >= best - NEAR]
        return legal[self.rng.choice(top)]


def is_petition(a: Action) -> bool:
    cards = a.get("cards")
    return a.get("type") in ("lead", "follow") and isinstance(cards, list) and len(cards) > 1
