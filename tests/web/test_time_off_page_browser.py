"""Issue 31 in a real headless Chromium, at 375 px and 1,366 px, each page checked by axe-core
(no serious or critical violation) and photographed into docs/screenshots/ (GTR_SCREENSHOTS
elsewhere): the Time off page with a vacation to come and an automatic one under way, and a
refusal beside its field; the create form's playing hours, shown only with a clock; the story of
a takeback, as the player to act, the other player and a spectator read it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from . import axe
from .browser import Person, wait_for
from .test_layout_browser import WIDTHS, log_in, shot, two_people
from .test_pages_browser import visible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def away(user: Any) -> None:
    """A week away next month, and an automatic day under way."""
    from games.models import Vacation
    from games.services import timeoff

    start = timezone.now().date() + timedelta(days=20)
    timeoff.vacation_take(user=user, start=start, end=start + timedelta(days=6))
    now = timezone.now()
    Vacation.objects.create(
        user=user,
        starts=now - timedelta(hours=3),
        ends=now + timedelta(hours=21),
        days=1,
        automatic=True,
    )


def test_the_time_off_page_and_the_playing_hours(browsers: Any) -> None:
    from django.contrib.auth import get_user_model

    from games.models import Vacation

    user = get_user_model().objects.create_user("ann", password="a long secret 1")
    away(user)
    ann = browsers()
    ann.open("/time-off/")
    wait_for(lambda: "/login/" in ann.driver.current_url, what="the login first")
    log_in(ann, "ann")
    for width in WIDTHS:
        ann.driver.set_window_size(width, 900)
        ann.open("/time-off/")
        assert ann.find(".days-left strong").text == "22"  # 30, less 7 days and 1
        rows = ann.all(".vacation")
        assert len(rows) == 2 and "automatic" in rows[0].text and "End it now" in rows[0].text
        assert "You are on vacation now" in ann.find("main").text
        shot(ann, f"time-off-{width}.png")
        axe.check(ann, f"the time off page at {width} px")
    # A refusal: days that overlap the week away, beside the first day, nothing taken.
    start = timezone.now().date() + timedelta(days=22)
    ann.fill({"start": start.strftime("%m%d%Y"), "end": start.strftime("%m%d%Y")})
    ann.submit("form:has([value=take]) button[type=submit]")
    error = wait_for(lambda: ann.all(".field.invalid .error"), what="the refusal")[0]
    assert "overlap a vacation you have" in error.text
    assert Vacation.objects.count() == 2
    axe.check(ann, "the time off page with a refusal")

    for width in WIDTHS:
        ann.driver.set_window_size(width, 900)
        ann.open("/new/")
        ann.fill({"clock": "none"})
        wait_for(lambda: not visible(ann, "#playing-hours"), what="no hours without a clock")
        ann.fill({"clock": "fixed", "clock_seconds": "86400", "hours_on": "on"})
        wait_for(lambda: visible(ann, "[name=hours_start]"), what="the hours")
        assert not visible(ann, ".hours-fixed")
        ann.fill({"hours_zone": "fixed", "hours_fixed_zone": "Europe/Warsaw"})
        wait_for(lambda: visible(ann, ".hours-fixed"), what="the table's zone")
        ann.driver.execute_script("document.getElementById('playing-hours').scrollIntoView()")
        shot(ann, f"new-hours-{width}.png")
        axe.check(ann, f"the create form with playing hours at {width} px")
    ann.fill({"hours_start": "0900AM", "hours_end": "0900AM"})
    ann.submit("#new-game button[type=submit]")
    error = wait_for(lambda: ann.all("#playing-hours .error"), what="the refusal")[0]
    assert "end other than its start" in error.text
    assert visible(ann, "[name=hours_end]")  # shown with its error, whatever the script says


def test_the_story_of_a_takeback(browsers: Any) -> None:
    from games.models import Game
    from games.read.selectors import Caller
    from games.services import moves, undo

    game_id, _, _ = two_people()
    asker = Game.objects.get(pk=game_id).to_act
    assert asker is not None
    think = {"type": "think", "take": "cards"}
    moves.move_submit(game_id=game_id, caller=Caller(position=asker), seq=0, action=think)
    undo.takeback_request(game_id=game_id, caller=Caller(position=asker), seq=1)
    undo.takeback_answer(game_id=game_id, caller=Caller(position=1 - asker), accept=True)
    names = ["ann", "ben"]  # the asker's decision is back: theirs to act
    readers = {"yours": names[asker], "theirs": names[1 - asker], "spectator": None}
    for name, username in readers.items():
        person: Person = browsers(width=1366)
        if username:
            log_in(person, username)
        person.open(f"/games/{game_id}/")
        story = wait_for(lambda p=person: p.all("#table .story"), what="the story")[0]
        text = story.text
        assert "take back" in text and "the table is as it was after move 0" in text
        if name == "yours":
            assert "You take back your last decisions" in text
            assert f"{names[1 - asker]} lets you take back" in text
        for width in WIDTHS:
            person.driver.set_window_size(width, 900)
            person.open(f"/games/{game_id}/")
            story = wait_for(lambda p=person: drawn(p), what="the story drawn")
            assert story.is_displayed()
            small_shot(person, "#table .story", f"story-takeback-{name}-{width}.png")
            # The story's list scrolls at 375 px: it takes the keyboard's focus (tabindex).
            found = axe.violations(person.driver)
            assert not found, (name, width, found)


def drawn(person: Person) -> Any:
    """The story, once the table is drawn (its lines laid out, not a table being swapped)."""
    found = person.all("#table .story")
    return found[0] if found and found[0].size["height"] > 100 else None


def small_shot(person: Person, css: str, name: str) -> None:
    """One part of the page (`css`), cut from a picture of the whole page, in 128 colours, as
    `shot` takes a page: an element's own screenshot can catch only the viewport's part."""
    from PIL import Image

    from .test_layout_browser import SHOTS

    path = SHOTS / name
    person.screenshot(path)
    box = person.driver.execute_script(
        "const e = document.querySelector(arguments[0]), r = e.getBoundingClientRect();"
        "const last = e.lastElementChild.getBoundingClientRect();"  # a grid may stretch e
        "return [r.left + scrollX, r.top + scrollY, r.right + scrollX,"
        " Math.min(r.bottom, last.bottom + 12) + scrollY];",
        css,
    )
    image = Image.open(path).convert("RGB")
    box[3] = min(box[3], image.height)
    image = image.crop(tuple(round(v) for v in box))
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
