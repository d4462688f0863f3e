"""Complete games through HTTP only: each player with its own credentials (account tokens, and a
seat token from an e-mailed invitation) chooses from its own legal actions until the game ends;
every view and move answer is checked for hidden cards on the way (tests/conftest.py)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import Player, play_http_game, seat_player, signup

# Two games, each of another ruleset and player count (the suite's time budget). Two players
# play whole games over HTTP in the sdk stage (generated clients) and the soak; the engine's
# property test plays every count and version by the hundred.
CASES = [(3, "republic"), (4, "first_edition")]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "version"), CASES)
def test_complete_game_over_http(transactional_db, mailoutbox, players: int, version: str) -> None:
    creator = signup()
    joiners = [signup() for _ in range(players - 2)]
    seats_spec = [{"kind": "me"}] + [{"kind": "open"}] * (players - 2)
    seats_spec.append({"kind": "invited", "email": "guest@example.com"})
    r = creator.post("/api/games/", {"version": version, "players": players, "seats": seats_spec})
    assert r.status_code == 201, r.content
    game_id = r.json()["id"]
    for p in joiners:
        assert p.post(f"/api/games/{game_id}/join/", {}).status_code == 200
    (mail,) = [m for m in mailoutbox if "invited" in m.subject]  # turn mails follow
    token = re.search(r"Authorization: Seat (\S+)", mail.body).group(1)
    guest = seat_player(token)
    seats: dict[int, Player] = {0: creator, players - 1: guest}
    seats.update({i + 1: p for i, p in enumerate(joiners)})

    final = play_http_game(game_id, seats, seed=players * 10 + len(version), check_leaks=True)

    assert final["status"] == "finished"
    end = final["table"]["end"]
    assert end is not None and isinstance(end["reason"], str) and end["reason"]
    assert [s["seat"] for s in end["scores"]] == list(range(players))
    assert all(isinstance(s["total"], int) for s in end["scores"])
    assert set(end["winners"]) <= set(range(players))
    # The log is gapless and every move is attributed to the seat that made it.
    moves = creator.get(f"/api/games/{game_id}/moves/?page_size=100").json()
    assert moves["count"] == final["seq"]
    assert [m["seq"] for m in moves["results"]] == list(range(1, len(moves["results"]) + 1))
    # Every seat, and a spectator, reads the whole event log, gapless (every page fits the
    # schema: tests/openapi_fit.py); so does each account's feed.
    for reader in [*seats.values(), signup()]:
        events = read_all(reader, f"/api/games/{game_id}/events/?page_size=100")
        assert [e["id"] for e in events] == list(range(1, len(events) + 1))
        assert {"started", "action", "decision", "game_over"} <= {e["type"] for e in events}
    assert any(
        e["type"] == "game_finished" for e in read_all(creator, "/api/stream/?page_size=100")
    )
    # A finished game takes no more moves.
    r = creator.move(game_id, final["seq"], {"type": "think", "take": "cards"})
    assert r.status_code == 422 and r.json()["code"] == "game_over"


def read_all(reader: Player, url: str) -> list[dict]:
    """Every item of a paginated list, page after page."""
    items: list[dict] = []
    while url:
        r = reader.get(url)
        assert r.status_code == 200, r.content
        items += r.json()["results"]
        url = r.json()["next"]
    return items
