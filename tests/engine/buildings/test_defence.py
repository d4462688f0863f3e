"""Palisade and Wall against Legionaries, and the Wall's points (Black Box rulebook, Appendix I)."""

from __future__ import annotations

import engine
from tests.engine.buildings.steps import materials_of
from tests.engine.helpers import find, find_all, follow, kind, lead, table, think


def test_palisade_example_keeps_the_leaders_hands_off() -> None:
    """Black Box rulebook, Appendix I, Palisade, example: "You own a Palisade and have in your hand
    a Legionary and a Patron. There are two Marble in the Pool. The player to your right leads as
    Legionary. You follow. He demands Marble, revealing Marble (Patron) in his hand. He takes Marble
    from the Pool and from the player on his right ... He does not get your Marble because of your
    Palisade. You execute your Legionary action and demand Marble, showing your Marble (Patron). You
    get Marble from the Pool, from him, and from the player on your left." Seats: me 0, my left 1,
    my right 2 (the leader)."""
    state = table(
        [
            {
                "hand": ["Legionary", "Temple"],
                "buildings": [{"name": "Palisade", "complete": True}],
            },
            {"hand": ["Statue", "Statue"]},
            {"hand": ["Brick", "Palace", "Basilica"]},
        ],
        leader=2,
        pool=["Fountain", "Fountain"],
    )
    state = engine.apply(state, lead("legionary", find(state, state.players[2].hand, "Brick")))
    state = engine.apply(state, follow(find(state, state.players[0].hand, "Legionary")))
    state = engine.apply(state, think("jack"))  # my left neighbour
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[2].hand, "Palace")]}
    )
    state = engine.apply(state, {"type": "claim", "cards": [state.pool[0]]})
    # I may give or not: the Palisade protects me, so I am asked. Seat 1 (his right) must give
    # one of his two Marbles (which one is his choice).
    prompt = engine.prompt(state)
    assert prompt["kind"] == "give" and prompt["seat"] == 0 and prompt["optional"] is True
    assert {"type": "give", "cards": []} in engine.legal_actions(state)
    state = engine.apply(state, {"type": "give", "cards": []})
    prompt = engine.prompt(state)
    assert prompt["kind"] == "give" and prompt["seat"] == 1 and prompt["optional"] is False
    assert {"type": "give", "cards": []} not in engine.legal_actions(state)
    state = engine.apply(state, {"type": "give", "cards": [state.players[1].hand[0]]})
    assert materials_of(state, state.players[2].stockpile) == ["marble", "marble"]
    assert find(state, state.players[0].hand, "Temple")
    # Now my action: the Pool, him, and my left neighbour each give a Marble.
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Temple")]}
    )
    state = engine.apply(state, {"type": "claim", "cards": [state.pool[0]]})
    while kind(state) == "give":  # nothing to choose left: each gives his only Marble
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert materials_of(state, state.players[0].stockpile) == ["marble", "marble", "marble"]


def test_palisade_holder_may_give_anyway() -> None:
    """Black Box rulebook, Appendix I, Palisade: "You may still choose to give up cards if you
    wish.\""""
    state = table(
        [
            {"hand": ["Brick", "Temple"]},
            {"hand": ["Statue"], "buildings": [{"name": "Palisade", "complete": True}]},
        ]
    )
    state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Brick")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Temple")]}
    )
    statue = find(state, state.players[1].hand, "Statue")
    state = engine.apply(state, {"type": "give", "cards": [statue]})
    assert statue in state.players[0].stockpile


