"""The games app's models, one module for each part (each module says what it holds).

Every model is importable from here, as `from games.models import Game`.
"""

from .chat import ChatMessage, ChatReader, SeatNote
from .events import AccountEvent, AccountFeed, GameEvent, Heartbeat, Webhook, WebhookDelivery
from .matching import Challenge, Rematch, Seek
from .people import Block, Report, Suspension
from .ratings import FAMILY_OF, Family, RatedGame, Rating, RatingChange
from .tables import (
    AppendOnlyError,
    Game,
    IdempotentResponse,
    Move,
    MoveQuerySet,
    Seat,
    TakebackRequest,
)
from .time_off import Availability, PauseProposal, Vacation

__all__ = [
    "FAMILY_OF",
    "AccountEvent",
    "AccountFeed",
    "AppendOnlyError",
    "Availability",
    "Block",
    "Challenge",
    "ChatMessage",
    "ChatReader",
    "Family",
    "Game",
    "GameEvent",
    "Heartbeat",
    "IdempotentResponse",
    "Move",
    "MoveQuerySet",
    "PauseProposal",
    "RatedGame",
    "Rating",
    "RatingChange",
    "Rematch",
    "Report",
    "Seat",
    "SeatNote",
    "Seek",
    "Suspension",
    "TakebackRequest",
    "Vacation",
    "Webhook",
    "WebhookDelivery",
]
