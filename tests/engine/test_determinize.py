"""Determinisation (engine.determinize): states dealt from one seat's view and memory.

Along random games, at every decision, a dealt state shows the deciding seat exactly its own view
and offers exactly its legal actions; every card is in one place; what the seat's memory recalls
(cards vaulted in the open, a Legionary's revealed cards) is where it was seen; the rest of the
turn's decisions beneath the prompt are the real ones (bursts of the led role aside: the view
cannot tell them from ordinary actions). And the dealer cannot read what the seat cannot see:
tables that differ only in hidden cards deal the very same states.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.determinize import Dealer, Memory
from engine.state import State, to_json, zones

from .helpers import table

DATA = Path(__file__).parent / "data"

CONFIGS = [
    ("republic", 2, 1, False),
    ("imperium", 3, 2, False),
    ("republic", 4, 3, False),
    ("imperium", 5, 4, False),
    ("first_edition", 3, 7, False),
    ("first_edition", 5, 8, False),
    ("republic", 3, 5, True),
    ("imperium", 2, 6, True),
]


def decisions(
    version: str, players: int, seed: int, training: bool, **options: Any
) -> Iterator[tuple[State, Memory]]:
    """Each decision of a random game, with the deciding seat's memory of the game so far."""
    state = engine.new_game(version, players, seed, {"training": training, **options})
    memories = [Memory(s) for s in range(players)]
    r = random.Random(seed)
    while not engine.is_over(state):
        for memory in memories:
            memory.observe(engine.view(state, memory.seat))
        seat = engine.to_act(state)
        assert seat is not None
        yield state, memories[seat]
        action = r.choice(engine.legal_actions(state))
        state = engine.apply(state, action)
        for memory in memories:
            memory.record(seat, engine.public_action(action, seat, memory.seat))


def play(state: State, action: dict[str, Any], memory: Memory) -> State:
    """Apply `action`; `memory`'s seat sees the table before it and the move itself."""
    memory.observe(engine.view(state, memory.seat))
    actor = engine.to_act(state)
    assert actor is not None
    state = engine.apply(state, action)
    memory.record(actor, engine.public_action(action, actor, memory.seat))
    return state


def conserved(state: State) -> bool:
    return sorted(c for ids in zones(state).values() for c in ids) == list(range(len(state.names)))


@pytest.mark.parametrize(("version", "players", "seed", "training"), CONFIGS)
def test_a_dealt_state_is_the_seats_view(
    version: str, players: int, seed: int, training: bool
) -> None:
    """Every count the view shows (hands, deck, Jacks, Vaults, Sites, Influence, limits, the
    prompt's actions left) and every card it names: the dealt state's view is the view."""
    for step, (state, memory) in enumerate(decisions(version, players, seed, training)):
        seat = memory.seat
        view = engine.view(state, seat)
        world = Dealer(view, memory).deal(random.Random(step))
        assert conserved(world)
        assert engine.view(world, seat) == view
        assert engine.legal_actions(world) == engine.legal_actions(state)
        if not training:  # out of the game: the first edition's spare Jacks and Sites, no order
            assert sorted(world.names[c] for c in world.removed) == sorted(
                state.names[c] for c in state.removed
            )


@pytest.mark.parametrize(("version", "players", "seed", "training"), CONFIGS[:6])
def test_the_turn_beneath_the_prompt_is_rebuilt(
    version: str, players: int, seed: int, training: bool
) -> None:
    """The decisions still to come this turn (other players' follows and role actions, each
    victim's answer to a demand, the end of the turn) are the real ones."""
    compared = 0
    for state, memory in decisions(version, players, seed, training):
        if any(f["kind"] in ("act", "think") and "count" in f for f in state.frames):
            continue  # an upon-completion burst: the view cannot tell it from actions of a role
        world = Dealer(engine.view(state, memory.seat), memory).deal(random.Random(0))
        assert world.frames == state.frames
        compared += 1
    assert compared > 100


def hide_differently(state: State, seat: int, r: random.Random) -> State:
    """The same table as `seat` sees it, with the cards it cannot see dealt otherwise: other
    hands, the deck and the Vault cards not on view swap places (by name, so counts hold)."""
    other = state.clone()
    slots: list[tuple[list[int], int]] = []
    for s, p in enumerate(other.players):
        if s != seat:
            slots += [(p.hand, i) for i in range(len(p.hand))]
        visible = set(p.vaulted) | (set(p.filched) if s == seat else set())
        slots += [(p.vault, i) for i, c in enumerate(p.vault) if c not in visible]
    slots += [(other.deck, i) for i in range(len(other.deck))]
    cards = [zone[i] for zone, i in slots]
    orders = [i for i, c in enumerate(cards) if engine.cards.is_order(other.names[c])]
    shuffled = [cards[i] for i in orders]
    r.shuffle(shuffled)
    for i, c in zip(orders, shuffled, strict=True):
        zone, at = slots[i]
        zone[at] = c
    return other


