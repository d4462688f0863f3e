"""Tournaments through the API and the services: creating, joining and withdrawing (and the
bad input of each), a Swiss tournament's standings against hand-computed ones, removal after
timeouts, and a table held when its record fails verification."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import AccountEvent, Availability, Game, Seat
from games.services import automatic, resignation
from tests.conftest import Player, signup
from tournaments.admin import TableAdmin
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.services import entries, rounds


@pytest.fixture(autouse=True)
def _database(transactional_db: Any) -> None:
    """Commits for real: a round moves on in the receiver of a game's commit (and signing up
    skips the throttles: tests/conftest.py)."""


def staff_player(name: str = "director") -> Player:
    player = signup(name)
    User.objects.filter(username=name).update(is_staff=True)
    return player


def terms(**more: Any) -> dict[str, Any]:
    starts = (timezone.now() + timedelta(days=1)).isoformat()
    return {
        "name": "Autumn Cup",
        "format": "swiss",
        "table_size": 3,
        "rounds": 2,
        "starts": starts,
        "max_players": 9,
        **more,
    }


def create(director: Player, **more: Any) -> dict[str, Any]:
    r = director.post("/api/tournaments/", terms(**more))
    assert r.status_code == 201, r.content
    return dict(r.json())


def start(tournament_id: int) -> None:
    Tournament.objects.filter(pk=tournament_id).update(starts=timezone.now())
    assert rounds.tournaments_sweep() == 1


def tables_of(tournament_id: int, number: int) -> list[Table]:
    return list(Table.objects.filter(round__tournament_id=tournament_id, round__number=number))


def seat_of(game_id: int, name: str) -> int:
    return int(Seat.objects.get(game_id=game_id, user__username=name).position)


def finish(game_id: int, first: str, second: str, third: str) -> None:
    """Ends a three-player game in this order: the third resigns (below every seat that did
    not), the second surrenders to the first, who wins."""
    resignation.game_resign(game_id=game_id, position=seat_of(game_id, third))
    to = seat_of(game_id, first)
    resignation.game_surrender(game_id=game_id, position=seat_of(game_id, second), to=to)
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED


def table_with(tournament_id: int, number: int, name: str) -> int:
    found = Table.objects.get(
        round__tournament_id=tournament_id,
        round__number=number,
        seatings__entry__user__username=name,
    )
    return int(found.game_id)


def test_staff_create_anyone_reads_and_lists(anon: Player) -> None:
    created = create(staff_player())
    assert created["status"] == "open" and created["entrants"] == 0
    assert created["clock"] == {"kind": "none"} and created["standings"] == []
    assert anon.get(f"/api/tournaments/{created['id']}/").json()["name"] == "Autumn Cup"
    listed = anon.get("/api/tournaments/").json()
    assert [t["id"] for t in listed["results"]] == [created["id"]]


def test_bad_tournaments_are_refused_and_create_nothing(alice: Player) -> None:
    director = staff_player()
    assert alice.post("/api/tournaments/", terms()).json()["code"] == "not_staff"
    for bad, code, status in [
        ({"rounds": None}, "bad_tournament", 422),  # a Swiss says how many rounds
        ({"starts": "2020-01-01T00:00:00Z"}, "bad_tournament", 422),
        ({"max_players": 2}, "bad_tournament", 422),
        ({"table_size": 6}, "invalid", 400),
        ({"format": "knockout"}, "invalid", 400),
        ({"clock": {"kind": "sundial"}}, "invalid", 400),
        ({"options": {"training": True}}, "unratable", 422),  # rated by default
    ]:
        r = director.post("/api/tournaments/", terms(**bad))
        assert (r.status_code, r.json()["code"]) == (status, code), bad
    assert not Tournament.objects.exists()
    assert alice.get("/api/tournaments/99/").json()["code"] == "no_such_tournament"


def test_join_and_withdraw_before_the_start(alice: Player, bob: Player, carol: Player) -> None:
    t = create(staff_player(), max_players=3)
    url = f"/api/tournaments/{t['id']}"
    r = alice.post(f"{url}/join/")
    assert r.status_code == 200 and r.json()["entered"] and r.json()["entrants"] == 1
    assert alice.post(f"{url}/join/").json()["code"] == "already_entered"
    assert alice.post(f"{url}/withdraw/").json()["entered"] is False
    assert alice.post(f"{url}/withdraw/").json()["code"] == "not_entered"
    for p in (alice, bob, carol):
        assert p.post(f"{url}/join/").status_code == 200
    dave = signup("dave")
    r = dave.post(f"{url}/join/")
    assert (r.status_code, r.json()["code"]) == (409, "tournament_full")
    start(t["id"])
    erin = signup("erin")
    Tournament.objects.filter(pk=t["id"]).update(max_players=9)
    assert erin.post(f"{url}/join/").json()["code"] == "tournament_started"
    assert Entry.objects.filter(tournament_id=t["id"]).count() == 3


def test_too_few_entrants_cancel_the_tournament(alice: Player) -> None:
    t = create(staff_player())
    alice.post(f"/api/tournaments/{t['id']}/join/")
    Tournament.objects.filter(pk=t["id"]).update(starts=timezone.now())
    assert rounds.tournaments_sweep() == 0
    assert Tournament.objects.get(pk=t["id"]).status == "cancelled"
    assert alice.post(f"/api/tournaments/{t['id']}/withdraw/").json()["code"] == "tournament_over"


NAMES = [f"e{i}" for i in range(1, 10)]


def test_a_swiss_tournament_against_hand_computed_standings() -> None:
    """Nine entrants, tables of three, two rounds. Round 1 pairs in entry order; round 2 puts
    the three winners together, the three seconds, the three thirds. Points per table 2, 1, 0;
    Buchholz summed by hand from the final points (docs/tournaments.md)."""
    t = create(staff_player())
    players = {name: signup(name) for name in NAMES}
    for p in players.values():
        assert p.post(f"/api/tournaments/{t['id']}/join/").status_code == 200
    start(t["id"])
    one = tables_of(t["id"], 1)
    seated = [sorted(s.entry.user.username for s in table.seatings.all()) for table in one]
    assert seated == [["e1", "e2", "e3"], ["e4", "e5", "e6"], ["e7", "e8", "e9"]]
    announced = AccountEvent.objects.filter(user__username="e5", type="tournament_round")
    assert [e.data["game"] for e in announced] == [one[1].game_id]
    feed = players["e5"].get("/api/stream/").json()["results"]  # it fits the schema's oneOf
    rounds_told = [e for e in feed if e["type"] == "tournament_round"]
    assert [(e["round"], e["game"], e["name"]) for e in rounds_told] == [
        (1, one[1].game_id, "Autumn Cup")
    ]
    for a, b, c in (("e1", "e2", "e3"), ("e4", "e5", "e6"), ("e7", "e8", "e9")):
        finish(table_with(t["id"], 1, a), a, b, c)
    two = tables_of(t["id"], 2)
    groups = sorted(sorted(s.entry.user.username for s in x.seatings.all()) for x in two)
    assert groups == [["e1", "e4", "e7"], ["e2", "e5", "e8"], ["e3", "e6", "e9"]]
    for a, b, c in (("e7", "e4", "e1"), ("e2", "e5", "e8"), ("e9", "e6", "e3")):
        finish(table_with(t["id"], 2, a), a, b, c)

    detail = players["e1"].get(f"/api/tournaments/{t['id']}/").json()
    assert detail["status"] == "finished"
    got = [(s["player"], s["points"], s["buchholz"], s["rank"]) for s in detail["standings"]]
    assert got == [
        ("e7", 4.0, 8.0, 1),
        ("e4", 3.0, 9.0, 2),
        ("e2", 3.0, 5.0, 3),
        ("e1", 2.0, 10.0, 4),
        ("e5", 2.0, 8.0, 5),
        ("e9", 2.0, 6.0, 6),
        ("e8", 1.0, 11.0, 7),
        ("e6", 1.0, 7.0, 8),
        ("e3", 0.0, 8.0, 9),
    ]
    assert [r["number"] for r in detail["rounds_played"]] == [1, 2]
    assert all(len(r["tables"]) == 3 for r in detail["rounds_played"])
    finished = AccountEvent.objects.get(user__username="e7", type="tournament_finished")
    assert finished.data["rank"] == 1


def test_a_rated_tournament_plays_rated_games_a_casual_one_casual() -> None:
    """docs/tournaments.md, Ratings: a tournament's games are rated as it is."""
    director = staff_player()
    for rated in (True, False):
        t = create(director, name=f"Cup {rated}", max_players=3, rated=rated)
        for name in ("ann", "ben", "cat"):
            user = User.objects.filter(username=name).first()
            player = signup(name) if user is None else None
            if player is None:
                entries.entry_join(user=user, tournament_id=t["id"])
            else:
                player.post(f"/api/tournaments/{t['id']}/join/")
        start(t["id"])
        (table,) = tables_of(t["id"], 1)
        assert Game.objects.get(pk=table.game_id).rated is rated


