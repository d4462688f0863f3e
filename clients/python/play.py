"""A full game through the Python client that openapi-python-client generates from the committed
openapi.yaml (the package `gtr_client`, built by .ci/sdk, not committed). Two accounts sign up,
one creates a game, the other joins, and whoever is to act posts one of its legal actions exactly
as received until the game ends. Every model below is generated from the schema, and nothing is
written around it: sign-up takes a plain `Client` (it is public), the token goes into an
`AuthenticatedClient` as it is (a bearer token: no prefix to set), and .ci/sdk checks this file
with `mypy --strict` (no cast, no `type: ignore`).

    python play.py BASE_URL [SEED]
"""

from __future__ import annotations

import random
import sys
import time
from typing import NoReturn, TypeVar

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
    TableView,
)

T = TypeVar("T")


def fail(what: str, detail: object) -> NoReturn:
    sys.exit(f"{what} failed: {detail}")


def ok(result: T | Error | None, what: str) -> T:
    """The answer, or the end of the script with the error the server sent."""
    if result is None or isinstance(result, Error):
        fail(what, result)
    return result


def signup(base_url: str, name: str) -> AuthenticatedClient:
    body = SignupInputRequest(username=name, password="a long passphrase 7")
    token = ok(auth_signup.sync(client=Client(base_url=base_url), body=body), "sign-up").token
    return AuthenticatedClient(base_url=base_url, token=token)


def table_of(view: GameView) -> TableView:
    return view.table if view.table is not None else fail("the table", view)


def main(base_url: str, seed: int) -> None:
    rnd = random.Random(seed)
    suffix = f"{time.time_ns()}"
    players = [signup(base_url, f"py-a{suffix}"), signup(base_url, f"py-b{suffix}")]
    created = ok(
        games_create.sync(client=players[0], body=GameCreateInputRequest(players=2)), "create"
    )
    view = ok(games_join.sync(created.id, client=players[1], body=SeatJoinInputRequest()), "join")
    by_seat: dict[int, AuthenticatedClient] = {}
    for client in players:
        mine = ok(games_retrieve.sync(created.id, client=client), "view")
        if mine.my_seat is None:
            fail("my seat", mine)
        by_seat[mine.my_seat] = client
    moves = 0
    while view.status == "active":
        if view.to_act is None:
            fail("nobody to act", view)
        client = by_seat[view.to_act]
        mine = view  # the mover's view after its move: still its turn, or read the other's
        if not view.your_turn:
            mine = ok(games_retrieve.sync(created.id, client=client), "view")
        assert mine.your_turn and mine.my_seat is not None, mine
        legal = mine.legal_actions
        assert len({m.id for m in legal}) == len(legal) and all(m.label for m in legal), legal
        for card in table_of(mine).players[mine.my_seat].hand or []:
            assert card.kind != "order" or (card.material and card.role and card.value), card
        move = rnd.choice(legal)
        body = MoveSubmitInputRequest(seq=mine.seq, action=move.action)  # as received
        posted = ok(moves_create.sync(created.id, client=client, body=body), f"move {move.label}")
        view = posted.game  # the mover's view after the move
        moves += 1
    end = table_of(view).end
    if end is None:
        fail("the end", view)
    scores = ", ".join(f"seat {s.seat}: {s.total}" for s in end.scores)
    print(
        f"Python client: game {created.id} {view.status} after {moves} moves "
        f"({end.reason}; {scores}; winners {', '.join(map(str, end.winners))})"
    )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
