"""The story of an apply (engine/events.py): what the engine did beyond the action itself, and
what each viewer may see of it. A draw is seen by its drawer, counted for everyone else; a draw
into a Clientele is seen by all, one into a Vault by no one; a decision the engine resolved for a
seat is told to everyone; a structure completed, the end of a turn and the end of the game too."""

from __future__ import annotations

import doctest

import engine
from engine import events as events_module  # the module, not the function engine.events_of
from tests.engine.buildings.steps import (
    act,
    follow,
    hire,
    in_hand,
    in_pool,
    in_stockpile,
    lead,
    sell,
)
from tests.engine.helpers import hand, table, think

SPECTATOR = None


def kinds(state: engine.State) -> list[str]:
    return [e["type"] for e in engine.events_of(state)]


def seen(state: engine.State, index: int, viewer: int | None) -> dict:
    return engine.event_view(state, engine.events_of(state)[index], viewer)


def test_the_module_example_runs() -> None:
    assert doctest.testmod(events_module).failed == 0


def test_a_thinker_sees_his_draw_and_the_others_count_it() -> None:
    """Black Box rulebook, THINKING: draw up to your hand size. The cards are the drawer's
    alone; everyone sees how many (the hand count of the view)."""
    state = table([{"hand": ["Temple"]}, {"hand": ["Road"]}], deck=["Bath", "Wall", "Villa"])
    state = engine.apply(state, think())
    assert kinds(state) == ["action", "drew", "turn_end"]
    drawn = hand(state, 0)[1:]
    mine = seen(state, 1, 0)
    assert mine == {
        "type": "drew",
        "seat": 0,
        "zone": "hand",
        "count": len(drawn),
        "cards": [{"id": c, "name": state.names[c]} for c in drawn],
    }
    for viewer in (1, SPECTATOR):
        assert seen(state, 1, viewer) == {**mine, "cards": None}
    assert seen(state, 2, SPECTATOR) == {"type": "turn_end", "turn": 1, "leader": 1}


def test_the_action_names_its_cards_and_a_filched_card_only_to_its_owner() -> None:
    """Black Box rulebook, Appendix I, Basilica: "Do not reveal the identity of the additional
    filched card to your opponents"; every other card an action names is on the table."""
    basilica = {"name": "Basilica", "materials": ["Statue"] * 3, "complete": True}
    me = {"hand": ["Wall", "Jack"], "stockpile": ["Academy"], "buildings": [basilica]}
    state = table([me, {"hand": ["Villa"], "stockpile": ["Bar"]}])
    state = act(state, lead("merchant", in_hand(state, 0, "Jack")))
    state = act(state, follow(in_hand(state, 1, "Villa")))
    academy, wall = in_stockpile(state, 0, "Academy"), in_hand(state, 0, "Wall")
    state = engine.apply(state, sell(academy, from_hand=wall))
    owner = seen(state, 0, 0)
    assert owner["action"]["from_hand"] == wall
    assert {c["id"] for c in owner["cards"]} == {academy, wall}
    for viewer in (1, SPECTATOR):
        other = seen(state, 0, viewer)
        assert other["action"]["from_hand"] is None
        assert other["cards"] == [{"id": academy, "name": "Academy"}]


def legionary(victim_hand: list[str], pool: list[str]) -> engine.State:
    """Seat 0 leads Legionary with a Jack, seat 1 thinks (takes a Jack), and seat 0 demands Brick
    by revealing an Academy."""
    state = table(
        [{"hand": ["Jack", "Academy"]}, {"hand": victim_hand}],
        pool=pool,
        deck=["Villa", "Bath", "Wall", "Road"],
    )
    state = engine.apply(state, lead("legionary", in_hand(state, 0, "Jack")))
    state = engine.apply(state, think("jack"))
    return engine.apply(state, {"type": "demand", "cards": [in_hand(state, 0, "Academy")]})


def test_a_forced_give_is_resolved_and_told_to_all() -> None:
    """Black Box rulebook, DEMANDING MATERIALS step 4: a neighbour with one card of the demanded
    material must give it; with nothing to choose the engine gives it for him."""
    shrine_name = "Shrine"  # a Brick, like the demanding Academy
    state = legionary([shrine_name, "Road"], pool=["Temple"])
    resolved = [e for e in engine.events_of(state) if e["type"] == "resolved"]
    give = resolved[-1]
    assert (give["decision"], give["seat"]) == ("give", 1)
    (shrine,) = give["action"]["cards"]
    assert state.names[shrine] == shrine_name and shrine in state.players[0].stockpile
    index = engine.events_of(state).index(give)
    for viewer in (0, 1, SPECTATOR):
        assert seen(state, index, viewer)["cards"] == [{"id": shrine, "name": shrine_name}]


