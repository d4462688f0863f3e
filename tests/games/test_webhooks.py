"""Webhooks: an account's URLs receive its feed events, signed and timestamped; failures are
retried with backoff and switch the hook off after GTR_WEBHOOK_DISABLE_AFTER in a row, with the
error shown to the owner; private and loopback addresses are refused unless a setting allows
them (these tests allow them to reach a real receiver on this machine)."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
import time
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.utils import timezone

from games.live import deliveries, webhook_post
from games.models import Webhook, WebhookDelivery
from tests.conftest import Player, seat_player, signup, start_game


class Receiver:
    """A real HTTP server on loopback that records each POST and answers `status`."""

    def __init__(self) -> None:
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.status = 204
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append((dict(self.headers), body))
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook?x=1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def events(self) -> list[dict[str, Any]]:
        return [json.loads(body) for _, body in self.requests]


@pytest.fixture
def receiver(settings: Any) -> Any:
    settings.GTR_WEBHOOKS_ALLOW_PRIVATE = True
    r = Receiver()
    yield r
    r.server.shutdown()


def hook_of(player: Player, url: str, **extra: Any) -> dict[str, Any]:
    r = player.post("/api/webhooks/", {"url": url, **extra})
    assert r.status_code == 201, r.content
    return dict(r.json())


def test_a_hook_receives_the_feed_signed_and_timestamped(transactional_db, receiver) -> None:
    alice, bob = signup("alice"), signup("bob")
    hook = hook_of(bob, receiver.url)
    assert len(hook["secret"]) == 64 and hook["active"]
    assert "secret" not in bob.get(f"/api/webhooks/{hook['id']}/").json()
    game_id = start_game(alice, [bob])
    feed = bob.get("/api/stream/?page_size=100").json()["results"]
    assert receiver.events() == feed and feed  # the same events as the account stream
    for headers, body in receiver.requests:
        stamp, mac = headers["GTR-Signature"].removeprefix("t=").split(",v1=")
        expected = hmac.new(hook["secret"].encode(), f"{stamp}.".encode() + body, hashlib.sha256)
        assert hmac.compare_digest(mac, expected.hexdigest())
        assert abs(int(stamp) - time.time()) < 60
        assert headers["GTR-Event"] == json.loads(body)["type"]
        assert headers["Content-Type"] == "application/json"
    assert {e["type"] for e in receiver.events()} >= {"game_started"}
    assert all(e["game"] == game_id for e in receiver.events())
    hook_now = bob.get(f"/api/webhooks/{hook['id']}/").json()
    assert hook_now["failures"] == 0 and hook_now["last_success"] is not None
    deliveries = bob.get(f"/api/webhooks/{hook['id']}/deliveries/").json()["results"]
    assert {d["status"] for d in deliveries} == {"delivered"}


def test_a_game_hook_hears_only_its_game(transactional_db, receiver) -> None:
    alice, bob = signup("alice"), signup("bob")
    first = start_game(alice, [bob])
    hook_of(bob, receiver.url, game=first)
    second = start_game(alice, [bob])
    bob.post(f"/api/games/{first}/resign/")
    bob.post(f"/api/games/{second}/resign/")
    games = {e["game"] for e in receiver.events()}
    assert games == {first} and "game_finished" in {e["type"] for e in receiver.events()}
    carol = signup("carol")
    r = carol.post("/api/webhooks/", {"url": receiver.url, "game": first})
    assert (r.status_code, r.json()["code"]) == (403, "not_a_player")


def test_failures_are_retried_with_backoff_then_switch_the_hook_off(
    transactional_db, receiver, settings
) -> None:
    settings.GTR_WEBHOOK_DISABLE_AFTER = 3
    alice, bob = signup("alice"), signup("bob")
    hook = hook_of(bob, receiver.url)
    receiver.status = 500
    start_game(alice, [bob])
    pending = WebhookDelivery.objects.filter(hook_id=hook["id"], status="pending")
    first = pending.order_by("id").first()
    assert first is not None and first.attempts == 1 and first.last_error == "HTTP 500"
    wait = (first.next_attempt - timezone.now()).total_seconds()
    assert settings.GTR_WEBHOOK_RETRY_SECONDS - 2 < wait <= settings.GTR_WEBHOOK_RETRY_SECONDS
    assert deliveries.delivery_attempt(first.pk) == "not_due"  # not before its time
    assert deliveries.backoff(1) < deliveries.backoff(2) < deliveries.backoff(3)
    # Until the third failure in a row the hook stays on; then it is off and says why.
    while Webhook.objects.get(pk=hook["id"]).active:
        due = pending.order_by("id").first()
        assert due is not None
        WebhookDelivery.objects.filter(pk=due.pk).update(next_attempt=timezone.now())
        deliveries.delivery_attempt(due.pk)
    shown = bob.get(f"/api/webhooks/{hook['id']}/").json()
    assert shown["active"] is False and shown["disabled"] is not None
    assert shown["failures"] == 3 and shown["last_error"] == "HTTP 500"
    assert not pending.exists()  # the rest will not be sent
    sent = len(receiver.requests)
    # Switched on again, it is sent new events (and its failure count starts again).
    receiver.status = 200
    r = bob.client.patch(f"/api/webhooks/{hook['id']}/", {"active": True}, format="json")
    assert r.status_code == 200 and r.json()["failures"] == 0
    start_game(alice, [bob])
    assert len(receiver.requests) > sent and receiver.events()[-1]["type"] in (
        "game_started",
        "your_turn",
    )


def test_the_sweep_sends_what_is_due_and_an_attempt_is_made_once(
    transactional_db, receiver, settings
) -> None:
    alice, bob = signup("alice"), signup("bob")
    hook = hook_of(bob, receiver.url)
    receiver.status = 503
    start_game(alice, [bob])
    receiver.status = 200
    delivery = WebhookDelivery.objects.filter(hook_id=hook["id"], status="pending").first()
    assert delivery is not None
    late = timezone.now() - timedelta(seconds=settings.GTR_SWEEP_GRACE_SECONDS + 1)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(next_attempt=late)
    assert delivery.pk in deliveries.deliveries_due()
    # An attempt under way holds its delivery: a second task finds nothing to do.
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        claimed_until=timezone.now() + timedelta(seconds=60)
    )
    assert deliveries.delivery_attempt(delivery.pk) == "not_due"
    WebhookDelivery.objects.filter(pk=delivery.pk).update(claimed_until=None)
    assert deliveries.webhooks_sweep() >= 1  # eager here: the sweep's tasks run at once
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and delivery.attempts == 2


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://[::1]/hook",
        "https://10.1.2.3/hook",
        "https://192.168.0.10/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::ffff:127.0.0.1]/hook",
        "https://0.0.0.0/hook",
        "http://example.com/hook",  # not https
        "https://user:pw@example.com/hook",
        "ftp://example.com/",
        "https://" + ".".join(["a" * 63] * 5) + "/",  # a host name past 253 characters
        "not a URL",
    ],
)
def test_private_addresses_and_plain_http_are_refused(db, url: str) -> None:
    """A string is a URL by the schema; one the server cannot call is refused on its merits."""
    bob = signup("bob")
    r = bob.post("/api/webhooks/", {"url": url})
    assert (r.status_code, r.json()["code"]) == (422, "bad_webhook_url")
    assert not Webhook.objects.exists()


def test_a_patch_switches_a_hook_off_and_on_and_an_empty_one_changes_nothing(db) -> None:
    alice = signup("alice")
    hook = Webhook.objects.create(
        user=_user(alice), url="https://example.com/", secret="x", failures=3
    )
    url = f"/api/webhooks/{hook.pk}/"
    r = alice.client.patch(url, {}, format="json")
    assert r.status_code == 200 and r.json()["active"] and r.json()["failures"] == 3
    assert alice.client.patch(url, {"active": False}, format="json").json()["active"] is False
    back = alice.client.patch(url, {"active": True}, format="json").json()
    assert back["active"] and back["failures"] == 0


@pytest.mark.parametrize("body", [{"active": 0}, {"active": "false"}, {"url": 5}, {"game": "1"}])
def test_a_value_of_the_wrong_json_type_is_refused_and_nothing_changes(db, body) -> None:
    """JSON types are strict in webhook bodies as in every other (docs/api.md, Errors): 0 is
    not false, and "1" is not 1."""
    alice = signup("alice")
    hook = Webhook.objects.create(user=_user(alice), url="https://example.com/", secret="x")
    if "active" in body:
        r = alice.client.patch(f"/api/webhooks/{hook.pk}/", body, format="json")
    else:
        r = alice.client.post(
            "/api/webhooks/", {"url": "https://example.com/", **body}, format="json"
        )
    assert (r.status_code, r.json()["code"]) == (400, "invalid")
    assert list(Webhook.objects.values_list("active", flat=True)) == [True]


def test_every_resolved_address_is_checked(monkeypatch) -> None:
    """A name that resolves to a public and a private address is refused: the connection could
    go to either."""

    def resolve(host: str, port: int, **_: Any) -> list[Any]:
        return [(2, 1, 6, "", ("93.184.215.14", port)), (2, 1, 6, "", ("10.0.0.7", port))]

    monkeypatch.setattr(webhook_post.socket, "getaddrinfo", resolve)
    with pytest.raises(webhook_post.UrlRefused, match=r"10\.0\.0\.7"):
        webhook_post.check_url("https://mixed.example/hook")
    assert webhook_post.is_public("93.184.215.14") and webhook_post.is_public("2606:4700::1111")
    for address in ("127.0.0.1", "::1", "fd00::1", "100.64.0.1", "224.0.0.1", "::ffff:10.0.0.1"):
        assert not webhook_post.is_public(address), address


@pytest.mark.parametrize(
    ("url", "inside"),
    [
        ("https://[2002:7f00:1::]/", "127.0.0.1 in 6to4"),
        ("https://[2002:a9fe:a9fe::]/", "169.254.169.254 (cloud metadata) in 6to4"),
        ("https://[64:ff9b::a00:1]/", "10.0.0.1 through the well-known NAT64 prefix"),
        ("https://[64:ff9b:1::5db8:d70e]/", "local-use NAT64, whatever it carries"),
        ("https://[::ffff:169.254.169.254]/", "IPv4-mapped"),
        ("https://[::127.0.0.1]/", "IPv4-compatible (deprecated)"),
        ("https://[::ffff:0:a00:1]/", "IPv4-translated (SIIT)"),
        ("https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "a Teredo client at 192.0.2.45"),
    ],
)
def test_an_ipv4_address_inside_an_ipv6_one_is_checked(db, url: str, inside: str) -> None:
    """Issue 29, N3: `ipaddress.is_global` calls 2002::/16 global, whatever IPv4 it carries."""
    with pytest.raises(webhook_post.UrlRefused, match="not public"):
        webhook_post.check_url(url)


def test_ipv6_forms_of_public_addresses_stay_allowed() -> None:
    for address in ("2002:5db8:d70e::", "64:ff9b::5db8:d70e", "2606:4700::1111"):
        assert webhook_post.is_public(address), address


def test_the_address_connected_to_is_checked_too(settings) -> None:
    """However the connection came to a private address, it is refused before a byte is sent."""
    settings.GTR_WEBHOOKS_ALLOW_PRIVATE = False
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        for kind in (webhook_post.PinnedHTTPConnection, webhook_post.PinnedHTTPSConnection):
            conn = kind("example.com", "127.0.0.1", port, 5)
            with pytest.raises(webhook_post.UrlRefused, match=r"reached 127\.0\.0\.1"):
                conn.connect()


def test_hooks_belong_to_accounts(db) -> None:
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    token = alice.post(f"/api/games/{game_id}/seat-token/").json()["token"]
    seat = seat_player(token)
    r = seat.post("/api/webhooks/", {"url": "https://example.com/"})
    assert (r.status_code, r.json()["code"]) == (403, "seat_token_scope")
    hook = Webhook.objects.create(user=_user(alice), url="https://example.com/", secret="x")
    assert bob.get(f"/api/webhooks/{hook.pk}/").status_code == 404
    assert bob.client.delete(f"/api/webhooks/{hook.pk}/").status_code == 404
    assert alice.client.delete(f"/api/webhooks/{hook.pk}/").status_code == 204


def _user(player: Player) -> Any:
    from django.contrib.auth.models import User

    return User.objects.get(username=player.name)


def test_a_mention_reaches_a_hook_as_the_text_written(transactional_db, receiver) -> None:
    """Issue 32: a chat line is plain text on every surface; a webhook's payload carries it as
    written, in JSON (application/json), with no markup added or taken away."""
    alice, bob = signup("alice"), signup("bob")
    game_id = start_game(alice, [bob])
    hook_of(bob, receiver.url)
    line = '@bob <script>alert("x")</script> & <b>bold</b>'
    assert alice.post(f"/api/games/{game_id}/chat/", {"text": line}).status_code == 201
    mentions = [e for e in receiver.events() if e["type"] == "chat_mention"]
    assert [m["text"] for m in mentions] == [line]
    raw = next(body for _, body in receiver.requests if b"chat_mention" in body)
    assert b"&lt;" not in raw and b"<script>" in raw
