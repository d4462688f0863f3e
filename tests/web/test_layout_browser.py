"""The table's layout in a real headless Chromium at a phone's width (375 px) and a laptop's
(1,366 px), in each state a person meets: their own decision, another's, a spectator's page, a
finished game (issue 30: W1, W6, W7). The screenshots of each go to docs/screenshots/
(GTR_SCREENSHOTS=<folder> elsewhere): `table-<state>-<width>.png`.

One browser per person, resized between the widths, to keep the browser stage short."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from games.models import Game
from games.read.selectors import Caller

from . import axe
from .browser import Person, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (375, 1366)
DOCS = Path(__file__).parents[2] / "docs" / "screenshots"
SHOTS = Path(os.environ.get("GTR_SCREENSHOTS") or DOCS)

# Where the page's parts are, in CSS pixels of the page (not the viewport), in one round trip.
RECTS = """
const out = {};
for (const [name, css] of Object.entries(arguments[0])) {
  const el = document.querySelector(css);
  if (!el || !el.checkVisibility()) { out[name] = null; continue; }
  const r = el.getBoundingClientRect();
  out[name] = {left: r.left, top: r.top + scrollY, width: r.width, height: r.height,
               scroll: el.scrollWidth, client: el.clientWidth};
}
out.page = {width: document.documentElement.clientWidth,
            height: document.documentElement.scrollHeight};
return out;
"""
PARTS = {
    "main": "main",
    "status": "#status",
    "moves": "#choices",
    "table": "#table",
    "hand": "#table .hand",
    "opponents": "#table .opponents",
    "supply": "#table .centre",
    "scores": "#table .scores",
    "scores_table": "#table .scores table",
}


def rects(person: Person) -> dict[str, Any]:
    return dict(person.driver.execute_script(RECTS, PARTS))


def log_in(person: Person, username: str) -> None:
    person.open("/login/")
    person.fill({"username": username, "password": "a long secret 1"})
    person.submit()
    wait_for(lambda: username in person.find("header.site").text, what="logged in")


def two_people() -> tuple[int, Any, Any]:
    from django.contrib.auth import get_user_model

    from games.services import lobby

    users = get_user_model().objects
    ann = users.create_user("ann", email="ann@example.org", password="a long secret 1")
    ben = users.create_user("ben", email="ben@example.org", password="a long secret 1")
    game = lobby.game_create(user=ann, version="republic", players=2)
    lobby.seat_join(game_id=game.pk, user=ben)
    return game.pk, ann, ben


def play_until(game_id: int, seat: int, rng: random.Random) -> None:
    """Plays legal moves for whoever decides (preferring ones that keep cards on the table)
    until the decision is `seat`'s."""
    from games.services.moves import move_submit

    for _ in range(60):
        game = Game.objects.get(pk=game_id)
        state = engine.from_json(game.state)
        if engine.to_act(state) == seat:
            return
        actions = engine.legal_actions(state)
        action = next((a for a in actions if a.get("type") == "lead"), rng.choice(actions))
        who = Caller(position=engine.to_act(state))
        move_submit(game_id=game_id, caller=who, seq=game.seq, action=action)
    raise AssertionError("the decision never came back")


def at_width(person: Person, width: int, path: str, name: str) -> dict[str, Any]:
    """The page at `width`: its parts' places, its screenshot, and axe-core's verdict."""
    person.driver.set_window_size(width, 900)
    person.open(path)
    wait_for(lambda: person.all("#table"), what="the table")
    seen = rects(person)
    shot(person, f"table-{name}-{width}.png")
    axe.check(person, f"{path} ({name}) at {width} px")
    return seen


def shot(person: Person, name: str) -> None:
    """A screenshot of the whole page, in 128 colours: small enough to commit."""
    from PIL import Image

    path = SHOTS / name
    person.screenshot(path)
    image = Image.open(path).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    image.save(path, optimize=True)


def test_the_table_keeps_one_layout_whoever_decides(browsers: Any) -> None:
    """W1: the table fills the page and stays where it is when the turn passes; the final scores
    stay in their panel. W7: on a phone the status and the hand come first."""
    game_id, _, _ = two_people()
    play_until(game_id, 0, random.Random(1))
    ann, watcher = browsers(width=1366), browsers(width=1366)
    log_in(ann, "ann")
    page = f"/games/{game_id}/"
    mine = {w: at_width(ann, w, page, "yours") for w in WIDTHS}
    # Ann leads; now Ben decides.
    from games.services.moves import move_submit

    state = engine.from_json(Game.objects.get(pk=game_id).state)
    lead = next(a for a in engine.legal_actions(state) if a["type"] == "think")
    seq = Game.objects.get(pk=game_id).seq
    move_submit(game_id=game_id, caller=Caller(position=0), seq=seq, action=lead)
    play_until(game_id, 1, random.Random(2))
    theirs = {w: at_width(ann, w, page, "theirs") for w in WIDTHS}
    watched = {w: at_width(watcher, w, page, "spectator") for w in WIDTHS}

    wide, narrow = 1366, 375
    for seen in (mine[wide], theirs[wide], watched[wide]):
        # W1: the table's zones use the page's width, whoever decides.
        assert seen["opponents"]["width"] > 0.55 * seen["main"]["width"], seen
    # ... and do not move when the turn passes.
    for part in ("opponents", "supply", "status"):
        a, b = mine[wide][part], theirs[wide][part]
        assert abs(a["left"] - b["left"]) < 2 and abs(a["width"] - b["width"]) < 2, (part, a, b)
    # The moves panel keeps its place, and says whose turn it is when it is not yours.
    assert theirs[wide]["moves"] is not None
    assert abs(mine[wide]["moves"]["left"] - theirs[wide]["moves"]["left"]) < 2
    # W7: on a phone, the status, then your hand, then the moves, then the rest.
    for seen in (mine[narrow],):
        order = [seen[p]["top"] for p in ("status", "hand", "moves", "opponents", "supply")]
        assert order == sorted(order), seen
    for seen in (mine[narrow], theirs[narrow], watched[narrow]):
        assert seen["page"]["width"] <= narrow and seen["main"]["scroll"] <= narrow, seen

    # W1: the final scores stay in their panel at both widths.
    from games.services import resignation

    resignation.game_resign(game_id=game_id, position=1)
    done = {w: at_width(ann, w, page, "finished") for w in WIDTHS}
    for width, seen in done.items():
        assert seen["scores"] is not None
        table, panel = seen["scores_table"], seen["scores"]
        assert table["left"] + table["width"] <= panel["left"] + panel["width"] + 1, (width, seen)
        assert seen["opponents"]["width"] > 0.55 * seen["main"]["width"] or width == narrow
