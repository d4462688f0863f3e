"""Prison, Senate, Sewer, Stairway, Statue (Black Box rulebook, Appendix I)."""

from __future__ import annotations

import engine
from engine.powers import material_fits, materials_needed
from tests.engine.buildings.steps import (
    build,
    in_hand,
    in_stockpile,
    lay,
    materials_of,
    mine,
    site_of,
    structure,
)
from tests.engine.helpers import expect_illegal, find, follow, kind, lead, names, table, think


def test_prison_example_steals_a_tower() -> None:
    """Black Box rulebook, Appendix I, Prison, example: "You complete a Prison and steal a Tower
    from an opponent, giving him three Influence in exchange. You may now use Rubble in any
    Structure. Your opponent has a Marble and a Rubble in a Temple Foundation. These remain, but his
    Temple can now only be finished with one Marble Material.\""""
    state = table(
        [
            {
                "hand": ["Dock", "Stone", "Rubble"],
                "clientele": ["Craftsman"],
                "buildings": [
                    {"name": "Prison", "materials": ["Stone", "Stone"]},
                    {"name": "Shrine"},
                ],
            },
            {
                "buildings": [
                    {"name": "Tower", "complete": True},
                    {"name": "Temple", "materials": ["Marble", "Rubble"]},
                ]
            },
        ]
    )
    assert mine(state, 1)["influence"] == 4
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Prison")))
    prompt = engine.prompt(state)
    assert prompt["kind"] == "steal" and prompt["seat"] == 0
    tower = structure(state, 1, "Tower").foundation
    state = engine.apply(state, {"type": "claim", "cards": [tower]})
    assert structure(state, 0, "Tower").complete
    assert all(state.names[b.foundation] != "Tower" for b in state.players[1].buildings)
    assert mine(state, 0)["influence"] == 2  # the Prison's 3 went to him
    assert mine(state, 1)["influence"] == 4 + 3  # he keeps the Tower's Site and gains the Prison's
    # "You may now use Rubble in any Structure."
    state = engine.apply(state, build(in_hand(state, 0, "Rubble"), site_of(state, 0, "Shrine")))
    assert materials_of(state, structure(state, 0, "Shrine").materials) == ["rubble"]
    temple = structure(state, 1, "Temple")
    assert materials_of(state, temple.materials) == ["marble", "rubble"]
    assert not material_fits(state, 1, temple, "rubble") and material_fits(
        state, 1, temple, "marble"
    )
    assert materials_needed(state, temple) - len(temple.materials) == 1


