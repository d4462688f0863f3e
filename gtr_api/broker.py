"""The Celery brokers' transports: the embedded default's (`embedded://`, below) and the Redis
transport production uses, with one fix (`RedisTransport`, at the end).

The embedded default's broker is kombu's filesystem transport, made safe for several processes
(the web server publishing, the worker consuming, beat publishing) at once.

kombu's own transport creates a message file and then writes into it, and its reader moves and
reads whatever file it finds: a reader that comes between the two gets an empty file, the worker
dies on the `JSONDecodeError`, and the message is lost. Here every file appears whole or not at
all, and a consumer that dies does not lose what it had taken:

- a message is written to `tmp/`, then renamed into `queue/` (a rename is atomic on one
  file system, so a reader never sees part of a message);
- a consumer claims a message by renaming it into `claimed/` under its own pid; of two consumers
  renaming the same file exactly one succeeds, so no message is delivered twice;
- the claim is removed when the task acknowledges the message (or a rejection requeues it);
  unacknowledged messages go back to `queue/` when the worker shuts down (kombu's own restore),
  and when it was killed instead, the next consumer to start puts back every claim whose process
  is gone (Celery tasks here are `acks_late`, so a crash means redelivery, as with Redis);
- a file that cannot be decoded (a power cut can still tear one) is set aside in `bad/` and
  logged, never raised into the worker;
- the exchange tables in `control/` (fan-out bindings: remote control) are rewritten under a lock
  file and renamed into place, so their readers never see a half-written table either.

Messages are named `<nanoseconds>_<uuid>.<queue>.msg` and taken oldest first.
`broker_url = "embedded://localhost/"`, `broker_transport_options = transport_options(folder)`.
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
    """The broker's options for messages kept under `folder` (its sub-folders are created)."""
    root = Path(folder)
    for name in FOLDERS:
        (root / name).mkdir(parents=True, exist_ok=True)
    return {
        "folder": str(root),
        # kombu's names for the folders it reads and writes itself (the exchange tables)
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
        self._claims: dict[str, Path] = {}  # delivery tag -> claimed file
        self._recovered = False

    # Messages --------------------------------------------------------------------------------

    # kombu's filesystem Channel names the argument `payload`, its base `message`: no override
    # satisfies both (the stubs ignore the same clash in filesystem.Channel)
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
                continue  # another consumer took it first
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
        super().basic_reject(delivery_tag, requeue=requeue)  # requeue: _restore puts it back
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
        """Put back in the queue every message claimed by a process that is gone (a worker
        killed before it acknowledged). Returns how many."""
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
        """kombu's, typed (kombu's stubs do not declare this private method)."""
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
    """kombu's Redis channel. When Redis goes away while a worker holds unacknowledged messages
    (a task running, a deadline task waiting for its ETA), closing the lost connection restores
    them to Redis through a new client; if the connection is already closed by then (its
    transport has no client any more), kombu fails with `AttributeError: 'NoneType' object has
    no attribute 'hostname'`, which no one expects, and the worker exits ("Unrecoverable
    error"). Said as the connection error it is, Celery's consumer ignores it and reconnects;
    the messages stay in Redis's unacked set, whence Redis delivers them again after the
    visibility timeout (and the sweeps catch up sooner)."""

    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection is None or self.connection.client is None:
            raise redis.get_redis_ConnectionError()("the broker connection is closed")
        # kombu's stubs do not declare this private method
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[misc]


class RedisTransport(redis.Transport):
    Channel = RedisChannel
