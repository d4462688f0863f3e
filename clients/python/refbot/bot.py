"""The bot: one stream, its events handled in order, the last one's number kept on disk."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from gtr_client import AuthenticatedClient
from gtr_client.api.challenges import challenges_accept, challenges_decline
from gtr_client.api.lobby import games_list
from gtr_client.api.play import games_retrieve, moves_create
from gtr_client.models import (
    ChallengeDeclineInputRequest,
    ChallengedEvent,
    DeclineReasonEnum,
    Error,
    GameView,
    MoveSubmitInputRequest,
    MoveSubmitResult,
    YourTurnEvent,
)

from .policy import Policy, greedy_like

NDJSON = {"Accept": "application/x-ndjson"}


class Refused(Exception):
    """The server refused the stream itself (a bad token): reconnecting would not help."""


class RefBot:
    def __init__(
        self,
        client: AuthenticatedClient,
        rulesets: set[str],
        policy: Policy = greedy_like,
        state: Path | None = None,
        log: Callable[[str], None] = print,
    ) -> None:
        self.client, self.rulesets, self.policy = client, rulesets, policy
        self.state, self.log = state, log
        self.last_id: int | None = None
        if state is not None and state.exists():
            self.last_id = int(state.read_text())
        self.acted: dict[int, int] = {}  # game -> the last seq it moved at

    def run(self) -> None:
        """Follows the stream for ever; after a dropped connection (the server restarted), it
        reconnects with the last event it handled, waiting longer each time up to 10 s."""
        if self.last_id is None:
            self.catch_up()  # a new bot: the games waiting for it already
        wait = 0.5
        while True:
            try:
                self.listen()
                wait = 0.5
            except (httpx.TransportError, httpx.RemoteProtocolError) as exc:
                self.log(f"stream lost ({exc.__class__.__name__}); again in {wait:.1f} s")
                time.sleep(wait)
                wait = min(wait * 2, 10.0)

    def listen(self) -> None:
        headers = dict(NDJSON)
        if self.last_id is not None:
            headers["Last-Event-ID"] = str(self.last_id)
        http = self.client.get_httpx_client()
        timeout = httpx.Timeout(60, connect=10)  # keep-alive lines come every 15 s
        params = {"view": "true"}
        with http.stream(
            "GET", "/api/stream/", params=params, headers=headers, timeout=timeout
        ) as r:
            if r.status_code != 200:
                raise Refused(f"{r.status_code}: {r.read().decode()}")
            for line in r.iter_lines():
                if line:
                    self.handle(json.loads(line))

    def handle(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "challenged":
            self.answer(ChallengedEvent.from_dict(event))
        elif kind == "your_turn":
            turn = YourTurnEvent.from_dict(event)
            if isinstance(turn.view, GameView):  # null: that decision is over
                self.play(turn.game, turn.view)
        elif kind == "game_finished":
            self.log(f"game {event['game']} finished: winners {event.get('winners')}")
        self.remember(int(event["id"]))

    def remember(self, number: int) -> None:
        self.last_id = number
        if self.state is not None:
            # A kill between truncating and writing would leave an empty file: write a
            # neighbour and rename it over the old one, which is atomic.
            fresh = self.state.with_name(self.state.name + ".new")
            fresh.write_text(str(number))
            os.replace(fresh, self.state)

    def answer(self, challenge: ChallengedEvent) -> None:
        if challenge.version in self.rulesets:
            challenges_accept.sync(challenge.challenge, client=self.client)
            self.log(f"accepted challenge {challenge.challenge} from {challenge.by}")
        else:
            body = ChallengeDeclineInputRequest(reason=DeclineReasonEnum.RULESET)
            challenges_decline.sync(challenge.challenge, client=self.client, body=body)

    def play(self, game_id: int, view: GameView) -> None:
        """Moves while the decision is its own, from the move's answer (no wait for the next
        event); an event about a decision already played is skipped by its `seq`."""
        while view.your_turn and view.seq > self.acted.get(game_id, -1):
            choice = self.policy(view)
            body = MoveSubmitInputRequest(seq=view.seq, action=choice.action)
            answer = moves_create.sync(game_id, client=self.client, body=body)
            self.acted[game_id] = view.seq
            if isinstance(answer, MoveSubmitResult):
                view = answer.game
                continue
            self.log(f"game {game_id}: {choice.label} refused: {answer}")
            current = games_retrieve.sync(game_id, client=self.client)  # stale: read it again
            if not isinstance(current, GameView):
                return
            view = current

    def catch_up(self) -> None:
        page = games_list.sync(client=self.client, your_turn=True, page_size=100)
        for game in [] if page is None or isinstance(page, Error) else page.results:
            view = games_retrieve.sync(game.id, client=self.client)
            if isinstance(view, GameView):
                self.play(game.id, view)
