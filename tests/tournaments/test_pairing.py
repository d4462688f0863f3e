"""The pairing's properties (tournaments.pairing), over random tournaments of 2-5 player tables:
every table full, nobody twice in a round, byes rotating, repeats avoided when they can be."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import pairing


def play(fmt: str, n: int, size: int, rounds: int, seed: int) -> list[pairing.Round]:
    """Runs a whole tournament's pairing with random results."""
    rnd = random.Random(seed)
    players = list(range(100, 100 + n))
    points = dict.fromkeys(players, 0.0)
    done: list[tuple[list[list[int]], list[int]]] = []
    out = []
    for r in range(rounds):
        history = pairing.History.of(done)
        if fmt == "swiss":
            order = sorted(players, key=lambda p: (-points[p], p))
            drawn = pairing.pair_swiss(order, points, size, history, seed=r)
        else:
            drawn = pairing.pair_round_robin(players, size, history, seed=r)
        for table in drawn.tables:
            for place, p in enumerate(rnd.sample(table, len(table))):
                points[p] += size - 1 - place
        done.append((drawn.tables, drawn.byes))
        out.append(drawn)
    return out


def meetings(rounds: list[pairing.Round]) -> dict[frozenset[int], int]:
    met: dict[frozenset[int], int] = {}
    for r in rounds:
        for t in r.tables:
            for a, b in combinations(t, 2):
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return met


@settings(max_examples=60, deadline=None)
@given(
    fmt=st.sampled_from(["swiss", "round_robin"]),
    size=st.integers(2, 5),
    extra=st.integers(0, 14),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 2**16),
)
def test_tables_are_full_nobody_twice_and_byes_rotate(
    fmt: str, size: int, extra: int, rounds: int, seed: int
) -> None:
    n = size + extra
    played = play(fmt, n, size, rounds, seed)
    byes: dict[int, int] = dict.fromkeys(range(100, 100 + n), 0)
    for r in played:
        assert all(len(t) == size for t in r.tables)
        seated = [p for t in r.tables for p in t] + r.byes
        assert sorted(seated) == sorted(byes), "everyone once: at a table or on a bye"
        assert len(r.byes) == n % size
        for p in r.byes:
            byes[p] += 1
        assert max(byes.values()) - min(byes.values()) <= 1, "nobody has a second bye first"


@pytest.mark.parametrize("fmt", ["swiss", "round_robin"])
@pytest.mark.parametrize(
    "n,size,rounds", [(12, 3, 3), (9, 3, 4), (16, 4, 2), (10, 2, 5), (25, 5, 2)]
)
def test_no_repeat_while_one_can_be_avoided(fmt: str, n: int, size: int, rounds: int) -> None:
    """Few rounds for the field: a schedule without any repeat exists, and is found."""
    for seed in range(5):
        assert pairing.repeats(pairing.History(meetings(play(fmt, n, size, rounds, seed)), {})) == 0


def test_a_round_robin_of_twelve_in_threes_spreads_meetings() -> None:
    """12 players, tables of 3, 6 rounds (72 meetings of 66 pairs): at least 6 repeats must
    happen; no pair meets three times, and few repeat at all."""
    rounds = pairing.rounds_for_round_robin(12, 3)
    assert rounds == 6
    met = meetings(play("round_robin", 12, 3, rounds, seed=1))
    assert max(met.values()) <= 2
    assert pairing.repeats(pairing.History(met, {})) <= 12
    assert len(met) >= 60  # of the 66 pairs, nearly every one met


def test_swiss_groups_by_points() -> None:
    """Six players on 4, 4, 4, 0, 0, 0 points with no history: the leaders sit together."""
    order = [1, 2, 3, 4, 5, 6]
    points = {1: 4.0, 2: 4.0, 3: 4.0, 4: 0.0, 5: 0.0, 6: 0.0}
    drawn = pairing.pair_swiss(order, points, 3, pairing.History({}, {}))
    assert drawn.tables == [[1, 2, 3], [4, 5, 6]]


def test_swiss_byes_go_to_the_lowest_ranked_first() -> None:
    drawn = pairing.pair_swiss([1, 2, 3, 4, 5], {}, 2, pairing.History({}, {5: 0}))
    assert drawn.byes == [5]
    again = pairing.pair_swiss([1, 2, 3, 4, 5], {}, 2, pairing.History({}, {5: 1}))
    assert again.byes == [4]


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError):
        pairing.pair_round_robin([1, 2, 3], 6, pairing.History({}, {}))
    with pytest.raises(ValueError):
        pairing.pair_round_robin([1, 1, 2], 2, pairing.History({}, {}))


def test_a_pair_kept_apart_shares_no_table_while_another_round_exists() -> None:
    """docs/tournaments.md, Pairing: a block between two entrants costs more than any repeat."""
    players = list(range(9))
    apart = frozenset({frozenset((0, 1)), frozenset((2, 3))})
    history = pairing.History({}, {}, apart)
    for seed in range(20):
        drawn = pairing.pair_round_robin(players, 3, history, seed)
        for table in drawn.tables:
            assert not {0, 1} <= set(table) and not {2, 3} <= set(table)
    # Only three players for one table: they sit together all the same.
    (table,) = pairing.pair_swiss([0, 1, 2], {0: 0, 1: 0, 2: 0}, 3, history, 0).tables
    assert sorted(table) == [0, 1, 2]
