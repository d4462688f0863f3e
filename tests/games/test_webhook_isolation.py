"""One webhook that hangs does not delay another's deliveries (issue 29, I4: a hanging endpoint
delayed the same account's healthy one by up to 4.7 s). Two threads stand in for a worker's two
task slots, taking delivery tasks in the order they were queued; the endpoints are real HTTP
servers on loopback, one answering only after the attempt's timeout. On PostgreSQL: the slots'
transactions run concurrently, as two worker processes' do."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from games.live import deliveries
from games.models import AccountEvent, Webhook, WebhookDelivery

pytestmark = pytest.mark.postgres


class Endpoint:
    """An HTTP server on loopback that answers every POST after `delay` seconds."""

    def __init__(self, delay: float) -> None:
        self.arrived: list[float] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers["Content-Length"]))
                endpoint.arrived.append(time.monotonic())
                time.sleep(delay)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def queue_events(user: Any, hooks: list[Webhook], count: int) -> list[int]:
    """`count` feed events, each with a delivery to every hook: the delivery ids in the order
    their tasks are queued (each event's deliveries together)."""
    queued = []
    for number in range(1, count + 1):
        event = AccountEvent.objects.create(
            user=user, number=number, type="your_turn", data={"type": "your_turn", "seq": number}
        )
        for hook in hooks:
            queued.append(WebhookDelivery.objects.create(hook=hook, event=event).pk)
    return queued


def work(queue: list[int], lock: threading.Lock) -> None:
    """One task slot: take the next task, attempt its delivery, again until none is left."""
    try:
        while True:
            with lock:
                if not queue:
                    return
                delivery_id = queue.pop(0)
            deliveries.delivery_attempt(delivery_id)
    finally:
        connection.close()


def test_a_hanging_endpoint_delays_no_other(transactional_db, settings) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    settings.GTR_WEBHOOKS_ALLOW_PRIVATE = True
    settings.GTR_WEBHOOK_TIMEOUT_SECONDS = 2
    hanging, healthy = Endpoint(delay=30), Endpoint(delay=0)
    user = get_user_model().objects.create_user("alice")
    hooks = [
        Webhook.objects.create(user=user, url=hanging.url, secret="s"),
        Webhook.objects.create(user=user, url=healthy.url, secret="s"),
    ]
    queue, lock = queue_events(user, hooks, 3), threading.Lock()
    start = time.monotonic()
    slots = [threading.Thread(target=work, args=(queue, lock)) for _ in range(2)]
    for slot in slots:
        slot.start()
    for slot in slots:
        slot.join(60)
    assert len(healthy.arrived) == 3
    assert max(healthy.arrived) - start < 1.0, [t - start for t in healthy.arrived]
    # The hanging endpoint was asked once; its other deliveries wait for that one's retry.
    assert len(hanging.arrived) == 1
    tried, *held = WebhookDelivery.objects.filter(hook=hooks[0]).order_by("-attempts", "pk")
    assert tried.status == "pending" and tried.attempts == 1 and "timed out" in tried.last_error
    assert [(d.status, d.attempts) for d in held] == [("pending", 0), ("pending", 0)]
    assert all(d.next_attempt == tried.next_attempt for d in held)
    for endpoint in (hanging, healthy):
        endpoint.server.shutdown()
