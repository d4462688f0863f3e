"""Triclinium and Plebian Council (Black Box rulebook, Appendix III). Triclinium: "If you are
leading or following, then whenever one of your Clients acts you may put it into your Vault after
that action completes." Plebian Council: "Once this building is complete, you immediately win the
game if both of its conditions are met: 1 The total number of Laborer Clients held by all players is
strictly higher than the total number of Legionary Clients held by all players. 2 You personally
have strictly more Laborer Clients than any other single player." """

from __future__ import annotations

import engine
from tests.engine.buildings.geek import geek_table, watermill_triclinium
from tests.engine.buildings.steps import (
    SKIP,
    act,
    build,
    claim,
    demand,
    follow,
    gather,
    hire,
    in_clientele,
    in_hand,
    in_pool,
    in_stockpile,
    lay,
    lead,
    left,
    pending,
    site_of,
    zones,
)
from tests.engine.helpers import expect_illegal, is_legal, think

REMUS = {
    "hand": ["Fountain", "Insula", "Dock"],
    "clientele": ["Temple", "Temple"],
    "buildings": [
        {"name": "Bath", "materials": ["Shrine"] * 2, "complete": True},
        {"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True},
    ],
}


def test_triclinium_example_not_when_thinking() -> None:
    """Black Box rulebook, Appendix III, Triclinium, example: "Remus has a Bath and a Triclinium in
    play. Romulus leads as Patron, and Remus chooses to think. Remus may trigger his Patron
    Clients, but he may not activate the Triclinium since he did not lead or follow." """
    state = geek_table([{"hand": ["Statue"]}, REMUS], pool=["Academy", "Crane"])
    state = act(state, lead("patron", in_hand(state, 0, "Statue")))
    state = act(state, think())  # Remus thinks
    state = act(state, SKIP)  # Romulus's own Patron action
    assert pending(state) == (1, "act") and left(state) == 2
    state = act(state, hire(in_pool(state, "Academy")))
    assert pending(state) == (1, "bath")
    state = act(state, SKIP)
    assert pending(state) == (1, "act") and left(state) == 1  # no Triclinium decision


def test_triclinium_example_the_legionary_to_the_vault_and_the_game_ends() -> None:
    """Black Box rulebook, Appendix III, Triclinium, example (continued): "On Remus's next turn, he
    leads Patron. This time, he may activate Triclinium. He uses a Patron Client to recruit a
    Legionary Client. He decides to leave the Patron Client where it is. Because of the bath, the
    new Legionary Client immediately activates. After it resolves, he puts the Legionary Client into
    his Vault. He then uses another Patron action to recruit a Craftsman Client from the pool. That
    Craftsman immediately takes its action by starting a new building. That building uses the last
    in-town Site in the game, so the game ends. Remus does not have the option to put the Craftsman
    into his Vault, since the game has ended." """
    state = geek_table(
        [{"hand": ["Statue"]}, REMUS],
        pool=["Academy", "Crane"],
        leader=1,
        sites={m: {"in_town": 1 if m == "wood" else 0} for m in engine.cards.MATERIALS},
    )
    state = act(state, lead("patron", in_hand(state, 1, "Fountain")))
    state = act(state, follow(in_hand(state, 0, "Statue")))
    assert pending(state) == (1, "act") and left(state) == 3
    state = act(state, hire(in_pool(state, "Academy")))
    assert pending(state) == (1, "bath")  # the Legionary acts at once
    state = act(state, demand(in_hand(state, 1, "Insula")))
    prompt = engine.prompt(state)
    assert (prompt["kind"], prompt["client"]) == ("triclinium", in_clientele(state, 1, "Academy"))
    state = act(state, claim(in_clientele(state, 1, "Academy")))
    assert zones(state, 1)["vault"] == ["Academy"]
    assert pending(state) == (1, "triclinium")  # the Patron client that acted: it stays
    state = act(state, SKIP)
    assert left(state) == 2
    state = act(state, hire(in_pool(state, "Crane")))
    state = act(state, lay(in_hand(state, 1, "Dock"), "wood"))
    assert state.end is not None and state.end["reason"] == "last_site"
    assert zones(state, 1)["clientele"] == ["Crane", "Temple", "Temple"]


def test_triclinium_vaulting_a_client_keeps_the_actions_left() -> None:
    """Ruling "Triclinium: each client that acted": the vaulted Patron client's action was the one
    just taken, so the actions left do not change."""
    state = geek_table(
        [{"hand": ["Statue"]}, {**REMUS, "buildings": REMUS["buildings"][1:]}],
        pool=["Academy", "Crane", "Dock"],
        leader=1,
    )
    state = act(state, lead("patron", in_hand(state, 1, "Fountain")))
    state = act(state, follow(in_hand(state, 0, "Statue")))
    state = act(state, hire(in_pool(state, "Academy")))
    assert pending(state) == (1, "triclinium")
    state = act(state, claim(in_clientele(state, 1, "Temple")))
    assert zones(state, 1)["clientele"] == ["Academy", "Temple"]
    assert zones(state, 1)["vault"] == ["Temple"]
    assert left(state) == 2


def council_table(storeroom: bool = True) -> engine.State:
    """Romulus (seat 0) has a Storeroom, a Palace and 5 Legionary clients; he completes a Plebian
    Council and then a Domus with two Craftsman actions (a Palace play of two Wood cards). Remus
    (seat 1) has a Laborer and a Legionary client, Hannibal (seat 2) five Laborer clients."""
    buildings = [
        {"name": "Storeroom", "materials": ["Tower"] * 2, "complete": True},
        {"name": "Palace", "materials": ["Statue"] * 3, "complete": True},
        {"name": "Plebian Council", "materials": ["Basilica", "Basilica"]},
        {"name": "Domus"},
    ]
    return geek_table(
        [
            {
                "hand": ["Market", "Dock", "Temple", "Palisade"],
                "clientele": ["Legionary"] * 5,
                "buildings": buildings if storeroom else buildings[1:],
            },
            {"clientele": ["Laborer", "Legionary"]},
            {"clientele": ["Laborer"] * 5, "influence": 5},
        ],
        pool=["Garden"],
    )


def test_plebian_council_example_a_tie_then_a_merchant() -> None:
    """Black Box rulebook, Appendix III, Plebian Council, example: "Romulus completes a Plebian
    Council. He already has a Storeroom and 5 Legionary Clients. Remus has 1 Laborer Client and 1
    Legionary Client. Hannibal has 5 Laborer Clients. ... there are a total of 11 Laborers and only
    a total of 6 legionaries in play. Romulus has 5 Laborer Clients, but he is tied with Hannibal so
    nothing happens. Later in the same turn, Romulus completes a Domus and recruits a Merchant. That
    Merchant also counts as a Laborer (thanks to Storeroom), so he now has 6 Laborers to Hannibal's
    5. He immediately wins the game." """
    state = council_table()
    state = act(state, lead("craftsman", in_hand(state, 0, "Market"), in_hand(state, 0, "Dock")))
    state = act(act(state, think()), think())
    state = act(state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Plebian Council")))
    assert zones(state, 0)["buildings"]["Plebian Council"][1] is True
    assert state.end is None  # tied with Hannibal
    state = act(state, build(in_hand(state, 0, "Palisade"), site_of(state, 0, "Domus")))
    state = act(state, hire(in_pool(state, "Garden")))
    assert state.end is not None
    assert (state.end["reason"], state.end["winners"]) == ("plebian_council", [0])


def test_plebian_council_needs_more_laborers_than_legionaries() -> None:
    """Black Box rulebook, Appendix III, Plebian Council, condition 1: without the Storeroom,
    Romulus's Legionary clients are no Laborers; 7 Legionaries to 6 Laborers, and he has none."""
    state = council_table(storeroom=False)
    state = act(state, lead("craftsman", in_hand(state, 0, "Market"), in_hand(state, 0, "Dock")))
    state = act(act(state, think()), think())
    state = act(state, build(in_hand(state, 0, "Temple"), site_of(state, 0, "Plebian Council")))
    assert state.end is None


def legionaries_table(vault_room: int = 5) -> engine.State:
    """Remus (seat 0) has a Triclinium and two Legionary clients and leads Legionary: three
    actions, three cards to reveal. The Pool holds what he demands; Romulus takes a Jack. His
    Vault has room for `vault_room` (Influence 5 less the cards in it)."""
    state = geek_table(
        [
            {
                "hand": ["Archway", "Temple", "Villa", "Road"],
                "clientele": ["Shrine", "Gate"],
                "vault": ["Market"] * (5 - vault_room),
                "buildings": [{"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True}],
            },
            {"hand": ["Insula"]},
        ],
        pool=["Palace", "Garden", "Bar"],
        jacks=1,
    )
    state = act(state, lead("legionary", in_hand(state, 0, "Archway")))
    state = act(state, think("jack"))
    revealed = [in_hand(state, 0, name) for name in ("Temple", "Villa", "Road")]
    state = act(state, demand(*revealed))
    return act(state, claim(*state.pool))


def test_triclinium_every_legionary_client_of_one_demand_may_go() -> None:
    """Black Box rulebook, Appendix III, Triclinium: "whenever one of your Clients acts you may
    put it into your Vault after that action completes": both Legionary clients acted in the one
    demand (all demands are made at once: Legionary Clients), so both may go (ruling "Triclinium:
    each client that acted")."""
    state = legionaries_table()
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"], prompt["most"]) == (0, "triclinium", 2)
    both = [in_clientele(state, 0, "Shrine"), in_clientele(state, 0, "Gate")]
    assert is_legal(state, claim(*both))
    state = act(state, claim(*both))
    assert zones(state, 0)["vault"] == ["Gate", "Shrine"] and zones(state, 0)["clientele"] == []
    assert pending(state) == (1, "lead")  # his demand was all his actions


def test_triclinium_several_clients_as_far_as_the_vault_has_room() -> None:
    """Black Box rulebook, Appendix III, Triclinium, and Selling Materials (the Vault is limited
    by Influence): with room for one, one of the two goes."""
    state = legionaries_table(vault_room=1)
    both = [in_clientele(state, 0, "Shrine"), in_clientele(state, 0, "Gate")]
    expect_illegal(state, claim(*both), "over_limit")
    state = act(state, claim(both[0]))
    assert zones(state, 0)["vault"] == ["Market"] * 4 + ["Shrine"]


def test_triclinium_both_clients_of_a_lay_out_of_town() -> None:
    """Black Box rulebook, Appendix III, Triclinium, and Out of Town Sites ("two consecutive
    Architect or Craftsman actions"): a lay out of town is two actions, and both Craftsman clients
    may have taken them; vaulted, they leave his own action to him."""
    state = geek_table(
        [
            {
                "hand": ["Market", "Dock", "Crane"],
                "clientele": ["Palisade", "Palisade"],
                "buildings": [{"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True}],
            },
            {},
        ],
        sites={"wood": {"in_town": 1, "out_of_town": 1}},
    )
    state = act(act(state, lead("craftsman", in_hand(state, 0, "Market"))), think())
    state = act(state, lay(in_hand(state, 0, "Dock"), "wood", out_of_town=True))
    prompt = engine.prompt(state)
    assert (prompt["kind"], prompt["most"]) == ("triclinium", 2)
    state = act(state, claim(*state.players[0].clientele))
    assert zones(state, 0)["vault"] == ["Palisade", "Palisade"]
    assert pending(state) == (0, "act") and left(state) == 1


def test_triclinium_the_watermills_architect_clients_may_go() -> None:
    """Black Box rulebook, Appendix III, Watermill: "If you lead or follow Laborer, then you may
    trigger any or all of your Architect Clients" (its example: "he executes his 2 Laborer
    actions. Then he performs 2 Architect actions"); and Triclinium: "If you are leading or
    following, then whenever one of your Clients acts you may put it into your Vault after that
    action completes": each client the Watermill triggers may go once its action is done."""
    state = watermill_triclinium()
    state = act(state, lead("laborer", in_hand(state, 0, "Jack")))
    state = act(state, follow(in_hand(state, 1, "Latrine")))
    state = act(state, gather(in_pool(state, "Dock")))
    assert engine.prompt(state)["role"] == "architect" and left(state) == 2
    state = act(state, build(in_stockpile(state, 0, "Bar"), site_of(state, 0, "Insula")))
    prompt = engine.prompt(state)
    assert (prompt["kind"], len(prompt["clients"]), "most" in prompt) == ("triclinium", 2, False)
    state = act(state, claim(in_clientele(state, 0, "Tower")))
    assert engine.prompt(state)["role"] == "architect" and left(state) == 1  # the other's action
    state = act(state, lay(in_hand(state, 0, "Road"), "rubble"))
    state = act(state, claim(in_clientele(state, 0, "Tower")))
    assert zones(state, 0)["vault"] == ["Tower", "Tower"] and zones(state, 0)["clientele"] == []
    assert pending(state) == (1, "lead")  # the Pool is empty: the follower has nothing to gather


def test_triclinium_not_after_a_completion_burst() -> None:
    """Black Box rulebook, Appendix III, Triclinium: only a client's action; the Laborer actions
    a completed Foundry gives (Appendix I, Foundry) are nobody's client's."""
    state = geek_table(
        [
            {
                "hand": ["Tower"],
                "stockpile": ["Shrine"],
                "clientele": ["Road"],
                "buildings": [
                    {"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True},
                    {"name": "Foundry", "materials": ["Brick"]},
                ],
            },
            {},
        ],
        pool=["Insula", "Dock"],
    )
    state = act(act(state, lead("architect", in_hand(state, 0, "Tower"))), think())
    state = act(state, build(in_stockpile(state, 0, "Shrine"), site_of(state, 0, "Foundry")))
    assert engine.prompt(state)["role"] == "laborer"
    state = act(state, gather(in_pool(state, "Insula")))
    assert engine.prompt(state)["role"] == "laborer"  # no Triclinium decision


def bath_combine_table(**top: object) -> engine.State:
    """Seat 0 owns a Bath and a Triclinium, has a Patron client and leads Patron (two actions);
    the Pool holds two Craftsmen (Dock, Market); Marble Sites are only out of town. The first new
    client's Bath action waits to join the second's (Black Box rulebook, Appendix I, Bath)."""
    triclinium = {"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True}
    bath = {"name": "Bath", "materials": ["Shrine"] * 2, "complete": True}
    state = geek_table(
        [
            {
                "hand": ["Statue", "Temple"],
                "clientele": ["Palace"],
                "buildings": [bath, triclinium],
            },
            {"hand": ["Road"]},
        ],
        pool=["Dock", "Market"],
        sites={"marble": {"in_town": 0, "out_of_town": 2}},
        **top,
    )
    state = act(state, lead("patron", in_hand(state, 0, "Statue")))
    state = act(state, think())
    state = act(state, hire(in_pool(state, "Dock")))
    state = act(state, SKIP)  # the Dock's action waits for the next new client
    assert pending(state) == (0, "act")
    state = act(state, hire(in_pool(state, "Market")))
    assert pending(state) == (0, "bath") and engine.prompt(state)["waiting"] == 1
    return act(state, lay(in_hand(state, 0, "Temple"), "marble", out_of_town=True))


def test_triclinium_both_bath_clients_of_a_lay_out_of_town() -> None:
    """Black Box rulebook, Appendix III, Triclinium: "whenever one of your Clients acts you may put
    it into your Vault after that action completes". With a Bath (Appendix I, Bath: "two actions
    may be combined to start an out of town Site") the first new client's action waited and joined
    the second's lay out of town: both clients acted, so both may go (ruling "Triclinium: each
    client that acted")."""
    state = bath_combine_table()
    prompt = engine.prompt(state)
    assert (prompt["seat"], prompt["kind"], prompt["most"]) == (0, "triclinium", 2)
    both = [in_clientele(state, 0, "Dock"), in_clientele(state, 0, "Market")]
    assert sorted(prompt["clients"]) == sorted(both)
    state = act(state, claim(*both))
    assert zones(state, 0)["vault"] == ["Dock", "Market"]
    assert zones(state, 0)["clientele"] == ["Palace"]


def test_triclinium_bath_clients_at_revision_1_only_the_new_one() -> None:
    """The first revision offered only the client that was hired last (docs/rules.md, Rules
    revisions: "Triclinium: each client that acted")."""
    state = bath_combine_table(rules_revision=1)
    prompt = engine.prompt(state)
    assert prompt["kind"] == "triclinium" and "most" not in prompt
    assert prompt["client"] == in_clientele(state, 0, "Market")
