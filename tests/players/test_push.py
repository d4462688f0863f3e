"""Browser notifications (players/push): the subscription endpoints, and real pushes through
pywebpush to a local stand-in for a browser vendor's push service, which checks the VAPID JWT
(RFC 8292) and decrypts the payload with the subscription's keys (RFC 8291, http_ece), as the
browser would. A vanished subscription (410) is deleted; a failing one is counted and retried;
a move that begins a subscribed person's turn pushes, and names no card."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.contrib.auth.models import User

import engine
from games.models import Game
from players.models import PushSubscription
from players.push import services, tasks
from tests.conftest import Player, checked_answer, seat_player, start_game

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A browser's push keys: what PushManager.subscribe() makes."""

    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def keys(self) -> dict[str, str]:
        public = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64(public), "auth": b64(self.auth)}


class PushService:
    """A push service on 127.0.0.1: it checks each request as a vendor's does, decrypts the
    payload for its browser, and answers the status it is told to."""

    def __init__(self) -> None:
        self.browsers: dict[str, Browser] = {}
        self.received: list[dict[str, Any]] = []
        self.problems: list[str] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                try:
                    service.check(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                except Exception as exc:  # the test reads the problems
                    service.problems.append(f"{type(exc).__name__}: {exc}")
                    self.send_response(400)
                else:
                    self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscription(self, name: str) -> dict[str, Any]:
        browser = self.browsers[name] = Browser()
        return {"endpoint": f"{self.origin}/push/{name}", "keys": browser.keys()}

    def check(self, path: str, headers: dict[str, str], body: bytes) -> None:
        scheme, _, params = headers["authorization"].partition(" ")
        assert scheme == "vapid", headers["authorization"]
        fields = dict(p.strip().split("=", 1) for p in params.split(","))
        token, key = fields["t"], fields["k"]
        head, claims, signature = token.split(".")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
        raw = unb64(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
        claim = json.loads(unb64(claims))
        assert claim["aud"] == self.origin and claim["exp"] > time.time()
        assert claim["sub"].startswith("mailto:")
        assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
        browser = self.browsers[path.rsplit("/", 1)[1]]
        clear = http_ece.decrypt(
            body, private_key=browser.private, auth_secret=browser.auth, version="aes128gcm"
        )
        self.received.append({"path": path, "key": key, "status": self.status, **json.loads(clear)})

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture
def push_service(settings: Any) -> Any:
    settings.GTR_PUSH_ALLOW_PRIVATE = True
    service = PushService()
    yield service
    service.close()


def delete(player: Player, data: Any) -> Any:
    return checked_answer(player.client.delete("/api/notifications/push/", data, format="json"))


def test_subscribing_and_unsubscribing(alice: Player, push_service: PushService) -> None:
    state = alice.get("/api/notifications/push/").json()
    assert len(unb64(state["public_key"])) == 65 and state["subscriptions"] == []
    assert alice.get("/api/notifications/push/").json()["public_key"] == state["public_key"]
    sub = push_service.subscription("one")
    r = alice.post("/api/notifications/push/", {**sub, "expirationTime": None})
    assert r.status_code == 201 and r.json()["endpoint"] == sub["endpoint"]
    again = alice.post("/api/notifications/push/", sub)  # the same browser again: one row
    assert again.status_code == 201 and PushSubscription.objects.count() == 1
    listed = alice.get("/api/notifications/push/").json()["subscriptions"]
    assert [s["endpoint"] for s in listed] == [sub["endpoint"]]
    assert delete(alice, {"endpoint": sub["endpoint"]}).status_code == 204
    assert delete(alice, {"endpoint": sub["endpoint"]}).status_code == 404
    assert PushSubscription.objects.count() == 0
    # Without an endpoint: every browser of the account goes, and no one else's.
    for name in ("two", "three"):
        r = alice.post("/api/notifications/push/", push_service.subscription(name))
        assert r.status_code == 201
    assert delete(alice, None).status_code == 204
    assert PushSubscription.objects.count() == 0


def test_a_subscription_is_refused_without_keys_or_on_a_private_address(alice: Player) -> None:
    """Against SSRF, the server posts only to https push services on public addresses."""
    keys = Browser().keys()
    r = alice.post("/api/notifications/push/", {"endpoint": "http://127.0.0.1:9/x", "keys": keys})
    assert r.status_code == 422 and r.json()["code"] == "bad_push_subscription"
    r = alice.post("/api/notifications/push/", {"endpoint": "https://127.0.0.1/x", "keys": keys})
    assert r.status_code == 422
    r = alice.post("/api/notifications/push/", {"endpoint": "https://example.org/x"})
    assert r.status_code == 400
    # A string the schema allows but no URL a server can call: refused on its merits.
    host = ".".join(["a" * 63] * 8)  # labels of 63, a name past 253 characters
    r = alice.post("/api/notifications/push/", {"endpoint": f"https://{host}/x", "keys": keys})
    assert r.status_code == 422 and r.json()["code"] == "bad_push_subscription"


def test_a_seat_token_or_nobody_cannot_subscribe(alice: Player, anon: Player, bob: Player) -> None:
    game_id = start_game(alice, [bob])
    r = alice.post(f"/api/games/{game_id}/seat-token/")
    guest = seat_player(r.json()["token"])
    assert guest.get("/api/notifications/push/").status_code == 403
    assert anon.get("/api/notifications/push/").status_code == 401


def test_a_push_reaches_the_browser_signed_and_encrypted(
    alice: Player, bob: Player, push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    """The whole way: a move begins alice's decision, the receiver queues the task (eager in
    tests), pywebpush posts to the push service, which verifies the VAPID JWT against the
    server's public key and decrypts the payload with the browser's keys."""
    alice.post("/api/notifications/push/", push_service.subscription("alice-phone"))
    alice.post("/api/notifications/push/", push_service.subscription("alice-laptop"))
    game_id = start_game(alice, [bob])
    public = alice.get("/api/notifications/push/").json()["public_key"]
    players = {0: alice, 1: bob}
    for _ in range(12):
        view = alice.game(game_id)
        player = players[view["to_act"]]
        mine = player.game(game_id)
        with django_capture_on_commit_callbacks(execute=True):  # the receivers run
            r = player.move(game_id, mine["seq"], mine["legal_actions"][0]["action"])
        assert r.status_code == 201
    assert not push_service.problems, push_service.problems
    assert push_service.received, PushSubscription.objects.values_list("last_error", flat=True)
    names = set(engine.from_json(Game.objects.get(pk=game_id).state).names)
    for push in push_service.received:
        assert push["key"] == public
        assert push["game"] == game_id and push["url"].endswith(f"/games/{game_id}/")
        assert f"Game {game_id}" in push["body"] and "your turn" in push["body"]
        assert not any(name in push["body"] or name in push["title"] for name in names - {"Jack"})
    phone = [p for p in push_service.received if p["path"].endswith("alice-phone")]
    laptop = [p for p in push_service.received if p["path"].endswith("alice-laptop")]
    assert len(phone) == len(laptop) >= 1  # each of alice's browsers, once per turn of hers
    assert len({p["seq"] for p in phone}) == len(phone)
    assert all(s.last_success is not None for s in PushSubscription.objects.all())


def test_a_vanished_subscription_is_deleted_and_a_failing_one_retried(
    alice: Player, bob: Player, push_service: PushService, caplog: Any
) -> None:
    alice.post("/api/notifications/push/", push_service.subscription("gone"))
    game_id = start_game(alice, [bob])
    game = Game.objects.get(pk=game_id)
    user = User.objects.get(username=alice.name)
    position = next(s.position for s in game.seats.all() if s.user_id == user.pk)
    if game.to_act != position:
        view = bob.game(game_id)
        bob.move(game_id, view["seq"], view["legal_actions"][0]["action"])
        game = Game.objects.get(pk=game_id)
    assert game.to_act == position
    push_service.status = 410
    assert (
        services.turn_push(user_id=user.pk, game_id=game_id, seq=game.seq, position=position) == []
    )
    assert PushSubscription.objects.count() == 0  # gone: deleted
    alice.post("/api/notifications/push/", push_service.subscription("flaky"))
    push_service.status = 503
    failed = services.turn_push(user_id=user.pk, game_id=game_id, seq=game.seq, position=position)
    flaky = PushSubscription.objects.get()
    assert failed == [flaky.pk] and flaky.failures == 1 and "503" in flaky.last_error
    assert "push to subscription" in caplog.text  # logged
    retried: list[dict[str, Any]] = []
    real = tasks.push_turn.retry

    def spy(*args: Any, **kwargs: Any) -> Any:
        retried.append(kwargs)
        return real(*args, **kwargs)

    tasks.push_turn.retry = spy  # type: ignore[method-assign]
    try:
        with pytest.raises(Exception):  # noqa: B017 (eager: the retry raises its exception)
            tasks.push_turn.apply(args=(user.pk, game_id, game.seq, position), throw=True).get()
    finally:
        tasks.push_turn.retry = real  # type: ignore[method-assign]
    assert retried and retried[0]["kwargs"]["only"] == [flaky.pk]
    push_service.status = 201
    assert (
        services.turn_push(
            user_id=user.pk, game_id=game_id, seq=game.seq, position=position, only=[flaky.pk]
        )
        == []
    )
    flaky.refresh_from_db()
    assert flaky.failures == 0 and flaky.last_success is not None
    delivered = [p["path"] for p in push_service.received if p["status"] == 201]
    assert delivered == ["/push/flaky"]


def test_a_late_task_pushes_nothing(alice: Player, bob: Player, push_service: PushService) -> None:
    alice.post("/api/notifications/push/", push_service.subscription("late"))
    game_id = start_game(alice, [bob])
    user = User.objects.get(username=alice.name)
    game = Game.objects.get(pk=game_id)
    assert services.turn_push(user_id=user.pk, game_id=game_id, seq=game.seq + 1, position=0) == []
    assert push_service.received == []


def test_the_service_worker_is_served_from_the_root(client: Any) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/javascript")
    assert r["Service-Worker-Allowed"] == "/" and b"showNotification" in r.content
    assert "Content-Security-Policy" in r