def test_withdrawing_resigns_the_games_in_play() -> None:
    t = create(staff_player(), max_players=3)
    players = [signup(n) for n in ("ann", "ben", "cat")]
    for p in players:
        p.post(f"/api/tournaments/{t['id']}/join/")
    start(t["id"])
    game_id = tables_of(t["id"], 1)[0].game_id
    r = players[0].post(f"/api/tournaments/{t['id']}/withdraw/")
    assert r.status_code == 200 and not r.json()["entered"]
    assert Seat.objects.get(game_id=game_id, user__username="ann").resigned
    assert Entry.objects.get(user__username="ann").status == "withdrawn"
    assert players[0].post(f"/api/tournaments/{t['id']}/withdraw/").json()["code"] == "not_entered"
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE  # two still play


def test_a_block_made_after_joining_neither_stalls_nor_refuses_a_round() -> None:
    """docs/tournaments.md, The API: three entrants, one blocks another after both joined. The
    round is paired all the same (one table is all the field allows), and everyone is seated."""
    t = create(staff_player(), max_players=3)
    players = [signup(n) for n in ("ann", "ben", "cat")]
    for p in players:
        assert p.post(f"/api/tournaments/{t['id']}/join/").status_code == 200
    assert players[0].post("/api/blocks/", {"username": "ben"}).status_code == 201
    start(t["id"])
    (table,) = tables_of(t["id"], 1)
    seated = set(
        Seat.objects.filter(game_id=table.game_id).values_list("user__username", flat=True)
    )
    assert seated == {"ann", "ben", "cat"}
    assert Game.objects.get(pk=table.game_id).status == Game.Status.ACTIVE


