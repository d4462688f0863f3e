"""A stream's delivery rule (games.api.streams.stream): whatever the hub's messages do (arrive
twice,
late, out of order, not at all), the stream sends each event once, in order, reading what it
missed from the database; a resync reads it too; a revocation ends it. The "database" here is a
list the test fills, the hub the real one of this event loop."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from games.api.streams import Plan, stream
from games.live import hub


def frames(chunks: list[bytes]) -> list[tuple[int, dict[str, Any]]]:
    """(id, data) of every SSE message in the chunks (a chunk may hold several)."""
    out = []
    for message in b"".join(chunks).split(b"\n\n"):
        lines = dict(line.split(b": ", 1) for line in message.split(b"\n") if b": " in line)
        if b"id" in lines:
            out.append((int(lines[b"id"]), json.loads(lines[b"data"])))
    return out


def test_gaps_duplicates_and_resyncs_make_each_event_arrive_once_in_order(
    transactional_db: Any, settings: Any
) -> None:
    settings.REDIS_URL = ""
    stored: list[dict[str, Any]] = [{"n": n} for n in (1, 2, 3)]
    reads: list[int] = []

    def reader(after: int) -> list[dict[str, Any]]:
        reads.append(after)
        return [row for row in stored if row["n"] > after]

    plan = Plan(("game:test",), 0, reader, lambda row: (row["n"], row))

    async def scenario() -> list[bytes]:
        out: list[bytes] = []
        body = stream(plan)
        out.append(await anext(body))  # retry:
        out.append(await anext(body))  # what was missed (1, 2, 3), in one chunk
        loop_hub = hub.current()

        def send(message: dict[str, Any]) -> None:
            loop_hub.dispatch("game:test", message)

        async def next_frame() -> bytes:
            return await asyncio.wait_for(anext(body), 10)

        stored.extend({"n": n} for n in (4, 5, 6))
        send({"events": [{"number": 6, "event": {"n": 6}}]})  # 4 and 5 lost: read them
        out.append(await next_frame())
        send({"events": [{"number": n, "event": {"n": n}} for n in (5, 6)]})  # seen: nothing
        stored.append({"n": 7})
        send(hub.RESYNC)  # after a reconnect: read what may have been missed
        out.append(await next_frame())
        send({"events": [{"number": 8, "event": {"n": 8}}]})  # the usual case: no read
        stored.append({"n": 8})
        out.append(await next_frame())
        send({"revoked": True})
        try:
            extra = await asyncio.wait_for(anext(body), 10)
        except StopAsyncIteration:
            return out
        raise AssertionError(f"the stream went on after a revocation: {extra!r}")

    chunks = asyncio.run(scenario())
    assert chunks[0].startswith(b"retry: ")
    assert frames(chunks) == [(n, {"n": n}) for n in range(1, 9)]
    assert reads == [0, 3, 6]  # the backlog, the gap, the resync; never for a message in order
