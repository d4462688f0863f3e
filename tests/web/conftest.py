"""Fixtures of the browser tests: a live server of this project (uvicorn serving its ASGI
application, as production does, in a thread of the test process, so the invitation mails land
in `mail.outbox` and the tables hear their games' event streams) and people with browsers."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import uvicorn_thread
from tests.web.browser import Person, available


@pytest.fixture
def site(transactional_db: Any, settings: Any) -> Iterator[str]:
    if not available():
        pytest.fail("Chromium and chromedriver are missing: run .ci/chromium")
    settings.GTR_WAIT_POLL_SECONDS = 0.05
    settings.GTR_WAIT_MAX_SECONDS = 1  # no long poll outlives a test by much
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with uvicorn_thread() as url:
        settings.GTR_PUBLIC_URL = url
        yield url


@pytest.fixture
def paths_asked() -> Iterator[list[str]]:
    """The paths the live server is asked for during the test, in order."""
    from django.core.signals import request_started

    asked: list[str] = []

    def record(sender: Any, scope: dict[str, Any] | None = None, **_: Any) -> None:
        if scope is not None:
            asked.append(scope["path"])

    request_started.connect(record, dispatch_uid="tests.web.paths_asked")
    yield asked
    request_started.disconnect(dispatch_uid="tests.web.paths_asked")


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
