"""Redis goes away and comes back (empty, as after a restart without persistence) while the
server plays: real Redis, a real worker with beat, a real web server (uvicorn), the PostgreSQL
test database. The worker rides the outage out and reconnects; moves made during the outage
answer 201; afterwards the beat sweep catches up on everything whose task was lost (bot turns,
deadlines, your-turn mails) and nothing is played twice. Waits are bounded; nothing asserts how
long anything took."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.management.commands.verify_games import verify
from games.models import Availability, Game, Move
from players.accounts.services import token_create
from players.models import SentNotification
from tests.live import WebServer, start_web

from .conftest import RedisServer, Worker, wait_for, worker_env

pytestmark = pytest.mark.celery


def api(url: str, token: str, body: Any = None, **headers: str) -> tuple[int, Any]:
    request = urllib.request.Request(
        url,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def account(name: str, **fields: Any) -> str:
    user = User.objects.create_user(name, email=f"{name}@example.com", **fields)
    Availability.objects.create(user=user, auto_vacation=False)  # a deadline times it out
    return token_create(user=user)


@pytest.fixture
def stack(postgres_url: str, own_redis: RedisServer, tmp_path: Path) -> Any:
    """A worker (with beat) and a web server, both on `own_redis`, sharing the test database."""
    env = {
        **worker_env(postgres_url, own_redis.url, tmp_path),
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(tmp_path / "mail"),
    }
    worker = Worker(env, tmp_path)
    (web,) = start_web(env=env, folder=tmp_path)
    try:
        yield worker.start(), web
    finally:
        web.stop()
        worker.stop()


def game(game_id: int) -> Game:
    return Game.objects.get(pk=game_id)


def assert_played_once_each(game_id: int) -> None:
    """The log is gapless, replays to the snapshot and every stored hash (verify_games), and no
    seq was written twice."""
    g = game(game_id)
    assert verify(g) == []
    seqs = list(Move.objects.filter(game_id=game_id).values_list("seq", flat=True))
    assert seqs == list(range(1, g.seq + 1))


def test_bots_play_through_a_redis_outage(
    stack: tuple[Worker, WebServer], own_redis: RedisServer
) -> None:
    worker, web = stack
    staff = account("ops", is_staff=True)
    games = []
    for first in ("greedy", "random"):  # two games, short enough for the suite
        seats = [{"kind": "bot", "bot": first}, {"kind": "bot", "bot": "random"}]
        status, body = api(f"{web.url}/api/games/", staff, {"players": 2, "seats": seats})
        assert status == 201, body
        games.append(body["id"])

    def state() -> str:
        seen = [(g, game(g).status, game(g).seq, game(g).automatic) for g in games]
        return f"games (id, status, seq, automatic): {seen}\nworker log:\n{worker.text()[-6000:]}"

    wait_for(lambda: all(game(g).seq >= 5 for g in games), "the bots to start", state=state)

    own_redis.stop()
    time.sleep(4)  # the worker's connection is gone; tasks in flight fail to queue the next move
    status, body = api(f"{web.url}/api/games/{games[0]}/", staff)
    assert status == 200  # the web server answers without a broker
    status, body = api(f"{web.url}/api/health/?only=database,broker", staff)
    assert status == 503 and body["checks"] == {"database": "up", "broker": "down"}
    own_redis.start()  # empty: every queued task is gone

    wait_for(
        lambda: all(game(g).status == "finished" for g in games), "every game to end", state=state
    )
    for g in games:
        assert_played_once_each(g)
        assert set(Move.objects.filter(game_id=g).values_list("actor", flat=True)) == {"bot"}
    assert worker.proc is not None and worker.proc.poll() is None, "the worker exited"
    assert worker.runs == 1 and "Unrecoverable" not in worker.text()
    assert worker.text().count("Connected to ") >= 2  # it reconnected


def test_moves_during_an_outage_answer_and_what_was_lost_is_caught_up(
    stack: tuple[Worker, WebServer], own_redis: RedisServer
) -> None:
    worker, web = stack
    tokens = {"alice": account("alice"), "bob": account("bob")}
    clock = {"kind": "fixed", "seconds": 3600}
    status, body = api(f"{web.url}/api/games/", tokens["alice"], {"players": 2, "clock": clock})
    assert status == 201, body
    game_id = body["id"]
    status, body = api(f"{web.url}/api/games/{game_id}/join/", tokens["bob"], {})
    assert status == 200, body
    first = game(game_id).to_act
    mover, other = ("alice", "bob") if first == 0 else ("bob", "alice")
    # The mail pipeline works: the first player gets the your-turn mail.
    wait_for(
        lambda: SentNotification.objects.filter(key=f"turn:{game_id}:0:{first}").exists(),
        "the first your-turn mail",
    )

    own_redis.stop()
    url = f"{web.url}/api/games/{game_id}/"
    view = api(url, tokens[mover])[1]
    action = {"type": "think", "take": "cards"}
    assert action in [a["action"] for a in view["legal_actions"]]
    status, body = api(
        f"{url}moves/", tokens[mover], {"seq": 0, "action": action}, **{"Idempotency-Key": "m1"}
    )
    assert status == 201, body  # committed, and said so, though nothing could be queued
    assert body["game"]["seq"] == 1 and body["game"]["to_act"] == 1 - first
    assert api(url, tokens[other])[1]["your_turn"]
    own_redis.start()

    # The other player's your-turn mail, whose task was lost, is sent by the sweep.
    wait_for(
        lambda: SentNotification.objects.filter(key=f"turn:{game_id}:1:{1 - first}").exists(),
        "the lost your-turn mail",
    )

    # A deadline that passes while Redis is away is applied once it is back, exactly once.
    own_redis.stop()
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    own_redis.start()
    wait_for(lambda: game(game_id).seq >= 2, "the timeout")
    time.sleep(3)  # the sweep keeps running: give a second timeout every chance to happen
    timeouts = Move.objects.filter(game_id=game_id, actor=Move.Actor.TIMEOUT)
    assert list(timeouts.values_list("seq", "seat")) == [(2, 1 - first)]
    assert game(game_id).seq == 2 and game(game_id).to_act == first
    assert_played_once_each(game_id)
    assert worker.proc is not None and worker.proc.poll() is None, "the worker exited"
    assert worker.runs == 1 and web.running()


@pytest.mark.parametrize("transport", ["redis", "gtr_api.broker:RedisTransport"])
def test_a_channel_whose_connection_is_gone_fails_as_a_connection_error(
    own_redis: RedisServer, transport: str
) -> None:
    """The state a worker's channel is in when Redis goes away while the worker holds a message
    (seen in this file's tests: "Restoring 1 unacknowledged message(s)", then "Unrecoverable
    error: AttributeError(\\"'NoneType' object has no attribute 'hostname'\\")" and the worker
    exited): closing the lost connection restores the message through a new client of a channel
    whose connection is already closed. kombu's transport raises AttributeError, which nobody
    catches; ours raises a connection error, which Celery's consumer ignores before it
    reconnects. (When kombu fixes this, the first case fails: then drop RedisTransport.)"""
    from kombu import Connection

    conn = Connection(own_redis.url, transport=transport)
    with conn, conn.SimpleQueue("outage-test") as queue:
        queue.put({"n": 1})
        message = queue.get(timeout=10)  # delivered, not acknowledged
        channel = message.channel
        channel._disconnect_pools()  # as Channel.close does, before restoring
        client, channel.connection.client = channel.connection.client, None  # connection closed
        try:
            if transport == "redis":
                with pytest.raises(AttributeError, match="hostname"):
                    channel.qos.restore_unacked()
            else:
                with pytest.raises(conn.connection_errors):
                    channel.qos.restore_unacked()
        finally:
            channel.connection.client = client
