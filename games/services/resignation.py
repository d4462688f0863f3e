"""Resigning and surrendering: a player leaves a game in play, or concedes it to another."""

from __future__ import annotations

from django.db import transaction

import engine
from games import codes
from games.errors import Conflict, Refused
from games.events import commit, story
from games.models import Game, Move, Seat

from .locking import game_in_play
from .moves import SURRENDER, move_append
from .turns import turn_next


def game_resign(*, game_id: int, position: int) -> Game:
    """Leave a game in play.

    With one player left standing, that player wins by surrender.
    Otherwise the server plays the resigned seat's decisions from now on.
    """
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        seat = seats[position]
        if seat.resigned:
            raise Conflict("You have already resigned.", codes.ALREADY_RESIGNED)
        seat.resigned = True
        seat.save(update_fields=["resigned"])
        story.record(game, "resigned", seat=position)
        standing = [s.position for s in seats if not s.resigned]
        state = engine.from_json(game.state)
        if len(standing) == 1:
            commit.publish_on_commit(game, commit.RESIGNED, seat=position)
            _won_by_surrender(game, state, standing[0], seats)
        else:
            game.revision += 1
            began = turn_next(game, state, seats, moved=False, changed=("revision",))
            commit.publish_on_commit(game, commit.RESIGNED, seat=position, turn_began=began)
    return game


def game_surrender(*, game_id: int, position: int, to: int | None) -> Game:
    """Surrender to seat `to`, or withdraw with None.

    When every other player has surrendered to the same seat, that seat wins.
    Resigned players count as agreeing.
    Black Box rulebook, Ending the Game: "All other players agree to 'surrender' to a player".
    """
    with transaction.atomic():
        game, seats = game_in_play(game_id)
        if to is not None and not 0 <= to < game.players:
            raise Refused(f"There is no seat {to}.", codes.NO_SUCH_SEAT)
        if to == position:
            raise Refused("Surrender to another player.", codes.SURRENDER_TO_SELF)
        seats[position].surrender_to = to
        seats[position].save(update_fields=["surrender_to"])
        story.record(game, "surrender", seat=position, to=to)
        others = [s for s in seats if s.position != to]
        if to is not None and all(s.resigned or s.surrender_to == to for s in others):
            commit.publish_on_commit(game, commit.SURRENDERED, seat=position)
            _won_by_surrender(game, engine.from_json(game.state), to, seats)
        else:
            game.revision += 1
            game.save(update_fields=["revision", "updated"])
            commit.publish_on_commit(game, commit.SURRENDERED, seat=position)
    return game


def _won_by_surrender(game: Game, state: engine.State, winner: int, seats: list[Seat]) -> None:
    new = engine.surrender(state, winner)
    move_append(game, new, None, {"type": SURRENDER, "winner": winner}, Move.Actor.HUMAN, seats)
