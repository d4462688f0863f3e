"""Dealing a full state from one seat's view: the seen cards where the view (and the seat's
memory) puts them, the unseen ones at random into the places the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import JACK, MATERIALS, SITES_PER_MATERIAL, is_order, site_name
from ..flow import played_actions
from ..setup import jacks_out_of_play, physical_cards
from ..state import Building, Player, State, zones
from .frames import rebuild
from .memory import Cards, Memory, card_ids, placed_cards, public_cards
from .sites import available, influence_owners

View = dict[str, Any]


class Dealer:
    """Deals states consistent with a view: every count it shows (hands, deck, Jacks, Vaults,
    Sites, Influence), every card it names where it names it, the cards the memory recalls
    (earlier Vault entries, a Legionary's revealed cards still in his hand), and the pending
    decisions rebuilt from the turn order. The hidden cards (other hands, the deck, Vault
    contents never seen, the training game's removed half) are the cards unaccounted for, dealt
    uniformly at random: Jacks only to hands (a Jack never goes to the deck or a Vault), order
    cards anywhere hidden. Built once per decision; `deal` is cheap.

    It reads the view and the memory, nothing else: it has no way to the real state."""

    def __init__(self, view: View, memory: Memory | None = None) -> None:
        me = view.get("seat")
        if me is None or view.get("prompt") is None or view["prompt"]["seat"] != me:
            raise ValueError("a state is dealt from the view of the seat to decide")
        if memory is not None and memory.seat != me:
            raise ValueError("the memory is another seat's")
        self.view, self.memory, self.me = view, memory, int(me)
        # The cards a Bacchanalia turned up: on top of the deck, the first named on top.
        prompt = view["prompt"]
        self.on_top = card_ids(prompt.get("revealed")) if prompt["kind"] == "bacchanalia" else []
        known = self.known_cards()
        self.names = self.name_unseen(known)
        self.template = self.table(known)
        self.template.frames = rebuild(self.template, view, memory)
        self.hidden_orders, self.hand_jacks = self.hidden_cards()

    # Which card is which --------------------------------------------------------------------

    def known_cards(self) -> Cards:
        """Every card the seat can name: the view's, and the memory's (the view wins)."""
        known: Cards = {}
        if self.memory is not None:
            for cards in (*self.memory.vault.values(), *self.memory.hand.values()):
                known.update(cards)
        known.update(public_cards(self.view))
        return known

    def name_unseen(self, known: Cards) -> tuple[str, ...]:
        """Names for the ids never seen: the physical cards left over. Unseen ids say nothing
        (setup draws them at random), so any one-to-one naming will do; the dealing is random."""
        physical = physical_cards(self.view["version"], self.view.get("geek", ()))
        left = Counter(physical)
        left.subtract(Counter(known.values()))
        if any(k < 0 for k in left.values()):
            raise ValueError("the view names more cards than the game has")
        unseen = [c for c in range(len(physical)) if c not in known]
        names = dict(known)
        names.update(zip(unseen, sorted(left.elements()), strict=True))
        return tuple(names[c] for c in range(len(physical)))

    # The table ----------------------------------------------------------------------------------

    def table(self, known: Cards) -> State:
        """The state with every seen card in place and the hidden zones still empty."""
        view = self.view
        sites = self.site_ids(known)
        state = State(
            version=view["version"],
            options=options_of(view),
            rules_revision=int(view["rules_revision"]),
            seed=0,
            rng=0,
            names=self.names,
            deck=[],
            pool=card_ids(view["pool"]),
            jacks=[],
            sites={
                m: [sites[m].pop() for _ in range(view["sites"][m]["in_town"])] for m in MATERIALS
            },
            out_of_town={
                m: [sites[m].pop() for _ in range(view["sites"][m]["out_of_town"])]
                for m in MATERIALS
            },
            removed=[],
            players=[self.player(p) for p in view["players"]],
            leader=int(view["leader"]),
            turn=int(view["turn"]),
            role=view["role"],
        )
        self.place_sites(state, sites)
        for seat, p in enumerate(state.players):
            if p.camp and view["role"]:  # the actions its lead or follow earned
                leading = seat == state.leader  # a Circus Maximus (2005) plays as leader
                p.played = played_actions(state, seat, view["role"], tuple(p.camp), leading)
        return state

    def site_ids(self, known: Cards) -> dict[str, list[int]]:
        """The unseen Site cards of each material (all of them: a view never names a Site)."""
        out: dict[str, list[int]] = {m: [] for m in MATERIALS}
        by_name = {site_name(m): m for m in MATERIALS}
        for c, name in enumerate(self.names):
            if name in by_name and c not in known:
                out[by_name[name]].append(c)
        return out

    def place_sites(self, state: State, sites: dict[str, list[int]]) -> None:
        """Sites under structures, in Influence, and out of play (the training game's extras)."""
        owners, loose = influence_owners(self.view)
        completed = iter(owners)
        for p, seen in zip(state.players, self.view["players"], strict=True):
            for b, data in zip(p.buildings, seen["buildings"], strict=True):
                b.site = sites[data["site"]].pop()
                if b.complete:
                    state.players[next(completed)].influence.append(b.site)
        for m, owner in loose:
            state.players[owner].influence.append(sites[m].pop())
        spare = SITES_PER_MATERIAL[self.view["version"]] - available(self.view)
        for m in MATERIALS:
            state.removed.extend(sites[m][:spare])
            del sites[m][:spare]

    def player(self, seen: View) -> Player:
        seat = int(seen["seat"])
        p = Player(
            hand=card_ids(seen["hand"]) if seat == self.me else self.recalled_hand(seen),
            camp=card_ids(seen["camp"]),
            clientele=card_ids(seen["clientele"]),
            stockpile=card_ids(seen["stockpile"]),
            vault=self.recalled_vault(seen),
            vaulted=card_ids(seen["vault_visible"]),
        )
        p.buildings = [
            Building(
                int(b["foundation"]["id"]),
                -1,  # the Site comes later (place_sites)
                card_ids(b["materials"]),
                bool(b["complete"]),
                bool(b["public"]),
                bool(b["out_of_town"]),
            )
            for b in seen["buildings"]
        ]
        return p

    def recalled_hand(self, seen: View) -> list[int]:
        """Cards a Legionary revealed that are still in the hand, as far as the seat knows (a
        card beyond the hand's count went on unseen, into the Vault with a Basilica)."""
        if self.memory is None:
            return []
        placed = placed_cards(self.view)
        recalled = [c for c in self.memory.hand.get(int(seen["seat"]), {}) if c not in placed]
        return recalled[: int(seen["hand_count"])]

    def recalled_vault(self, seen: View) -> list[int]:
        """The Vault cards the seat saw go in: this turn's (in the view) and earlier ones."""
        cards = card_ids(seen["vault_visible"])
        if self.memory is not None:
            placed = placed_cards(self.view)
            earlier = self.memory.vault.get(int(seen["seat"]), {})
            cards += [c for c in earlier if c not in placed]  # a Vault card never comes out
        return cards[: int(seen["vault_count"])]

    # The hidden cards ---------------------------------------------------------------------------

    def hidden_cards(self) -> tuple[list[int], list[int]]:
        """(order cards to deal at random, Jacks to deal into hands); the other unseen Jacks
        make the Jack pile."""
        state = self.template
        self.hand_slots = [
            (int(p["seat"]), int(p["hand_count"]) - len(state.players[int(p["seat"])].hand))
            for p in self.view["players"]
            if int(p["seat"]) != self.me
        ]
        self.vault_slots = [
            (int(p["seat"]), int(p["vault_count"]) - len(state.players[int(p["seat"])].vault))
            for p in self.view["players"]
        ]
        placed = {c for zone in zones(state).values() for c in zone}
        jacks = [c for c, name in enumerate(self.names) if name == JACK and c not in placed]
        out_of_play = jacks_out_of_play(self.view["version"], len(self.view["players"]))
        state.removed.extend(jacks[:out_of_play])
        jacks = jacks[out_of_play:]
        count = int(self.view["jacks_count"])
        state.jacks, hand_jacks = jacks[:count], jacks[count:]
        self.make_room(state, len(hand_jacks))
        placed = {c for zone in zones(state).values() for c in zone}
        unseen = [c for c in range(len(self.names)) if c not in placed and c not in self.on_top]
        orders = [c for c in unseen if is_order(self.names[c])]
        if len(orders) + len(hand_jacks) != len(unseen):
            raise ValueError("an unseen Site is not placed")
        hands = sum(n for _, n in self.hand_slots)
        vaults = sum(n for _, n in self.vault_slots)
        deck = int(self.view["deck_count"]) - len(self.on_top)
        needed = hands - len(hand_jacks) + vaults + deck
        if len(hand_jacks) > hands or needed > len(orders):
            raise ValueError("the view's counts do not add up")
        return orders, hand_jacks

    def make_room(self, state: State, jacks: int) -> None:
        """Unseen Jacks can only be in hands: when recalled cards leave them no room, the
        recollection was wrong (a card left the hand unseen) and the recalled cards go back
        among the unseen ones."""
        free = sum(n for _, n in self.hand_slots)
        for i, (seat, n) in enumerate(self.hand_slots):
            if free >= jacks:
                return
            hand = state.players[seat].hand
            freed = min(len(hand), jacks - free)
            del hand[len(hand) - freed :]
            self.hand_slots[i] = (seat, n + freed)
            free += freed

    def deal(self, rng: random.Random) -> State:
        """One state consistent with the view, the hidden cards dealt with `rng`."""
        state = self.template.clone()
        orders = list(self.hidden_orders)
        rng.shuffle(orders)
        in_hands = sum(n for _, n in self.hand_slots) - len(self.hand_jacks)
        hands = orders[:in_hands] + self.hand_jacks
        rng.shuffle(hands)
        i = 0
        for seat, n in self.hand_slots:
            state.players[seat].hand.extend(hands[i : i + n])
            i += n
        i = in_hands
        for seat, n in self.vault_slots:
            state.players[seat].vault.extend(orders[i : i + n])
            i += n
        deck = int(self.view["deck_count"]) - len(self.on_top)
        state.deck = orders[i : i + deck] + list(reversed(self.on_top))
        state.removed.extend(orders[i + deck :])
        return state


def options_of(view: View) -> dict[str, Any]:
    """The game's options as a view shows them (only those that change the rules)."""
    options: dict[str, Any] = {"training": True} if view["training"] else {}
    if view.get("geek"):
        options["geek"] = list(view["geek"])
    return options


def determinize(view: View, rng: random.Random, memory: Memory | None = None) -> State:
    """One full state consistent with `view` (and the seat's `memory`), dealt with `rng`."""
    return Dealer(view, memory).deal(rng)