def test_prison_cannot_take_a_structure_whose_name_you_have() -> None:
    """Black Box rulebook, Appendix I, Prison: "You may not steal a Structure with the same name as
    a Structure Foundation you already have in play"; and you may not then lay one of its name."""
    state = table(
        [
            {
                "hand": ["Dock", "Stone", "Tower", "Marble"],
                "clientele": ["Craftsman", "Craftsman"],
                "buildings": [
                    {"name": "Prison", "materials": ["Stone", "Stone"]},
                    {"name": "Temple"},
                ],
            },
            {
                "buildings": [
                    {"name": "Temple", "complete": True},
                    {"name": "Tower", "complete": True},
                ]
            },
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Prison")))
    temple = structure(state, 1, "Temple").foundation
    expect_illegal(state, {"type": "claim", "cards": [temple]}, "not_offered")
    state = engine.apply(
        state, {"type": "claim", "cards": [structure(state, 1, "Tower").foundation]}
    )
    expect_illegal(state, lay(in_hand(state, 0, "Tower"), "concrete"), "duplicate_building")


def test_senate_example_two_senates_take_jacks_in_play_order() -> None:
    """Black Box rulebook, Appendix I, Senate, example (Imperium only): "You own a Senate. The
    player to your left also owns a Senate. You lead as a Patron with a Jack. The player to your
    left follows with a Jack. The player to your right follows with a Jack. At the end of the turn,
    you take the two Jacks played by both your opponents into your hand. The player to your left
    takes the Jack you played into his hand.\""""
    senate = {"name": "Senate", "complete": True}
    state = table(
        [
            {"hand": ["Jack"], "buildings": [senate]},
            {"hand": ["Jack"], "buildings": [senate]},
            {"hand": ["Jack"]},
        ],
        version="imperium",
        jacks=0,
    )
    mine, left, right = (p.hand[0] for p in state.players)
    state = engine.apply(state, lead("patron", mine))
    state = engine.apply(state, follow(left))
    state = engine.apply(state, follow(right))
    # Nothing in the Pool to hire: the actions pass; the end of the turn asks the Senates.
    prompt = engine.prompt(state)
    assert prompt["kind"] == "senate" and prompt["seat"] == 0
    state = engine.apply(state, {"type": "claim", "cards": [left, right]})
    assert engine.prompt(state)["kind"] == "senate" and engine.to_act(state) == 1
    state = engine.apply(state, {"type": "claim", "cards": [mine]})
    assert sorted(state.players[0].hand) == sorted([left, right])
    assert state.players[1].hand == [mine] and state.players[2].hand == []
    assert state.jacks == [] and state.turn == 2


def test_sewer_example_my_role_card_goes_to_my_stockpile() -> None:
    """Black Box rulebook, Appendix I, Sewer, example: "The player to your right leads as Merchant.
    You follow with a Merchant card from your hand. At the end of the turn, his Merchant card goes
    into the Pool as usual, but yours goes into your Stockpile as a Stone.\""""
    state = table(
        [
            {"hand": ["Garden"], "buildings": [{"name": "Sewer", "complete": True}]},
            {"hand": ["Villa"]},
        ],
        leader=1,
    )
    his, mine = state.players[1].hand[0], state.players[0].hand[0]
    state = engine.apply(state, lead("merchant", his))
    state = engine.apply(state, follow(mine))
    assert engine.prompt(state)["kind"] == "sewer"
    state = engine.apply(state, {"type": "claim", "cards": [mine]})
    assert state.players[0].stockpile == [mine] and his in state.pool and mine not in state.pool
    assert kind(state) == "lead" and engine.to_act(state) == 0


def test_stairway_example_makes_archway_and_shrine_public() -> None:
    """Black Box rulebook, Appendix I, Stairway, example: "You have a Stairway Foundation with two
    Marble in it. An opponent has an Archway and a Shrine. You have one Architect Client. You have a
    Marble and a Brick in your Stockpile. You lead as Architect and the other players follow. You
    place the Marble ... into your Stairway, completing it, immediately allowing you an additional
    action which you use to place the Brick ... into your opponents Archway, making the Function
    available to everyone. You do not use your second Architect action but still use the Archway's
    Function to move the Brick from the Pool into the opponent's Shrine. Your hand refill size is
    now seven." The set-up names no Brick in the Pool; we put one there (docs/rules.md, "Stairway
    example: a Brick in the Pool")."""
    state = table(
        [
            {
                "hand": ["Tower"],
                "clientele": ["Architect"],
                "stockpile": ["Marble", "Brick"],
                "buildings": [{"name": "Stairway", "materials": ["Marble", "Marble"]}],
            },
            {
                "hand": ["Wall"],
                "buildings": [
                    {"name": "Archway", "complete": True},
                    {"name": "Shrine", "complete": True},
                ],
            },
        ],
        pool=["Brick"],
    )
    state = engine.apply(state, lead("architect", state.players[0].hand[0]))
    state = engine.apply(state, follow(state.players[1].hand[0]))
    state = engine.apply(
        state, build(in_stockpile(state, 0, "Marble"), site_of(state, 0, "Stairway"))
    )
    assert structure(state, 0, "Stairway").complete
    assert engine.prompt(state)["kind"] == "stairway"
    brick = find(state, state.players[0].stockpile, "Brick")
    archway = structure(state, 1, "Archway")
    state = engine.apply(
        state, {"type": "publicize", "card": brick, "building": archway.foundation}
    )
    assert structure(state, 1, "Archway").public and mine(state, 0)["hand_size"] == 5
    pool_brick = find(state, state.pool, "Brick")
    shrine = structure(state, 1, "Shrine").foundation
    state = engine.apply(state, {"type": "publicize", "card": pool_brick, "building": shrine})
    assert structure(state, 1, "Shrine").public
    assert mine(state, 0)["hand_size"] == 7
    assert mine(state, 1)["hand_size"] == 7  # the owner gets no second copy


def test_statue_example_on_a_brick_site() -> None:
    """Black Box rulebook, Appendix I, Statue, example: "You have no cards in your Vault. You
    complete a Statue on a Brick Site as your first Structure, using a Brick and a Marble Material.
    You now have seven Victory Points (four Influence plus three Victory Points from the
    Statue).\""""
    state = table(
        [
            {
                "hand": ["Dock", "Statue", "Brick", "Marble"],
                "clientele": ["Craftsman", "Craftsman"],
            },
            {},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, lay(in_hand(state, 0, "Statue"), "brick"))
    assert state.material(structure(state, 0, "Statue").site) == "brick"
    state = engine.apply(state, build(in_hand(state, 0, "Brick"), site_of(state, 0, "Statue")))
    state = engine.apply(state, build(in_hand(state, 0, "Marble"), site_of(state, 0, "Statue")))
    assert structure(state, 0, "Statue").complete
    score = engine.scores(state)[0]
    assert (score["influence"], score["buildings"], score["total"]) == (4, 3, 7)
    assert names(state, state.players[0].hand) == []


def test_prison_stealing_a_school_fires_its_upon_completion_for_the_thief() -> None:
    """Black Box rulebook, Appendix I, Prison: "You now gain the benefit of the Function of that
    stolen Structure as if you had just completed it ... In exchange, you must give three Influence
    to the original owner"; "Any 'Upon completion' effects ... trigger for the new owner when the
    Structure is stolen." The function comes first, then the exchange (docs/rules.md, "Prison: the
    function before the exchange"): stealing a School gives the thief one Thinker action per point
    of his Influence with the Prison's Site still his (2 + 3), and the victim then gets the Site."""
    state = table(
        [
            {
                "hand": ["Dock", "Stone"],
                "buildings": [{"name": "Prison", "materials": ["Stone", "Stone"]}],
            },
            {"buildings": [{"name": "School", "complete": True}]},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Prison")))
    state = engine.apply(
        state, {"type": "claim", "cards": [structure(state, 1, "School").foundation]}
    )
    prompt = engine.prompt(state)
    assert prompt["kind"] == "think" and prompt["seat"] == 0 and prompt["actions_left"] == 5
    assert [mine(state, s)["influence"] for s in (0, 1)] == [2, 2 + 2 + 3]


def test_stairway_public_structure_does_not_fire_its_upon_completion_again() -> None:
    """Black Box rulebook, Appendix I, Stairway: "Any 'Upon completion' effects in the Function of
    the public Structure do not trigger again." Making an opponent's Garden public gives no one a
    Patron burst; a public Shrine (no upon-completion) raises everyone's hand size."""
    state = table(
        [
            {
                "hand": ["Tower"],
                "clientele": ["Architect"],
                "stockpile": ["Stone", "Brick"],
                "buildings": [{"name": "Stairway", "complete": True}],
            },
            {
                "buildings": [
                    {"name": "Garden", "complete": True},
                    {"name": "Shrine", "complete": True},
                ]
            },
        ],
        pool=["Patron", "Patron"],
    )
    state = engine.apply(state, lead("architect", state.players[0].hand[0]))
    state = engine.apply(state, think("jack"))
    stone = find(state, state.players[0].stockpile, "Stone")
    state = engine.apply(
        state,
        {"type": "publicize", "card": stone, "building": structure(state, 1, "Garden").foundation},
    )
    assert structure(state, 1, "Garden").public
    prompt = engine.prompt(state)
    assert prompt["kind"] == "act" and prompt["role"] == "architect" and prompt["actions_left"] == 1
    brick = find(state, state.players[0].stockpile, "Brick")
    state = engine.apply(
        state,
        {"type": "publicize", "card": brick, "building": structure(state, 1, "Shrine").foundation},
    )
    assert mine(state, 0)["hand_size"] == 7 and mine(state, 1)["hand_size"] == 7
    assert len(state.pool) >= 2 and all(not p.hired for p in state.players)


def test_basilica_filched_card_is_hidden_from_opponents() -> None:
    """Black Box rulebook, Appendix I, Basilica: "Do not reveal the identity of the additional
    filched card to your opponents." The owner sees it in his vault this turn, opponents only a
    count, and a move history shows them no card id."""
    state = table(
        [
            {
                "hand": ["Jack", "Wall", "Tower"],
                "clientele": ["Merchant"],
                "stockpile": ["Brick"],
                "buildings": [{"name": "Basilica", "complete": True}],
            },
            {},
        ]
    )
    state = engine.apply(state, lead("merchant", find(state, state.players[0].hand, "Jack")))
    state = engine.apply(state, think("jack"))
    brick = state.players[0].stockpile[0]
    wall = find(state, state.players[0].hand, "Wall")
    action = {"type": "sell", "card": brick, "from_hand": wall}
    state = engine.apply(state, action)
    mine = [c["id"] for c in engine.view(state, 0)["players"][0]["vault_visible"]]
    theirs = [c["id"] for c in engine.view(state, 1)["players"][0]["vault_visible"]]
    assert sorted(mine) == sorted([brick, wall]) and theirs == [brick]
    assert engine.view(state, 1)["players"][0]["vault_count"] == 2
    assert engine.public_action(action, actor=0, viewer=0) == action
    assert engine.public_action(action, actor=0, viewer=1) == {**action, "from_hand": None}
    assert engine.public_action(action, actor=0, viewer=None)["from_hand"] is None


def test_stairway_an_out_of_town_lay_is_two_architect_actions_and_two_chances() -> None:
    """Black Box rulebook, Appendix I, Stairway: "Each time you execute an Architect action you
    may also choose to move an appropriate Material into any opponent's completed Structure". A
    foundation out of town takes "two consecutive Architect or Craftsman actions" (Out of Town
    Sites): two Architect actions, so two structures may be made public."""
    state = table(
        [
            {
                "hand": ["Wall", "Temple", "Insula"],
                "clientele": ["Architect", "Architect"],
                "stockpile": ["Brick", "Wood"],
                "buildings": [{"name": "Stairway", "complete": True}],
            },
            {
                "buildings": [
                    {"name": "Shrine", "complete": True},
                    {"name": "Market", "complete": True},
                ]
            },
        ],
        sites={"marble": {"in_town": 0, "out_of_town": 2}},
    )
    state = engine.apply(state, lead("architect", find(state, state.players[0].hand, "Wall")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, lay(in_hand(state, 0, "Temple"), "marble", out_of_town=True))
    assert kind(state) == "stairway"
    for material, name in (("Brick", "Shrine"), ("Wood", "Market")):
        assert kind(state) == "stairway"
        card = find(state, state.players[0].stockpile, material)
        state = engine.apply(
            state,
            {"type": "publicize", "card": card, "building": structure(state, 1, name).foundation},
        )
        assert structure(state, 1, name).public
    assert mine(state, 0)["hand_size"] == 7 and mine(state, 0)["vault_limit"] == 2 + 3 + 2
    assert kind(state) == "act" and engine.prompt(state)["actions_left"] == 1


def test_a_public_structure_stays_public_when_a_prison_steals_it() -> None:
    """Black Box rulebook, Appendix I, Prison ("the original owner loses the benefit of the
    Function") read with Stairway ("immediately grant that Structure's function to all
    players"): the stolen structure keeps the material that makes it public, so its function stays
    everyone's, its old owner's included (docs/rules.md, "Stairway: public for good")."""
    state = table(
        [
            {
                "hand": ["Dock", "Stone"],
                "buildings": [{"name": "Prison", "materials": ["Stone", "Stone"]}],
            },
            {"buildings": [{"name": "Shrine", "complete": True, "public": True}]},
            {},
        ]
    )
    state = engine.apply(state, lead("craftsman", find(state, state.players[0].hand, "Dock")))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, think("jack"))
    state = engine.apply(state, build(in_hand(state, 0, "Stone"), site_of(state, 0, "Prison")))
    shrine = structure(state, 1, "Shrine").foundation
    state = engine.apply(state, {"type": "claim", "cards": [shrine]})
    assert structure(state, 0, "Shrine").public
    assert [mine(state, s)["hand_size"] for s in range(3)] == [7, 7, 7]


def test_stairway_completed_by_a_scriptorium_choice_gives_its_chance_at_once() -> None:
    """Black Box rulebook, Appendix I, Stairway example: completing the Stairway with an Architect
    action "immediately" allows the additional action. Completed early with a Marble by a
    Scriptorium's choice (Appendix I, Scriptorium: "You may complete"), the Stairway's chance comes
    after that choice, for the same Architect action."""
    state = table(
        [
            {
                "hand": ["Wall"],
                "stockpile": ["Marble", "Brick"],
                "buildings": [
                    {"name": "Scriptorium", "complete": True},
                    {"name": "Stairway", "materials": ["Marble"]},
                ],
            },
            {"buildings": [{"name": "Shrine", "complete": True}]},
        ]
    )
    state = engine.apply(state, lead("architect", state.players[0].hand[0]))
    state = engine.apply(state, think("jack"))
    state = engine.apply(
        state, build(in_stockpile(state, 0, "Marble"), site_of(state, 0, "Stairway"))
    )
    assert kind(state) == "complete"
    state = engine.apply(
        state, {"type": "claim", "cards": [structure(state, 0, "Stairway").foundation]}
    )
    assert structure(state, 0, "Stairway").complete and kind(state) == "stairway"
    brick = find(state, state.players[0].stockpile, "Brick")
    shrine = structure(state, 1, "Shrine").foundation
    state = engine.apply(state, {"type": "publicize", "card": brick, "building": shrine})
    assert structure(state, 1, "Shrine").public and mine(state, 0)["hand_size"] == 7
