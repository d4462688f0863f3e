"""Colosseum, Imperium only (Black Box rulebook, Appendix I): "When executing a Legionary action, in
addition to your regular action you may take matching Client cards from your opponents' Clienteles,
throw them to the lions in the arena and then place the cards into your Vault as Materials. If you
do not have room in your Vault, you may not take the cards - so your opponents' Clients survive. If
you have room for some but not all, you choose which Clients are slain. If Legionary Clients are
slain they do not provide actions for their owner to execute this turn. Palisades and Walls protect
against an opponent's Colosseum. A Bridge expands the reach of a Colosseum."

The Vault's room is the only limit: any number of matching clients from each victim (docs/rules.md,
"Colosseum: the Vault is the only limit")."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.buildings.steps import (
    act,
    claim,
    demand,
    everyone,
    expected,
    follow,
    in_clientele,
    in_hand,
    lead,
    left,
    pending,
    play,
    think,
    zones,
)
from tests.engine.helpers import expect_illegal, table

COLOSSEUM = {"name": "Colosseum", "materials": ["Villa", "Villa", "Villa"], "complete": True}
BRIDGE = {"name": "Bridge", "materials": ["Tower", "Tower"], "complete": True}
PALISADE = {"name": "Palisade", "materials": ["Dock"], "complete": True}
WALL = {"name": "Wall", "materials": ["Storeroom", "Storeroom"], "complete": True}


def test_colosseum_example_three_clients_to_the_lions() -> None:
    """Black Box rulebook, Appendix I, Colosseum, example: "You are one of three players. The only
    Structure you own is a Colosseum. You have in your hand two Legionaries, a Merchant, and a
    Patron. There are two Marble in the Pool. You have a Legionary Client and three Architect
    Clients. The player to your right has a Legionary Client and a Merchant Client. The player to
    your left has a Legionary Client and an Architect Client. The player to your right leads as
    Legionary. You follow. The player to your left passes and draws a Jack. The Leader demands a
    pair of Marble by revealing two Marble cards in his hand. You give him the one Marble you have
    in your hand, which he puts in his Stockpile, along with two Marble he takes from the Pool. You
    reveal a Brick (Legionary) and a Stone (Merchant) in your hand and demand these. The player to
    your left surrenders a Stone which you place in your Stockpile. You take the Legionary Client
    and Merchant Client from the player on your right and take the Legionary Client from the player
    on your left and place them into your Vault as a filched Stone and two filched Brick. The player
    on your left does not execute a Legionary action as his Legionary Client has already been slain
    in your Colosseum." """
    state = table(
        [
            {"hand": ["Gate", "Temple", "Statue"], "clientele": ["Bath", "Prison"]},
            {
                "hand": ["Shrine", "Foundry", "Garden", "Palace"],
                "clientele": ["Atrium", "Tower", "Tower", "Tower"],
                "buildings": [COLOSSEUM],
            },
            {"hand": ["Catacomb"], "clientele": ["School", "Wall"]},
        ],
        version="imperium",
        pool=["Basilica", "Basilica"],
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    state = act(state, follow(in_hand(state, 1, "Shrine")))
    state = act(state, think("jack"))  # the left player passes and draws a Jack
    # The leader (lead + a Legionary client: two actions) demands a pair of Marble.
    assert pending(state) == (0, "act") and left(state) == 2
    state = act(state, demand(in_hand(state, 0, "Temple"), in_hand(state, 0, "Statue")))
    assert pending(state) == (0, "claim")
    state = act(state, claim(*[c for c in state.pool if state.names[c] == "Basilica"]))
    # You must give your one Marble (no choice, so it is given); the left player has none.
    assert zones(state, 0)["stockpile"] == ["Basilica", "Basilica", "Palace"]
    assert zones(state, 1)["hand"] == ["Foundry", "Garden"]
    # Your two Legionary actions (follow + client): reveal a Brick and a Stone.
    assert pending(state) == (1, "act") and left(state) == 2
    state = act(state, demand(in_hand(state, 1, "Foundry"), in_hand(state, 1, "Garden")))
    # The left player surrenders his Stone; then the Colosseum decision (a choice).
    assert zones(state, 1)["stockpile"] == ["Catacomb"]
    assert pending(state) == (1, "slay")
    assert {"type": "skip"} in engine.legal_actions(state)
    victims = [
        in_clientele(state, 0, "Bath"),
        in_clientele(state, 0, "Prison"),
        in_clientele(state, 2, "School"),
    ]
    state = act(state, claim(*victims))
    right, you, lft = zones(state, 0), zones(state, 1), zones(state, 2)
    assert you["vault"] == ["Bath", "Prison", "School"]  # a Stone and two Brick
    assert you["stockpile"] == ["Catacomb"]
    assert you["hand"] == ["Foundry", "Garden"]
    assert you["clientele"] == ["Atrium", "Tower", "Tower", "Tower"]
    assert right["clientele"] == [] and right["hand"] == ["Statue", "Temple"]
    assert right["stockpile"] == ["Basilica", "Basilica", "Palace"]
    assert lft["clientele"] == ["Wall"] and lft["hand"] == ["Jack"] and lft["stockpile"] == []
    # The left player's Legionary client was slain: he has no action; the turn is over.
    assert sorted(state.names[c] for c in state.pool) == ["Gate", "Shrine"]
    assert pending(state) == (1, "lead")
    # The whole table, zone by zone.
    assert everyone(state) == [
        expected(hand=["Statue", "Temple"], stockpile=["Basilica", "Basilica", "Palace"]),
        expected(
            hand=["Foundry", "Garden"],
            clientele=["Atrium", "Tower", "Tower", "Tower"],
            stockpile=["Catacomb"],
            vault=["Bath", "Prison", "School"],
            influence=5,
            buildings={"Colosseum": (["Villa", "Villa", "Villa"], True)},
        ),
        expected(hand=["Jack"], clientele=["Wall"]),
    ]


def slay_table(players: list[dict[str, Any]], me: dict[str, Any]) -> engine.State:
    """Imperium. Seat 0 leads Legionary with a Gate and demands Brick with a Shrine; the others
    think (take a Jack) and hold no Brick; each opponent given has a Brick (Legionary) client."""
    state = table([{"hand": ["Gate", "Shrine"], **me}, *players], version="imperium", pool=["Road"])
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    state = play(state, *[think("jack")] * (len(players)))
    return act(state, demand(in_hand(state, 0, "Shrine")))


def test_colosseum_takes_nothing_without_it() -> None:
    """Black Box rulebook, Appendix I, Colosseum, counter-case: without a Colosseum a Legionary
    takes no clients: the demand ends with no such decision, and a claim is refused."""
    state = slay_table([{"clientele": ["Academy"]}, {"clientele": ["Atrium"]}], {})
    assert pending(state) == (1, "lead")
    assert zones(state, 1)["clientele"] == ["Academy"]
    expect_illegal(state, claim(in_clientele(state, 1, "Academy")), "wrong_action")


def test_colosseum_palisade_and_wall_protect() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "Palisades and Walls protect against an opponent's
    Colosseum": with a Palisade on one side and a Wall on the other, no client is offered."""
    state = slay_table(
        [
            {"clientele": ["Academy"], "buildings": [PALISADE]},
            {"clientele": ["Atrium"], "buildings": [WALL]},
        ],
        {"buildings": [COLOSSEUM]},
    )
    # Both protected owners may still give cards from hand; they have no Brick, so nothing is
    # asked; the Colosseum has nothing to offer and the turn ends.
    assert pending(state) == (1, "lead")
    assert zones(state, 1)["clientele"] == ["Academy"] and zones(state, 2)["clientele"] == [
        "Atrium"
    ]


def test_colosseum_palisade_protects_only_its_owner() -> None:
    """Black Box rulebook, Appendix I, Colosseum: the Palisade owner's client is not offered
    (not_offered, nothing changes); the other neighbour's is."""
    state = slay_table(
        [{"clientele": ["Academy"], "buildings": [PALISADE]}, {"clientele": ["Atrium"]}],
        {"buildings": [COLOSSEUM]},
    )
    assert pending(state) == (0, "slay")
    expect_illegal(state, claim(in_clientele(state, 1, "Academy")), "not_offered")
    state = act(state, claim(in_clientele(state, 2, "Atrium")))
    assert zones(state, 0)["vault"] == ["Atrium"]
    assert zones(state, 1)["clientele"] == ["Academy"] and zones(state, 2)["clientele"] == []


def test_colosseum_with_bridge_reaches_across_but_not_palisade_or_wall() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "Palisades and Walls protect against an
    opponent's Colosseum. A Bridge expands the reach of a Colosseum": in a game of four every
    opponent is reached (Appendix I, Bridge), but the Bridge lifts a Palisade's protection only for
    Materials ("you may demand Materials even from opponents that own Palisades"), so the Palisade
    still keeps its owner's clients (docs/rules.md, "Palisade against a Colosseum with a Bridge").
    Four players: left has a Palisade, across nothing, right a Wall; each has a Brick client."""
    state = slay_table(
        [
            {"clientele": ["Academy"], "buildings": [PALISADE]},
            {"clientele": ["Atrium"]},
            {"clientele": ["Archway"], "buildings": [WALL]},
        ],
        {"buildings": [COLOSSEUM, BRIDGE]},
    )
    assert pending(state) == (0, "slay")
    offered = {c for a in engine.legal_actions(state) for c in a.get("cards", [])}
    assert offered == {in_clientele(state, 2, "Atrium")}
    expect_illegal(state, claim(in_clientele(state, 1, "Academy")), "not_offered")
    expect_illegal(state, claim(in_clientele(state, 3, "Archway")), "not_offered")
    state = act(state, claim(in_clientele(state, 2, "Atrium")))
    assert zones(state, 0)["vault"] == ["Atrium"]
    assert zones(state, 1)["clientele"] == ["Academy"] and zones(state, 3)["clientele"] == [
        "Archway"
    ]


def test_colosseum_with_bridge_the_palisade_owner_still_gives_materials() -> None:
    """Black Box rulebook, Appendix I, Bridge: against a Bridge a Palisade owner must give his
    matching Materials, from hand and Stockpile; his clients stay his (Appendix I, Colosseum)."""
    state = table(
        [
            {"hand": ["Gate", "Shrine"], "buildings": [COLOSSEUM, BRIDGE]},
            {
                "hand": ["Foundry"],
                "stockpile": ["School"],
                "clientele": ["Academy"],
                "buildings": [PALISADE],
            },
        ],
        version="imperium",
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Gate")))
    state = act(state, think("jack"))
    state = act(state, demand(in_hand(state, 0, "Shrine")))
    assert zones(state, 0)["stockpile"] == ["Foundry", "School"]
    assert zones(state, 1)["clientele"] == ["Academy"]
    assert pending(state) == (1, "lead")


def test_colosseum_vault_room_limits_the_slain() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "If you do not have room in your Vault, you may
    not take the cards ... If you have room for some but not all, you choose which Clients are
    slain." Influence 5 and four cards in the Vault leave room for one of the two matching
    clients."""
    state = slay_table(
        [{"clientele": ["Academy"]}, {"clientele": ["Atrium"]}],
        {"buildings": [COLOSSEUM], "vault": ["Bar", "Bar", "Bar", "Bar"]},
    )
    assert pending(state) == (0, "slay")
    both = claim(in_clientele(state, 1, "Academy"), in_clientele(state, 2, "Atrium"))
    expect_illegal(state, both, "over_limit")
    state = act(state, claim(in_clientele(state, 2, "Atrium")))
    assert zones(state, 0)["vault"] == ["Atrium", "Bar", "Bar", "Bar", "Bar"]
    assert zones(state, 1)["clientele"] == ["Academy"]


def test_colosseum_is_not_in_the_republic_deck() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "Imperium version only"."""
    with pytest.raises(engine.SetupError) as info:
        table([{"buildings": [COLOSSEUM]}, {}])
    assert info.value.code == "not_enough_cards"


def test_colosseum_full_vault_clients_survive() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "If you do not have room in your Vault, you may
    not take the cards - so your opponents' Clients survive." With Influence 5 and five cards in the
    Vault there is nothing to decide: the turn goes on and both clients stay."""
    state = slay_table(
        [{"clientele": ["Academy"]}, {"clientele": ["Atrium"]}],
        {"buildings": [COLOSSEUM], "vault": ["Bar"] * 5},
    )
    assert pending(state) == (1, "lead")
    assert zones(state, 1)["clientele"] == ["Academy"] and zones(state, 2)["clientele"] == [
        "Atrium"
    ]
    assert len(state.players[0].vault) == 5


def test_colosseum_several_clients_of_one_demand_from_one_victim() -> None:
    """Black Box rulebook, Appendix I, Colosseum: "you may take matching Client cards from your
    opponents' Clienteles ... If you do not have room in your Vault, you may not take the cards
    ... If you have room for some but not all, you choose which Clients are slain": the Vault is
    the only limit, so one Brick demand may slay both of a victim's Legionary clients."""
    state = slay_table(
        [{"clientele": ["Academy", "Atrium"]}, {"clientele": ["Archway"]}],
        {"buildings": [COLOSSEUM]},
    )
    assert pending(state) == (0, "slay")
    everyone_matching = claim(
        in_clientele(state, 1, "Academy"),
        in_clientele(state, 1, "Atrium"),
        in_clientele(state, 2, "Archway"),
    )
    state = act(state, everyone_matching)
    assert zones(state, 0)["vault"] == ["Academy", "Archway", "Atrium"]
    assert zones(state, 1)["clientele"] == [] and zones(state, 2)["clientele"] == []
