"""The Content-Security-Policy (gtr_api/settings.py, gtr_api/security.py) through Django's test
client: every page of the web client and every API answer carries the strict policy, and the
pages hold nothing it would refuse (no inline script, event handler, style attribute or <style>).
The API docs, DRF's pages and the admin carry theirs, with no inline script either. Every page of
web/urls.py is visited, so a new page is checked too. tests/web/test_csp_browser.py shows the
same in Chromium."""

from __future__ import annotations

import re
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import resolve
from django.utils import timezone

import web.urls
from games.models import Game
from games.services import lobby, resignation
from games.services.lobby import SeatSpec
from games.services.tokens import mail_token
from players.mail import texts
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HTML = {"HTTP_ACCEPT": "text/html"}
STRICT = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "img-src": {"'self'"},
    "font-src": {"'self'"},
    "connect-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'self'"},
    "frame-ancestors": {"'none'"},
}


def policy(response: Any) -> dict[str, set[str]]:
    header = response.get("Content-Security-Policy")
    assert header, (response.status_code, response.get("Content-Type"), "no policy")
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: set(values) for name, *values in directives}


class InlineCode(HTMLParser):
    """What a strict policy refuses in a page: inline scripts (a <script> without `src` runs
    unless it is JSON), event-handler attributes, javascript: addresses, style attributes and
    <style> elements."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script" and "src" not in named and named.get("type") != "application/json":
            self.found.append(f"an inline script: {self.get_starttag_text()}")
        if tag == "style":
            self.found.append("a <style> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"a handler: {self.get_starttag_text()}")
            if name == "style":
                self.found.append(f"a style attribute: {self.get_starttag_text()}")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"a javascript: address: {self.get_starttag_text()}")


def inline_code(html: str, scripts_only: bool = False) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    if scripts_only:
        return [f for f in parser.found if "style" not in f.split(":")[0]]
    return parser.found


@pytest.fixture
def world(django_user_model: Any, django_capture_on_commit_callbacks: Any) -> dict[str, Any]:
    """Alice logged in, with a game against a bot under way, a finished one, bob's open table
    and a guest's seat link."""
    alice = django_user_model.objects.create_user("alice", email="alice@example.org", password="x")
    bob = django_user_model.objects.create_user("bob", email="bob@example.org", password="x")
    with django_capture_on_commit_callbacks(execute=True):
        active = lobby.game_create(
            user=alice,
            version="republic",
            players=3,
            seats=[SeatSpec("me"), SeatSpec("bot"), SeatSpec("invited", email="guest@example.org")],
        )
    finished = lobby.game_create(
        user=alice, version="republic", players=2, seats=[SeatSpec("me"), SeatSpec("bot")]
    )
    resignation.game_resign(game_id=finished.pk, position=0)
    open_game = lobby.game_create(user=bob, version="imperium", players=4)
    guest = active.seats.get(position=2)
    assert active.status == Game.Status.ACTIVE and mail.outbox
    return {
        "alice": alice,
        "active": active.pk,
        "finished": finished.pk,
        "open": open_game.pk,
        "guest_link": f"/play/{mail_token(guest)}/",
    }


