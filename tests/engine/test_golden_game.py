"""A short complete game, played move by move and scored by hand from the rules (a golden game
replayed to a known score). Training game, so no building function plays a part.

Every expected number below is worked out in the comments from the Black Box rulebook: Game Play,
Laborer, Building Structures, Completing a Structure, Thinking, Ending the Game, Scoring and
Winning."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.helpers import find, hand, kind, names, table


def act(state: engine.State, action: dict[str, Any], seat: int) -> engine.State:
    assert engine.to_act(state) == seat, engine.prompt(state)
    return engine.apply(state, action, seat=seat)


def test_golden_two_player_game() -> None:
    state = table(
        [
            {"hand": ["Dock", "Insula", "Bar", "Wall", "Villa"]},
            {"hand": ["Palisade", "Market", "Latrine", "Tower"]},
        ],
        pool=["Road", "Temple"],
        deck=["Statue", "Bath", "Shrine", "Gate"],
        deck_rest=False,
        options={"training": True},
    )
    p0 = lambda name: find(state, hand(state, 0), name)  # noqa: E731
    p1 = lambda name: find(state, hand(state, 1), name)  # noqa: E731

    # Turn 1, seat 0 leads Craftsman; seat 1 follows. One action each: both lay in town.
    state = act(state, {"type": "lead", "role": "craftsman", "cards": [p0("Dock")]}, 0)
    state = act(state, {"type": "follow", "cards": [p1("Palisade")]}, 1)
    state = act(state, {"type": "lay", "card": p0("Insula"), "site": "rubble"}, 0)
    state = act(state, {"type": "lay", "card": p1("Market"), "site": "wood"}, 1)
    # The Dock and the Palisade go to the Pool; seat 1 leads next.
    assert sorted(names(state, state.pool)) == ["Dock", "Palisade", "Road", "Temple"]
    assert engine.view(state, None)["leader"] == 1

    # Turn 2, seat 1 leads Laborer; seat 0 follows. Seat 1 gathers first (the leader), then 0.
    state = act(state, {"type": "lead", "role": "laborer", "cards": [p1("Latrine")]}, 1)
    state = act(state, {"type": "follow", "cards": [p0("Bar")]}, 0)
    state = act(state, {"type": "gather", "card": find(state, state.pool, "Palisade")}, 1)
    state = act(state, {"type": "gather", "card": find(state, state.pool, "Road")}, 0)
    assert sorted(names(state, state.pool)) == ["Bar", "Dock", "Latrine", "Temple"]

    # Turn 3, seat 0 leads Architect; seat 1 follows. Each adds its one Stockpile material: a
    # Rubble completes the Insula (value 1), a Wood completes the Market (value 1).
    state = act(state, {"type": "lead", "role": "architect", "cards": [p0("Wall")]}, 0)
    state = act(state, {"type": "follow", "cards": [p1("Tower")]}, 1)
    insula = state.players[0].buildings[0].foundation
    market = state.players[1].buildings[0].foundation
    state = act(
        state, {"type": "build", "card": state.players[0].stockpile[0], "building": insula}, 0
    )
    state = act(
        state, {"type": "build", "card": state.players[1].stockpile[0], "building": market}, 1
    )
    assert [b.complete for p in state.players for b in p.buildings] == [True, True]
    # Influence 2 + a Rubble Site (1) = 3; 2 + a Wood Site (1) = 3.
    assert [p["influence"] for p in engine.view(state, None)["players"]] == [3, 3]

    # Turn 4, seat 1 leads with an empty hand: it thinks, drawing to five - the deck holds four,
    # so it runs out and the game ends at once.
    assert kind(state) == "lead" and hand(state, 1) == []
    state = act(state, {"type": "think", "take": "cards"}, 1)
    assert engine.is_over(state)
    end = state.end
    assert end is not None and end["reason"] == "deck"

    # Scores: 3 Influence each, empty Vaults, no Merchant bonus: 3 - 3. The tie goes to the most
    # cards in hand: seat 1 holds 4 (Statue, Bath, Shrine, Gate), seat 0 holds 1 (Villa).
    scores = sorted(end["scores"], key=lambda s: s["seat"])
    assert [s["total"] for s in scores] == [3, 3]
    assert [s["hand"] for s in scores] == [1, 4]
    assert names(state, hand(state, 1)) == ["Statue", "Bath", "Shrine", "Gate"]
    assert end["winners"] == [1]
    assert engine.scores(state) == end["scores"]
