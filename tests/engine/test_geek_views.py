"""What each viewer sees of the Geek expansion's moves (docs/rules.md, Hidden information): the
cards a Bacchanalia turns up are public while they are revealed, the deck beneath them is not, and
those left go to the hand like any other hand card; a client a Triclinium vaults, and a card a
Bacchanalia vaults, are seen in that Vault during the turn only; a foundation a Watch Post tears
down is a hand card its owner alone sees."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.buildings.geek import geek_table, tear_down
from tests.engine.buildings.steps import (
    SKIP,
    act,
    claim,
    hire,
    in_clientele,
    in_hand,
    in_pool,
    sell,
    site_of,
)
from tests.engine.buildings.test_geek_bacchanalia import REVEALED, bacchanalia_table, revealed
from tests.engine.buildings.test_geek_domus_watch_post import watch_post_table
from tests.engine.buildings.test_geek_triclinium_council import REMUS
from tests.engine.helpers import follow, lead, think


def ids_in(data: Any) -> set[int]:
    """Every card a view names (a card is a dict with an integer `id` and a `name`)."""
    if isinstance(data, list):
        return set().union(*(ids_in(v) for v in data))
    if not isinstance(data, dict):
        return set()
    found = {data["id"]} if isinstance(data.get("id"), int) and "name" in data else set()
    return found.union(*(ids_in(v) for v in data.values()))


def test_a_bacchanalias_cards_are_public_and_the_deck_beneath_is_not() -> None:
    state = bacchanalia_table(REVEALED)
    shown = [state.deck[-1 - i] for i in range(5)]
    beneath = set(state.deck[:-5])
    for seat in (None, 0, 1):
        view = engine.view(state, seat)
        assert [c["id"] for c in view["prompt"]["revealed"]] == shown
        assert not ids_in(view) & beneath
        assert view["deck_count"] == len(state.deck)  # still on the deck while revealed
    sewer = revealed(state, "Sewer")
    state = act(state, sell(sewer))
    assert sewer in {c["id"] for c in engine.view(state, 1)["players"][0]["vault_visible"]}
    state = act(state, SKIP)  # the rest to Hannibal's hand
    rest = set(shown) - {sewer}
    assert rest <= set(state.players[0].hand)
    assert not ids_in(engine.view(state, 1)) & rest  # a hand card like another now
    assert rest <= ids_in(engine.view(state, 0))
    state = act(state, think())  # the next turn: the Vault's card is hidden again
    assert sewer not in ids_in(engine.view(state, 0)) | ids_in(engine.view(state, 1))


def test_a_triclinium_client_is_seen_in_the_vault_that_turn_only() -> None:
    state = geek_table(
        [{"hand": ["Statue"]}, {**REMUS, "buildings": REMUS["buildings"][1:]}],
        pool=["Academy", "Crane"],
        leader=1,
    )
    state = act(state, lead("patron", in_hand(state, 1, "Fountain")))
    state = act(state, follow(in_hand(state, 0, "Statue")))
    state = act(state, hire(in_pool(state, "Academy")))
    temple = in_clientele(state, 1, "Temple")
    state = act(state, claim(temple))
    for seat in (None, 0, 1):
        assert temple in {c["id"] for c in engine.view(state, seat)["players"][1]["vault_visible"]}
    while engine.prompt(state)["kind"] != "lead":
        state = act(state, SKIP)
    for seat in (None, 0, 1):
        assert temple not in ids_in(engine.view(state, seat))


def test_a_torn_down_foundation_is_its_owners_hand_card() -> None:
    state = watch_post_table()
    post = site_of(state, 0, "Watch Post")
    state = act(state, tear_down(post))
    assert post in {c["id"] for c in engine.view(state, 0)["players"][0]["hand"]}
    for seat in (None, 1):
        view = engine.view(state, seat)
        assert post not in ids_in(view)
        assert view["players"][0]["hand_count"] == len(state.players[0].hand)
