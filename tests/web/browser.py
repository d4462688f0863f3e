"""Driving the web client in a real headless Chromium (Debian's chromium and chromium-driver,
installed by .ci/chromium): a `Person` is one browser with its own profile (its own cookies, as a
separate browser context), who signs up, creates games and plays by clicking what the page shows.
Also used by docs/screenshots to take the pictures in the README."""

from __future__ import annotations

import random
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import (
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
)


def available() -> bool:
    return shutil.which(CHROMIUM) is not None and shutil.which(CHROMEDRIVER) is not None


def wait_for(check: Callable[[], Any], timeout: float = 20, what: str = "") -> Any:
    """Poll `check` until it returns something true (ignoring a page that is being redrawn)."""
    end = time.monotonic() + timeout
    while True:
        try:
            result = check()
            if result:
                return result
        except (StaleElementReferenceException, WebDriverException):
            pass
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what or check}")
        time.sleep(0.05)


class Person:
    """One browser (its own profile and cookies) at `base` (the live server's URL)."""

    def __init__(self, base: str, *, width: int = 1280, height: int = 1000) -> None:
        self.base = base.rstrip("/")
        self.profile = tempfile.mkdtemp(prefix="gtr-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        options.add_argument(f"--window-size={width},{height}")
        # The console too: Chromium says there what a Content-Security-Policy refused.
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        self.driver.set_page_load_timeout(30)
        self.driver.set_script_timeout(25)  # AWAIT_CHANGE gives up after 20 s itself

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    # Pages ----------------------------------------------------------------------------------

    def watch_csp(self) -> None:
        """From the next page on, every page records what its Content-Security-Policy refuses
        (the `securitypolicyviolation` events), from before its own scripts run."""
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_CSP})

    def csp_violations(self) -> list[str]:
        """What the policy refused on this page (`watch_csp`), and what the console said it
        refused since the last call, on any page."""
        seen = self.driver.execute_script("return window.gtrCspViolations || null")
        assert seen is not None, "the page was loaded without watch_csp()"
        console = [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if "Content Security Policy" in entry["message"]
        ]
        return [*seen, *console]

    def open(self, path: str) -> None:
        self.driver.get(self.base + path if path.startswith("/") else path)

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def attributes(self, css: str, name: str) -> list[str]:
        """The attribute of every element matching `css`, read in one go: the table may be
        redrawn between finding its elements and reading them one by one."""
        script = (
            "return [...document.querySelectorAll(arguments[0])]"
            ".map(e => e.getAttribute(arguments[1]))"
        )
        return list(self.driver.execute_script(script, css, name))

    def fill(self, fields: dict[str, str]) -> None:
        for name, value in fields.items():
            element = self.find(f"[name={name}]")
            if element.tag_name == "select":
                Select(element).select_by_value(value)
            elif element.get_attribute("type") == "checkbox":
                if element.is_selected() != bool(value):
                    element.click()
            else:
                element.clear()
                element.send_keys(value)

    def submit(self, css: str = "main form button[type=submit]") -> None:
        self.find(css).click()

    def sign_up(self, username: str, email: str, password: str = "a long secret 1") -> None:
        self.open("/signup/")
        self.fill({"username": username, "email": email, "password": password})
        self.submit()
        wait_for(lambda: username in self.find("header.site").text, what="logged in")

    def create_game(self, fields: dict[str, str]) -> int:
        self.open("/new/")
        self.fill(fields)
        self.submit("#new-game button[type=submit]")
        wait_for(lambda: "/games/" in self.driver.current_url, what="the game page")
        return int(self.driver.current_url.rstrip("/").split("/")[-1])

    # The table ------------------------------------------------------------------------------

    def seq(self) -> int:
        # Read in one script: the table element is replaced on each move, so a found element
        # may be stale by the time its attribute is asked for.
        script = "const t = document.querySelector('#table'); return t ? t.dataset.seq : null"
        return int(self.driver.execute_script(script) or 0)

    def finished(self) -> bool:
        return bool(self.all("#table .scores"))

    def moves(self) -> list[WebElement]:
        if not self.all("#choices:not([hidden])"):
            return []
        return self.all("#actions button.move")

    def selectable(self) -> list[WebElement]:
        return self.all("#table .selectable")

    def select_a_card(self, rng: random.Random, *, keyboard: bool = False) -> str:
        """Select a card of the first decision of ours that has some; return its id.

        A decision may offer none: following a role without a card of it leaves only thinking.
        The deal is random, so such a decision is played through with a move. The table may be
        drawn again between finding a card and pressing it: then it is found again (`wait_for`).
        """
        for _ in range(10):
            wait_for(self.moves, what="a decision of ours")
            card_id = wait_for(lambda: self._select_first(keyboard), what="a card pressed")
            if card_id != "-":
                return str(card_id)
            self.play_one(rng)
        raise AssertionError("no decision with cards to select in ten")

    def _select_first(self, keyboard: bool) -> str:
        """Press the first selectable card and return its id ("-" when there is none).
        A card gone stale raises, and `wait_for` tries again."""
        cards = self.selectable()
        if not cards:
            return "-"
        card_id = cards[0].get_attribute("data-card") or ""
        if keyboard:
            cards[0].send_keys("\n")
        else:
            cards[0].click()
        return card_id

    def play_one(self, rng: random.Random) -> bool:
        """Make one decision by clicking, if it is ours: sometimes select a card first and
        choose among the moves that use it; mostly the moves that end games sooner (`choose`).
        Returns whether a move was played (not when the page was redrawn under the click)."""
        try:
            return self._play_one(rng)
        except StaleElementReferenceException:
            return False

    def _play_one(self, rng: random.Random) -> bool:
        seen = self.driver.execute_script(LOOK)
        if not seen["moves"]:
            return False
        if seen["cards"] and rng.random() < 0.3:
            self.all("#table .selectable")[rng.randrange(seen["cards"])].click()
            seen = self.driver.execute_script(LOOK)
        choice = choose(seen["moves"], rng)
        self.all("#actions button.move")[choice].click()
        try:
            changed = self.driver.execute_async_script(AWAIT_CHANGE, seen["seq"], 20000)
        except TimeoutException:  # the page reloaded under the script: the game ended
            changed = wait_for(lambda: self.finished() or self.seq() != seen["seq"], 20)
        assert changed, f"the move was not played within 20 s; the page says {self.notice()!r}"
        return True

    def notice(self) -> str:
        """The page's notice, when one shows (a refused move, a failed refresh)."""
        shown = self.all("#notice:not([hidden])")
        return shown[0].text if shown else ""

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        width = self.driver.get_window_size()["width"]
        self.driver.set_window_size(width, 500)
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(width, min(int(height) + 140, 4000))
        time.sleep(0.3)
        self.driver.save_screenshot(str(path))