def test_a_decision_with_nothing_to_do_is_skipped_for_the_seat() -> None:
    """Black Box rulebook, DEMANDING MATERIALS step 3: the Legionary may take matching cards from
    the Pool; with none there, the engine skips that decision for him."""
    state = legionary(["Road"], pool=["Temple"])
    claim = next(e for e in engine.events_of(state) if e["type"] == "resolved")
    assert claim == {
        "type": "resolved",
        "seat": 0,
        "decision": "claim",
        "action": {"type": "skip"},
    }
    assert seen(state, engine.events_of(state).index(claim), 1)["cards"] == []


def test_a_client_from_the_deck_is_seen_by_all() -> None:
    """Black Box rulebook, Appendix I, Bar: the additional client comes from the draw deck into
    the Clientele, which is on the table for all to see."""
    bar = {"name": "Bar", "materials": ["Road"], "complete": True}
    state = table(
        [{"hand": ["Temple"], "buildings": [bar]}, {"hand": ["Road"]}],
        pool=["Dock"],
        deck=["Tower", "Shrine", "Villa"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think("jack"))
    state = engine.apply(state, hire(in_pool(state, "Dock"), from_deck=True))
    index = kinds(state).index("drew")
    client = state.players[0].clientele[-1]
    for viewer in (0, 1, SPECTATOR):
        assert seen(state, index, viewer)["cards"] == [{"id": client, "name": "Tower"}]


def test_a_card_from_the_deck_into_a_vault_is_seen_by_no_one() -> None:
    """Black Box rulebook, Appendix I, Atrium: "place it in your Vault without looking at it"."""
    atrium = {"name": "Atrium", "materials": ["Bath", "Bath"], "complete": True}
    state = table(
        [{"hand": ["Villa"], "buildings": [atrium]}, {"hand": ["Road"]}], deck=["Temple", "Wall"]
    )
    state = act(state, lead("merchant", in_hand(state, 0, "Villa")))
    state = act(state, think("jack"))
    state = engine.apply(state, sell(from_deck=True))
    index = kinds(state).index("drew")
    for viewer in (0, 1, SPECTATOR):
        assert seen(state, index, viewer) == {
            "type": "drew",
            "seat": 0,
            "zone": "vault",
            "count": 1,
            "cards": None,
        }


def test_completing_a_structure_is_told() -> None:
    """Black Box rulebook, BUILDING STRUCTURES: a structure is complete when its materials match
    its value (a Road, Rubble, needs one)."""
    state = table(  # a Rubble card (Insula) in hand to finish the Road with
        [
            {"hand": ["Insula", "Jack"], "buildings": [{"name": "Road"}]},
            {"hand": ["Villa"]},
        ],
        deck=["Temple", "Bath", "Wall"],
    )
    road = state.players[0].buildings[0].foundation
    state = act(state, lead("craftsman", in_hand(state, 0, "Jack")))
    state = act(state, think("jack"))
    insula = in_hand(state, 0, "Insula")
    state = engine.apply(state, {"type": "build", "card": insula, "building": road})
    index = kinds(state).index("completed")
    assert seen(state, index, 1) == {
        "type": "completed",
        "seat": 0,
        "building": {"id": road, "name": "Road"},
    }


def test_the_end_of_the_game_is_the_last_event() -> None:
    """Black Box rulebook, ENDING THE GAME: "The draw deck runs out"."""
    state = table([{"hand": ["Temple"]}, {"hand": ["Road"]}], deck=["Bath"], deck_rest=False)
    state = engine.apply(state, think())
    assert kinds(state)[-2:] == ["drew", "game_over"]
    over = seen(state, len(kinds(state)) - 1, SPECTATOR)
    assert over["reason"] == "deck" and over["winners"] == state.end["winners"]
    assert over["scores"] == state.end["scores"]


def test_surrender_ends_with_the_winner() -> None:
    state = engine.surrender(engine.new_game("republic", 3, seed=1), 2)
    assert engine.events_of(state) == [{"type": "game_over", **state.end}]
    assert state.end["winners"] == [2]


def test_events_belong_to_one_apply_and_are_never_stored() -> None:
    state = engine.apply(engine.new_game("republic", 2, seed=3), think())
    assert engine.events_of(state)
    assert engine.events_of(engine.from_json(engine.to_json(state))) == []
    assert engine.events_of(engine.apply(state, think("jack")))[0]["action"]["take"] == "jack"
    assert "events" not in engine.to_json(state)
    assert engine.state_hash(engine.from_json(engine.to_json(state))) == engine.state_hash(state)


def test_a_client_named_from_hand_is_named_only_to_the_hirer() -> None:
    """With a Bath the clients of one Patron action are hired one at a time, each only if there is
    room after the last one's action (Black Box rulebook, Appendix I, Bath), so an Aqueduct's card
    from hand may stay in the hand: others never see which card was named (the table shows it in
    the Clientele once hired)."""
    hire = {"type": "hire", "card": None, "from_hand": 7, "from_deck": True}
    assert engine.public_action(hire, 0, 0) == hire
    assert engine.public_action(hire, 0, 1)["from_hand"] is None
    assert engine.public_action(hire, 0, None)["from_hand"] is None
    assert engine.public_action(hire, 0, 1)["from_deck"] is True


# The 2005 first edition: its buildings that take cards from hand or the deck.


def first_edition(players: list[dict], **top: object) -> engine.State:
    return table(players, version="first_edition", **top)


def owns(name: str) -> dict:
    return {"name": name, "complete": True}


def test_a_first_edition_atrium_sale_from_hand_is_named_only_to_the_seller() -> None:
    """First edition rulebook (2005), Appendix, Atrium: "place it in your Vault without showing
    other players"."""
    me = {"hand": ["Villa", "Garden"], "buildings": [owns("Atrium (2005)")]}
    state = first_edition([me, {"hand": ["Insula"]}])
    state = act(state, lead("merchant", in_hand(state, 0, "Villa")))
    state = act(state, think())
    garden = in_hand(state, 0, "Garden")
    state = act(state, sell(from_hand=garden))
    assert garden in state.players[0].vault
    assert seen(state, 0, 0)["cards"] == [{"id": garden, "name": "Garden"}]
    for viewer in (1, SPECTATOR):
        other = seen(state, 0, viewer)
        assert other["action"]["from_hand"] is None and other["cards"] == []


def test_a_first_edition_bar_client_from_hand_is_named_only_to_the_hirer() -> None:
    """First edition rulebook (2005), Appendix, Bar: "you may take clients from your hand instead
    of from the Pool", and "as you lead or follow ... out of turn order": hired early, the card
    named from hand stays unnamed to the others (they see it in the Clientele)."""
    state = first_edition(
        [{"hand": ["Temple"]}, {"hand": ["Palace", "Insula"], "buildings": [owns("Bar (2005)")]}],
        pool=["Market"],
    )
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, follow(in_hand(state, 1, "Palace")))
    assert engine.prompt(state)["early"] is True  # seat 1 acts before the leader
    insula = in_hand(state, 1, "Insula")
    state = act(state, hire(from_hand=insula))
    assert insula in state.players[1].clientele
    assert seen(state, 0, 1)["action"]["from_hand"] == insula
    for viewer in (0, SPECTATOR):
        assert seen(state, 0, viewer)["action"]["from_hand"] is None


