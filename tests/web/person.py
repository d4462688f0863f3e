"""A person in a real headless Chromium who challenges a bot account from the lobby and plays
the game against it to its end by clicking, as the browser tests play (browser.Person). The
bots' games in CI run it (clients/python/bots_ci.py, through .ci/sdk):

    python -m tests.web.person BASE_URL USERNAME BOT

It signs USERNAME up, sends the challenge (Republic, two players) from the lobby's form, waits
for the bot to accept, opens the game and plays it; it prints `game N` once the game exists, and
`finished` at the end. It exits non-zero when anything fails.
"""

from __future__ import annotations

import random
import re
import sys
import time

from .browser import Person, wait_for

PLAY_SECONDS = 300  # a two-player game against a bot, clicked through


def challenge_from_the_lobby(person: Person, bot: str) -> int:
    person.open("/")
    person.find("#challenge-h").click()  # the form folds under its summary
    person.fill({"to": bot, "version": "republic", "players": "2"})
    person.submit("main form[action$='/challenges/'] button[type=submit]")

    def game_link() -> int | None:
        person.open("/")
        for href in person.attributes("main a[href^='/games/']", "href"):
            found = re.search(r"/games/(\d+)/$", href or "")
            if found:
                return int(found.group(1))
        return None

    game = wait_for(game_link, 60, f"{bot} to accept the challenge")
    return int(game)


def play_to_the_end(person: Person, game_id: int) -> int:
    person.open(f"/games/{game_id}/")
    rng, clicks = random.Random(game_id), 0
    end = time.monotonic() + PLAY_SECONDS
    while not person.finished():
        if person.play_one(rng):
            clicks += 1
        else:
            time.sleep(0.1)  # the bot's turn: the page hears its move on the game's stream
        if time.monotonic() > end:
            raise AssertionError(f"the game did not end in {PLAY_SECONDS} s ({clicks} clicks)")
    return clicks


def main(base: str, username: str, bot: str) -> None:
    person = Person(base, width=1366, height=900)
    try:
        person.sign_up(username, f"{username}@example.org")
        game_id = challenge_from_the_lobby(person, bot)
        print(f"game {game_id}", flush=True)
        clicks = play_to_the_end(person, game_id)
        scores = person.find("#table .scores").text.replace("\n", " ")
        print(f"finished: {clicks} clicks; {scores}", flush=True)
    finally:
        person.close()


if __name__ == "__main__":
    main(*sys.argv[1:4])