@pytest.mark.parametrize(("version", "players", "seed", "training"), CONFIGS[:6])
def test_the_deal_does_not_depend_on_hidden_cards(
    version: str, players: int, seed: int, training: bool
) -> None:
    """The dealer's input holds nothing the seat's view and memory lack: a table with the
    hidden cards dealt otherwise (but the same view) deals the same state from the same seed."""
    r = random.Random(seed)
    changed = 0
    for step, (state, memory) in enumerate(decisions(version, players, seed, training)):
        if step % 5:
            continue
        seat = memory.seat
        other = hide_differently(state, seat, r)
        assert engine.view(other, seat) == engine.view(state, seat)
        changed += to_json(other) != to_json(state)
        a = Dealer(engine.view(state, seat), memory).deal(random.Random(step))
        b = Dealer(engine.view(other, seat), memory).deal(random.Random(step))
        assert to_json(a) == to_json(b)
    assert changed > 20


def test_deals_differ_and_follow_their_generator() -> None:
    state = engine.new_game("republic", 4, 8)
    view = engine.view(state, engine.to_act(state))
    dealer = Dealer(view)
    worlds = [to_json(dealer.deal(random.Random(i))) for i in range(5)]
    assert len({json.dumps(w, sort_keys=True) for w in worlds}) == 5
    assert to_json(dealer.deal(random.Random(3))) == worlds[3]


def legionary_table() -> State:
    """Seat 0 leads Legionary with a Shrine and a Brick client, to reveal a Bath (brick) and a
    Road (rubble); seat 1 has no brick or rubble to give, so only the Pool's Brick is taken."""
    return table(
        [
            {"hand": ["Bath", "Road", "Shrine"], "clientele": ["Foundry"]},
            {"hand": ["Temple", "Statue", "Garden"]},
        ],
        pool=["Academy"],
        leader=0,
    )


def test_memory_keeps_revealed_cards_in_the_demanders_hand() -> None:
    """Black Box rulebook, DEMANDING MATERIALS: the revealed cards stay in the Legionary's hand.
    Once the demand is over no view shows them; seat 1's memory still puts them there."""
    state = legionary_table()
    memory = Memory(1)
    hand = state.players[0].hand
    bath, road = hand[0], hand[1]
    for action in (
        {"type": "lead", "role": "legionary", "cards": [hand[2]]},
        {"type": "think", "take": "jack"},
        {"type": "demand", "cards": [bath, road]},
    ):
        state = play(state, action, memory)
    while engine.to_act(state) == 0:  # the claim from the Pool
        state = play(state, engine.legal_actions(state)[-1], memory)
    memory.observe(engine.view(state, 1))
    assert memory.hand[0] == {bath: "Bath", road: "Road"}
    view = engine.view(state, 1)
    assert not {bath, road} & set(named(view))
    for i in range(10):
        world = Dealer(view, memory).deal(random.Random(i))
        assert {bath, road} <= set(world.players[0].hand)


def test_memory_keeps_vaulted_cards_after_the_turn() -> None:
    """Black Box rulebook, SELLING MATERIALS: the card goes into the Vault in the open, and the
    view shows it only during that turn. The memory keeps it there in every dealt state."""
    state = table([{"hand": ["Garden"], "stockpile": ["Temple"]}, {"hand": ["Road"]}], leader=0)
    temple = state.players[0].stockpile[0]
    memory = Memory(1)
    for action in (
        {"type": "lead", "role": "merchant", "cards": [state.players[0].hand[0]]},
        {"type": "think", "take": "jack"},
        {"type": "sell", "card": temple},  # the turn ends with it: no view shows it vaulted
    ):
        state = play(state, action, memory)
    memory.observe(engine.view(state, 1))
    view = engine.view(state, 1)
    assert engine.to_act(state) == 1 and view["players"][0]["vault_visible"] == []
    worlds = [Dealer(view, memory).deal(random.Random(i)) for i in range(10)]
    assert all(w.players[0].vault == [temple] for w in worlds)
    forgetful = [Dealer(view).deal(random.Random(i)) for i in range(10)]
    assert any(w.players[0].vault != [temple] for w in forgetful)


