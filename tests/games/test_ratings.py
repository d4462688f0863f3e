"""Ratings (docs/ratings.md): the model's numbers, the ranks a game's end gives, the rules that
leave a game unrated, one update per game, and the rebuild that replays them all."""

from __future__ import annotations

import random
import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections
from django.utils import timezone

from games import codes
from games.errors import Refused
from games.models import AccountEvent, Game, Move, RatedGame, Rating, RatingChange, Seat
from games.services import lobby, ratings, resignation
from games.services import rating_rules as rules
from games.services.lobby import SeatSpec
from games.services.rating_rebuild import ratings_rebuild
from tests.ratings_data import At, finished, many

BOTS = [b.value for b in Seat.Bot]


@pytest.fixture
def users(db: Any, django_user_model: Any) -> list[Any]:
    return [django_user_model.objects.create_user(f"p{i}", password="x") for i in range(5)]


def rating(user_or_bot: Any, family: str = "black_box") -> Rating:
    subject = f"bot:{user_or_bot}" if isinstance(user_or_bot, str) else f"user:{user_or_bot.pk}"
    return Rating.objects.get(family=family, subject=subject)


def rated(game: Game) -> RatedGame:
    ratings.game_rate_late(game.pk)
    return RatedGame.objects.get(game=game)


# The model ---------------------------------------------------------------------------------------


def test_the_model_gives_openskills_documented_numbers() -> None:
    """openskill's manual (The Basics; Ranks): two teams of two newcomers, the first wins; the
    ordinals of a winner and a loser. The displayed rating is 40 x that ordinal + 1000."""
    r = rules.MODEL.rating
    [[a, b], [x, y]] = rules.MODEL.rate([[r(), r()], [r(), r()]])
    assert (a.mu, a.sigma) == (b.mu, b.sigma) == (26.964294621803063, 8.177962604389991)
    assert (x.mu, x.sigma) == (y.mu, y.sigma) == (23.035705378196937, 8.177962604389991)
    assert a.ordinal() == pytest.approx(2.4304068086330872)
    assert x.ordinal() == pytest.approx(-1.4981824349730388)
    assert rules.shown(a.mu, a.sigma) == pytest.approx(1000 + 40 * 2.4304068086330872)
    assert rules.shown(rules.MU, rules.SIGMA) == pytest.approx(1000)


def test_tied_seats_share_a_rank_and_an_update() -> None:
    """openskill's manual (Artificial Ranks): ties have equal ranks; newcomers tied move alike."""
    newcomer = (rules.MU, rules.SIGMA)
    standings = [rules.Standing(p, f"user:{p}", rank) for p, rank in enumerate([1, 2, 2, 4])]
    after = rules.rate(dict.fromkeys(("user:0", "user:1", "user:2", "user:3"), newcomer), standings)
    assert after["user:1"] == after["user:2"]
    assert after["user:0"][0] > rules.MU > after["user:1"][0] > after["user:3"][0]


# Ranks from a game's end -------------------------------------------------------------------------


def test_a_game_ranks_by_score_then_cards_in_hand(users: list[Any]) -> None:
    """Black Box rulebook, Scoring and Winning: most points; a tie goes to the most cards in hand;
    players still tied share the place."""
    seats = [At(users[0], 20, 1), At(users[1], 25, 0), At(users[2], 20, 3), At(users[3], 20, 1)]
    ledger = rated(finished(seats))
    assert [s["rank"] for s in ledger.standings] == [3, 1, 2, 3]
    first, tied = rating(users[1]), [rating(users[0]), rating(users[3])]
    assert first.games == 1 and first.value > tied[0].value == tied[1].value
    changes = RatingChange.objects.filter(ledger=ledger)
    assert changes.count() == 4
    assert {c.rating_id: c.rank for c in changes}[first.pk] == 1


def test_forfeits_rank_last_whatever_they_scored(users: list[Any]) -> None:
    """Resigned, abandoned to a bot after timeouts, suspended: last, tied, even on top points."""
    seats = [
        At(users[0], 40, resigned=True),
        At(users[1], 30),
        At(users[2], 35, bot_standing_in=True),
        At(users[3], 10),
        At(users[4], 50, suspended=True),
    ]
    ledger = rated(finished(seats))
    assert [s["rank"] for s in ledger.standings] == [3, 1, 3, 2, 3]


