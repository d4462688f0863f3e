"""Slow games at the table in a real headless Chromium (issue 31): a pause proposed and accepted
stops the clock on both pages; an undo restores the table; a takeback asked and accepted; a
standing order written in the panel thinks for its player when a role they cannot follow is led,
and another gives what a Legionary demands.
Each page with the new panels passes axe-core. Three tests, each with few people and pages.

The screenshots docs/web.md shows go to docs/screenshots/ (GTR_SCREENSHOTS=<folder> elsewhere):
`slow-<what>-<width>.png`; with GTR_SLOW_SHOTS=<folder> every view of these tests goes there too,
for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.support.ui import Select

from games.models import Game, Move
from games.read.selectors import Caller

from . import axe
from .browser import Person, wait_for
from .test_layout_browser import DOCS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("GTR_SCREENSHOTS") or DOCS)
LOOK = os.environ.get("GTR_SLOW_SHOTS")
DAY = 86400

# Ann (seat 0) leads. Ben holds a Temple, a Road and a Wall: no wood, so no Craftsman to follow
# (Republic rules: follow with a card of the role led, or think).
LEADS = {"players": [{"hand": ["Palace", "Dock", "Road"]}, {"hand": ["Temple", "Road", "Wall"]}]}
# Ann acts as Legionary (Atrium, brick, led from her camp) and may demand rubble with her Road;
# Ben holds two Roads, so he has a choice to make, and an order may make it.
LEGIONARY = {
    "role": "legionary",
    "start": {"decision": "act", "seat": 0},
    "players": [
        {"camp": ["Atrium"], "hand": ["Road", "Palace"]},
        {"hand": ["Road", "Road", "Wall"]},
    ],
}
# Ann acts twice as Craftsman (her lead and a client), revealing nothing: she may undo alone.
CRAFTSMAN = {
    "role": "craftsman",
    "start": {"decision": "act", "seat": 0},
    "players": [
        {"camp": ["Dock"], "clientele": ["Crane", "Crane"], "hand": ["Road", "Insula", "Temple"]},
        {"camp": ["Dock"], "hand": ["Wall", "Statue", "Palace"]},
    ],
}


def table_for_two(scenario: dict[str, Any], clock: bool = True) -> int:
    from django.contrib.auth import get_user_model

    from games.services import lobby
    from games.services.clocks import ClockSpec

    users = get_user_model().objects
    if not users.filter(username="ann").exists():
        users.create_user("ann", password="a long secret 1", is_staff=True)
        users.create_user("ben", password="a long secret 1")
    ann, ben = users.get(username="ann"), users.get(username="ben")
    spec = ClockSpec(kind="fixed", seconds=DAY) if clock else None
    game = lobby.game_create(user=ann, version="republic", scenario=scenario, clock=spec)
    lobby.seat_join(game_id=game.pk, user=ben)
    return game.pk


def people(browsers: Any, game_id: int, *names: str) -> list[Person]:
    seated = []
    for name in names:
        person = browsers(width=1366)
        if name:
            log_in(person, name)
        person.open(f"/games/{game_id}/")
        wait_for(lambda p=person: p.all("#table"), what="the table")
        seated.append(person)
    return seated


def click(person: Person, css: str, text: str = "") -> None:
    """Clicks the first button matching `css` whose words hold `text`, once the page shows it."""

    def clicked() -> bool:
        # The table may be redrawn between finding the button and clicking it (the events of
        # a move come one by one): wait_for tries again on a stale element.
        for b in person.all(css):
            if text in b.text and b.is_displayed() and b.is_enabled():
                b.click()
                return True
        return False

    wait_for(clicked, what=f"{css} {text!r}")


def text_of(person: Person, css: str) -> str:
    """The words of the element `css`, read again if the table was redrawn meanwhile."""
    return str(wait_for(lambda: person.find(css).text or " ", what=css))


def choose(person: Person, css: str, value: str) -> None:
    """Chooses `value` in the select `css` (the change event follows, as for a person)."""
    wait_for(lambda: Select(person.find(css)).select_by_value(value) or True, what=css)


def says(person: Person, text: str, timeout: float = 20) -> None:
    wait_for(lambda: text in person.find("#table").text, timeout, f"{text!r} on the page")


def shot(
    person: Person, name: str, widths: tuple[int, ...] = (375, 1366), docs: tuple[int, ...] = ()
) -> None:
    """The page at each width: its screenshot (in 128 colours: small enough to commit; into
    docs/screenshots at the `docs` widths; at every width with GTR_SLOW_SHOTS) and axe-core's
    verdict."""
    from PIL import Image

    if not LOOK:  # in CI: the pictures docs/web.md shows, and axe-core once for each state
        widths = tuple(w for w in widths if w in docs) or widths[:1]
    for width in widths:
        person.driver.set_window_size(width, 900)
        folders = ([SHOTS] if width in docs else []) + ([Path(LOOK)] if LOOK else [])
        for folder in folders:
            path = folder / f"slow-{name}-{width}.png"
            person.screenshot(path)
            image = Image.open(path).convert("RGB")
            image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
        axe.check(person, f"{name} at {width} px")
    person.driver.set_window_size(1366, 1000)


def test_a_pause_proposed_and_accepted_then_a_takeback(browsers: Any) -> None:
    game_id = table_for_two(LEADS)
    ann, ben, watcher = people(browsers, game_id, "ann", "ben", "")

    # Ann proposes a pause until someone resumes it; Ben is asked, prominently.
    click(ann, "#pause summary")
    shot(ann, "propose", (375,))
    click(ann, "#pause button[type=submit]")
    says(ann, "You proposed a pause")
    says(ben, "ann proposes a pause")
    says(watcher, "ann proposes a pause")
    assert not watcher.all("#table [data-slow]")  # a spectator only reads
    shot(ben, "asked", docs=(375, 1366))
    shot(ann, "proposed")
    shot(watcher, "proposal-watched")

    click(ben, "#pause-ask button", "Accept")
    for person in (ann, ben, watcher):
        says(person, "The clock is stopped: the game is paused.")
    assert "Decide by" not in text_of(ann, "#status")  # a paused decision has no deadline
    shot(ann, "paused", docs=(1366,))
    shot(watcher, "paused-watched", (1366,))
    click(ben, "#pause button[data-slow=resume]")
    for person in (ann, ben):
        wait_for(lambda p=person: "stopped" not in p.find("#status").text, what="resumed")
        says(person, "Decide by")

    # Ann leads by thinking: she draws, so only the others may let her take it back.
    seq = int(wait_for(lambda: ann.find("#table").get_attribute("data-seq"), what="the seq"))
    click(ann, "#actions button.move", "Think")
    wait_for(lambda: ann.seq() > seq, what="the think played")
    click(ann, "#choices button[data-slow=takeback]")
    says(ben, "ann asks for a takeback")
    shot(ben, "takeback-asked", (1366,))
    click(ben, "#takeback-ask button", "Accept")
    wait_for(lambda: Move.objects.filter(game_id=game_id, action__type="undo").exists())
    says(ann, "Your decision:")  # her lead again, on her page without a reload
    wait_for(lambda: len(ann.all("#actions button.move")) > 2, what="Ann's lead again")
    assert Game.objects.get(pk=game_id).to_act == 0


def test_an_undo_restores_the_table_and_a_refusal_is_said(browsers: Any) -> None:
    game_id = table_for_two(CRAFTSMAN, clock=False)
    ann, ben = people(browsers, game_id, "ann", "ben")

    hand = ann.attributes("#table .hand [data-card]", "data-card")
    click(ann, "#actions button.move", "Road")  # lays a Road foundation
    wait_for(lambda: ann.all("#choices button[data-slow=undo]"), what="the Undo button")
    assert ann.attributes("#table .hand [data-card]", "data-card") != hand
    assert "Road" in text_of(ann, "#choices .taking-back")  # what it takes back
    shot(ann, "undo", docs=(375,))
    click(ann, "#choices button[data-slow=undo]")
    wait_for(
        lambda: ann.attributes("#table .hand [data-card]", "data-card") == hand,
        what="the hand as it was",
    )
    wait_for(lambda: ben.seq() == ann.seq(), what="Ben's table up to date")

    # A refusal is said in words, with its code: here a resume with no pause in effect.
    ann.driver.execute_script(
        "const b = document.createElement('button'); b.dataset.slow = 'resume';"
        "document.getElementById('game').append(b); b.click();"
    )
    wait_for(lambda: "not_paused" in ann.find("#notice").text, what="the refusal")
    assert ann.find("#notice").text.startswith("Not done: The game is not paused.")


def ann_plays(game_id: int, kind: str, role: str | None = None) -> None:
    """Ann plays her first legal action of `kind` (and `role`), through the service."""
    from engine import from_json, legal_actions
    from games.services.moves import move_submit

    game = Game.objects.get(pk=game_id)
    action = next(
        a
        for a in legal_actions(from_json(game.state))
        if a["type"] == kind and a.get("role", role) == role
    )
    move_submit(game_id=game_id, caller=Caller(position=0), seq=game.seq, action=action)


def test_standing_orders_set_in_the_panel_think_and_answer_a_legionary(browsers: Any) -> None:
    game_id = table_for_two(LEADS, clock=False)
    (ben,) = people(browsers, game_id, "ben")
    click(ben, "#fold-orders summary")  # folded until opened: the table comes first
    click(ben, "#fold-orders button[data-slow=order-add]", "Think and draw")
    wait_for(lambda: ben.all("#fold-orders .order-list li"), what="the order listed")
    assert "unless you can follow" in text_of(ben, "#fold-orders .order-list")

    # Ann leads Craftsman with her Dock: Ben holds no wood, and his order thinks for him.
    ann_plays(game_id, "lead", "craftsman")
    assert Move.objects.get(game_id=game_id, seq=2).actor == "order"
    says(ben, "Your standing order played it.")
    wait_for(lambda: "Played by your orders" in ben.find("#fold-orders").text, what="fired")

    # At another table, Ben writes in the form: give what a Legionary demands, the cheapest.
    game_id = table_for_two(LEGIONARY, clock=False)
    ben.open(f"/games/{game_id}/")
    wait_for(lambda: ben.all("#fold-orders[open] form.order-form"), what="the panel, still open")
    choose(ben, "#fold-orders select[name=when]", "give")
    wait_for(lambda: not ben.find("#fold-orders .o-role").is_displayed(), what="no role to give")
    click(ben, "#fold-orders form.order-form button[type=submit]")
    wait_for(lambda: ben.all("#fold-orders .order-list li"), what="the order listed")
    assert "Legionary demands" in text_of(ben, "#fold-orders .order-list")

    # Ann demands rubble: Ben holds two Roads, and his order gives one.
    ann_plays(game_id, "demand")
    assert Move.objects.get(game_id=game_id, seq=2).actor == "order"
    says(ben, "Your standing order played it.")
    wait_for(lambda: "Played by your orders" in ben.find("#fold-orders").text, what="fired")
    shot(ben, "orders", docs=(1366,))
