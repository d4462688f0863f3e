"""A process-local cache that keeps the objects themselves: Django's local-memory cache without
its pickling.

The view cache (games.read.view_cache, games.read.selectors.table_view) keeps views of up to 50 KB
of JSON (and the games they were built from); pickling one when it is kept and unpickling it at
every answer cost about a quarter of a millisecond each way, more than a cached answer's own work
(docs/benchmarks.md). Here an entry is the very object given, so **what is kept must never be
changed** by whoever gets it: a view is read and rendered, and anything added to it goes into a copy
(`view_cache._as_of_now`). tests/api/test_view_cache.py checks that every reader leaves the kept
views as they were.

An entry held as objects is about five times its pickle's size (a view late in a game: about
160 KB), so MAX_ENTRIES is set lower than for pickles (gtr_api/settings.py)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class ObjectCache(LocMemCache):
    # LocMemCache's own state and helpers, used as it uses them; django-stubs do not declare them
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