def test_a_surrender_ranks_the_winner_first_and_the_others_second(users: list[Any]) -> None:
    seats = [At(users[0], 5), At(users[1], 9), At(users[2], 1, resigned=True)]
    ledger = rated(finished(seats, winners=[0], reason="surrender"))
    assert [s["rank"] for s in ledger.standings] == [1, 2, 3]


def test_a_bot_at_two_seats_counts_the_game_once(users: list[Any]) -> None:
    seats = [At(users[0], 30), At("greedy", 20), At("greedy", 10)]
    ledger = rated(finished(seats))
    greedy = rating("greedy")
    assert greedy.games == 1
    change = RatingChange.objects.get(ledger=ledger, rating=greedy)
    assert change.seats == [1, 2] and change.rank == 2


# Never rated -------------------------------------------------------------------------------------


def moves(game: Game, seat: int, actors: list[str]) -> None:
    for actor in actors:
        Move(game=game, seq=game.seq + 1, seat=seat, action={}, actor=actor, state_hash="x").save()
        game.seq += 1


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda u: finished([At(u[0], 9), At(u[1])], options={"training": True}), "training"),
        (lambda u: finished([At(u[0], 9), At(u[1])], setup={"scenario": {}}), "setup"),
        (lambda u: finished([At(u[0], 9), At(None)]), "no_account"),
        (lambda u: finished([At("random", 9), At("random")]), "one_subject"),
    ],
)
def test_games_that_are_never_rated(users: list[Any], make: Any, reason: str) -> None:
    ledger = rated(make(users))
    assert (ledger.rated, ledger.reason) == (False, reason)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_game_the_server_played_much_of_is_not_rated(users: list[Any]) -> None:
    """More than a quarter of a person's decisions played by the server (timeouts, a bot standing
    in), and that person did not forfeit: not rated. At a quarter exactly it is."""
    game = finished([At(users[0], 9), At(users[1])])
    moves(game, 0, ["human"] * 3 + ["timeout"])
    moves(game, 1, ["human"] * 4)
    assert rated(game).rated
    game = finished([At(users[0], 9), At(users[1])])
    moves(game, 0, ["human"] * 2 + ["timeout", "bot"])
    assert rated(game).reason == "bot_share"
    abandoned = finished([At(users[0], 9, bot_standing_in=True), At(users[1])])
    moves(abandoned, 0, ["human"] + ["bot"] * 9)
    assert rated(abandoned).rated  # an abandoned seat forfeits: the others are rated


def test_a_casual_game_is_not_in_the_ledger(users: list[Any]) -> None:
    game = finished([At(users[0], 9), At(users[1])], rated=False)
    assert ratings.game_rate_late(game.pk) == 0
    assert not RatedGame.objects.exists()


@pytest.mark.parametrize(
    "kw",
    [
        {"options": {"training": True}},
        {"seats": [SeatSpec("me"), SeatSpec("invited", email="x@example.com")]},
        {"scenario": {"version": "republic", "players": [{}, {}]}},
    ],
)
def test_an_unratable_game_is_refused_rated(users: list[Any], kw: dict[str, Any]) -> None:
    users[0].is_staff = True
    with pytest.raises(Refused) as refused:
        lobby.game_create(user=users[0], version="republic", players=2, rated=True, **kw)
    assert refused.value.code == codes.UNRATABLE
    assert not Game.objects.exists()


# One update per game -----------------------------------------------------------------------------


def test_a_resignation_that_ends_a_game_rates_it_in_that_transaction(users: list[Any]) -> None:
    game = lobby.game_create(user=users[0], version="imperium", players=2, rated=True)
    lobby.seat_join(game_id=game.pk, user=users[1])
    resignation.game_resign(game_id=game.pk, position=1)
    ledger = RatedGame.objects.get(game=game)
    assert ledger.family == "black_box" and [s["rank"] for s in ledger.standings] == [1, 2]
    winner, loser = rating(users[0]), rating(users[1])
    assert winner.value > 1000 > loser.value
    event = AccountEvent.objects.get(user=users[0], type="rating_changed")
    shown_before = round(rules.shown(rules.MU, rules.SIGMA))
    assert event.data == {
        "type": "rating_changed",
        "game": game.pk,
        "family": "black_box",
        "rank": 1,
        "rating": round(winner.value),
        "change": round(winner.value) - shown_before,
        "games": 1,
        "provisional": True,
    }
    seats = Seat.objects.filter(game=game).order_by("position")
    assert [s.rating_change for s in seats] == [event.data["change"], round(loser.value) - 1000]
    assert ratings.game_rate_late(game.pk) == 0 and ratings.ratings_sweep() == 0
    assert rating(users[0]).games == 1