def test_every_page_of_the_web_client_has_the_strict_policy_and_no_inline_code(
    world: dict[str, Any],
) -> None:
    visited: set[str] = set()
    html_pages = 0

    def check(client: Client, method: str, path: str, **data: Any) -> Any:
        nonlocal html_pages
        r = getattr(client, method)(path, data or None, **HTML)
        assert policy(r) == STRICT, (method, path, r["Content-Security-Policy"])
        if r.get("Content-Type", "").startswith("text/html"):
            html_pages += 1
            assert not inline_code(r.content.decode()), (path, inline_code(r.content.decode()))
        match = resolve(path.split("?")[0])
        if match.namespace == "web":
            visited.add(match.url_name)
        return r

    active, finished, open_game = world["active"], world["finished"], world["open"]
    visitor = Client()
    for path in ("/", "/login/", "/signup/", "/nowhere/", "/play/not-a-token/"):
        check(visitor, "get", path)
    check(visitor, "get", f"/games/{active}/")  # a spectator's table
    check(visitor, "get", f"/games/{active}/table/")
    check(visitor, "post", "/signup/", username="", password="short")  # the form's errors
    check(visitor, "post", "/login/", username="alice", password="wrong")
    check(visitor, "get", "/cards/jack.png")
    check(visitor, "get", "/jsi18n/")
    for path in ("/rules/", "/rules/cards/", "/rules/cards/?version=first_edition"):
        check(visitor, "get", path)  # how to play, and the card gallery (issue 30)
    for path in ("/ratings/", "/ratings/first_edition/"):
        check(visitor, "get", path)  # the leaderboards (issue 33)
    check(visitor, "get", f"/mail/unsubscribe/{texts.unsubscribe_token('alice@example.org')}/")
    preferences = f"/mail/preferences/{texts.unsubscribe_token('alice@example.org')}/"
    check(visitor, "get", preferences)  # the mail preferences page, no account needed
    check(visitor, "post", preferences, final="on", language="en")
    check(visitor, "get", "/mail/preferences/not-a-token/")
    check(visitor, "get", "/sw.js")  # the push service worker

    guest = Client()
    assert check(guest, "get", world["guest_link"]).status_code == 302
    check(guest, "get", f"/games/{active}/")  # the guest's own seat, by the link

    alice = Client()
    alice.force_login(world["alice"])
    for path in ("/", "/new/", "/time-off/", f"/games/{finished}/", f"/games/{open_game}/"):
        check(alice, "get", path)
    page = check(alice, "get", f"/games/{active}/").content.decode()
    assert "Your hand" in page and 'id="gtr-client" type="application/json"' in page
    check(alice, "get", f"/games/{active}/table/")
    check(alice, "get", "/lobby/lists/")  # what alerts.js swaps in
    check(alice, "post", "/new/", version="republic", players="2", seat0_kind="me")  # errors
    check(alice, "post", "/time-off/", start="x", end="y", do="take")  # issue 31: errors
    check(alice, "post", f"/games/{active}/here/")
    check(alice, "post", f"/games/{open_game}/join/", seat="1")
    check(alice, "post", f"/games/{open_game}/leave/")
    check(alice, "post", f"/games/{open_game}/start/")
    # Issue 32: profiles, challenges, seeks and rematch, each page and each form's answer.
    check(alice, "get", "/players/bob/")
    check(alice, "post", "/players/bob/report/", reason="spam", text="<b>x</b>")
    check(alice, "post", "/players/bob/block/")
    check(alice, "post", "/challenges/", to="nobody")  # refused: the lobby says why
    check(alice, "post", "/challenges/999999/decline/", reason="generic")
    check(alice, "post", "/seeks/", version="republic", players_min="2", players_max="3")
    check(alice, "post", "/seeks/999999/join/")
    check(alice, "post", "/seeks/999999/cancel/")
    check(alice, "post", f"/games/{finished}/rematch/offer/")
    # Issue 33: the tournaments, and an entry's answer (refused: no such tournament).
    cup = Tournament.objects.create(
        name="Cup",
        version="republic",
        format="swiss",
        table_size=3,
        rounds=2,
        starts=timezone.now() + timedelta(days=1),
        max_players=9,
    )
    check(alice, "get", "/tournaments/")
    check(alice, "post", f"/tournaments/{cup.pk}/join/")
    check(alice, "get", f"/tournaments/{cup.pk}/")  # with the withdraw button
    check(alice, "post", "/tournaments/999999/join/")  # refused: no such tournament
    check(alice, "post", "/language/", language="pl", next="/")
    check(alice, "get", "/")  # in Polish
    check(alice, "post", "/logout/")

    assert html_pages > 15
    pages = {pattern.name for pattern in web.urls.urlpatterns}
    assert visited == pages, f"pages this test does not visit: {pages - visited}"


