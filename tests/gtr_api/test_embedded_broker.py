"""The embedded default's broker (gtr_api.broker) under concurrency: many producer and consumer
processes, thousands of messages, and not one lost, torn or delivered twice. kombu's own
filesystem transport fails the first test: its reader takes a file its writer has created but
not yet written, and dies on the empty message (JSONDecodeError) after losing it."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from kombu import Connection, Consumer, Exchange, Producer, Queue

from gtr_api.broker import Transport, transport_options

QUEUE = Queue("celery", Exchange("celery", type="direct"), routing_key="celery")
PAD = "0123456789abcdef" * 256  # 4 KB a message: a torn write would cut it short
fork = multiprocessing.get_context("fork")


def connection(folder: Path) -> Connection:
    return Connection("embedded://", transport_options=transport_options(folder, 0.005))


def produce(folder: Path, producer: int, count: int) -> None:
    with connection(folder) as conn:
        publisher = Producer(conn.channel())
        for i in range(count):
            publisher.publish(
                {"id": f"{producer}-{i}", "pad": PAD},
                exchange="",
                routing_key="celery",
                declare=[QUEUE],
            )


def consume(folder: Path, out: Path, stop: Any, ack: bool = True) -> None:
    """Record every message received (and whether it came whole) until `stop` is set and the
    queue has stayed empty for a moment."""
    with connection(folder) as conn, out.open("a") as log:

        def received(body: dict[str, Any], message: Any) -> None:
            log.write(json.dumps([body["id"], body["pad"] == PAD]) + "\n")
            log.flush()
            if ack:
                message.ack()

        with Consumer(conn, [QUEUE], callbacks=[received], accept=["json"], prefetch_count=4):
            while True:
                try:
                    conn.drain_events(timeout=0.5)
                except TimeoutError:
                    if stop.is_set():
                        return


def deliveries(outs: list[Path]) -> list[tuple[str, bool]]:
    return [tuple(json.loads(line)) for out in outs if out.exists() for line in out.open()]


def test_the_default_broker_is_this_transport(settings: Any) -> None:
    from gtr_api.celery import app

    assert not settings.REDIS_URL
    with app.connection_for_write() as conn:
        assert isinstance(conn.transport, Transport)


@pytest.mark.slow
def test_many_producers_and_consumers_lose_tear_and_double_nothing(tmp_path: Path) -> None:
    producers, per_producer, consumers = 8, 500, 4
    stop = fork.Event()
    outs = [tmp_path / f"consumer-{k}.log" for k in range(consumers)]
    readers = [fork.Process(target=consume, args=(tmp_path, out, stop)) for out in outs]
    writers = [
        fork.Process(target=produce, args=(tmp_path, p, per_producer)) for p in range(producers)
    ]
    for process in readers + writers:
        process.start()
    for process in writers:
        process.join(120)
    expected = producers * per_producer
    deadline = time.monotonic() + 120
    while len(deliveries(outs)) < expected and time.monotonic() < deadline:
        if any(r.exitcode is not None for r in readers):
            break  # a consumer died
        time.sleep(0.2)
    stop.set()
    for process in readers:
        process.join(30)

    assert [w.exitcode for w in writers] == [0] * producers
    assert [r.exitcode for r in readers] == [0] * consumers, "a consumer died"
    got = deliveries(outs)
    ids = [i for i, _ in got]
    assert all(whole for _, whole in got), "a message arrived torn"
    assert len(ids) == len(set(ids)), "a message was delivered twice"
    assert set(ids) == {f"{p}-{i}" for p in range(producers) for i in range(per_producer)}
    assert os.listdir(tmp_path / "queue") == os.listdir(tmp_path / "claimed") == []
    assert os.listdir(tmp_path / "tmp") == os.listdir(tmp_path / "bad") == []


def test_messages_a_killed_consumer_held_are_delivered_again(tmp_path: Path) -> None:
    produce(tmp_path, 0, 10)
    stop = fork.Event()
    holder = fork.Process(target=consume, args=(tmp_path, tmp_path / "dead.log", stop, False))
    holder.start()
    deadline = time.monotonic() + 60
    while len(deliveries([tmp_path / "dead.log"])) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(holder.pid, signal.SIGKILL)  # never acknowledged its prefetched messages
    holder.join(10)
    held = {i for i, _ in deliveries([tmp_path / "dead.log"])}
    assert len(held) >= 4 and len(os.listdir(tmp_path / "claimed")) == len(held)

    stop.set()  # the next consumer drains the queue, then stops
    consume(tmp_path, tmp_path / "next.log", stop)
    again = [i for i, _ in deliveries([tmp_path / "next.log"])]
    assert sorted(again) == sorted(f"0-{i}" for i in range(10))
    assert os.listdir(tmp_path / "claimed") == []


def test_an_unreadable_message_is_set_aside_not_raised(tmp_path: Path, caplog: Any) -> None:
    produce(tmp_path, 0, 2)
    (tmp_path / "queue" / "00000000000000000001_torn.celery.msg").write_bytes(b'{"body": "')
    stop = fork.Event()
    stop.set()
    consume(tmp_path, tmp_path / "out.log", stop)
    assert sorted(i for i, _ in deliveries([tmp_path / "out.log"])) == ["0-0", "0-1"]
    assert os.listdir(tmp_path / "bad") == ["00000000000000000001_torn.celery.msg"]
    assert "Unreadable broker message" in caplog.text
