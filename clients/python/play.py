"""A full game through the Python client that openapi-python-client generates from the committed
openapi.yaml (the package `gtr_client`, built by .ci/sdk, not committed). Two accounts sign up,
one creates a game, the other joins, and whoever is to act posts one of its legal actions exactly
as received until the game ends. Every model below is generated from the schema.

    python play.py BASE_URL [SEED]
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from gtr_client import AuthenticatedClient, Client
from gtr_client.api.auth import auth_signup
from gtr_client.api.lobby import games_create, games_join
from gtr_client.api.play import games_retrieve, moves_create
from gtr_client.models import (
    Error,
    GameCreateInputRequest,
    GameView,
    MoveSubmitInputRequest,
    SeatJoinInputRequest,
    SignupInputRequest,
)


def ok(result: Any, what: str) -> Any:
    if result is None or isinstance(result, Error):
        sys.exit(f"{what} failed: {result}")
    return result


def signup(base_url: str, name: str) -> AuthenticatedClient:
    body = SignupInputRequest(username=name, password="a long passphrase 7")
    token = ok(auth_signup.sync(client=Client(base_url=base_url), body=body), "sign-up").token
    return AuthenticatedClient(base_url=base_url, token=token, prefix="Token")


def main(base_url: str, seed: int) -> None:
    rnd = random.Random(seed)
    suffix = f"{time.time_ns()}"
    players = [signup(base_url, f"py-a{suffix}"), signup(base_url, f"py-b{suffix}")]
    created = ok(
        games_create.sync(client=players[0], body=GameCreateInputRequest(players=2)), "create"
    )
    view: GameView = ok(
        games_join.sync(created.id, client=players[1], body=SeatJoinInputRequest()), "join"
    )
    by_seat = {}
    for client in players:
        mine = ok(games_retrieve.sync(created.id, client=client), "view")
        by_seat[mine.my_seat] = client
    moves = 0
    while view.status == "active":
        client = by_seat[view.to_act]
        mine = view  # the mover's view after its move: still its turn, or read the other's
        if not view.your_turn:
            mine = ok(games_retrieve.sync(created.id, client=client), "view")
        assert mine.your_turn, mine
        legal = mine.legal_actions
        assert len({m.id for m in legal}) == len(legal) and all(m.label for m in legal), legal
        for card in mine.table.players[mine.my_seat].hand or []:
            assert card.kind != "order" or (card.material and card.role and card.value), card
        move = rnd.choice(legal)
        body = MoveSubmitInputRequest(seq=mine.seq, action=move.action)  # as received
        posted = ok(moves_create.sync(created.id, client=client, body=body), f"move {move.label}")
        view = posted.game  # the mover's view after the move
        moves += 1
    end = view.table.end
    scores = ", ".join(f"seat {s.seat}: {s.total}" for s in end.scores)
    print(
        f"Python client: game {created.id} {view.status} after {moves} moves "
        f"({end.reason}; {scores}; winners {', '.join(map(str, end.winners))})"
    )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