def test_an_entrant_is_removed_at_the_timeout_limit() -> None:
    t = create(
        staff_player(), max_players=3, timeout_limit=1, clock={"kind": "fixed", "seconds": 60}
    )
    for name in ("ann", "ben", "cat"):
        signup(name).post(f"/api/tournaments/{t['id']}/join/")
        Availability.objects.create(user=User.objects.get(username=name), auto_vacation=False)
    start(t["id"])
    game = Game.objects.get(pk=tables_of(t["id"], 1)[0].game_id)
    late = Seat.objects.get(game=game, position=game.to_act).user.username
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert automatic.deadline_expire(game_id=game.pk, seq=game.seq) == "timed_out"
    entry = Entry.objects.get(user__username=late)
    assert (entry.status, entry.reason) == ("removed", "timeouts")
    assert Seat.objects.get(game=game, user__username=late).resigned
    told = AccountEvent.objects.get(user__username=late, type="tournament_left")
    assert told.data["reason"] == "timeouts"


def test_a_table_failing_verification_holds_the_round_until_staff_accept() -> None:
    t = create(staff_player(), max_players=3, rounds=1, format="round_robin")
    for name in ("ann", "ben", "cat"):
        signup(name).post(f"/api/tournaments/{t['id']}/join/")
    start(t["id"])
    table = tables_of(t["id"], 1)[0]
    resignation.game_resign(game_id=table.game_id, position=2)
    seed = Game.objects.get(pk=table.game_id).setup["seed"]
    Game.objects.filter(pk=table.game_id).update(setup={"seed": seed + 1})  # no longer replays
    resignation.game_surrender(game_id=table.game_id, position=1, to=0)
    table.refresh_from_db()
    assert table.problems and not table.scored
    assert Round.objects.get(tournament_id=t["id"]).status == "playing"
    assert Tournament.objects.get(pk=t["id"]).status == "running"
    TableAdmin(Table, admin_site=None).accept_result(None, Table.objects.filter(pk=table.pk))  # type: ignore[arg-type]
    assert Tournament.objects.get(pk=t["id"]).status == "finished"


