"""Setting up a table (Black Box rulebook, Set-up: Starting Hands, Starting Sites, Determining
Starting Player, Starting Pool, Training Game; Appendix II for Imperium; docs/rules.md, rulings "tie
for the first lead" and "Sites in the training game")."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.cards import MATERIALS

PLAYERS = [2, 3, 4, 5]
VERSIONS = ["republic", "imperium"]


def sites(state: engine.State) -> dict[str, dict[str, int]]:
    return engine.view(state, None)["sites"]


@pytest.mark.parametrize("players", PLAYERS)
def test_republic_deals_five_cards_each(players: int) -> None:
    """Black Box rulebook, Starting Hands: "deal each player five cards face down. Place the Jack
    cards in the middle of the playing surface in a pile"."""
    state = engine.new_game("republic", players, seed=players)
    v = engine.view(state, None)
    for p in state.players:
        assert len(p.hand) == 5
        assert all(state.names[c] not in ("Jack",) and "Site" not in state.names[c] for c in p.hand)
    assert v["jacks_count"] == 6


@pytest.mark.parametrize("players", PLAYERS)
def test_imperium_deals_four_cards_and_a_jack_each(players: int) -> None:
    """Black Box rulebook, Appendix II: "Your starting hand consists of only 4 cards but 1
    additional Jack"."""
    state = engine.new_game("imperium", players, seed=players)
    for p in state.players:
        counts = Counter(state.names[c] for c in p.hand)
        assert len(p.hand) == 5
        assert counts["Jack"] == 1
    assert engine.view(state, None)["jacks_count"] == 6 - players


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", PLAYERS)
def test_sites_in_town_equal_the_number_of_players(version: str, players: int) -> None:
    """Black Box rulebook, Starting Sites: "Create a stack of each Site card equal to the number of
    players ... Leave the unselected Sites ... The upside-down Sites are Out of Town Sites"."""
    state = engine.new_game(version, players, seed=11)
    for m in MATERIALS:
        assert sites(state)[m] == {"in_town": players, "out_of_town": 6 - players}
        assert all(state.names[c] == f"{m.capitalize()} Site" for c in state.sites[m])
        assert all(state.names[c] == f"{m.capitalize()} Site" for c in state.out_of_town[m])


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", PLAYERS)
def test_pool_and_deck_after_setup(version: str, players: int) -> None:
    """Black Box rulebook, Determining Starting Player / Starting Pool: one order card face up into
    the Pool per player (more only to break a tie); the remaining order cards form the draw pile."""
    state = engine.new_game(version, players, seed=5)
    hand_orders = 5 if version == "republic" else 4
    assert len(state.pool) >= players
    assert all(state.names[c] not in ("Jack",) and "Site" not in state.names[c] for c in state.pool)
    dealt = players * hand_orders + len(state.pool)
    assert engine.view(state, None)["deck_count"] == 144 - dealt
    prompt = engine.prompt(state)
    assert prompt is not None
    assert (prompt["seat"], prompt["kind"]) == (state.leader, "lead")


def first_round(state: engine.State) -> dict[int, str]:
    """The first face-up card dealt for each seat (one per player, dealt in seat order)."""
    return {seat: state.names[state.pool[seat]] for seat in range(state.n)}