# The moves a clicking person prefers, in order: laying foundations in town ends a game soonest
# (the last Site in town ends it: Black Box rulebook, "Ending the Game"), so games stay short.
PREFERRED = (r"^Lay .* in town$", r"^Lead (Craftsman|Architect)", r"^Follow ", r"^Think: draw")


def choose(labels: list[str], rng: random.Random) -> int:
    """Mostly the first preferred kind of move offered (any one of that kind), else any move."""
    if rng.random() < 0.95:
        for pattern in PREFERRED:
            fits = [i for i, label in enumerate(labels) if re.search(pattern, label)]
            if fits:
                return rng.choice(fits)
    return rng.randrange(len(labels))


# Records every refusal of the page's Content-Security-Policy (Person.watch_csp).
WATCH_CSP = """
window.gtrCspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.gtrCspViolations.push(location.pathname + ': ' + e.effectiveDirective + ' refused ' +
    (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample);
});
"""
# What the page offers now, in one round trip: the table's seq, the move buttons, the cards.
LOOK = """
const table = document.getElementById('table');
const open = document.querySelector('#choices:not([hidden])');
return {seq: table ? Number(table.dataset.seq) : 0,
        moves: open ? [...document.querySelectorAll('#actions button.move')]
                      .map(b => b.textContent) : [],
        cards: document.querySelectorAll('#table .selectable').length};
"""
# Resolves when the table shows another seq (or the final scores), or false after the timeout.
AWAIT_CHANGE = """
const [before, timeout, done] = arguments;
const start = Date.now();
(function look() {
  const table = document.getElementById('table');
  if (table && (Number(table.dataset.seq) !== before || table.querySelector('.scores'))) done(true);
  else if (Date.now() - start > timeout) done(false);
  else setTimeout(look, 20);
})();
"""


def play_to_the_end(people: list[Person], seed: int = 1, limit: float = 240) -> int:
    """Click through a whole game with every person at the table; returns the moves clicked."""
    rng = random.Random(seed)
    clicks = 0
    end = time.monotonic() + limit
    while not any(p.finished() for p in people):
        acted = False
        for person in people:
            if person.play_one(rng):
                clicks += 1
                acted = True
        if not acted:
            time.sleep(0.05)
        assert time.monotonic() < end, f"the game did not end in {limit} s ({clicks} clicks)"
    for person in people:
        wait_for(person.finished, 30, "the final scores on every page")
    return clicks
