"""The fault run's clients: people playing seats over HTTP through either web process, retrying
as a client should, and the record of every answer they saw (bench/faults.py)."""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

SEARCH_BOT = "ismcts-3"  # 2.5 s a move by time (fault_layout.TIMING): a worker dies in one
WAIT = 10  # seconds a long poll waits
GIVE_UP = 120.0  # seconds a client retries one request before it calls the server stuck

# The clients --------------------------------------------------------------------------------------


@dataclass
class Answer:
    sent: float
    answered: float
    status: int | str  # an HTTP status, or "connection" for a request that got no answer
    method: str
    path: str
    web: int


class Record:
    """What every client saw, for the figures and the checks."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers: list[Answer] = []
        self.accepted: list[tuple[int, int, Any]] = []  # (game, seq of the move, action)
        self.server_errors: list[str] = []  # 5xx but 503 with Retry-After: broken promises

    def answer(self, answer: Answer, response: httpx.Response | None) -> None:
        with self.lock:
            self.answers.append(answer)
            if response is None or (answer.status == 503 and "Retry-After" in response.headers):
                return
            if response.status_code >= 500:
                self.server_errors.append(
                    f"{answer.method} {answer.path} on web{answer.web + 1}: "
                    f"{response.status_code} {response.text[:300]}"
                )

    def by_status(self) -> Counter[str]:
        with self.lock:
            return Counter(str(a.status) for a in self.answers)

    def first_success_after(self, moment: float) -> float | None:
        with self.lock:
            done = [
                a.answered
                for a in self.answers
                if a.sent >= moment and isinstance(a.status, int) and a.status < 300
            ]
        return min(done) - moment if done else None


class Stuck(Exception):
    pass


class Person(threading.Thread):
    """One person with an account, playing one seat of one game over HTTP, through either web
    process."""

    def __init__(self, name: str, urls: list[str], record: Record, rnd: random.Random) -> None:
        super().__init__(name=name, daemon=True)
        self.urls, self.record, self.rnd = urls, record, rnd
        self.http = httpx.Client(timeout=httpx.Timeout(WAIT + 20, connect=3))
        self.token = self.username = ""
        self.game = 0
        self.think = (0.1, 0.6)  # seconds before each move
        self.away: tuple[float, float] | None = None  # (from, to) in monotonic time: absent
        self.stop_at = 0.0
        self.moves = 0
        self.failure = ""

    def call(
        self, method: str, path: str, body: Any = None, key: str | None = None
    ) -> tuple[int, Any]:
        """The answer to a request, retried as a client should until it is not a 503, a dropped
        connection or a request with the same key still running; any other 5xx is recorded
        (a broken promise) and retried too."""
        headers = {"Authorization": f"Token {self.token}"} if self.token else {}
        if key:
            headers["Idempotency-Key"] = key
        give_up = time.monotonic() + GIVE_UP
        web = self.rnd.randrange(len(self.urls))  # either; each retry on the other one
        while True:
            sent = time.monotonic()
            try:
                response = self.http.request(
                    method, self.urls[web] + path, json=body, headers=headers
                )
            except httpx.TransportError:
                self.record.answer(
                    Answer(sent, time.monotonic(), "connection", method, path, web), None
                )
                pause = 0.2
            else:
                self.record.answer(
                    Answer(sent, time.monotonic(), response.status_code, method, path, web),
                    response,
                )
                code = (
                    response.json().get("code")
                    if response.status_code >= 400 and response.content
                    else None
                )
                if response.status_code == 503:
                    pause = float(response.headers.get("Retry-After", 1))
                elif code == "idempotency_in_progress" or response.status_code >= 500:
                    pause = 1.0
                else:
                    return response.status_code, response.json() if response.content else None
            if time.monotonic() + pause > give_up:
                raise Stuck(f"{method} {path}: no answer but failures for {GIVE_UP:.0f} s")
            time.sleep(pause)
            web = (web + 1) % len(self.urls)

    def signup(self) -> None:
        name = f"{self.name}-{uuid.uuid4().hex[:6]}"
        status, body = self.call(
            "POST", "/api/auth/signup/", {"username": name, "password": f"pw-{name}-{name}"}
        )
        assert status == 201, body
        self.token = body["token"]
        self.username = name

    def view(self) -> dict[str, Any]:
        status, view = self.call("GET", f"/api/games/{self.game}/")
        assert status == 200, (status, view)
        return dict(view)

    def move(self, view: dict[str, Any]) -> int:
        """Post one of the legal moves of `view`; the status."""
        action = self.rnd.choice(view["legal_actions"])["action"]
        key = uuid.uuid4().hex
        status, body = self.call(
            "POST", f"/api/games/{self.game}/moves/", {"seq": view["seq"], "action": action}, key
        )
        if status == 201:
            with self.record.lock:
                self.record.accepted.append((self.game, body["move"]["seq"], action))
            self.moves += 1
        return status

    def wait(self, seq: int) -> None:
        self.call("GET", f"/api/games/{self.game}/wait/?seq={seq}&timeout={WAIT}")

    def run(self) -> None:
        try:
            while time.monotonic() < self.stop_at:
                if self.away and self.away[0] <= time.monotonic() < self.away[1]:
                    time.sleep(0.5)
                    continue
                view = self.view()
                if view["status"] != "active":
                    return
                if not view["your_turn"]:
                    self.wait(view["seq"])
                    continue
                time.sleep(self.rnd.uniform(*self.think))
                self.move(view)
        except Exception as exc:  # a client that fails is a finding, not a crash
            self.failure = f"{self.name} (game {self.game}): {exc!r}"


@dataclass
class Table:
    """A game of the run: its people (seat order) and how it was made."""

    what: str
    body: dict[str, Any]
    people: list[Person] = field(default_factory=list)
    game: int = 0


def tables(clock_bank: dict[str, Any]) -> list[tuple[str, dict[str, Any], int]]:
    """(description, the POST /api/games/ body, people at it) for each game of the run."""
    bot = {"kind": "bot"}
    return [
        ("two people", {"players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}, 2),
        (
            "two people on a bank clock, one away for a while",
            {"players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], "clock": clock_bank},
            2,
        ),
        (
            "two people and a greedy bot, 60 s a move",
            {
                "players": 3,
                "seats": [{"kind": "me"}, {"kind": "open"}, bot],
                "clock": {"kind": "fixed", "seconds": 60},
            },
            2,
        ),
        (
            "two people, Imperium",
            {"version": "imperium", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]},
            2,
        ),
        (
            f"one person and {SEARCH_BOT}",
            {"players": 2, "seats": [{"kind": "me"}, {**bot, "bot": SEARCH_BOT}]},
            1,
        ),
        (
            "one person and three bots, bank clock",
            {
                "players": 4,
                "seats": [{"kind": "me"}, bot, {**bot, "bot": "random"}, bot],
                "clock": clock_bank,
            },
            1,
        ),
        (
            "one person and a random bot",
            {"players": 2, "seats": [{"kind": "me"}, {**bot, "bot": "random"}]},
            1,
        ),
        (
            "one slow person and a greedy bot, a 60 s bank: timeouts",
            {
                "players": 2,
                "seats": [{"kind": "me"}, bot],
                "clock": {"kind": "bank", "seconds": 60, "increment": 0},
            },
            1,
        ),
    ]
