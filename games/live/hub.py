"""The event hub: what happened, fanned out to every web process's subscribers.

After a commit the service publishes what happened.
In every web process one listener receives it.
It fans it out to that process's subscribers: event streams and long polls.

Channels:

- `game:<id>`: a game's new events. They hold every viewer's rendering.
  Each subscriber picks its own.
- `user:<id>`: an account's new feed events.
- `seat:<id>`: a seat's control messages.
  When its token is replaced, streams opened with the old one close.

Two transports, one behaviour (docs/events.md):

- Redis pub/sub, when REDIS_URL is set (production).
  `publish` sends one message per channel from whichever process committed.
  That may be a web process or a Celery worker.
  Each web process holds one subscription for all its subscribers.
  It is a pattern on this database's prefix.
- Without Redis (the embedded default, SQLite), each listener polls the events tables.
  Every GTR_HUB_POLL_SECONDS it reads the rows past the last it saw.
  One query serves all the process's subscribers.
  `publish` also hands a message straight to the hubs of its own process.

Messages may arrive twice, late, or out of order, as when two processes publish.
They may be lost, as when Redis restarts.
So subscribers keep the number of the last event they passed on.
They skip what they have, and read any gap from the database.
After the listener reconnects, every subscriber is told to `resync`.
That is, to read from the database what it may have missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterable
from functools import cache
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections

from games.live import messages

log = logging.getLogger(__name__)

Message = dict[str, Any]
RESYNC: Message = {"resync": True}
QUEUE_LIMIT = 1000  # messages waiting for one subscriber; past it, the subscriber resyncs


def prefix() -> str:
    """Returns the channel prefix of this database.

    Tests and several deployments may share a Redis.
    Its pub/sub ignores the database number.
    """
    name = str(settings.DATABASES["default"]["NAME"])
    return f"gtr:{hashlib.sha256(name.encode()).hexdigest()[:12]}:"


def publish(channel: str, message: Message) -> None:
    """Send `message` to every subscriber of `channel` in every process.

    It is called after commit, from synchronous code.
    Never raises: subscribers catch up a lost message from the database.
    """
    payload = json.dumps(message)
    for hub in list(_hubs.values()):  # a copy each, since subscribers add their frames to it
        hub.dispatch_threadsafe(channel, dict(message))
    if settings.REDIS_URL:
        try:
            _redis().publish(prefix() + channel, payload)
        except Exception:
            log.exception("could not publish to %s (subscribers catch up later)", channel)


def revoke(seat_id: int) -> None:
    """Close the streams opened with this seat's token.

    The token was replaced, or the seat given up.
    """
    publish(f"seat:{seat_id}", {"revoked": True})


@cache
def _redis() -> Any:
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5, socket_connect_timeout=5)


async def db(func: Callable[..., Any], *args: Any) -> Any:
    """Run a database function in the shared thread pool, then give its connection back.

    It never runs in the request's own thread.
    That thread would hold a connection for as long as a stream lasts.
    The connection goes back to the pool, where there is one.
    Streams read the database only when they start or fall behind.
    So a thousand of them hold no connection while they wait.
    """

    def call() -> Any:
        try:
            return func(*args)
        finally:
            connections.close_all()

    return await sync_to_async(call, thread_sensitive=False)()


class Subscriber:
    """One stream's or long poll's queue of messages from its channels."""

    def __init__(self, hub: Hub, channels: Iterable[str]) -> None:
        self.hub = hub
        self.channels = tuple(channels)
        self.queue: asyncio.Queue[Message] = asyncio.Queue()

    def put(self, message: Message) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:  # a slow client catches up from the database
            while not self.queue.empty():
                self.queue.get_nowait()
            message = RESYNC
        self.queue.put_nowait(message)

    async def get(self, timeout: float) -> Message | None:
        """The next message, or None after `timeout` seconds."""
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None

    def close(self) -> None:
        self.hub.unsubscribe(self)


class Hub:
    """The subscribers of one event loop, and its one listener.

    Under uvicorn a web process has one event loop.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.count = 0
        self.listener: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()
        self.idle: asyncio.TimerHandle | None = None

    async def subscribe(self, channels: Iterable[str]) -> Subscriber:
        """Returns a subscriber of `channels`, once the listener hears all that is published.

        So reading the database next misses nothing.
        """
        sub = Subscriber(self, channels)
        for channel in sub.channels:
            self.subscribers.setdefault(channel, set()).add(sub)
        self.count += 1
        if self.idle is not None:
            self.idle.cancel()
            self.idle = None
        if self.listener is None or self.listener.done():
            self.ready.clear()
            self.listener = self.loop.create_task(self._listen())
        try:
            await asyncio.wait_for(self.ready.wait(), settings.GTR_HUB_READY_SECONDS)
        except TimeoutError:
            # The transport is down. Serve what the database has.
            # A resync follows when the listener is back.
            log.error("event hub not ready after %ss", settings.GTR_HUB_READY_SECONDS)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        for channel in sub.channels:
            members = self.subscribers.get(channel)
            if members is not None:
                members.discard(sub)
                if not members:
                    del self.subscribers[channel]
        self.count -= 1
        if self.count == 0 and self.listener is not None:
            self.idle = self.loop.call_later(settings.GTR_HUB_LINGER_SECONDS, self._stop)

    def _stop(self) -> None:
        if self.count == 0 and self.listener is not None:
            self.listener.cancel()
            self.listener = None

    def dispatch(self, channel: str, message: Message) -> None:
        for sub in self.subscribers.get(channel, ()):
            sub.put(message)

    def dispatch_threadsafe(self, channel: str, message: Message) -> None:
        if self.loop.is_closed():
            return
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            self.dispatch(channel, message)
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            self.loop.call_soon_threadsafe(self.dispatch, channel, message)

    def resync(self) -> None:
        for members in list(self.subscribers.values()):
            for sub in members:
                sub.put(RESYNC)

    async def _listen(self) -> None:
        listen = redis_listener if settings.REDIS_URL else database_listener
        await listen(self)


