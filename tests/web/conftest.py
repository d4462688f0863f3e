"""Fixtures of the browser tests: a live server of this project (pytest-django's, in a thread of
the test process, so the invitation mails land in `mail.outbox`) and people with browsers."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import Person, available


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory: Any
) -> None:
    """On SQLite, the browser tests' database is a file (WAL, as in production), not the shared
    in-memory one: the live server answers a long poll and a move at once, and the in-memory
    database's shared cache would refuse one of them ("database table is locked")."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "browser.sqlite3")


@pytest.fixture
def site(live_server: Any, settings: Any) -> str:
    if not available():
        pytest.fail("Chromium and chromedriver are missing: run .ci/chromium")
    settings.GTR_PUBLIC_URL = live_server.url
    settings.GTR_WAIT_POLL_SECONDS = 0.05
    settings.GTR_WAIT_MAX_SECONDS = 2  # no long poll outlives a test by much
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    return str(live_server.url)


@pytest.fixture
def browsers(site: str, settings: Any) -> Iterator[Any]:
    """`browsers()` opens a new browser (a separate context: its own cookies) at the site."""
    opened: list[Person] = []

    def open_one(**kwargs: Any) -> Person:
        person = Person(site, **kwargs)
        opened.append(person)
        return person

    yield open_one
    for person in opened:
        person.close()
    time.sleep(settings.GTR_WAIT_MAX_SECONDS + 0.5)  # let the last long polls end
