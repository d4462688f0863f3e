"""The Content-Security-Policy in a real headless Chromium against a live server (uvicorn, as in
production): the lobby, the create form, a table mid-game with moves played, the admin, the API
docs and DRF's pages load with no refusal reported by the browser, and each still works. First
the watch itself is shown to catch an inline script, so a quiet page means a clean page.

GTR_SCREENSHOTS=<folder> also saves each page at 375 and 1366 px wide."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from .browser import Person, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (375, 1366)


def clean(person: Person, what: str) -> None:
    """The page (and every page since the last call) had nothing refused."""
    refused = person.csp_violations()
    assert not refused, (what, refused)


def shoot(person: Person, name: str) -> None:
    folder = os.environ.get("GTR_SCREENSHOTS")
    if not folder:
        return
    size = person.driver.get_window_size()
    for width in WIDTHS:
        person.driver.set_window_size(width, size["height"])
        person.screenshot(Path(folder) / f"{name}-{width}.png")
    person.driver.set_window_size(size["width"], size["height"])


def images_drawn(person: Person, css: str) -> int:
    """How many images match `css`, once every one of them has loaded (else 0)."""
    return int(
        person.driver.execute_script(
            "const all = [...document.querySelectorAll(arguments[0])];"
            "return all.every(i => i.complete && i.naturalWidth > 0) ? all.length : 0;",
            css,
        )
    )


def test_the_watch_catches_an_inline_script(browsers: Any) -> None:
    """The control: an inline script put in a page is refused, and the watch says so."""
    person = browsers()
    person.watch_csp()
    person.open("/")
    clean(person, "the lobby")
    ran = person.driver.execute_script(
        "const s = document.createElement('script'); s.textContent = 'window.gtrRan = 1';"
        "document.body.append(s); return window.gtrRan === 1;"
    )
    assert not ran
    refused = wait_for(person.csp_violations, 5, "the refusal")
    assert any("script-src" in line for line in refused), refused


def test_the_web_client_runs_under_the_policy(browsers: Any) -> None:
    alice = browsers()
    alice.watch_csp()
    alice.open("/")
    clean(alice, "the lobby, logged out")
    shoot(alice, "lobby-visitor")
    alice.sign_up("alice", "alice@example.org")
    clean(alice, "signing up")
    alice.open("/new/")
    # The create form's script runs: the seats beyond the player count are hidden.
    alice.fill({"players": "2"})
    wait_for(lambda: not alice.find('.seat-row[data-seat="2"]').is_displayed(), what="new.js")
    shoot(alice, "new")
    clean(alice, "the create form")
    game_id = alice.create_game({"players": "2", "seat1_kind": "bot"})
    # The table: its cards drawn, moves played by clicking, the table fetched again each time.
    wait_for(alice.moves, what="alice's moves")
    assert wait_for(lambda: images_drawn(alice, "#table img.card"), what="the card faces") > 5
    rng = random.Random(5)
    start = alice.seq()
    played = 0
    while played < 3:
        wait_for(alice.moves, what="alice's moves")
        played += alice.play_one(rng)
    assert alice.seq() > start

    alice.select_a_card(rng)  # selecting a card narrows the moves: the script's handlers run
    wait_for(lambda: alice.all("#table .selected"), what="a selected card")
    assert images_drawn(alice, "#table img.card") > 5
    shoot(alice, "table")
    clean(alice, f"game {game_id}, mid-game")
    alice.open("/")
    assert alice.all(".games .game-row")
    clean(alice, "the lobby, logged in")
    alice.open("/nowhere/")
    clean(alice, "the 404 page")


def test_the_admin_runs_under_the_policy(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    from games.services import lobby

    users = get_user_model().objects
    boss = users.create_superuser("boss", "boss@example.org", "a long secret 1")
    game = lobby.game_create(user=boss, version="republic", players=2)
    person = browsers()
    person.watch_csp()
    person.open("/admin/")
    assert "/admin/login/" in person.driver.current_url
    shoot(person, "admin-login")
    clean(person, "the admin's log-in")
    person.fill({"username": "boss", "password": "a long secret 1"})
    person.submit("#login-form [type=submit]")
    wait_for(lambda: person.all("#site-name"), what="the admin's index")
    clean(person, "the admin's index")
    person.open("/admin/games/seat/")
    # The change list's script runs: ticking every row counts them.
    person.find("#action-toggle").click()
    wait_for(lambda: "2 of 2" in person.find(".action-counter").text, what="actions.js")
    clean(person, "the admin's list of seats")
    person.open(f"/admin/games/game/{game.pk}/change/")
    wait_for(lambda: person.all("#seats-group"), what="the game's form with its seats")
    clean(person, "the admin's game form")


def test_the_api_docs_and_drf_pages_run_under_their_policies(browsers: Any) -> None:
    person = browsers()
    person.watch_csp()
    person.open("/api/docs/")
    # Swagger UI fetched the schema and drew the operations; one opens on a click.
    wait_for(lambda: len(person.all(".opblock")) > 20, 30, "Swagger UI's operations")
    person.all(".opblock .opblock-summary")[0].click()
    wait_for(lambda: person.all(".opblock.is-open"), what="an operation opened")
    shoot(person, "api-docs")
    clean(person, "Swagger UI")
    person.open("/api/redoc/")
    wait_for(lambda: len(person.all("[data-section-id]")) > 20, 30, "ReDoc's sections")
    shoot(person, "api-redoc")
    clean(person, "ReDoc")
    person.open("/api/cards/?format=api")
    wait_for(lambda: person.all(".response-info"), what="the browsable API")
    clean(person, "the browsable API")
    person.open("/api-auth/login/")
    assert person.all("form input[name=password]")
    clean(person, "DRF's log-in page")
