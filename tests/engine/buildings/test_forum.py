"""Forum, Imperium only (Black Box rulebook, Appendix I): "You win immediately whenever you have a
Client of each type in your Clientele." And the combined rulings for the Forum and the Forum
Romanum:

- "Forum (Romanum) combined with Ludus Magna: If you have completed both a Forum (Romanum) and a
  Ludus Magna, then each Merchant Client may be counted as any one Role towards the Forum (Romanum)
  victory condition."
- "Forum (Romanum) combined with Stairway: If making a Forum (Romanum) public triggers the Forum
  (Romanum) victory for two or more players simultaneously, the winner of the game is the player
  among those with the highest score as determined normally."
- "Forum (Romanum) combined with Storeroom: If you have completed both a Forum (Romanum) and a
  Storeroom then any Client may count as a Laborer towards the Forum (Romanum) victory condition
  instead of its usual Role. Clients may not count as both at once."

The combined rulings are tested with both the Forum (Imperium) and the Forum Romanum (Republic,
which also needs a Material of each type in the Stockpile)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.buildings.steps import (
    act,
    build,
    everyone,
    expected,
    follow,
    in_hand,
    in_stockpile,
    lead,
    pending,
    play,
    publicize,
    site_of,
    think,
    zones,
)
from tests.engine.helpers import table

# One client of each role: Laborer, Craftsman, Legionary, Architect, Merchant, Patron.
EVERY_ROLE = ["Bar", "Dock", "Academy", "Tower", "Villa", "Palace"]
# One material of each type (for the Forum Romanum).
EVERY_MATERIAL = ["Insula", "Market", "Atrium", "Wall", "Garden", "Basilica"]
# (version, the Forum card of that version, the Stockpile its victory needs)
VERSIONS = [("imperium", "Forum", []), ("republic", "Forum Romanum", EVERY_MATERIAL)]


def forum_example(clients_left: list[str] | None = None) -> engine.State:
    """Imperium, three players. Seat 0 ("you") and seat 1 (left, "she") each have a client of
    each type and a Forum foundation with two Marble in it; she has far more Victory Points (a full
    Vault of Marble). You lead Craftsman with a Market; the others follow."""
    state = table(
        [
            {
                "hand": ["Market", "Temple"],
                "clientele": EVERY_ROLE,
                "influence": ["rubble"],
                "buildings": [{"name": "Forum", "materials": ["Statue", "Statue"]}],
            },
            {
                "hand": ["Market", "Fountain"],
                "clientele": clients_left or EVERY_ROLE,
                "influence": ["stone", "stone"],
                "vault": ["Stairway", "Stairway", "Stairway", "Ludus Magna"],
                "buildings": [{"name": "Forum", "materials": ["Basilica", "Basilica"]}],
            },
            {"hand": ["Palisade"]},
        ],
        version="imperium",
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, follow(in_hand(state, 1, "Market")))
    return act(state, follow(in_hand(state, 2, "Palisade")))


def test_forum_example_you_win_she_does_not() -> None:
    """Black Box rulebook, Appendix I, Forum, example: "You and the player to your left both have a
    Client of each type and a Forum Foundation with two Marble in it. You lead as Craftsman and the
    other players follow. You move Marble from your hand into the Forum, completing it. You win. She
    doesn't." """
    state = forum_example()
    assert not engine.is_over(state)  # clients of every type but no Forum yet: no win
    assert pending(state) == (0, "act")
    state = act(state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Forum")))
    assert zones(state, 0)["buildings"] == {"Forum": (["Statue", "Statue", "Temple"], True)}
    assert engine.is_over(state)
    assert state.end is not None and state.end["reason"] == "forum"
    assert state.end["winners"] == [0]  # although she has the higher score
    totals = {s["seat"]: s["total"] for s in engine.scores(state)}
    assert totals[1] > totals[0]
    # The game ends at once: she never gets to complete her own Forum.
    assert engine.prompt(state) is None
    assert zones(state, 1)["buildings"] == {"Forum": (["Basilica", "Basilica"], False)}
    assert zones(state, 1)["hand"] == ["Fountain"]
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(
            camp=["Market"],
            clientele=EVERY_ROLE,
            influence=6,
            buildings={"Forum": (["Statue", "Statue", "Temple"], True)},
        ),
        expected(
            hand=["Fountain"],
            camp=["Market"],
            clientele=EVERY_ROLE,
            vault=["Ludus Magna", "Stairway", "Stairway", "Stairway"],
            influence=8,
            buildings={"Forum": (["Basilica", "Basilica"], False)},
        ),
        expected(camp=["Palisade"]),
    ]