async def redis_listener(hub: Hub) -> None:
    """Holds one pattern subscription for the process.

    When it is lost, it reconnects and resyncs every subscriber.
    """
    import redis.asyncio as aioredis

    pattern = prefix() + "*"
    skip = len(prefix())
    first = True
    while True:
        client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=5)
        pubsub = client.pubsub()
        try:
            await pubsub.psubscribe(pattern)
            while (await pubsub.get_message(timeout=5)) is None:
                pass  # wait for the subscription's confirmation
            if not first:
                log.warning("event hub: reconnected to Redis")
                hub.resync()
            first = False
            hub.ready.set()
            async for message in pubsub.listen():
                if message["type"] == "pmessage":
                    channel = message["channel"].decode()[skip:]
                    hub.dispatch(channel, json.loads(message["data"]))
        except asyncio.CancelledError:
            raise
        except Exception:
            hub.ready.clear()
            log.exception("event hub: Redis subscription lost; reconnecting")
            await asyncio.sleep(1)
        finally:
            # redis-py leaves PubSub.aclose unannotated
            await _close(pubsub.aclose(), client.aclose())  # type: ignore[no-untyped-call]


async def _close(*closing: Awaitable[Any]) -> None:
    for c in closing:
        try:
            await c
        except Exception:
            log.debug("event hub: closing the Redis connection failed", exc_info=True)


async def database_listener(hub: Hub) -> None:
    """Reads new rows of the events tables for all subscribers at once.

    This is the embedded default, without Redis.
    """

    cursors = await db(messages.latest_ids)
    hub.ready.set()
    failing = False
    while True:
        await asyncio.sleep(settings.GTR_HUB_POLL_SECONDS)
        try:
            cursors, batch = await db(messages.since_ids, cursors)
        except Exception:
            if not failing:
                log.exception("event hub: cannot read new events; retrying")
            failing = True
            continue
        if failing:
            log.warning("event hub: reading events again")
            failing = False
            hub.resync()
        for channel, message in batch:
            hub.dispatch(channel, message)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def current() -> Hub:
    """Returns the hub of the running event loop: one per web process under uvicorn."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        hub = _hubs[loop] = Hub(loop)
    return hub