def test_a_rating_that_fails_at_the_end_leaves_the_game_ended_and_the_sweep_rates_it(
    users: list[Any], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault injected into the model: the resignation still ends the game, the failure is
    logged, and beat's sweep rates the game once the fault is gone."""
    game = lobby.game_create(user=users[0], version="republic", players=2, rated=True)
    lobby.seat_join(game_id=game.pk, user=users[1])

    def broken(*args: Any) -> Any:
        raise RuntimeError("injected")

    monkeypatch.setattr(rules, "rate", broken)
    resignation.game_resign(game_id=game.pk, position=1)
    assert Game.objects.get(pk=game.pk).status == "finished"
    assert not RatedGame.objects.exists() and "Rating game" in caplog.text
    monkeypatch.undo()
    assert ratings.ratings_sweep() == 1
    assert RatedGame.objects.get(game=game).rated and rating(users[0]).games == 1


def test_the_sweep_rates_a_game_whose_rating_was_lost(users: list[Any]) -> None:
    game = finished([At(users[0], 9), At(users[1])])
    assert ratings.ratings_sweep() == 1
    assert ratings.ratings_sweep() == 0
    assert RatedGame.objects.get(game=game).rated
    assert Game.objects.get(pk=game.pk).revision == game.revision + 1  # the views' new seats


def random_games(people: list[Any], count: int, seed: int) -> list[Game]:
    """Random finished rated games of 2 to 5 seats among people and the server's bots."""
    rng = random.Random(seed)
    start = timezone.now() - timedelta(days=30)
    tables = []
    for i in range(count):
        who = rng.sample(people, rng.randint(1, min(5, len(people))))
        who += rng.sample(BOTS, rng.randint(0, 5 - len(who))) if len(who) < 5 else []
        if len(who) < 2:
            who.append(rng.choice(BOTS))
        rng.shuffle(who)
        seats = [
            At(w, rng.randint(5, 12), rng.randint(0, 2), resigned=rng.random() < 0.05) for w in who
        ]
        version = rng.choice(["republic", "imperium", "first_edition"])
        tables.append((seats, {"version": version, "when": start + timedelta(minutes=i)}))
    return many(tables)


def stored() -> dict[tuple[str, str], tuple[float, float, int, Any]]:
    return {
        (r.family, r.subject): (r.mu, r.sigma, r.games, r.last_played) for r in Rating.objects.all()
    }


def history() -> list[tuple[Any, ...]]:
    return sorted(
        RatingChange.objects.values_list(
            "game_id",
            "rating__subject",
            "rank",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "value_after",
        )
    )


@pytest.mark.slow
def test_a_rebuild_gives_the_numbers_of_1000_games_rated_one_by_one(
    db: Any, django_user_model: Any
) -> None:
    people = [django_user_model.objects.create_user(f"u{i}", password="x") for i in range(50)]
    for game in random_games(people, 1000, seed=33):
        ratings.game_rate_late(game.pk)
    before, changes = stored(), history()
    assert sum(games for _, _, games, _ in before.values()) == len(changes) > 2000
    assert ratings_rebuild().differed == 0
    assert stored() == before
    assert history() == changes


@pytest.mark.postgres
def test_concurrent_finishes_rate_each_game_once(transactional_db: Any, django_user_model: Any):
    """Threads rate the same games at once, in different orders, with the sweep among them."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    people = [django_user_model.objects.create_user(f"c{i}", password="x") for i in range(6)]
    games = random_games(people, 40, seed=7)
    ids = [g.pk for g in games]
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def work(order: list[int] | None) -> None:
        try:
            barrier.wait(timeout=30)
            if order is None:
                ratings.ratings_sweep()
            for game_id in order or []:
                ratings.game_rate_late(game_id)
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)
        finally:
            connections.close_all()

    orders = [ids, ids[::-1], random.Random(1).sample(ids, len(ids)), None]
    threads = [threading.Thread(target=work, args=(o,)) for o in orders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors
    assert RatedGame.objects.filter(game_id__in=ids).count() == len(ids)
    per_subject = RatingChange.objects.values_list("rating_id", flat=True)
    assert all(r.games == list(per_subject).count(r.pk) for r in Rating.objects.all())
    before = stored()
    assert ratings_rebuild().differed == 0
    assert stored() == before
