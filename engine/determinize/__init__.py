"""Determinisation: full engine states dealt from what one seat knows, for search.

A search bot cannot look at the real state (other hands, the deck, Vault contents); it plays out
possible worlds instead. `Dealer(view, memory)` reads one seat's view (`engine.view(state, seat)`)
and that seat's `Memory` of earlier views, and `deal(rng)` returns a full `State` consistent with
both: every count the view shows, every card where the view or the memory puts it, the pending
decisions rebuilt from the turn order, and the cards the seat has not seen dealt at random into
the places it cannot see.

>>> import random, engine
>>> from engine.determinize import Dealer, Memory
>>> state = engine.new_game("republic", players=3, seed=4)
>>> seat = engine.to_act(state)
>>> memory = Memory(seat)
>>> memory.observe(engine.view(state, seat))
>>> world = Dealer(engine.view(state, seat), memory).deal(random.Random(1))
>>> engine.view(world, seat) == engine.view(state, seat)
True
"""

from .deal import Dealer, determinize
from .memory import Memory

__all__ = ["Dealer", "Memory", "determinize"]
