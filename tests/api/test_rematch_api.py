"""Rematch over HTTP (docs/community.md): offer after the end, accept or decline, seats rotated,
bots accept at once; answers checked against openapi.yaml, refusals documented codes."""

from __future__ import annotations

from typing import Any

from games.models import AccountEvent, Game, Rematch
from games.services import rematch
from games.services.resignation import game_surrender
from tests.conftest import Player, start_game


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def finish(game_id: int, loser: Player, winner_seat: int) -> None:
    r = loser.post(f"/api/games/{game_id}/surrender/", {"to": winner_seat})
    assert r.status_code == 200, r.content
    assert Game.objects.get(pk=game_id).status == "finished"


def test_a_rematch_accepted_starts_the_next_game(alice: Player, bob: Player, carol: Player) -> None:
    clock = {"kind": "fixed", "seconds": 7200}
    game_id = start_game(alice, [bob], version="imperium", clock=clock)
    refused(alice.post(f"/api/games/{game_id}/rematch/"), 409, "game_not_finished")
    finish(game_id, alice, 1)
    refused(carol.post(f"/api/games/{game_id}/rematch/"), 403, "not_a_player")
    r = alice.post(f"/api/games/{game_id}/rematch/")
    assert r.status_code == 200, r.content
    assert (r.json()["status"], r.json()["waiting"], r.json()["accepted"]) == ("pending", [1], [0])
    assert AccountEvent.objects.filter(user__username="bob", type="rematch_offered").exists()
    refused(bob.post(f"/api/games/{game_id}/rematch/"), 409, "rematch_offered")
    refused(alice.post(f"/api/games/{game_id}/rematch/accept/"), 409, "no_rematch")

    r = bob.post(f"/api/games/{game_id}/rematch/accept/")
    assert r.json()["status"] == "accepted", r.content
    following = Game.objects.get(pk=r.json()["next_game"])
    names = [s.user.username for s in following.seats.order_by("position")]
    assert names == ["bob", "alice"]  # seats rotated
    assert (following.status, following.version, following.clock_seconds) == (
        "active",
        "imperium",
        7200,
    )
    assert carol.get(f"/api/games/{game_id}/rematch/").json()["next_game"] == following.pk
    refused(bob.post(f"/api/games/{game_id}/rematch/decline/"), 409, "no_rematch")
    closed = AccountEvent.objects.get(user__username="alice", type="rematch_closed")
    assert closed.data["next_game"] == following.pk


def test_a_declined_rematch_ends(alice: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob])
    refused(alice.get(f"/api/games/{game_id}/rematch/"), 404, "not_found")
    finish(game_id, bob, 0)
    alice.post(f"/api/games/{game_id}/rematch/")
    r = bob.post(f"/api/games/{game_id}/rematch/decline/")
    assert (r.json()["status"], r.json()["next_game"]) == ("declined", None)
    refused(alice.post(f"/api/games/{game_id}/rematch/"), 409, "rematch_offered")
    assert Game.objects.count() == 1


def test_bots_accept_at_once(alice: Player) -> None:
    r = alice.post(
        "/api/games/",
        {
            "players": 3,
            "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}],
        },
    )
    game_id = r.json()["id"]
    alice.post(f"/api/games/{game_id}/resign/")
    game = Game.objects.get(pk=game_id)
    if game.status != "finished":  # the bots play on: end it as a surrender would
        Game.objects.filter(pk=game_id).update(status="finished")
    r = alice.post(f"/api/games/{game_id}/rematch/")
    assert r.json()["status"] == "accepted", r.content
    following = Game.objects.get(pk=r.json()["next_game"])
    seats = list(following.seats.order_by("position"))
    assert [s.kind for s in seats] == ["bot", "player", "bot"]
    assert seats[2].bot == "greedy" and seats[0].bot == "random"


def test_an_unanswered_offer_expires(alice: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob])
    finish(game_id, alice, 1)
    alice.post(f"/api/games/{game_id}/rematch/")
    Rematch.objects.update(expires="2000-01-01T00:00:00Z")
    refused(bob.post(f"/api/games/{game_id}/rematch/accept/"), 409, "no_rematch")
    assert rematch.rematches_expire() == 1
    assert Rematch.objects.get().status == "expired"


def test_a_rematch_of_players_invited_by_mail_seats_them_again(alice: Player) -> None:
    """A table of invitations alone (its creator not seated): the next game invites the same
    addresses, seats rotated."""
    seats = [{"kind": "invited", "email": f"p{n}@example.org"} for n in range(2)]
    r = alice.post("/api/games/", {"players": 2, "seats": seats})
    assert r.status_code == 201, r.content
    game_id = r.json()["id"]
    game_surrender(game_id=game_id, position=0, to=1)
    rematch.rematch_offer(game_id=game_id, position=0)
    offer = rematch.rematch_answer(game_id=game_id, position=1, accept=True)
    assert offer.status == "accepted"
    emails = [s.email for s in offer.next_game.seats.order_by("position")]
    assert emails == ["p1@example.org", "p0@example.org"]
