"""The bot's stream (docs/bots.md): the account feed as Server-Sent Events or JSON lines, both
resumed exactly by Last-Event-ID or `?after=`; with `view=true` each `your_turn` carries the
seat's own view and legal actions, rendered when sent (null once the game moved on), never
another seat's cards; a bot account's open stream puts it online in the bot list."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import EventReader, Player, signup, start_game


def auth(player: Player) -> dict[str, str]:
    return {"Authorization": f"Bearer {player.token}"}


def to_bobs_turn(alice: Player, bob: Player, game_id: int) -> dict[str, Any]:
    """Alice moves (thinking) until it is bob's decision; returns bob's view."""
    view = bob.game(game_id)
    while view["to_act"] != 1:
        r = alice.move(game_id, view["seq"], {"type": "think", "take": "jack"})
        assert r.status_code == 201, r.content
        view = bob.game(game_id)
    return view


def test_your_turn_carries_the_seats_own_view_rendered_when_sent(
    alice: Player, bob: Player
) -> None:
    game_id = start_game(alice, [bob])
    view = to_bobs_turn(alice, bob, game_id)
    feed = bob.get("/api/stream/?view=true&page_size=100").json()["results"]
    turn = [e for e in feed if e["type"] == "your_turn" and e["game"] == game_id][-1]
    assert turn["view"] == view  # as GET /api/games/{game_id}/ shows it to bob, legal actions too
    assert turn["view"]["legal_actions"] and turn["view"]["my_seat"] == 1
    alices = turn["view"]["table"]["players"][0]
    assert alices.get("hand") is None and alices["hand_count"] > 0  # her cards: a count only
    # Once bob moved, that event's view is null: the game went past its seq.
    bob.move(game_id, view["seq"], {"type": "think", "take": "jack"})
    feed = bob.get("/api/stream/?view=true&page_size=100").json()["results"]
    turns = [e for e in feed if e["type"] == "your_turn" and e["seq"] == view["seq"]]
    assert turns and all(e["view"] is None for e in turns)
    assert "view" not in bob.get("/api/stream/?page_size=100").json()["results"][-1]


@pytest.mark.postgres
@pytest.mark.parametrize("ndjson", [False, True], ids=["sse", "ndjson"])
def test_the_account_stream_resumes_exactly_with_views(
    asgi_server: str, alice: Player, bob: Player, ndjson: bool
) -> None:
    url = f"{asgi_server}/api/stream/?view=true"
    first = EventReader(url, auth(bob), ndjson=ndjson)
    game_id = start_game(alice, [bob])
    view = to_bobs_turn(alice, bob, game_id)
    first.wait(lambda: any(e["type"] == "your_turn" for _, e in first.events), "bob's turn")
    live = [e for _, e in first.events if e["type"] == "your_turn"][-1]
    assert live["view"] == view  # rendered for bob's seat, from the hub's message
    first.close()
    seen = first.events[-1][0]
    bob.move(game_id, view["seq"], {"type": "think", "take": "jack"})  # while away
    view = to_bobs_turn(alice, bob, game_id)
    resumed = [
        EventReader(url, {**auth(bob), "Last-Event-ID": str(seen)}, ndjson=ndjson),
        EventReader(f"{url}&after={seen}", auth(bob), ndjson=ndjson),
    ]
    total = bob.get("/api/stream/?page_size=1").json()["count"]
    for reader in resumed:
        reader.wait(lambda r=reader: r.events and r.events[-1][0] >= total, "the rest")
        numbers = [n for n, _ in first.events] + [n for n, _ in reader.events]
        assert numbers == list(range(1, total + 1))
        turns = [e for _, e in reader.events if e["type"] == "your_turn"]
        assert turns[-1]["view"] == view and all(t["view"] is None for t in turns[:-1])
        reader.close()


@pytest.mark.postgres
def test_a_bot_is_online_while_its_stream_is_open(asgi_server: str, alice: Player) -> None:
    robo = signup("robo")
    robo.post("/api/auth/bot/", {"owner": "alice", "rulesets": ["republic"]})

    def online() -> bool:
        listed = alice.get("/api/bots/?page_size=100").json()["results"]
        return bool(next(b for b in listed if b["name"] == "robo")["online"])

    assert not online()
    reader = EventReader(f"{asgi_server}/api/stream/", auth(robo), ndjson=True)
    reader.wait(online, "the bot online")
    reader.wait(lambda: reader.comments >= 1, "a keep-alive line")
    reader.close()