def test_every_api_answer_has_the_strict_policy(world: dict[str, Any]) -> None:
    api = Client()
    api.force_login(world["alice"])
    game = world["active"]
    answers = [
        api.get("/api/cards/"),
        api.get(f"/api/games/{game}/"),
        api.get(f"/api/games/{game}/events/"),
        api.post("/api/games/", {"version": "republic", "players": 2}, "application/json"),
        api.post(f"/api/games/{game}/moves/", {"seq": 0, "action": {}}, "application/json"),
        api.get("/api/health/?only=database"),
        api.get("/api/nowhere/"),
        api.delete("/api/cards/"),
        api.get("/api/schema/"),
        Client().get(f"/api/games/{game}/moves/"),
    ]
    assert {r.status_code for r in answers} >= {200, 201, 400, 404, 405}, [
        r.status_code for r in answers
    ]
    for r in answers:
        assert policy(r) == STRICT, (r.status_code, r.content[:200])


def test_the_api_docs_run_no_inline_script_under_their_own_policies(client: Any) -> None:
    swagger = client.get("/api/docs/")
    assert swagger.status_code == 200
    assert policy(swagger) == {**STRICT, "img-src": {"'self'", "data:"}}
    assert not inline_code(swagger.content.decode())
    # Its set-up script is a file: the same view, asked for `?script`.
    found = re.search(r'<script src="(/api/docs/\?[^"]*script[^"]*)"', swagger.content.decode())
    assert found, swagger.content.decode()
    script = client.get(found[1].replace("&amp;", "&"))
    assert script.status_code == 200 and script["Content-Type"] == "application/javascript"
    assert b"SwaggerUIBundle(" in script.content
    redoc = client.get("/api/redoc/")
    assert redoc.status_code == 200
    assert policy(redoc) == {
        **STRICT,
        "style-src": {"'self'", "'unsafe-inline'"},
        "img-src": {"'self'", "data:", "https://cdn.redoc.ly"},
        "worker-src": {"blob:"},
    }
    assert not inline_code(redoc.content.decode())
    assert b"fonts.googleapis.com" not in redoc.content


def test_drf_pages_allow_inline_styles_but_no_inline_script(client: Any) -> None:
    for r in (client.get("/api/cards/", **HTML), client.get("/api-auth/login/")):
        assert r.status_code == 200 and r["Content-Type"].startswith("text/html")
        assert policy(r) == {**STRICT, "style-src": {"'self'", "'unsafe-inline'"}}
        assert not inline_code(r.content.decode(), scripts_only=True)


def test_the_admin_keeps_the_strict_policy(admin_client: Any, world: dict[str, Any]) -> None:
    for path in (
        "/admin/",
        "/admin/games/game/",
        f"/admin/games/game/{world['active']}/change/",
        "/admin/games/seat/",
        "/admin/auth/user/add/",
    ):
        r = admin_client.get(path)
        assert r.status_code == 200, path
        assert policy(r) == STRICT, path
        assert not inline_code(r.content.decode()), (path, inline_code(r.content.decode()))
    r = Client().get("/admin/login/")
    assert policy(r) == STRICT and not inline_code(r.content.decode())


# What a script may not do under the policy: run strings as code, or write inline handlers or
# styles (writing a style through the CSSOM, `element.style.x = ...`, is allowed).
REFUSED_IN_SCRIPTS = re.compile(
    r"\beval\(|new Function\(|set(Timeout|Interval)\(\s*[\"'`]|setAttribute\(\s*[\"'](style|on)"
    r"|\.on\w+\s*=\s*[\"'`]|insertAdjacentHTML|document\.write|javascript:"
)


def test_the_web_client_scripts_write_nothing_the_policy_refuses() -> None:
    folder = Path(web.urls.__file__).parent / "static" / "web"
    scripts = sorted(folder.glob("*.js"))
    assert {p.name for p in scripts} >= {"table.js", "new.js"}
    for path in scripts:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not REFUSED_IN_SCRIPTS.search(line), f"{path.name}:{number}: {line.strip()}"