def test_forum_needs_every_client_type() -> None:
    """Black Box rulebook, Appendix I, Forum, counter-case: a completed Forum without a Patron
    client (two Merchants instead) does not win; the turn goes on."""
    state = table(
        [
            {
                "hand": ["Market", "Temple"],
                "clientele": ["Bar", "Dock", "Academy", "Tower", "Villa", "Villa"],
                "buildings": [{"name": "Forum", "materials": ["Statue", "Statue"]}],
            },
            {"hand": ["Palisade"]},
        ],
        version="imperium",
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think("jack"))
    state = act(state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Forum")))
    assert zones(state, 0)["buildings"]["Forum"][1] is True
    assert not engine.is_over(state)
    assert pending(state) == (1, "lead")


def combined(
    version: str,
    stock: list[str],
    clients: list[str],
    buildings: list[dict[str, Any]],
) -> engine.State:
    """Seat 0 leads Craftsman with a Market and holds a Marble (Fountain) to complete the structure
    left incomplete in `buildings`; seat 1 thinks."""
    state = table(
        [
            {
                "hand": ["Market", "Fountain"],
                "clientele": clients,
                "stockpile": stock,
                "influence": ["rubble", "wood"],
                "buildings": buildings,
            },
            {"hand": ["Palisade"]},
        ],
        version=version,
    )
    state = act(state, lead("craftsman", in_hand(state, 0, "Market")))
    state = act(state, think("jack"))
    incomplete = next(b for b in state.players[0].buildings if not b.complete)
    return act(state, build(in_hand(state, 0, "Fountain"), incomplete.foundation))


def complete(name: str, marble: str = "Temple") -> dict[str, Any]:
    return {"name": name, "materials": [marble] * 3, "complete": True}


@pytest.mark.parametrize(("version", "forum", "stock"), VERSIONS)
def test_forum_with_ludus_magna_merchant_counts_as_the_missing_role(
    version: str, forum: str, stock: list[str]
) -> None:
    """Black Box rulebook, Appendix I, Forum (Romanum) combined with Ludus Magna: "each Merchant
    Client may be counted as any one Role". With two Merchant clients and no Patron, completing the
    Ludus Magna (the Forum already complete) wins at once."""
    clients = ["Bar", "Dock", "Academy", "Tower", "Villa", "Villa"]
    state = combined(
        version,
        stock,
        clients,
        [complete(forum), {"name": "Ludus Magna", "materials": ["Statue", "Statue"]}],
    )
    assert zones(state, 0)["buildings"]["Ludus Magna"][1] is True
    assert engine.is_over(state) and state.end is not None
    assert state.end["reason"] == "forum" and state.end["winners"] == [0]


@pytest.mark.parametrize(("version", "forum", "stock"), VERSIONS)
def test_forum_with_ludus_magna_merchant_is_one_role_only(
    version: str, forum: str, stock: list[str]
) -> None:
    """Black Box rulebook, Appendix I, Forum (Romanum) combined with Ludus Magna: "any one Role": a
    single Merchant client cannot stand for both the Merchant and the missing Patron."""
    clients = ["Bar", "Bar", "Dock", "Academy", "Tower", "Villa"]
    state = combined(
        version,
        stock,
        clients,
        [complete(forum), {"name": "Ludus Magna", "materials": ["Statue", "Statue"]}],
    )
    assert zones(state, 0)["buildings"]["Ludus Magna"][1] is True
    assert not engine.is_over(state)


@pytest.mark.parametrize(("version", "forum", "stock"), VERSIONS)
def test_forum_with_storeroom_any_client_counts_as_laborer(
    version: str, forum: str, stock: list[str]
) -> None:
    """Black Box rulebook, Appendix I, Forum (Romanum) combined with Storeroom: "any Client may
    count as a Laborer towards the Forum (Romanum) victory condition instead of its usual Role".
    With a second Patron and no Laborer, completing the Forum (the Storeroom complete) wins at
    once."""
    clients = ["Dock", "Academy", "Tower", "Villa", "Palace", "Palace"]
    storeroom = {"name": "Storeroom", "materials": ["Wall", "Wall"], "complete": True}
    state = combined(
        version, stock, clients, [storeroom, {"name": forum, "materials": ["Statue", "Statue"]}]
    )
    assert zones(state, 0)["buildings"][forum][1] is True
    assert engine.is_over(state) and state.end is not None
    assert state.end["reason"] == "forum" and state.end["winners"] == [0]


@pytest.mark.parametrize(("version", "forum", "stock"), VERSIONS)
def test_forum_with_storeroom_client_is_not_both(
    version: str, forum: str, stock: list[str]
) -> None:
    """Black Box rulebook, Appendix I, Forum (Romanum) combined with Storeroom: "Clients may not
    count as both at once": five clients of five roles (no Laborer) do not make six."""
    clients = ["Dock", "Academy", "Tower", "Villa", "Palace"]
    storeroom = {"name": "Storeroom", "materials": ["Wall", "Wall"], "complete": True}
    state = combined(
        version, stock, clients, [storeroom, {"name": forum, "materials": ["Statue", "Statue"]}]
    )
    assert zones(state, 0)["buildings"][forum][1] is True
    assert not engine.is_over(state)


@pytest.mark.parametrize(("version", "forum", "stock"), VERSIONS)
@pytest.mark.parametrize("richer", [0, 2])
def test_forum_with_stairway_several_winners_best_score_wins(
    version: str, forum: str, stock: list[str], richer: int
) -> None:
    """Black Box rulebook, Appendix I, Forum (Romanum) combined with Stairway: "If making a Forum
    (Romanum) public triggers the Forum (Romanum) victory for two or more players simultaneously,
    the winner of the game is the player among those with the highest score as determined normally."
    Seat 0 (Stairway) makes seat 1's Forum public with an Architect action; seats 0 and 2 both have
    every client (and material); seat 1, the owner, lacks a Patron. The one of seats 0 and 2 with
    the higher score (`richer`, by Influence) wins."""
    rich = ["marble", "stone", "stone"]
    state = table(
        [
            {
                "hand": ["Wall"],
                "clientele": EVERY_ROLE,
                "stockpile": ["Temple", *stock],
                "influence": rich if richer == 0 else [],
                "buildings": [complete("Stairway", "Fountain")],
            },
            {
                "hand": ["Road"],
                "clientele": EVERY_ROLE[:5],
                "buildings": [
                    {"name": forum, "materials": ["Statue", "Statue", "Statue"], "complete": True}
                ],
            },
            {
                "hand": ["Bar"],
                "clientele": EVERY_ROLE,
                "stockpile": stock,
                "influence": rich if richer == 2 else [],
            },
        ],
        version=version,
    )
    assert not engine.is_over(state)
    state = act(state, lead("architect", in_hand(state, 0, "Wall")))
    state = act(state, think("jack"))
    state = act(state, think("jack"))
    state = act(state, publicize(in_stockpile(state, 0, "Temple"), site_of(state, 1, forum)))
    assert state.players[1].buildings[0].public
    assert engine.is_over(state) and state.end is not None
    assert state.end["reason"] == "forum"
    assert state.end["winners"] == [richer]
    totals = {s["seat"]: s["total"] for s in engine.scores(state)}
    assert totals[richer] > totals[2 - richer]


def test_forum_wins_the_moment_the_last_client_type_is_hired() -> None:
    """Black Box rulebook, Appendix I, Forum: "You win immediately whenever you have a Client of
    each type": with a completed Forum and five client types, hiring a Patron with the first of two
    Patron actions ends the game at once; the second action is not taken."""
    state = table(
        [
            {
                "hand": ["Temple"],
                "clientele": ["Bar", "Dock", "Academy", "Tower", "Villa"],
                "influence": ["marble"],
                "buildings": [complete("Forum", "Statue")],
            },
            {"hand": ["Road"]},
        ],
        version="imperium",
        pool=["Palace", "Basilica"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think("jack"))
    assert not engine.is_over(state)
    state = act(state, {"type": "hire", "card": state.pool[0]})
    assert engine.is_over(state) and state.end is not None
    assert state.end["reason"] == "forum" and state.end["winners"] == [0]
    assert zones(state, 0)["clientele"] == ["Academy", "Bar", "Dock", "Palace", "Tower", "Villa"]
    assert engine.legal_actions(state) == []


@pytest.mark.parametrize(("version", "forum", "stock"), VERSIONS)
@pytest.mark.parametrize("more_cards", [0, 2])
def test_forum_with_stairway_tie_broken_by_cards_in_hand(
    version: str, forum: str, stock: list[str], more_cards: int
) -> None:
    """Black Box rulebook, Appendix I, Forum (Romanum) combined with Stairway: "the highest score as
    determined normally" - normally a tie goes to "the tying player with the most cards in his hand"
    (Black Box rulebook, Scoring and Winning). Seats 0 and 2 win together at five points each; the
    one with more cards in hand (`more_cards`) wins."""
    extra = ["Latrine", "Insula", "Market"]
    state = table(
        [
            {
                "hand": ["Wall", *(extra if more_cards == 0 else [])],
                "clientele": EVERY_ROLE,
                "stockpile": ["Temple", *stock],
                "buildings": [complete("Stairway", "Fountain")],
            },
            {
                "hand": ["Road"],
                "clientele": EVERY_ROLE[:5],
                "buildings": [
                    {"name": forum, "materials": ["Statue", "Statue", "Statue"], "complete": True}
                ],
            },
            {
                "hand": ["Bar"],
                "clientele": EVERY_ROLE,
                "stockpile": stock,
                "influence": ["stone"],
            },
        ],
        version=version,
    )
    state = play(state, lead("architect", in_hand(state, 0, "Wall")), think("jack"), think("jack"))
    state = act(state, publicize(in_stockpile(state, 0, "Temple"), site_of(state, 1, forum)))
    assert engine.is_over(state) and state.end is not None
    totals = {s["seat"]: s["total"] for s in engine.scores(state)}
    assert totals[0] == totals[2] == 5
    assert state.end["winners"] == [more_cards]
