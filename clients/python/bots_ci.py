"""The bots' games in CI (.ci/sdk): the reference bot (refbot/) and the 30-line bot
(tinybot.py), each in a process of its own, against a live server, with the generated SDK.

1. A person in a real headless Chromium (tests/web/person.py, the command in GTR_WEB_PERSON)
   challenges the reference bot's account from the lobby and plays a whole 2-player game against
   it by clicking on the table. Mid-game the bot's process is killed and started again: it
   resumes from its stream with the last event it handled (its state file).
2. The reference bot challenges the server's `greedy` and plays that game to its end; mid-game
   the server restarts (GTR_RESTART_SERVER, a command .ci/sdk gives), and the bot reconnects
   with the last event it handled.
3. The 30-line bot challenges `greedy` and plays that game to its end.

    python bots_ci.py BASE_URL        (PYTHONPATH: the generated package)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, TypeVar

import httpx
from gtr_client import AuthenticatedClient, Client
from gtr_client.api.auth import auth_signup
from gtr_client.api.bots import bot_account_create, bots_list
from gtr_client.api.challenges import challenges_create, challenges_retrieve
from gtr_client.api.play import games_retrieve, games_wait
from gtr_client.models import (
    BotAccountInputRequest,
    ChallengeInputRequest,
    ChallengeView,
    Error,
    GameView,
    SignupInputRequest,
    VersionEnum,
)

HERE = Path(__file__).resolve().parent
T = TypeVar("T")


def fail(what: str, detail: object) -> NoReturn:
    sys.exit(f"bots: {what} failed: {detail}")


def ok(result: T | Error | None, what: str) -> T:
    if result is None or isinstance(result, Error):
        fail(what, result)
    return result


def signup(base_url: str, name: str) -> AuthenticatedClient:
    body = SignupInputRequest(username=name, password="a long passphrase 7")
    token = ok(auth_signup.sync(client=Client(base_url=base_url), body=body), "sign-up").token
    return AuthenticatedClient(base_url=base_url, token=token)


def make_bot(base_url: str, name: str, owner: str) -> AuthenticatedClient:
    bot = signup(base_url, name)
    body = BotAccountInputRequest(owner=owner, rulesets=[VersionEnum.REPUBLIC])
    ok(bot_account_create.sync(client=bot, body=body), "bot account")
    return bot


def start(command: list[str], bot: AuthenticatedClient) -> subprocess.Popen[bytes]:
    env = {**os.environ, "GTR_TOKEN": bot.token}
    return subprocess.Popen([sys.executable, *command], cwd=HERE, env=env)


def online(base_url: str, name: str) -> bool:
    page = ok(bots_list.sync(client=Client(base_url=base_url), page_size=100), "bot list")
    return any(b.name == name and b.online for b in page.results)


def until(condition: Callable[[], bool], what: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            fail(what, "timed out")
        time.sleep(0.1)


def challenge(by: AuthenticatedClient, to: str) -> int:
    """Challenges `to` (republic, 2 players); returns the game once it is accepted."""
    body = ChallengeInputRequest(to=to)
    sent = ok(challenges_create.sync(client=by, body=body), f"challenge {to}")
    game: list[int] = []

    def accepted() -> bool:
        now = ok(challenges_retrieve.sync(sent.id, client=by), "challenge")
        if isinstance(now, ChallengeView) and isinstance(now.game, int):
            game.append(now.game)
        return bool(game)

    until(accepted, f"{to} accepting")
    return game[0]


def view_of(client: AuthenticatedClient, game_id: int) -> GameView:
    view = games_retrieve.sync(game_id, client=client)
    return view if isinstance(view, GameView) else fail("the view", view)


def watch(
    client: AuthenticatedClient, game_id: int, restart: str = "", seconds: float = 180
) -> GameView:
    """Waits (long polls) until the game is over; returns the last view. With `restart`, runs
    that command once the game is a few moves in, and waits for the server to answer again."""
    end = time.monotonic() + seconds
    view = view_of(client, game_id)
    while view.status == "active" and time.monotonic() < end:
        if restart and view.seq >= 6:
            subprocess.run(restart, shell=True, check=True)
            restart = ""
            print(f"bots: the server restarted at seq {view.seq}")
        try:
            waited = games_wait.sync(game_id, client=client, seq=view.seq, timeout=20)
        except httpx.TransportError:  # the server is restarting
            time.sleep(0.2)
            continue
        view = waited if isinstance(waited, GameView) else view
    return view


def person_against_refbot(base_url: str, suffix: str, state: Path) -> None:
    """A person in Chromium (tests/web/person.py, GTR_WEB_PERSON) challenges the reference bot
    from the lobby and plays by clicking; the bot is killed and started again mid-game."""
    signup(base_url, f"ci-owner{suffix}")  # the person who answers for the bots
    bot = make_bot(base_url, f"ci-refbot{suffix}", f"ci-owner{suffix}")
    command = ["-m", "refbot", base_url, "--state", str(state), "--rulesets", "republic"]
    process = start(command, bot)
    until(lambda: online(base_url, f"ci-refbot{suffix}"), "the bot online")
    person = subprocess.Popen(
        [
            *os.environ["GTR_WEB_PERSON"].split(),
            base_url,
            f"ci-person{suffix}",
            f"ci-refbot{suffix}",
        ],
        cwd=HERE.parents[1],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert person.stdout is not None
    said = person.stdout.readline().split()  # "game N" once the bot accepted
    if said[:1] != ["game"]:
        person.wait()
        fail("the person's challenge", said)
    game_id = int(said[1])
    until(lambda: view_of(bot, game_id).seq >= 8, "the game's first moves", 120)
    process.kill()  # mid-game: the bot dies, and comes back
    process.wait()
    process = start(command, bot)
    print(
        f"bots: the reference bot was killed and started again at seq {view_of(bot, game_id).seq}"
    )
    out, _ = person.communicate(timeout=400)
    process.kill()
    if person.returncode != 0:
        fail("the person's game in Chromium", out)
    print(f"bots: the person: {out.strip()}")
    finished(view_of(bot, game_id), "person in the web client vs reference bot (bot restarted)")


def bot_against_greedy(
    base_url: str, command: list[str], name: str, owner: str, restart: str = ""
) -> None:
    bot = make_bot(base_url, name, owner)
    process = start(command, bot)
    until(lambda: online(base_url, name), f"{name} online")
    game_id = challenge(bot, "greedy")
    view = watch(bot, game_id, restart)
    process.kill()
    finished(view, f"{name} vs greedy" + (" (the server restarted mid-game)" if restart else ""))


def finished(view: GameView, what: str) -> None:
    if view.status != "finished" or view.table is None or view.table.end is None:
        fail(what, f"the game is {view.status}")
    scores = ", ".join(f"seat {s.seat}: {s.total}" for s in view.table.end.scores)
    print(f"bots: {what}: game {view.id} finished ({view.table.end.reason}; {scores})")


def main(base_url: str) -> None:
    suffix = f"{time.time_ns()}"
    with tempfile.TemporaryDirectory() as folder:
        person_against_refbot(base_url, suffix, Path(folder) / "refbot.state")
    refbot = ["-m", "refbot", base_url, "--rulesets", "republic"]
    restart = os.environ.get("GTR_RESTART_SERVER", "")
    bot_against_greedy(base_url, refbot, f"ci-refbot2{suffix}", f"ci-owner{suffix}", restart)
    bot_against_greedy(base_url, ["tinybot.py", base_url], f"ci-tiny{suffix}", f"ci-owner{suffix}")


if __name__ == "__main__":
    main(sys.argv[1])
