"""Hides what start-up made from the garbage collector, before the first request.

Once Django, DRF, the engine and the URLconf are loaded, a web process holds about 150,000
objects. All of them live until the process exits. Python's full collection walks every one of
them. It took about 100 ms here. A process serving moves ran one every 600 requests or so. That
was a pause in the middle of whichever request it fell on.

`gc.freeze()` moves the objects alive now to a generation the collector never walks. A full
collection then walks only what requests have kept since (docs/benchmarks.md, "Garbage
collection pauses").
"""

from __future__ import annotations

import gc

from django.urls import get_resolver


def settle() -> None:
    """Loads what the first request would, then freezes what start-up left alive.

    The first request would load the URLconf and every view module it imports. Start-up's
    garbage is collected before the freeze.
    """
    get_resolver().url_patterns  # noqa: B018 (imported on first use otherwise)
    gc.collect()
    gc.freeze()
