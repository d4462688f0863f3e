"""Games created at an older rules revision replay to the hashes they stored (docs/rules.md, Rules
revisions): each ruling a revision changed, played at revision 1 by its old reading, move by move,
to the state hash the engine gave that game before the change. The new readings are tested beside
each rule's other tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest

import engine
from engine import revisions
from tests.engine.buildings.first_edition import owns
from tests.engine.buildings.geek import domus_bath, prison_and_aerarium, watermill_triclinium
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
    site_of,
    think,
)
from tests.engine.helpers import is_legal, table

Move = Callable[[engine.State], dict[str, Any]]


@dataclass(frozen=True)
class Pinned:
    """A short game that plays a changed ruling by its old reading, and the hash it ends with."""

    table: Callable[..., engine.State]  # the game's table; keywords go into its scenario
    moves: list[Move]
    final: str

    def start(self, revision: int | None) -> engine.State:
        return self.table() if revision is None else self.table(rules_revision=revision)


def scenario(
    version: str, players: list[dict[str, Any]], **top: Any
) -> Callable[..., engine.State]:
    options = {"geek": True} if version != "first_edition" else {}
    return partial(table, players, version=version, options=options, **top)


FOUNDRY = Pinned(
    scenario(
        "first_edition",
        [
            {"hand": ["Road"], "clientele": ["Laborer"], "buildings": [owns("Foundry (2005)")]},
            {"hand": ["Temple"]},
        ],
        pool=["Villa", "Temple"],
        deck=["Palace", "Forum"],
        jacks=1,
    ),
    [
        lambda s: lead("laborer", in_hand(s, 0, "Road")),
        lambda s: think("jack"),
        # The Pool's card named with the deck's, before the deck's is seen; then the deck alone.
        lambda s: {"type": "gather", "card": in_pool(s, "Temple"), "from_deck": True},
        lambda s: {"type": "gather", "from_deck": True},
    ],
    "7161676879fb7f691a8ee813874d3dc2765f75d6f63f977611cde5ba6aef5888",
)

POOL_TAKE = Pinned(
    scenario(
        "first_edition",
        [{"hand": ["Archway", "Temple"]}, {"hand": ["Insula"]}],
        pool=["Palace"],
        jacks=1,
    ),
    [
        lambda s: lead("legionary", in_hand(s, 0, "Archway")),
        lambda s: think("jack"),
        lambda s: demand(in_hand(s, 0, "Temple")),
        lambda s: SKIP,  # the matching Palace is left in the Pool
    ],
    "55d90c2023719fff153c74fab60d271a51c80d7de8fa59e1a73af2247a7e3c21",
)

TRICLINIUM_DEMAND = Pinned(
    scenario(
        "republic",
        [
            {
                "hand": ["Archway", "Temple", "Market", "Villa"],
                "clientele": ["Shrine", "Gate"],
                "buildings": [{"name": "Triclinium", "materials": ["Stone"] * 3, "complete": True}],
            },
            {"hand": ["Insula"]},
        ],
        pool=["Palace"],
    ),
    [
        lambda s: lead("legionary", in_hand(s, 0, "Archway")),
        lambda s: think(),
        lambda s: demand(in_hand(s, 0, "Temple"), in_hand(s, 0, "Market"), in_hand(s, 0, "Villa")),
        lambda s: claim(in_pool(s, "Palace")),
        # Both Legionary clients acted in the demand; one of them only may go to the Vault.
        lambda s: claim(in_clientele(s, 0, "Shrine")),
    ],
    "881acc352f896b495b43e8a86d41fc9c647918c639bac7eaf5289989f1931304",
)

TRICLINIUM_WATERMILL = Pinned(
    watermill_triclinium,
    [
        lambda s: lead("laborer", in_hand(s, 0, "Jack")),
        lambda s: follow(in_hand(s, 1, "Latrine")),
        lambda s: gather(in_pool(s, "Dock")),
        # The Watermill's Architect clients act; no Triclinium is offered after them.
        lambda s: build(in_stockpile(s, 0, "Bar"), site_of(s, 0, "Insula")),
        lambda s: lay(in_hand(s, 0, "Road"), "rubble"),
    ],
    "d4479fa99bdba37990bc3424b321a8c02cc98a4f5f08aad1940593d22efb88ef",
)

DOMUS_BATH = Pinned(
    domus_bath,
    [
        lambda s: lead("craftsman", in_hand(s, 0, "Market")),
        lambda s: think(),
        lambda s: lay(in_hand(s, 0, "Domus"), "wood"),
        lambda s: build(in_hand(s, 0, "Dock"), site_of(s, 0, "Domus")),
        lambda s: hire(in_pool(s, "Palisade")),
        lambda s: lay(in_hand(s, 0, "Insula"), "rubble"),  # the new client's Bath action
        lambda s: lay(in_hand(s, 0, "Road"), "rubble"),  # and its Domus action
    ],
    "58fcf7c783f2841ae473f7517322ecd1756f759b8314a4f3684c24e9399a4c76",
)

STOLEN_AERARIUM = Pinned(
    prison_and_aerarium,
    [
        lambda s: lead("craftsman", in_hand(s, 0, "Market")),
        lambda s: think(),
        lambda s: build(in_hand(s, 0, "Villa"), site_of(s, 0, "Prison")),
        lambda s: claim(site_of(s, 1, "Aerarium")),
        # The stolen Aerarium's Site is in its old owner's Influence; its function works anyway.
        lambda s: claim(site_of(s, 1, "Foundry")),
        lambda s: gather(in_pool(s, "Road")),
    ],
    "a40c6d14baae071debf2f5df6f094472527156a50b652ee99e2ee53ff41abaaa",
)

PINNED = {
    "Foundry (2005): the deck first": FOUNDRY,
    "First edition: the Pool take": POOL_TAKE,
    "Triclinium: each client that acted": TRICLINIUM_DEMAND,
    "Triclinium: the Watermill's clients": TRICLINIUM_WATERMILL,
    "Domus: one action with a Bath": DOMUS_BATH,
    "Aerarium: its Site to give": STOLEN_AERARIUM,
}


def replay(pinned: Pinned, revision: int | None) -> engine.State:
    state = pinned.start(revision)
    for move in pinned.moves:
        state = act(state, move(state))
    return state


@pytest.mark.parametrize("change", list(PINNED))
def test_an_old_game_replays_to_its_stored_hash(change: str) -> None:
    pinned = PINNED[change]
    state = replay(pinned, revisions.BASELINE)
    assert engine.state_hash(state) == pinned.final


def plays_otherwise(pinned: Pinned) -> bool:
    """Whether the game's moves, made in a game created now, lead elsewhere: a move is no longer
    legal (or its card is not where it was), or the game ends in another state."""
    state = pinned.start(None)
    for move in pinned.moves:
        try:
            action = move(state)
        except AssertionError:  # the card the move names is elsewhere
            return True
        if not is_legal(state, action):
            return True
        state = engine.apply(state, action)
    return engine.state_hash(state) != pinned.final


@pytest.mark.parametrize("change", list(revisions.CHANGES))
def test_a_game_created_now_plays_by_the_change(change: str) -> None:
    assert plays_otherwise(PINNED[change])


@dataclass(frozen=True)
class RandomGame:
    """A seeded random game at revision 1, and how many moves it took."""

    version: str
    players: int
    seed: int
    geek: bool
    moves: int

    @property
    def name(self) -> str:
        return f"{self.version}-{self.players}-{self.seed}"

    def play(self) -> tuple[engine.State, int]:
        """The seeded random playout of tests/engine/test_revisions.py, to its end."""
        options = {"geek": True} if self.geek else {}
        state = engine.new_game(
            self.version, self.players, self.seed, options, rules_revision=revisions.BASELINE
        )
        r, moves = random.Random(self.seed), 0
        while not engine.is_over(state):
            state = engine.apply(state, r.choice(engine.legal_actions(state)))
            moves += 1
        return state, moves


# Two that play old readings (found by search: the first edition's plays a Foundry (2005) and
# leaves matching Pool cards; the Geek game completes a Domus with a Bath), and one more of each
# ruleset.
RANDOM_GAMES = [
    RandomGame("first_edition", 3, 9, geek=False, moves=432),
    RandomGame("republic", 4, 122, geek=True, moves=401),
    RandomGame("first_edition", 5, 8, geek=False, moves=404),
    RandomGame("imperium", 5, 3, geek=True, moves=456),
    RandomGame("republic", 2, 1, geek=False, moves=204),
]
FINAL_HASHES = {
    "first_edition-3-9": "70a92eb86b74ae9d7c2086ef38f34367ad9864f253841836adaefbc3d4cc85d5",
    "republic-4-122": "7907e3d828241e6b8b6e452c26c07a84102919c53b28c237a6e3b9c24a6d8fa8",
    "first_edition-5-8": "e27e1aceaeb5c51667d4aaff3403d972d134d03e7bff9201ae0425ab55ecb93d",
    "imperium-5-3": "4fde792beebc9f0ecd10b1a9697004cf7ac757c75fd761d39eefe9904d69ddac",
    "republic-2-1": "b6aff66fdcda3004e4814386a049c8129f45bb6352e0d00ad3c5b83fee18ef7b",
}


@pytest.mark.parametrize("game", RANDOM_GAMES, ids=lambda g: g.name)
def test_an_old_random_game_replays_to_its_stored_hash(game: RandomGame) -> None:
    state, moves = game.play()
    assert (moves, engine.state_hash(state)) == (game.moves, FINAL_HASHES[game.name])


def test_every_change_of_play_has_an_old_game_pinned() -> None:
    """Each ruling a revision changed (engine/revisions.py, CHANGES) has its old reading played
    above."""
    assert set(revisions.CHANGES) <= set(PINNED)


@pytest.mark.parametrize("version", ["republic", "imperium"])
def test_without_the_geek_cards_revision_2_plays_as_revision_1(version: str) -> None:
    """Revision 2 of the Black Box rulesets changed Geek cards' rulings only (docs/rules.md, Rules
    revisions): a game without them offers the same moves and ends the same at either."""
    old = engine.new_game(version, 3, 4, rules_revision=revisions.BASELINE)
    new = engine.new_game(version, 3, 4)
    assert new.rules_revision == 2
    r = random.Random(4)
    while not engine.is_over(old):
        legal = engine.legal_actions(old)
        assert legal == engine.legal_actions(new)
        action = r.choice(legal)
        old, new = engine.apply(old, action), engine.apply(new, action)
    old_json, new_json = engine.to_json(old), engine.to_json(new)
    assert new_json.pop("rules_revision") == 2 and "rules_revision" not in old_json
    assert old_json == new_json
