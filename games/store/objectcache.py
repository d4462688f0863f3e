"""A process-local cache of the objects themselves: Django's local-memory cache without pickling.

The view cache keeps views of up to 50 KB of JSON.
It also keeps the games they were built from.
See games.read.view_cache and games.read.selectors.table_view.
Pickling a view cost about a quarter of a millisecond each way (docs/benchmarks.md).
That is more than a cached answer's own work.

Here an entry is the very object given.
So **what is kept must never be changed** by whoever gets it.
A view is read and rendered.
Anything added to it goes into a copy (`view_cache._as_of_now`).
A test checks that every reader leaves the kept views as they were.
It is tests/api/test_view_cache.py.

An entry held as objects is about five times its pickle's size.
A view late in a game takes about 160 KB.
So MAX_ENTRIES is set lower than for pickles (gtr_api/settings.py).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class ObjectCache(LocMemCache):
    # LocMemCache's own state and helpers, used as it uses them.
    # django-stubs do not declare them.
    _cache: OrderedDict[str, Any]
    _lock: threading.Lock
    _has_expired: Callable[[str], bool]
    _set: Callable[[str, Any, Any], None]
    _delete: Callable[[str], bool]

    def add(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._set(key, value, timeout)
                return True
            return False

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            value = self._cache[key]
            self._cache.move_to_end(key, last=False)
        return value

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            self._set(key, value, timeout)

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                raise ValueError(f"Key '{key}' not found")
            value: int = self._cache[key] + delta
            self._cache[key] = value
            self._cache.move_to_end(key, last=False)
        return value
