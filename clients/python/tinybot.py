"""A bot in 30 lines: accepts every challenge, plays the first legal action. GTR_TOKEN."""

import json
import os
import sys

from gtr_client import AuthenticatedClient
from gtr_client.api.challenges import challenges_accept
from gtr_client.api.play import moves_create
from gtr_client.models import GameView, MoveSubmitInputRequest, MoveSubmitResult, YourTurnEvent

client = AuthenticatedClient(base_url=sys.argv[1], token=os.environ["GTR_TOKEN"])
played: dict[int, int] = {}  # game -> the last seq it moved at
stream = client.get_httpx_client().stream(
    "GET", "/api/stream/?view=true", headers={"Accept": "application/x-ndjson"}, timeout=None
)
with stream as lines:
    for line in lines.iter_lines():
        event = json.loads(line) if line else {}
        if event.get("type") == "challenged":
            challenges_accept.sync(event["challenge"], client=client)
        if event.get("type") != "your_turn":
            continue
        game, view = event["game"], YourTurnEvent.from_dict(event).view
        while isinstance(view, GameView) and view.your_turn and view.seq > played.get(game, -1):
            played[game] = view.seq
            body = MoveSubmitInputRequest(seq=view.seq, action=view.legal_actions[0].action)
            answer = moves_create.sync(game, client=client, body=body)
            view = answer.game if isinstance(answer, MoveSubmitResult) else None
