"""The games database (docs/research.md, The dataset): `GET /api/games/export/` and `manage.py
export_games` write every finished game dealt by the server as one line of ndjson, its complete
record; each line replays (engine/record.py) to the game's stored end; games in play, open or
cancelled tables and games set up from a scenario are absent; only staff may export; the filters
narrow it; the answer is a stream, under WSGI and ASGI alike."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

import jsonschema_rs
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import AsyncClient

import engine
from engine import record as records
from games.models import Game, Move
from games.read.selectors import Caller
from games.services.lobby import game_create, seat_join, seat_leave
from games.services.moves import move_submit
from games.services.resignation import game_surrender
from tests import openapi_fit
from tests.conftest import Player, signup

NDJSON = "application/x-ndjson"


def staff(name: str = "keeper") -> Player:
    player = signup(name)
    User.objects.filter(username=name).update(is_staff=True)
    return player


def user(player: Player) -> User:
    return User.objects.get(username=player.name)


def new_game(creator: Player, other: Player, version: str = "republic", **kw: Any) -> int:
    game = game_create(user=user(creator), version=version, players=2, **kw)
    seat_join(game_id=game.pk, user=user(other))
    return game.pk


def play(game_id: int, players: list[Player], moves: int = 10_000, seed: int = 0) -> Game:
    """Random legal moves through the service, as whoever is to act, until the end (or
    `moves` moves)."""
    r = random.Random(seed)
    users = {p.name: user(p) for p in players}
    for _ in range(moves):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        state = engine.from_json(game.state)
        seat = game.seats.get(position=engine.to_act(state))
        caller = Caller(user=users[seat.user.username], token_seat=None)
        move_submit(
            game_id=game_id,
            caller=caller,
            seq=game.seq,
            action=r.choice(engine.legal_actions(state)),
        )
    return Game.objects.get(pk=game_id)


def finished_games(alice: Player, bob: Player, whole: bool = False) -> tuple[int, int]:
    """A Republic game played to its end (`whole`; else won by surrender) and an Imperium game
    won by surrender."""
    first = new_game(alice, bob, "republic")
    play(first, [alice, bob], moves=10_000 if whole else 20, seed=1)
    if not whole:
        game_surrender(game_id=first, position=1, to=0)
    assert Game.objects.get(pk=first).status == Game.Status.FINISHED
    short = new_game(alice, bob, "imperium")
    play(short, [alice, bob], moves=12, seed=2)
    game_surrender(game_id=short, position=0, to=1)
    assert Game.objects.get(pk=short).status == Game.Status.FINISHED
    return first, short


def lines(body: bytes) -> list[dict[str, Any]]:
    assert body == b"" or body.endswith(b"\n")
    out = [json.loads(line) for line in body.split(b"\n")[:-1]]
    validator = jsonschema_rs.Draft4Validator(
        {
            "$ref": "#/components/schemas/DatasetRecord",
            "components": openapi_fit.as_json_schema(openapi_fit._openapi()["components"]),
        }
    )
    for line in out:
        assert validator.is_valid(line), line
    return out


def export(player: Player, query: str = "") -> list[dict[str, Any]]:
    r = player.get(f"/api/games/export/{query}")
    assert r.status_code == 200 and r.streaming and not r.is_async, r
    assert r["Content-Type"] == NDJSON
    return lines(b"".join(r.streaming_content))


def test_finished_games_export_and_replay_to_their_stored_end(transactional_db: Any) -> None:
    alice, bob, keeper = signup("alice"), signup("bob"), staff()
    whole, short = finished_games(alice, bob, whole=True)
    in_play = new_game(alice, bob, "republic")
    play(in_play, [alice, bob], moves=30, seed=3)
    game_create(user=user(alice), version="republic", players=3)  # open, never started
    left = game_create(user=user(bob), version="imperium", players=2)
    seat_leave(game_id=left.pk, seat=left.seats.get(position=0))  # cancelled: it has `finished`
    assert Game.objects.get(pk=left.pk).status == Game.Status.CANCELLED

    exported = export(keeper)
    assert [line["game"] for line in exported] == [whole, short]  # in the order they finished
    for line in exported:
        game = Game.objects.get(pk=line["game"])
        assert line["complete"] and line["format"] == "gtr-record/1"
        assert datetime.datetime.fromisoformat(line["finished"]) == game.finished
        assert [p["player"] for p in line["players"]] == ["alice", "bob"]
        stored = engine.from_json(game.state)
        last = Move.objects.filter(game=game).order_by("-seq").first()
        assert last is not None and engine.state_hash(stored) == last.state_hash
        replayed, _ = records.replay(line)  # by names, on a table with other ids
        assert replayed.end == stored.end == line["result"]
        assert records.canonical(replayed) == records.canonical(stored)
    assert exported[1]["result"]["reason"] == "surrender"
    text = json.dumps(exported)
    assert f'"game": {in_play}' not in text


def test_a_game_from_a_scenario_is_not_in_the_dataset(transactional_db: Any, settings) -> None:
    settings.GTR_ALLOW_SCENARIOS = True
    alice, bob, keeper = signup("alice"), signup("bob"), staff()
    scenario = {"players": [{"hand": ["Temple"]}, {"hand": ["Road"]}]}
    game = game_create(user=user(alice), version="republic", players=2, scenario=scenario)
    seat_join(game_id=game.pk, user=user(bob))
    game_surrender(game_id=game.pk, position=0, to=1)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert export(keeper) == []


def test_only_staff_may_export(transactional_db: Any, anon: Player) -> None:
    alice = signup("alice")
    r = alice.get("/api/games/export/")
    assert r.status_code == 403 and r.json()["code"] == "export_forbidden"
    r = alice.get("/api/games/export/?since=not-a-day")  # refused before anything is read
    assert r.status_code == 403 and r.json()["code"] == "export_forbidden"
    r = anon.get("/api/games/export/")
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"


def test_filters(transactional_db: Any) -> None:
    alice, bob, keeper = signup("alice"), signup("bob"), staff()
    whole, short = finished_games(alice, bob)
    Game.objects.filter(pk=whole).update(
        finished=datetime.datetime(2026, 10, 31, 23, 59, tzinfo=datetime.UTC)
    )
    Game.objects.filter(pk=short).update(
        finished=datetime.datetime(2026, 11, 1, 0, 0, tzinfo=datetime.UTC)
    )

    def ids(query: str) -> list[int]:
        return [line["game"] for line in export(keeper, query)]

    assert ids("") == [whole, short]
    assert ids("?version=imperium") == [short]
    assert ids("?version=first_edition") == []
    assert ids("?since=2026-11-01") == [short]
    assert ids("?until=2026-11-01") == [whole]
    assert ids("?since=2026-10-31&until=2026-11-02&version=republic") == [whole]
    assert ids("?since=2026-11-02&until=2026-11-01") == []  # an empty range: no game
    for query, code in [
        ("?since=2026-13-01", "invalid"),
        ("?version=chess", "invalid"),
        ("?version=", "invalid"),
        ("?month=2026-11", "unknown_parameter"),
    ]:
        r = keeper.get(f"/api/games/export/{query}")
        assert r.status_code == 400 and r.json()["code"] == code, (query, r.content)


def test_the_command_writes_the_same_lines(transactional_db: Any, tmp_path: Path, capsys) -> None:
    alice, bob, keeper = signup("alice"), signup("bob"), staff()
    finished_games(alice, bob)
    r = keeper.get("/api/games/export/?version=imperium")
    served = b"".join(r.streaming_content)
    call_command("export_games", "--version", "imperium", "--out", str(tmp_path / "db.ndjson"))
    assert (tmp_path / "db.ndjson").read_bytes() == served
    assert "1 game(s) exported" in capsys.readouterr().err
    call_command("export_games")
    out = capsys.readouterr().out
    assert len(lines(out.encode())) == 2


def test_the_stream_under_asgi_reads_in_batches(transactional_db: Any, monkeypatch) -> None:
    """Under ASGI the answer is an async stream that reads a batch at a time."""
    from games.services import dataset

    monkeypatch.setattr(dataset, "BATCH", 1)
    alice, bob, keeper = signup("alice"), signup("bob"), staff()
    whole, short = finished_games(alice, bob)

    async def fetch() -> tuple[Any, bytes]:
        client = AsyncClient()
        r = await client.get(
            "/api/games/export/", headers={"Authorization": f"Token {keeper.token}"}
        )
        if not r.streaming:
            return r, b""
        return r, b"".join([chunk async for chunk in r.streaming_content])

    r, body = async_to_sync(fetch)()
    assert r.status_code == 200, r.content
    assert r["Content-Type"] == NDJSON and r.is_async
    assert [line["game"] for line in lines(body)] == [whole, short]
