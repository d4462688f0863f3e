"""What each viewer may see (docs/rules.md, Hidden information; Black Box rulebook, The Cards /
Selling Materials / Legionary "A player must say how many cards he has if asked"; "The draw deck
runs out (you may count it)")."""

from __future__ import annotations

import pytest

import engine
from tests.engine.helpers import hand, ids_in, lead, table


def hidden_from(state: engine.State, viewer: int | None) -> set[int]:
    """Cards whose identity `viewer` may not know: other hands, the deck, vaults (outside the turn
    they were put in), cards out of the game, the Jack pile and the Sites (shown as counts)."""
    out = set(state.deck) | set(state.removed) | set(state.jacks)
    for m in state.sites:
        out |= set(state.sites[m]) | set(state.out_of_town[m])
    for seat, p in enumerate(state.players):
        if seat != viewer:
            out |= set(p.hand)
        out |= set(p.vault) - set(p.vaulted)
    return out


def sample() -> engine.State:
    return table(
        [
            {
                "hand": ["Temple", "Insula", "Jack"],
                "clientele": ["Patron"],
                "stockpile": ["Wall"],
                "vault": ["Stone"],
                "buildings": [{"name": "Shrine", "materials": ["Brick"]}],
                "influence": ["rubble"],
            },
            {"hand": ["Road", "Statue"], "vault": ["Marble", "Wood"]},
            {"hand": ["Villa"]},
        ],
        pool=["Bath", "Palace"],
    )


def test_own_hand_visible_others_as_counts() -> None:
    """docs/rules.md, Hidden information: the seat's own hand; other hands as counts."""
    state = sample()
    for viewer in range(state.n):
        v = engine.view(state, viewer)
        assert v["seat"] == viewer
        for seat, p in enumerate(v["players"]):
            assert p["hand_count"] == len(hand(state, seat))
            if seat == viewer:
                assert [c["id"] for c in p["hand"]] == hand(state, seat)
                assert [c["name"] for c in p["hand"]] == [state.names[c] for c in hand(state, seat)]
            else:
                assert p["hand"] is None


def test_spectator_sees_no_hand() -> None:
    """docs/rules.md, Hidden information: `seat=None` is a spectator; no hand is visible to him."""
    state = sample()
    v = engine.view(state, None)
    assert v["seat"] is None
    assert all(p["hand"] is None for p in v["players"])
    assert [p["hand_count"] for p in v["players"]] == [3, 2, 1]


def test_deck_vaults_and_sites_as_counts() -> None:
    """docs/rules.md, Hidden information: the deck as a count, each vault as a count; Black Box
    rulebook, Ending the Game "The draw deck runs out (you may count it)"; Selling Materials "The
    number of cards in your Vault is public information"."""
    state = sample()
    for viewer in (0, 1, None):
        v = engine.view(state, viewer)
        assert v["deck_count"] == len(state.deck)
        assert v["jacks_count"] == len(state.jacks)
        assert [p["vault_count"] for p in v["players"]] == [1, 2, 0]
        assert all(p["vault_visible"] == [] for p in v["players"])
        assert v["sites"]["brick"]["in_town"] == len(state.sites["brick"])
        assert "deck" not in v


def test_public_zones_are_visible_to_all() -> None:
    """Black Box rulebook, Your Camp: Clientele, Stockpile, structures and Influence lie face up;
    the Pool is face up (Black Box rulebook, Starting Pool)."""
    state = sample()
    me = state.players[0]
    for viewer in (0, 1, 2, None):
        v = engine.view(state, viewer)
        assert [c["id"] for c in v["pool"]] == state.pool
        p = v["players"][0]
        assert [c["id"] for c in p["clientele"]] == me.clientele
        assert [c["id"] for c in p["stockpile"]] == me.stockpile
        assert p["influence"] == 3
        (b,) = p["buildings"]
        assert b["foundation"]["name"] == "Shrine"
        assert [c["id"] for c in b["materials"]] == me.buildings[0].materials


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_no_hidden_card_in_any_view(viewer: int | None) -> None:
    """No view names a card hidden from its viewer (docs/rules.md, Hidden information)."""
    state = sample()
    state = engine.apply(state, lead("patron", hand(state, 0)[0]))
    hidden = hidden_from(state, viewer)
    assert not ids_in(engine.view(state, viewer)) & hidden
    assert not ids_in(engine.prompt(state)) & hidden_from(state, None)


def test_camp_cards_are_public_during_the_turn() -> None:
    """Black Box rulebook, Game Play: the led card is played "on top of her Camp", face up."""
    state = sample()
    temple = hand(state, 0)[0]
    state = engine.apply(state, lead("patron", temple))
    for viewer in (1, None):
        assert engine.view(state, viewer)["players"][0]["camp"] == [
            {
                "id": temple,
                "name": "Temple",
                "kind": "order",
                "material": "marble",
                "role": "patron",
                "value": 3,
            }
        ]


def test_cards_carry_what_they_are() -> None:
    """Views name each card with its facts (CARDS.md): an order card's material, role and value;
    a Site's material and the Influence it gives; a Jack has none."""
    from engine.views import card

    state = sample()
    facts = {state.names[c]: card(state, c) for c in range(len(state.names))}
    assert facts["Road"] | {"id": 0} == {
        "id": 0,
        "name": "Road",
        "kind": "order",
        "material": "rubble",
        "role": "laborer",
        "value": 1,
    }
    assert {k: facts["Stone Site"][k] for k in ("kind", "material", "role", "value")} == {
        "kind": "site",
        "material": "stone",
        "role": None,
        "value": 3,
    }
    assert {k: facts["Jack"][k] for k in ("kind", "material", "role", "value")} == {
        "kind": "jack",
        "material": None,
        "role": None,
        "value": None,
    }


def test_no_such_seat() -> None:
    with pytest.raises(ValueError):
        engine.view(sample(), 3)


def test_card_ids_say_nothing_fixed_about_a_card() -> None:
    """docs/rules.md, Hidden information: ids reveal nothing about hidden cards. Which id is which
    card is a seeded random permutation: it changes with the seed, so an id seen in one game (or a
    count of ids) tells nothing about the card behind it in another."""
    a = engine.new_game("republic", 3, seed=1)
    b = engine.new_game("republic", 3, seed=2)
    assert sorted(a.names) == sorted(b.names)
    assert a.names != b.names
    same = sum(1 for x, y in zip(a.names, b.names, strict=True) if x == y)
    assert same < len(a.names) // 4