def replay_leader(state: engine.State) -> tuple[int, int]:
    """Who starts, by the Black Box rulebook, Determining Starting Player: "The player whose card
    comes first in the alphabet starts - deal extra cards into the Pool in order to break ties",
    read off the Pool in deal order; returns (leader, cards dealt)."""
    contenders = list(range(state.n))
    i = 0
    while True:
        dealt = {}
        for seat in contenders:
            dealt[seat] = state.names[state.pool[i]].casefold()
            i += 1
        best = min(dealt.values())
        contenders = [s for s in contenders if dealt[s] == best]
        if len(contenders) == 1:
            return contenders[0], i


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", PLAYERS)
def test_leader_is_the_alphabetically_first_card(version: str, players: int) -> None:
    """Black Box rulebook, Determining Starting Player, without a tie."""
    for seed in range(200):
        state = engine.new_game(version, players, seed)
        if len(state.pool) == players:
            break
    else:
        pytest.fail("no seed without a tie")
    first = first_round(state)
    best = min(first.values(), key=str.casefold)
    assert list(first.values()).count(best) == 1
    assert state.leader == next(s for s, name in first.items() if name == best)
    assert engine.to_act(state) == state.leader


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", PLAYERS)
def test_a_tie_deals_extra_cards_into_the_pool(version: str, players: int) -> None:
    """Black Box rulebook, Determining Starting Player: "deal extra cards into the Pool in order to
    break ties". Find seeds whose first deal ties for the first name and check the extra deal."""
    found = 0
    for seed in range(3000):
        state = engine.new_game(version, players, seed)
        first = first_round(state)
        best = min(first.values(), key=str.casefold)
        tied = [s for s, name in first.items() if name == best]
        if len(tied) < 2:
            assert len(state.pool) == players
            continue
        found += 1
        assert len(state.pool) > players
        leader, dealt = replay_leader(state)
        assert dealt == len(state.pool)
        assert leader in tied
        assert state.leader == leader
        if found == 3:
            break
    assert found > 0, "no tied seed found"


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", PLAYERS)
def test_training_game_uses_three_sites_each_and_half_the_deck(version: str, players: int) -> None:
    """Black Box rulebook, Set-up, Training Game: "use at most three of each Site card and remove
    half the draw pile from play"; docs/rules.md, ruling "Sites in the training game": the Sites
    beyond 3 per material are out of the game."""
    full = engine.new_game(version, players, seed=3)
    state = engine.new_game(version, players, seed=3, options={"training": True})
    assert engine.view(state, None)["training"] is True
    for m in MATERIALS:
        s = sites(state)[m]
        assert s["in_town"] + s["out_of_town"] <= 3
        assert s["in_town"] == min(players, 3)
    # The same deal, then half of the draw pile leaves the game.
    before = len(full.deck)
    after = engine.view(state, None)["deck_count"]
    removed_orders = [
        c for c in state.removed if c not in full.removed and "Site" not in state.names[c]
    ]
    assert after + len(removed_orders) == before
    assert abs(after - len(removed_orders)) <= 1
    assert [p.hand for p in state.players] == [p.hand for p in full.players]
    assert state.pool == full.pool


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_state(version: str, players: int) -> None:
    """Determinism: the configuration and seed reproduce the table exactly."""
    a = engine.new_game(version, players, seed=42)
    b = engine.new_game(version, players, seed=42)
    assert engine.state_hash(a) == engine.state_hash(b)
    assert engine.to_json(a) == engine.to_json(b)
    c = engine.new_game(version, players, seed=43)
    assert engine.state_hash(a) != engine.state_hash(c)


def test_the_setup_conserves_every_card() -> None:
    """Every physical card is in exactly one zone after setup (Black Box rulebook, Contents)."""
    for version in VERSIONS:
        for players in PLAYERS:
            for training in (False, True):
                state = engine.new_game(version, players, 9, {"training": training})
                seen = list(state.deck) + state.pool + state.jacks + state.removed
                for m in MATERIALS:
                    seen += state.sites[m] + state.out_of_town[m]
                for p in state.players:
                    seen += p.hand
                assert sorted(seen) == list(range(len(state.names)))


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("senate", 3, 1), "bad_version"),
        (("republic", 1, 1), "bad_players"),
        (("republic", 6, 1), "bad_players"),
        (("republic", 3, "x"), "bad_seed"),
    ],
)
def test_bad_configuration(args: tuple[object, ...], code: str) -> None:
    """Glory to Rome is for 2-5 players (Black Box rulebook, title page) in one of two versions
    (Appendix II)."""
    with pytest.raises(engine.SetupError) as info:
        engine.new_game(*args)  # type: ignore[arg-type]
    assert info.value.code == code
