"""The endpoints of taking moves back (docs/api.md, Taking moves back).

Undo your own last decisions, or ask the others for a takeback and answer theirs. Each answers
with the game as your seat sees it; the view says what may be taken back (`undo`, `takeback`)."""

from __future__ import annotations

from collections.abc import Callable

from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.read import selectors
from games.services import undo

from .base import body, caller, game_response, write
from .inputs import UndoInput
from .outputs import GameView


def _answer(game_id: int, request: Request, code: int = status.HTTP_200_OK) -> Response:
    game = selectors.game_get(game_id)
    return game_response(game, selectors.seat_required(game, caller(request)), code)


def _back(request: Request, game_id: int, service: Callable[..., object]) -> Response:
    """An undo or a takeback request: the body is the same, and so is the answer."""
    data = body(UndoInput, request)
    service(game_id=game_id, caller=caller(request), seq=data["seq"], to=data.get("to"))
    return _answer(game_id, request, status.HTTP_201_CREATED)


class UndoView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

    @write(
        "games_undo",
        "Take back your own last decisions",
        tag="play",
        description="Restores the table after move `to` (default: the view's `undo.to`, "
        "before your last decision). Only your own decisions that showed you nothing new, "
        "while the decision is still yours: otherwise 409 `undo_not_allowed` with a `reason` "
        "(`revealed`, `decision_passed`: ask for a takeback; `other_acted`, `nothing_to_undo`). "
        "The move log keeps it as an undo entry.",
        request=UndoInput,
        answer=(201, GameView),
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        return _back(request, game_id, undo.undo_submit)


class TakebackView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

    @write(
        "games_takeback",
        "Ask the other players to let you take back decisions",
        tag="play",
        description="For what `undo` may not take back alone (the view's `takeback`): "
        "decisions that showed you something, or your last one once the decision passed to the "
        "next player, who has not decided yet. Bots answer at once (yes when your decisions "
        "showed you nothing); when every other player accepts, the undo is made. Any move ends "
        "the request; it expires after `GTR_TAKEBACK_SECONDS`.",
        request=UndoInput,
        answer=(201, GameView),
        more_errors=(422,),
    )
    def post(self, request: Request, game_id: int) -> Response:
        return _back(request, game_id, undo.takeback_request)


class TakebackAcceptView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

    @write(
        "games_takeback_accept",
        "Accept the takeback request waiting for your answer",
        tag="play",
        description="409 `no_takeback` when none waits for you.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        undo.takeback_answer(game_id=game_id, caller=caller(request), accept=True)
        return _answer(game_id, request)


class TakebackDeclineView(APIView):
    seat_tokens = True  # A seat token acts here, in its game (games.api.auth).
    throttle_scope = "move"  # games.api.throttles

    @write(
        "games_takeback_decline",
        "Decline the takeback request waiting for your answer",
        tag="play",
        description="409 `no_takeback` when none waits for you.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        undo.takeback_answer(game_id=game_id, caller=caller(request), accept=False)
        return _answer(game_id, request)
