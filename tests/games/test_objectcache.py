"""The process-local cache of objects (games.store.objectcache): Django's local-memory cache,
keeping
the object given rather than a pickle of it, with the same expiry, culling and operations."""

from __future__ import annotations

import time

import pytest

from games.store.objectcache import ObjectCache


@pytest.fixture
def cache() -> ObjectCache:
    c = ObjectCache(f"test-{time.monotonic_ns()}", {"OPTIONS": {"MAX_ENTRIES": 3}})
    c.clear()
    return c


def test_an_entry_is_the_object_itself(cache: ObjectCache) -> None:
    view = {"table": {"pool": [1, 2]}}
    cache.set("k", view)
    assert cache.get("k") is view
    assert cache.get("missing", "default") == "default"
    assert cache.add("k", {"other": 1}) is False and cache.get("k") is view
    assert cache.add("new", 1) is True and cache.incr("new", 2) == 3 == cache.get("new")
    with pytest.raises(ValueError):
        cache.incr("missing")


def test_entries_expire_and_the_oldest_are_culled(cache: ObjectCache) -> None:
    cache.set("short", "x", timeout=0.05)
    time.sleep(0.1)
    assert cache.get("short") is None
    for i in range(6):
        cache.set(f"k{i}", i)
        cache.get("k0")  # the first one is kept in use
    assert cache.get("k5") == 5 and cache.get("k0") == 0
    assert cache.get("k1") is None  # culled: the least recently used
    assert len(cache._cache) <= 3