def test_bridge_overrides_palisade_but_not_wall_and_takes_from_stockpiles() -> None:
    """Black Box rulebook, Appendix I, Bridge: demands reach Palisade owners; "Players who own Walls
    are still protected"; victims also give from their Stockpiles; four players: every opponent."""
    state = table(
        [
            {
                "hand": ["Brick", "Forum Romanum"],
                "buildings": [{"name": "Bridge", "complete": True}],
            },
            {
                "hand": ["Temple"],
                "stockpile": ["Marble"],
                "buildings": [{"name": "Palisade", "complete": True}],
            },
            {"hand": ["Statue"], "stockpile": ["Marble"]},
            {
                "hand": ["Palace"],
                "stockpile": ["Marble"],
                "buildings": [{"name": "Wall", "complete": True}],
            },
        ],
        pool=["Fountain"],
    )
    state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Brick")))
    for _ in range(3):
        state = engine.apply(state, think("jack"))
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Forum Romanum")]}
    )
    state = engine.apply(state, {"type": "claim", "cards": [state.pool[0]]})
    if kind(state) == "give" and engine.prompt(state)["seat"] == 3:
        state = engine.apply(state, {"type": "give", "cards": []})
    assert materials_of(state, state.players[0].stockpile) == ["marble"] * 5
    assert find(state, state.players[3].hand, "Palace") and len(state.players[3].stockpile) == 1


def test_wall_example_points_for_the_stockpile() -> None:
    """Black Box rulebook, Appendix I, Wall, first example: "At the end of the game the only
    Structures you have built are a Wall and an Insula. You have five Materials in your Stockpile.
    You do not have any cards in your Vault. Your Victory Point total is seven - five from Influence
    plus the two point Wall bonus.\""""
    state = table(
        [
            {
                "stockpile": ["Rubble", "Wood", "Brick", "Concrete", "Stone"],
                "buildings": [
                    {"name": "Wall", "complete": True},
                    {"name": "Insula", "complete": True},
                ],
            },
            {},
        ]
    )
    mine = engine.scores(state)[0]
    assert (mine["influence"], mine["buildings"], mine["vault"], mine["total"]) == (5, 2, 0, 7)


def test_wall_example_against_a_bridge() -> None:
    """Black Box rulebook, Appendix I, Wall, second example: "You own a Wall. Your opponent owns a
    Bridge. You have two Stone and a Brick in your hand and a Stone in your Stockpile. The Pool is
    empty. Your opponent leads as Legionary. You follow. He demands Stone. You say 'Glory to Rome.'
    You demand Stone. You take the Stone from his hand into your Stockpile.\""""
    state = table(
        [
            {
                "hand": ["Legionary", "Villa", "Garden"],
                "buildings": [{"name": "Bridge", "complete": True}],
            },
            {
                "hand": ["Sewer", "Prison", "Brick"],
                "stockpile": ["Stone"],
                "buildings": [{"name": "Wall", "complete": True}],
            },
        ]
    )
    state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Legionary")))
    state = engine.apply(state, follow(find(state, state.players[1].hand, "Brick")))
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Villa")]}
    )
    prompt = engine.prompt(state)
    assert prompt["kind"] == "give" and prompt["optional"] is True
    state = engine.apply(state, {"type": "give", "cards": []})  # "Glory to Rome."
    assert state.players[0].stockpile == [] and len(state.players[1].stockpile) == 1
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[1].hand, "Sewer")]}
    )
    # The Pool is empty; he must give one of his two Stones (a choice) — the revealed Villa too
    # may be given, since revealed cards stay in hand.
    if kind(state) == "give":
        state = engine.apply(
            state, {"type": "give", "cards": [find(state, state.players[0].hand, "Garden")]}
        )
    assert materials_of(state, state.players[1].stockpile) == ["stone", "stone"]
    assert len(find_all(state, state.players[1].hand, "Stone")) == 2