def test_memory_round_trips_and_refuses_other_seats() -> None:
    state = legionary_table()
    memory = Memory(1)
    memory.observe(engine.view(state, 1))
    assert Memory.from_json(json.loads(json.dumps(memory.to_json()))) == memory
    with pytest.raises(ValueError):
        memory.observe(engine.view(state, 0))
    with pytest.raises(ValueError):
        Dealer(engine.view(state, 0), memory)


def test_only_the_deciding_seat_deals() -> None:
    state = engine.new_game("republic", 3, 2)
    seat = engine.to_act(state)
    assert seat is not None
    for wrong in (None, (seat + 1) % 3):
        with pytest.raises(ValueError, match="seat to decide"):
            Dealer(engine.view(state, wrong))


@pytest.mark.parametrize(("version", "players", "seed", "training"), CONFIGS[:6])
def test_memory_names_only_cards_the_seat_was_shown(
    version: str, players: int, seed: int, training: bool
) -> None:
    """Everything a memory holds came from the seat's views or the public moves it saw: every
    card it names (with its name) was named to that seat, so a bot given a memory learns nothing
    its view and the public history did not show."""
    state = engine.new_game(version, players, seed, {"training": training})
    memories = [Memory(s) for s in range(players)]
    shown: list[dict[int, str]] = [{} for _ in range(players)]
    r = random.Random(seed)
    while not engine.is_over(state):
        for memory in memories:
            view = engine.view(state, memory.seat)
            memory.observe(view)
            shown[memory.seat].update(named(view))
        seat = engine.to_act(state)
        action = r.choice(engine.legal_actions(state))
        state = engine.apply(state, action)
        for memory in memories:
            memory.record(seat, engine.public_action(action, seat, memory.seat))
    for memory in memories:
        remembered = {**memory.names}
        for cards in (*memory.vault.values(), *memory.hand.values()):
            remembered.update(cards)
        assert remembered.items() <= shown[memory.seat].items()
        assert set(memory.revealed) <= set(shown[memory.seat])


def named(view: dict[str, Any]) -> dict[int, str]:
    """Every {id, name} a view holds."""
    out: dict[int, str] = {}

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            if isinstance(data.get("id"), int) and isinstance(data.get("name"), str):
                out[data["id"]] = data["name"]
            for v in data.values():
                walk(v)
        elif isinstance(data, list):
            for v in data:
                walk(v)

    walk(view)
    return out


def test_a_thief_deciding_what_his_prison_steals_holds_its_site_in_every_deal() -> None:
    """A Prison's Site leaves its builder's Influence only with the exchange ("In exchange, you
    must give three Influence to the original owner", Black Box rulebook, Appendix I, Prison), so
    while he decides what to steal it is his. The view shows Influence as a number only, and
    after earlier exchanges (here another Prison's Site and a stolen Gate's Site sit with the
    third player) other assignments add up too: one gave his Prison's Site to another player, and
    the search crashed on the exchange. A 3-player Imperium game of search bots, at seat 1's
    steal (tests/engine/data)."""
    data = json.loads((DATA / "prison_steal_after_exchanges.json").read_text())
    state = engine.from_json(data)
    assert engine.view(state, 1)["prompt"]["kind"] == "steal"
    prison = next(b for b in state.players[1].buildings if state.names[b.foundation] == "Prison")
    assert prison.site in state.players[1].influence
    view = engine.view(state, 1)
    for n in range(40):
        world = Dealer(view, None).deal(random.Random(n))
        thief = world.players[1]
        mine = next(b for b in thief.buildings if world.names[b.foundation] == "Prison")
        assert mine.site in thief.influence, n
        for action in engine.legal_actions(world):  # the exchange can be made
            engine.apply(world, action, 1)


def test_a_first_edition_prison_steal_is_dealt_with_its_own_frame() -> None:
    """The 2005 first edition's Prison is the card "Prison (2005)", and its steal exchanges no
    Sites (First edition rulebook (2005), Appendix, Prison). A search bot at that decision could
    not deal a world: the dealer looked for a card named "Prison". A 5-player first-edition game
    of search bots, at seat 1's steal (tests/engine/data)."""
    data = json.loads((DATA / "prison_2005_steal.json").read_text())
    state = engine.from_json(data)
    view = engine.view(state, 1)
    assert view["prompt"]["kind"] == "steal" and state.frames[-1]["exchange"] is False
    for n in range(10):
        world = Dealer(view, None).deal(random.Random(n))
        assert world.frames[-1] == state.frames[-1]
        assert engine.legal_actions(world) == engine.legal_actions(state)