def test_a_first_edition_foundry_draw_to_the_stockpile_is_seen_by_all() -> None:
    """First edition rulebook (2005), Appendix, Foundry, example: "you first draw a material from
    the deck, a Marble, and place it into your Stockpile": a Stockpile is on the table."""
    me = {"hand": ["Road"], "buildings": [owns("Foundry (2005)")]}
    state = first_edition([me, {"hand": ["Temple"]}], deck=["Palace", "Forum"])
    state = act(state, lead("laborer", in_hand(state, 0, "Road")))
    state = act(state, think("jack"))
    state = act(state, {"type": "gather", "from_deck": True})
    palace = in_stockpile(state, 0, "Palace")
    index = kinds(state).index("drew")
    for viewer in (0, 1, SPECTATOR):
        assert seen(state, index, viewer) == {
            "type": "drew",
            "seat": 0,
            "zone": "stockpile",
            "count": 1,
            "cards": [{"id": palace, "name": "Palace"}],
        }


def test_the_client_a_first_edition_bath_replaces_is_named_to_all() -> None:
    """First edition rulebook (2005), Appendix, Bath: "replace one of your Merchant clients which
    you put back into the Pool": a client on the table, named in the action for everyone."""
    me = {"hand": ["Temple"], "clientele": ["Villa"], "buildings": [owns("Bath (2005)")]}
    state = first_edition([me, {"hand": ["Insula"]}], pool=["Road"])
    state = act(state, lead("patron", in_hand(state, 0, "Temple")))
    state = act(state, think())
    villa, road = state.players[0].clientele[0], in_pool(state, "Road")
    state = act(state, {"type": "hire", "card": road, "replace": villa})
    for viewer in (0, 1, SPECTATOR):
        assert {c["id"] for c in seen(state, 0, viewer)["cards"]} == {road, villa}
