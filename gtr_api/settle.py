"""After start-up, before the first request: what start-up made is kept out of the garbage
collector's sight.

A web process holds about 150,000 objects once Django, DRF, the engine and the URLconf are
loaded, all of them alive until it exits. Python's full collection walks every one of them: it
took about 100 ms here, and a process serving moves ran one every 600 requests or so, a pause
in the middle of whichever request it fell on. `gc.freeze()` moves the objects alive now to a
generation the collector never walks, so a full collection walks only what requests have kept
since (docs/benchmarks.md, "Garbage collection pauses").
"""

from __future__ import annotations

import gc

from django.urls import get_resolver


def settle() -> None:
    """Load what the first request would (the URLconf and every view module it imports), drop
    start-up's garbage, and freeze what is left."""
    get_resolver().url_patterns  # noqa: B018 (imported on first use otherwise)
    gc.collect()
    gc.freeze()
