"""Reports each unasked exit of a process under `make run`: a supervisord event listener.

It listens for the web server, the worker and beat (gtr_api/supervisord.conf). One may exit
without being asked to. Then it logs CRITICAL on the console the processes log to. It also writes
a JSON line per event to the file it is given (var/log/deaths.jsonl). The soak test counts them.

    python -m gtr_api.supervision FILE      (started by supervisord, speaks its protocol on stdio)

Restarting the process is supervisord's job. This only makes sure nobody misses it.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from supervisor import childutils

log = logging.getLogger("gtr.supervision")


def describe(event: str, data: dict[str, str], deaths: Counter[str]) -> tuple[int, str]:
    """Returns the log level and the sentence for one supervisord event."""
    name = data.get("processname", "?")
    if event == "PROCESS_STATE_EXITED":
        deaths[name] += 1
        how = "expected exit code" if data.get("expected") == "1" else "unexpected exit"
        return logging.CRITICAL, (
            f"{name} (pid {data.get('pid')}) DIED ({how}, was {data.get('from_state')}); "
            f"supervisord restarts it (death {deaths[name]} of {name} since start)"
        )
    if event == "PROCESS_STATE_BACKOFF":
        return logging.ERROR, (
            f"{name} failed to start; supervisord tries again after a growing pause "
            f"(failed starts in a row so far: {data.get('tries')})"
        )
    return logging.CRITICAL, (
        f"{name} could not be started and supervisord GAVE UP: fix the cause, then "
        f"`supervisorctl -c gtr_api/supervisord.conf start {name}`"
    )


def record(path: Path, event: str, data: dict[str, str]) -> None:
    entry: dict[str, Any] = {"time": time.time(), "event": event, **data}
    with path.open("a") as f:
        f.write(json.dumps(entry) + "\n")


def listen(path: Path) -> None:
    deaths: Counter[str] = Counter()
    while True:
        headers, payload = childutils.listener.wait(sys.stdin, sys.stdout)
        event = headers.get("eventname", "")
        data, _ = childutils.eventdata(payload + "\n")
        level, message = describe(event, data, deaths)
        log.log(level, message)
        record(path, event, data)
        childutils.listener.ok(sys.stdout)


if __name__ == "__main__":
    logging.basicConfig(stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    listen(Path(sys.argv[1]))