def test_a_round_is_mailed_to_each_entrant_with_an_address(mailoutbox: list[Any]) -> None:
    t = create(staff_player(), max_players=4, table_size=3, name="Ides Open")
    for name in ("ann", "ben", "cat", "dan"):
        signup(name).post(f"/api/tournaments/{t['id']}/join/")
    for name in ("ann", "dan"):
        User.objects.filter(username=name).update(email=f"{name}@example.com")
    start(t["id"])
    game_id = tables_of(t["id"], 1)[0].game_id
    mails = {m.to[0]: m for m in mailoutbox if "Ides Open" in m.subject}
    assert set(mails) == {"ann@example.com", "dan@example.com"}
    bye = Round.objects.get(tournament_id=t["id"]).byes.get().user.email
    assert "a bye" in mails[bye].body
    other = ({"ann@example.com", "dan@example.com"} - {bye}).pop()
    assert f"/games/{game_id}/" in mails[other].body


def test_a_round_at_a_fixed_date_waits_for_it_then_beat_starts_it() -> None:
    t = create(staff_player(), max_players=3, round_interval=3600)
    for name in ("ann", "ben", "cat"):
        signup(name).post(f"/api/tournaments/{t['id']}/join/")
    start(t["id"])
    finish(tables_of(t["id"], 1)[0].game_id, "ann", "ben", "cat")
    assert Round.objects.get(tournament_id=t["id"], number=1).status == "finished"
    assert not tables_of(t["id"], 2)  # its date is an hour after the start
    assert rounds.tournaments_sweep() == 0
    assert rounds.tournaments_sweep(timezone.now() + timedelta(hours=1)) == 1
    assert len(tables_of(t["id"], 2)) == 1


def test_the_admin_checks_a_new_tournament_as_the_api_does(client: Any) -> None:
    """docs/tournaments.md: staff create tournaments in the admin too, with the API's checks."""
    staff_player("director")
    User.objects.filter(username="director").update(is_superuser=True)  # the admin's permissions
    client.force_login(User.objects.get(username="director"))
    starts = timezone.now() + timedelta(days=1)
    form = {
        "name": "Winter Cup",
        "version": "republic",
        "options": "{}",
        "format": "swiss",
        "table_size": "3",
        "rounds": "2",
        "starts_0": starts.strftime("%Y-%m-%d"),
        "starts_1": starts.strftime("%H:%M:%S"),
        "clock": '{"kind": "fixed", "seconds": 86400}',
        "max_players": "9",
        "timeout_limit": "3",
        "rated": "on",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
    }
    url = "/admin/tournaments/tournament/add/"
    for bad, says in (
        ({"options": '{"no_such_option": true}'}, b"No table of these terms"),
        ({"clock": '{"kind": "fixed", "seconds": 0}'}, b"Say how many seconds"),
        ({"clock": '{"kind": "fixed", "hours": 3}'}, b"Not a clock"),
        ({"max_players": "2"}, b"Room for one table at least"),
    ):
        r = client.post(url, {**form, **bad})
        assert r.status_code == 200 and says in r.content, bad
    assert not Tournament.objects.exists()
    assert client.post(url, form).status_code == 302
    made = Tournament.objects.get()
    assert made.clock == {"kind": "fixed", "seconds": 86400} and made.seed != 0