def test_a_wall_owner_may_give_a_bridge_owner_stockpile_cards_too() -> None:
    """Black Box rulebook, Appendix I, Wall: "You are not required to lose cards to opponents
    performing the Legionary action. You may still choose to give up cards if you wish"; against a
    Bridge the cards a demand takes include "a matching Material from their Stockpile" (Appendix
    I, Bridge). So the Wall owner may give what the Bridge would take, hand and Stockpile, or any
    part of it, or nothing (docs/rules.md, "Wall: a gift to a Bridge")."""
    state = table(
        [
            {"hand": ["Legionary", "Villa"], "buildings": [{"name": "Bridge", "complete": True}]},
            {
                "hand": ["Sewer", "Brick"],
                "stockpile": ["Garden"],
                "buildings": [{"name": "Wall", "complete": True}],
            },
        ]
    )
    state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Legionary")))
    state = engine.apply(state, follow(find(state, state.players[1].hand, "Brick")))
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Villa")]}
    )
    sewer = find(state, state.players[1].hand, "Sewer")
    garden = find(state, state.players[1].stockpile, "Garden")
    gifts = {tuple(sorted(a["cards"])) for a in engine.legal_actions(state)}
    assert gifts == {(), (sewer,), (garden,), tuple(sorted((sewer, garden)))}
    state = engine.apply(state, {"type": "give", "cards": [garden]})
    assert state.players[0].stockpile == [garden] and state.players[1].hand == [sewer]


def test_colosseum_with_a_full_vault_asks_nothing() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "If you do not have room in your Vault, you may
    not take the cards - so your opponents' Clients survive." With no room there is no decision to
    make."""
    state = table(
        [
            {
                "hand": ["Brick", "Atrium"],
                "vault": ["Stone", "Stone"],
                "buildings": [{"name": "Colosseum", "complete": True}],
            },
            {"clientele": ["Legionary"]},
        ],
        version="imperium",
    )
    state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Brick")))
    state = engine.apply(state, think("jack"))
    # Vault: 2 cards, limit 2 + 3 (the Colosseum's Stone Site) = 5: room. Fill it first.
    assert engine.view(state, 0)["players"][0]["vault_limit"] == 5
    full = table(
        [
            {
                "hand": ["Brick", "Atrium"],
                "vault": ["Stone"] * 5,
                "buildings": [{"name": "Colosseum", "complete": True}],
            },
            {"clientele": ["Legionary"]},
        ],
        version="imperium",
    )
    full = engine.apply(full, lead("legionary", find(full, full.players[0].hand, "Brick")))
    full = engine.apply(full, think("jack"))
    full = engine.apply(
        full, {"type": "demand", "cards": [find(full, full.players[0].hand, "Atrium")]}
    )
    assert engine.prompt(full) is None or engine.prompt(full)["kind"] != "slay"
    assert len(full.players[1].clientele) == 1
    # With room, the same demand offers the client.
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Atrium")]}
    )
    assert engine.prompt(state)["kind"] == "slay"


def test_a_public_wall_gives_every_player_its_points_and_its_protection() -> None:
    """Black Box rulebook, Appendix I, Stairway: a public structure's function is granted "to all
    players"; the Wall's function is both its points ("a Victory Point ... for each two Materials
    in your Stockpile") and its protection (Appendix I, Wall). Each player scores his own
    Stockpile, and no Legionary takes his cards (docs/rules.md, "Stairway: a public Wall")."""
    state = table(
        [
            {"hand": ["Legionary", "Villa"], "stockpile": ["Rubble"] * 4},
            {
                "hand": ["Garden"],
                "stockpile": ["Wood"] * 3,
                "buildings": [{"name": "Wall", "complete": True, "public": True}],
            },
            {"hand": ["Prison"], "stockpile": ["Brick"]},
        ]
    )
    assert [s["buildings"] for s in engine.scores(state)] == [2, 1, 0]
    state = engine.apply(state, lead("legionary", find(state, state.players[0].hand, "Legionary")))
    state = engine.apply(state, {"type": "think", "take": "jack"})
    state = engine.apply(state, {"type": "think", "take": "jack"})
    state = engine.apply(
        state, {"type": "demand", "cards": [find(state, state.players[0].hand, "Villa")]}
    )
    for victim in (1, 2):
        prompt = engine.prompt(state)
        assert (prompt["kind"], prompt["seat"], prompt["optional"]) == ("give", victim, True)
        state = engine.apply(state, {"type": "give", "cards": []})
    assert len(state.players[0].stockpile) == 4
