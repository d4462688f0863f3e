"""Celery broker transports: the embedded default and a fixed Redis transport.

The embedded transport (`embedded://`) comes first. `RedisTransport`, at the end, is the one
production uses, with one fix.

The embedded broker is kombu's filesystem transport, made safe for several processes at once.
The web server and beat publish, and the worker consumes.

The stock kombu transport creates a message file, then writes into it. Its reader moves and reads
whatever file it finds. A reader that comes between the two gets an empty file. The worker then dies
on the `JSONDecodeError`, and the message is lost. Here every file appears whole or not at all. And
a consumer that dies does not lose what it had taken:

- A message is written to `tmp/`, then renamed into `queue/`. A rename on one file system is
  atomic. So a reader never sees part of a message.
- A consumer claims a message by renaming it into `claimed/`, under its pid. Of two consumers
  renaming the same file, exactly one succeeds. So no message is delivered twice.
- The claim goes when the task acknowledges the message, or a rejection requeues it.
- When the worker shuts down, kombu's own restore puts unacknowledged messages back in `queue/`.
  If it was killed instead, the next consumer to start requeues the claims of dead processes. Celery
  tasks here are `acks_late`, so a crash means redelivery, as with Redis.
- An undecodable file is set aside in `bad/` and logged. It is never raised into the worker.
  A power cut can still tear one.
- The exchange tables in `control/` hold the fan-out bindings of remote control. They are
  rewritten under a lock file and renamed into place. So their readers never see a half-written
  table either.

Messages are named `<nanoseconds>_<uuid>.<queue>.msg` and taken oldest first. Configure with
`broker_url = "embedded://localhost/"` and `broker_transport_options = transport_options(folder)`.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from queue import Empty
from typing import Any

from kombu.transport import TRANSPORT_ALIASES, filesystem, redis
from kombu.utils.json import dumps, loads

log = logging.getLogger(__name__)

FOLDERS = ("queue", "tmp", "claimed", "control", "bad")


def transport_options(folder: Path | str, polling_interval: float = 0.1) -> dict[str, Any]:
    """Returns the broker's options for messages kept under `folder`.

    Creates its sub-folders.
    """
    root = Path(folder)
    for name in FOLDERS:
        (root / name).mkdir(parents=True, exist_ok=True)
    return {
        "folder": str(root),
        # kombu's names for the folders of the exchange tables, which it handles itself.
        "data_folder_in": str(root / "queue"),
        "data_folder_out": str(root / "queue"),
        "control_folder": str(root / "control"),
        "polling_interval": polling_interval,
    }


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _write_atomically(target: Path, data: bytes, tmp_folder: Path) -> None:
    tmp = tmp_folder / f"{uuid.uuid4().hex}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, target)


class Channel(filesystem.Channel):
    """One process's channel: publishes by rename, consumes by claiming."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        root = Path(self.transport_options["folder"])
        self.queue_folder, self.tmp_folder = root / "queue", root / "tmp"
        self.claimed_folder, self.bad_folder = root / "claimed", root / "bad"
        self._claims: dict[str, Path] = {}  # Delivery tag -> claimed file.
        self._recovered = False

    # Messages --------------------------------------------------------------------------------

    # kombu's filesystem Channel names the argument `payload`, its base `message`. No override
    # satisfies both. The stubs ignore the same clash in filesystem.Channel.
    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:  # type: ignore[override]
        name = f"{time.time_ns():020d}_{uuid.uuid4().hex}.{queue}.msg"
        _write_atomically(self.queue_folder / name, dumps(payload).encode(), self.tmp_folder)

    def _get(self, queue: str, timeout: float | None = None) -> Any:
        if not self._recovered:
            self.recover_orphans()
        suffix = f".{queue}.msg"
        for name in sorted(os.listdir(self.queue_folder)):
            if not name.endswith(suffix):
                continue
            claim = self.claimed_folder / f"{os.getpid()}-{name}"
            try:
                os.rename(self.queue_folder / name, claim)
            except FileNotFoundError:
                continue  # Another consumer took it first.
            try:
                payload = loads(claim.read_bytes())
                tag = payload["properties"]["delivery_tag"]
            except (ValueError, KeyError, TypeError):
                log.error("Unreadable broker message set aside in %s", self.bad_folder / name)
                os.replace(claim, self.bad_folder / name)
                continue
            self._claims[tag] = claim
            return payload
        raise Empty()

    def _release(self, delivery_tag: str) -> None:
        claim = self._claims.pop(delivery_tag, None)
        if claim is not None:
            with contextlib.suppress(FileNotFoundError):
                claim.unlink()

    def basic_ack(self, delivery_tag: str, multiple: bool = False) -> None:
        super().basic_ack(delivery_tag, multiple=multiple)
        self._release(delivery_tag)

    def basic_reject(self, delivery_tag: str, requeue: bool = False) -> None:
        super().basic_reject(delivery_tag, requeue=requeue)  # On requeue, _restore puts it back.
        self._release(delivery_tag)

    def _restore(self, message: Any) -> None:
        super()._restore(message)
        self._release(message.delivery_tag)

    def _purge(self, queue: str) -> int:
        count = 0
        for name in os.listdir(self.queue_folder):
            if name.endswith(f".{queue}.msg"):
                with contextlib.suppress(FileNotFoundError):
                    (self.queue_folder / name).unlink()
                    count += 1
        return count

    def _size(self, queue: str) -> int:
        return sum(name.endswith(f".{queue}.msg") for name in os.listdir(self.queue_folder))

    def recover_orphans(self) -> int:
        """Requeues every message claimed by a process that is gone.

        Such a worker was killed before it acknowledged. Returns how many.
        """
        self._recovered = True
        count = 0
        for claim in self.claimed_folder.iterdir():
            owner, _, name = claim.name.partition("-")
            if not owner.isdigit() or _alive(int(owner)):
                continue
            with contextlib.suppress(FileNotFoundError):
                os.rename(claim, self.queue_folder / name)
                count += 1
        if count:
            log.warning("Requeued %d broker message(s) a dead worker had taken", count)
        return count

    # Exchange tables (fan-out bindings) -------------------------------------------------------

    def _exchange_file(self, exchange: str) -> Path:
        """kombu's own, typed. kombu's stubs do not declare this private method."""
        file: Path = super()._exchange_file(exchange)  # type: ignore[misc]
        return file

    @contextlib.contextmanager
    def _table_lock(self, exchange: str) -> Iterator[Path]:
        file = self._exchange_file(exchange)
        with open(file.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield file
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    def get_table(self, exchange: str) -> list[Any]:
        try:
            table = loads(self._exchange_file(exchange).read_bytes())
        except FileNotFoundError:
            return []
        return [filesystem.exchange_queue_t(*q) for q in table]

    def _rewrite_table(self, exchange: str, change: Any) -> None:
        with self._table_lock(exchange) as file:
            queues = self.get_table(exchange)
            changed = change(queues)
            if changed is not None:
                _write_atomically(file, dumps(changed).encode(), self.tmp_folder)

    def _queue_bind(self, exchange: str, routing_key: str, pattern: str | None, queue: str) -> None:
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        self._rewrite_table(exchange, lambda qs: None if entry in qs else [entry, *qs])

    def _delete(
        self, queue: str, exchange: str, routing_key: str, pattern: str, *args: Any, **kwargs: Any
    ) -> None:
        super(filesystem.Channel, self)._delete(queue, exchange, routing_key, pattern)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        self._rewrite_table(
            exchange, lambda qs: [q for q in qs if q != entry] if entry in qs else None
        )


class Transport(filesystem.Transport):
    Channel = Channel
    driver_type = driver_name = "embedded"


TRANSPORT_ALIASES["embedded"] = f"{__name__}:Transport"


# Redis ---------------------------------------------------------------------------------------


class RedisChannel(redis.Channel):
    """kombu's Redis channel, raising a connection error on a closed connection.

    Redis may go away while a worker holds unacknowledged messages. A task may be running, or a
    deadline task waiting for its ETA. Closing the lost connection restores them to Redis
    through a new client. But the connection may be closed by then, its transport without a
    client. Then kombu fails with `AttributeError: 'NoneType' object has no attribute
    'hostname'`. No one expects that, and the worker exits ("Unrecoverable error").

    Raised as the connection error it is, Celery's consumer ignores it and reconnects. The
    messages stay in Redis's unacked set. Redis delivers them again after the visibility
    timeout, and the sweeps catch up sooner.
    """

    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection is None or self.connection.client is None:
            raise redis.get_redis_ConnectionError()("the broker connection is closed")
        # kombu's stubs do not declare this private method.
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[misc]


class RedisTransport(redis.Transport):
    Channel = RedisChannel
